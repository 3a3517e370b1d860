"""The small kit the screens share (pygame): buttons and text (:mod:`.widgets`), the layout arithmetic
(:mod:`.layout`), the base of a screen and the events screens send (:mod:`.scene`), and the toast."""
