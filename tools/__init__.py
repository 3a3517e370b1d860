"""Project tools run by hand: the generators of the assets (icon and sounds), the screenshots, the opening
book, the levels' ladder, the puzzles and the tests' copy of the benchmark positions, and the sanitizer run of
the compiled core (``sanitize.sh``). :mod:`tools.support` holds what the tests, benchmarks and tools share.
Never imported by the game."""
