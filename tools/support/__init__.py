"""Support for the tests, the benchmarks and the tools: fakes of the engine, the sounds and the events
(:mod:`tools.support.fakes`), the fuzzers' checks of the play screen (:mod:`tools.support.fuzz_checks`),
waiting on a condition (:mod:`tools.support.waiting`) and what a parallel test run makes once
(:mod:`tools.support.run_once`). Never imported by the game itself.
"""
