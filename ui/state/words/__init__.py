"""Every text the window shows that is made from the state, and the state's only gettext calls: the state
hands typed values (a notice's reason, a refusal, a coach's warning, a review's marks, a participant) and
these functions word them in the language in use. Values and results, the board's title, the tally, the
puzzles and the rating (:mod:`.texts`); the analysis overlay's lines (:mod:`.search_texts`); scores
(:mod:`.score_words`); the play screen's lines (:mod:`.play_words`); the notices (:mod:`.notice_words`); the
review (:mod:`.review_words`); the start screen's rows (:mod:`.start_words`); the Learn trainer's
(:mod:`.learn_words`)."""
