"""The panels over a screen (pygame): the help card (:mod:`.help_card`) and the settings panel
(:mod:`.settings_panel`), and the keys and clicks they take (:mod:`.panel_input`)."""
