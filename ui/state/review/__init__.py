"""The review of a game, without pygame: the moves' values and the strength shown (:mod:`.game_review`),
"show me"'s best line (:mod:`.show_me`), the reviews kept and computed for a board game (:mod:`.reviews`), and
which move the player is looking at (:mod:`.browser`)."""
