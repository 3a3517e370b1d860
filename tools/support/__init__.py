"""Support for the tests, the benchmarks and the tools: fakes of the engine, the sounds and the events
(:mod:`tools.support.fakes`), the fuzzers' checks of the play screen (:mod:`tools.support.fuzz_checks`), and
waiting on a condition (:mod:`tools.support.waiting`). Never imported by the game itself.
"""
