"""Every text the window shows that is made from the state: values and results in words (:mod:`.texts`),
the analysis overlay's lines (:mod:`.search_texts`), scores in words (:mod:`.score_words`), and the play
screen's lines (:mod:`.play_words`). Translated through gettext."""
