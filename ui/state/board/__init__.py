"""The game at the board, without pygame: its rounds, seats, history and redo (:mod:`.board_game`), the
conversation with the engine (:mod:`.engine_request`, :mod:`.followed_search`, the engine's interface the
window uses: :mod:`.engine_like`), what the searches proved of the position (:mod:`.proven`), and the match's
score."""
