"""What the window knows and decides, without pygame, by concept: the game at the board and its engine link
(:mod:`.board`), the play screen's model (:mod:`.play`), the review (:mod:`.review`), the user's files
(:mod:`.files`) and every text made from the state (:mod:`.words`: the one place here that calls gettext;
the rest hands it typed values). Beside them: the play options (:mod:`.options`, :mod:`.option_changes`),
animation timing, how a start screen's choice changes the options, and the statistics screen's figures.

Nothing here imports pygame or a screen (``tests/test_layers.py`` checks it), so each is tested and used
without a display; the packages of :mod:`ui` beside this one draw and listen.
"""
