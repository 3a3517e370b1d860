"""The desktop window (pygame): the loop (:mod:`.window_loop`), the scaling of the picture to the window
(:mod:`.viewport`), the icon, and the Linux desktop entry."""
