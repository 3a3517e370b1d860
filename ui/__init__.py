"""The pygame window: scenes, drawing, input, sound and settings. Never searches."""

import os

# The console stays quiet: pygame's greeting is not for players. Set before any module imports pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
