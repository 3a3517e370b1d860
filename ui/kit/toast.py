"""Short messages that fade by themselves: the window's toast, and the play screen's notices.

The toast is a note about the whole window (sound, theme, a broken settings file), on either screen. It is
drawn in the area the scene offers (:meth:`ui.kit.scene.Scene.toast_area`): a band at the bottom that holds
only key hints or search statistics, so it never hides the title, the board, the hover disc or whose turn it
is.

A notice replaces the play screen's status line for a moment; its :class:`~ui.state.play.notices.NoticeKind`
chooses its colour, so that a refusal (the warning colour, with the refusal sound) never looks like
something that went well.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from ui.kit.widgets import draw_text, fitting_font, panel
from ui.state.animation import Fade
from ui.state.play.notices import NoticeKind
from ui.theme import MIN_TEXT, Colour, Fonts, Theme

#: Seconds a note stays; a problem with a file gets longer, to be read.
TOAST_SECONDS = 2.0
PROBLEM_SECONDS = 8.0


def notice_colour(kind: NoticeKind, theme: Theme) -> Colour:
    """The colour a notice of ``kind`` is written in."""
    if kind is NoticeKind.REFUSAL:
        return theme.warning
    if kind is NoticeKind.SUCCESS:
        return theme.success
    return theme.text


class Toast:
    """The note on show, if any."""

    def __init__(self) -> None:
        self.text: str | None = None
        self._fade = Fade(0.0)
        #: Notes to show after this one, each for its seconds (several problems found at the start).
        self.waiting: list[tuple[str, float]] = []

    def show(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        """Shows ``text`` now, for ``seconds``, in place of any note on show."""
        self.text = text
        self._fade = Fade(seconds)

    def show_each(self, texts: list[str], seconds: float) -> None:
        """Shows ``texts`` one after the other, each for ``seconds``: one line each, each readable."""
        if texts:
            self.show(texts[0], seconds)
            self.waiting = [(text, seconds) for text in texts[1:]]

    def advance(self, dt: float) -> bool:
        """Lets ``dt`` seconds pass; returns True when the note just went away or the next came (the screen
        needs a redraw)."""
        if self.text is None:
            return False
        self._fade.advance(dt)
        if not self._fade.alive:
            self.text = None
            if self.waiting:
                self.show(*self.waiting.pop(0))
            return True
        return False

    def card(self, fonts: Fonts, area: Rect) -> tuple[Rect, pygame.font.Font] | None:
        """Where the note goes and its font (None: no note): a strip across ``area``, no taller than it, so
        that it covers what lies there whole rather than half a line of it."""
        if self.text is None:
            return None
        size = max(MIN_TEXT, min(18, int(area.height * 0.5)))
        font = fitting_font(fonts, self.text, size, area.width - 48, bold=True)
        card = Rect(0, 0, area.width - 16, min(area.height, font.get_height() + 10))
        card.center = area.center
        return card, font

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts, area: Rect) -> None:
        """Draws the note, if any, in ``area`` (see :meth:`ui.kit.scene.Scene.toast_area`)."""
        text, placed = self.text, self.card(fonts, area)
        if text is None or placed is None:
            return
        card, font = placed
        panel(surface, theme, card, alpha=255, radius=min(12, card.height // 2))
        draw_text(surface, text, font, theme.text, card.inflate(-16, 0), center=card.center)
