"""Support for the tests, the benchmarks and the tools: fakes of the engine, the sounds and the events
(:mod:`tools.support.fakes`), and the fuzzers' checks of the play screen (:mod:`tools.support.fuzz_checks`).
Never imported by the game itself.
"""
