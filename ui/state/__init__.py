"""What the window knows and decides, without pygame, by concept: the game at the board and its engine link
(:mod:`.board`), the play screen's model (:mod:`.play`), the review (:mod:`.review`), the user's files
(:mod:`.files`) and every text made from the state (:mod:`.words`). Beside them: the play options
(:mod:`.options`, :mod:`.option_changes`), notices and animation timing, the start screen's choices and the
statistics screen's figures.

Nothing here imports pygame or a screen (``tests/test_layers.py`` checks it), so each is tested and used
without a display; the packages of :mod:`ui` beside this one draw and listen.
"""
