"""A short note across the top of the window for things the whole window does (sound, theme, a broken
settings file), on either screen; it fades by itself."""

from __future__ import annotations

import pygame
from pygame import Rect

from ui.animation import Fade
from ui.layout import clamp
from ui.theme import Fonts, Theme
from ui.widgets import draw_text, fitting_font, panel

#: Seconds a note stays; a problem with a file gets longer, to be read.
TOAST_SECONDS = 2.0
PROBLEM_SECONDS = 8.0


class Toast:
    """The note on show, if any."""

    def __init__(self) -> None:
        self.text: str | None = None
        self._fade = Fade(0.0)

    def show(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        self.text = text
        self._fade = Fade(seconds)

    def advance(self, dt: float) -> bool:
        """Lets ``dt`` seconds pass; returns True when the note just went away (the screen needs a redraw)."""
        if self.text is None:
            return False
        self._fade.advance(dt)
        if not self._fade.alive:
            self.text = None
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts) -> None:
        if self.text is None:
            return
        width, height = surface.get_size()
        size = int(clamp(height * 0.024, 12, 18))
        font = fitting_font(fonts, self.text, size, width - 64, bold=True, smallest=9)
        card = Rect(0, 0, min(width - 16, font.size(self.text)[0] + 40), font.get_height() + 20)
        card.midtop = (width // 2, int(height * 0.085))
        panel(surface, theme, card, alpha=245, radius=12)
        draw_text(surface, self.text, font, theme.text, center=card.center)
