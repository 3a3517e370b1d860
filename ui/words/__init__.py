"""The words package: every text made from the program's types, for the window and the command line alike,
in the language in use. The state, the engine and the rules hand typed values (a notice's reason, a refusal,
a coach's warning, a review's marks, a participant, a claim, a move) and these functions word them; the
state never imports this package. Values and results, the board's title, the tally, the puzzles and the
rating (:mod:`.texts`); the analysis overlay's lines and a move's name (:mod:`.search_texts`); scores
(:mod:`.score_words`); the play screen's lines (:mod:`.play_words`); the notices (:mod:`.notice_words`); the
review (:mod:`.review_words`); the start screen's rows (:mod:`.start_words`); the explainer's claims, one
sentence each for the window and ``ponder explain`` alike (:mod:`.claim_words`), why a move is worth what it
is (:mod:`.why_words`), the Learn trainer's (:mod:`.learn_words`), and every refusal of the rules and problem
of a data file or saved game, one sentence per kind (:mod:`.problem_words`)."""
