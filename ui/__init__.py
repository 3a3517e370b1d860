"""The pygame window: the main loop (:mod:`.app`), the start, play and statistics screens, the drawing of
the board, the analysis overlay, the review strip, the toolbar, the match bar, the help card and the settings
panel, input, sound, the clipboard, the theme, the icon and the Linux desktop entry. Never searches; what the
window knows and decides without pygame is in :mod:`ui.state`."""

import os

# The console stays quiet: pygame's greeting is not for players. Set before any module imports pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
