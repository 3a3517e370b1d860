"""The play screen's model, without pygame: the play state (:mod:`.play_state`: the board game, the selection,
the falling stone, new rounds, undo and redo) and its parts: the sounds, notices and shakes (:mod:`.feedback`;
what a notice says, as typed reasons: :mod:`.notices`), the hint and the coach, the checks that may hold a
move back (:mod:`.move_checks`), each round's own state (:mod:`.round`), what its result counts for in the
tally and the rating (:mod:`.finished_round`), and saving, loading and pasting games (:mod:`.play_files`)."""
