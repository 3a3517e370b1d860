"""Support for the tests, the benchmarks and the tools: fakes of the engine, the sounds and the events
(:mod:`tools.support.fakes`), the fuzzers' checks of the play screen (:mod:`tools.support.fuzz_checks`), a
real X11 desktop to drive the installed window (:mod:`tools.support.desktop`, with :mod:`tools.support.x11`
for a window manager's close request), the crash-consistency test's writer
(:mod:`tools.support.crash_writer`), waiting on a condition (:mod:`tools.support.waiting`), what a
parallel test run makes once (:mod:`tools.support.run_once`) and the line naming the machine under every
measured table (:mod:`tools.support.machine`). Never imported by the game itself; it imports nothing of
``bench`` (the benchmarks sit above the tools' support, and the tools do not import the benchmarks).
"""
