"""The play screen (pygame): the scene that turns events into calls of the play state (:mod:`.scene`),
its frame and picture (:mod:`.frame`, :mod:`.picture`), the board (:mod:`.board_view`), the analysis overlay,
the review strip, the match bar, the toolbar, the move keys, the actions and the clipboard."""
