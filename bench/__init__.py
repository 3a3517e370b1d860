"""Benchmarks, run by hand (``.venv/bin/python bench/<name>.py``): the exact solver against the C++ reference
and Steininger's c4, a whole process's start-up, analysis speed, how far into a game every move is proven on
each board size, perfect play, the max level, the levels' tournament and the search against easyAI, the
per-game strength estimate, pondering, frame times, the engine thread's limits, quitting, the rules, and the
window under fuzzing and soak. Each prints its table with the date and the machine (:mod:`.machine`); the
results are in docs/benchmarks.md. Never imported by the game."""
