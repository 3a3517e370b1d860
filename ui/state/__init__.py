"""What the window knows and decides, without pygame: the session at the board, the options and settings, the
saved game, the score tally, the user's files, the hint, the animations' timing and every text shown.

Nothing here imports pygame (``tests/test_layers.py`` checks it), so each is tested and used without a
display; the modules of :mod:`ui` beside this package draw and listen.
"""
