"""What the window knows and decides, without pygame: the session at the board and its conversation with the
engine, the options and settings, the user's files (the settings, the tally, the saved game, the game in
progress, the player's rating and puzzle record), the match at the board, the hint, the coach, the review and
"show me", the start screen's choices, the statistics screen's figures, the animations' timing, and every
text shown (values in words, the play screen's lines).

Nothing here imports pygame (``tests/test_layers.py`` checks it), so each is tested and used without a
display; the modules of :mod:`ui` beside this package draw and listen.
"""
