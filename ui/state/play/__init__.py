"""The play screen's model, without pygame: the play state (:mod:`.play_state`: the board game, the selection,
the falling stone, new rounds, undo and redo) and its parts: the sounds, notices and shakes
(:mod:`.feedback`), the hint and the coach, the checks that may hold a move back (:mod:`.move_checks`), each
round's own state, result and rating (:mod:`.round`, :mod:`.finished_round`, :mod:`.round_rating`), and
loading and pasting games (:mod:`.play_files`)."""
