"""Support for the tests, the benchmarks and the tools: fakes of the engine, the sounds and the events
(:mod:`tools.support.fakes`), the fuzzers' checks of the play screen (:mod:`tools.support.fuzz_checks`), a
real X11 desktop to drive the installed window (:mod:`tools.support.desktop`, with :mod:`tools.support.x11`
for a window manager's close request), and the crash-consistency test's writer
(:mod:`tools.support.crash_writer`).
Never imported by the game itself.
"""
