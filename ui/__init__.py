"""What the player sees and types: the pygame window (:mod:`.app` and :mod:`.launch`; a package per screen,
:mod:`.play`, :mod:`.start`, :mod:`.statistics`; the :mod:`.panels` over them, the shared :mod:`.kit`, the
:mod:`.window` itself, the theme and the sound) and the :mod:`.command_line`. Never searches; what the window
knows and decides without pygame is in :mod:`ui.state`."""

import os

# The console stays quiet: pygame's greeting is not for players. Set before any module imports pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
