"""The user's files, without pygame: where they live and how they are written safely (:mod:`.userfiles`,
:mod:`.store`, :mod:`.background_writer`), and each file: the settings, the tally, the saved game, the
unfinished games and the one this window keeps (:mod:`.current_game`, :mod:`.autosave`), the player's rating,
the puzzle record; :mod:`.user_data` holds them all for a window."""
