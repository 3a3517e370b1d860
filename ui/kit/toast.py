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

from ui.kit.widgets import draw_text, fitting_font, line_height, panel, wrapped
from ui.state.animation import Fade
from ui.state.play.notices import NoticeKind
from ui.theme import MIN_TEXT, Colour, Fonts, Theme

#: Seconds a note stays; a problem with a file gets longer, to be read.
TOAST_SECONDS = 2.0
PROBLEM_SECONDS = 8.0
#: A note stays on one line down to these letters; below them it takes more lines.
ONE_LINE_SMALLEST = MIN_TEXT + 2
#: The most lines a note takes (its smallest letters :data:`ONE_LINE_SMALLEST`).
MOST_LINES = 3


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

    def advance(self, dt: float) -> None:
        """Lets ``dt`` seconds pass: the note goes when its time is up, and the next waiting comes."""
        if self.text is None:
            return
        self._fade.advance(dt)
        if not self._fade.alive:
            self.text = None
            if self.waiting:
                self.show(*self.waiting.pop(0))

    def card(
        self, fonts: Fonts, area: Rect, tall: Rect | None = None
    ) -> tuple[Rect, pygame.font.Font] | None:
        """Where the note goes and its font (None: no note): a strip across ``area``, no taller than it, so
        that it covers what lies there whole rather than half a line of it. A note too long for one line in
        letters of :data:`ONE_LINE_SMALLEST` (a file's problem, a long translation) takes as many lines as it
        needs (up to :data:`MOST_LINES`): in the middle of ``tall`` where the scene offers that place and the
        card fits it, else its card growing upward from the area's bottom. It covers more of the screen for
        its few seconds rather than be cut."""
        if self.text is None:
            return None
        size = max(MIN_TEXT, min(18, int(area.height * 0.5)))
        width = area.width - 48
        font = fitting_font(fonts, self.text, size, width, bold=True, smallest=ONE_LINE_SMALLEST)
        lines = 1
        if font.size(self.text)[0] > width:
            for smaller in range(max(size, ONE_LINE_SMALLEST), ONE_LINE_SMALLEST - 1, -1):
                font = fonts.get(smaller, bold=True)
                lines = len(wrapped(font, self.text, width))
                if lines <= MOST_LINES:
                    break
        height = line_height(font) * lines + 8
        card = Rect(0, 0, area.width - 16, min(area.height, height) if lines == 1 else height)
        card.center = area.center
        if lines > 1 and tall is not None and card.height <= tall.height:
            card.center = tall.center
        elif lines > 1:
            card.bottom = area.bottom
            card.top = max(0, card.top)
        return card, font

    def draw(
        self, surface: pygame.Surface, theme: Theme, fonts: Fonts, area: Rect, tall: Rect | None = None
    ) -> None:
        """Draws the note, if any, in ``area`` (see :meth:`ui.kit.scene.Scene.toast_area`), or where
        :meth:`card` says a long one goes (``tall``: :meth:`ui.kit.scene.Scene.tall_toast_area`)."""
        text, placed = self.text, self.card(fonts, area, tall)
        if text is None or placed is None:
            return
        card, font = placed
        panel(surface, theme, card, alpha=255, radius=min(12, card.height // 2))
        box = card.inflate(-16, 0)
        lines = [text] if font.size(text)[0] <= box.width else wrapped(font, text, card.width - 32)
        step = line_height(font)
        top = card.centery - step * len(lines) // 2
        for index, line in enumerate(lines):
            line_box = Rect(box.left, top + index * step, box.width, step) if len(lines) > 1 else box
            draw_text(
                surface,
                line,
                font,
                theme.text,
                line_box,
                center=(box.centerx, top + index * step + step // 2),
            )
