"""The play screen's toolbar: the title on the left, the commands' buttons on the right (Undo, Redo, New game,
Review, Settings and Menu: the commands with a toolbar place in :data:`ui.play.actions.COMMANDS`).

In a narrow window the buttons get shorter labels and less padding before the title is given up, so that the
game's name stays in view down to the smallest window (ui.window.window_loop.MIN_WINDOW, 640 pixels wide).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from game.language import _, pgettext
from ui.kit.layout import buttons_in_row
from ui.kit.widgets import Button, draw_button, draw_fitted_text
from ui.play.actions import NARROW, TOOLBAR, Action
from ui.theme import Fonts, Theme

#: (padding inside a button, gap between buttons, margin at the window's edges and before the buttons).
ROOMY, COMPACT = (28, 8, 20), (8, 3, 8)


@dataclass(frozen=True)
class Toolbar:
    """The buttons, and the place of the title: from ``title_left``, at most ``title_room`` pixels wide."""

    buttons: list[Button]
    title_left: int
    title_room: int


def font_for(fonts: Fonts, bar: Rect) -> pygame.font.Font:
    return fonts.get(int(bar.height * 0.34))


def toolbar(
    fonts: Fonts, bar: Rect, titles: Sequence[str], enabled: dict[Action, bool], reviewing: bool = False
) -> Toolbar:
    """The toolbar in ``bar``: roomy buttons unless compact ones leave room for a longer title.

    ``titles`` are the titles to show, longest first (:func:`draw_toolbar` shows the first that fits):
    choosing by the shortest alone made the title longer in a narrower window. ``enabled`` maps actions to
    whether their button works now (missing actions work); ``reviewing``: the review shows, and its button
    goes back to the game.
    """
    actions = []
    for action, place in TOOLBAR:
        label, short = place.reviewing if reviewing and place.reviewing else (place.label, place.narrow)
        actions.append((action, _(label), pgettext(NARROW, short)))
    font = font_for(fonts, bar)
    smallest = fonts.get(int(font.get_height() * 0.8), bold=True)

    def title_shown(room: int) -> int:
        """The index of the title that fits ``room`` (len(titles) for none)."""
        return next((i for i, title in enumerate(titles) if smallest.size(title)[0] <= room), len(titles))

    layouts = []
    for compact, (padding, gap, margin) in ((False, ROOMY), (True, COMPACT)):
        labels = [(action, short if compact else label) for action, label, short in actions]
        widths = [font.size(label)[0] + padding for _action, label in labels]
        area = bar.inflate(-margin, 0)
        rects = buttons_in_row(widths, int(bar.height * 0.66), area, align="right", gap=gap)
        layouts.append((labels, rects, margin, rects[0].left - 2 * margin))
    # Roomy first, so that it wins a tie: compact buttons only where they let a longer title show.
    labels, rects, margin, room = min(layouts, key=lambda layout: title_shown(layout[3]))
    buttons = [
        Button(action, label, rect, enabled=enabled.get(action, True))
        for (action, label), rect in zip(labels, rects, strict=True)
    ]
    return Toolbar(buttons, bar.left + margin, room)


def draw_toolbar(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    bar: Rect,
    bar_content: Toolbar,
    titles: list[str],
    hovered: Rect | None,
) -> str | None:
    """Draws the bar, the first of ``titles`` (longest first) that fits its room, and the buttons (the one at
    ``hovered`` under the mouse); returns the title drawn (None: none fits)."""
    pygame.draw.rect(surface, theme.background_glow, bar)
    pygame.draw.line(surface, theme.panel_border, (bar.left, bar.bottom - 1), (bar.right, bar.bottom - 1))
    font = font_for(fonts, bar)
    title_box = Rect(bar_content.title_left, bar.top, bar_content.title_room, bar.height)
    shown = None
    for text in titles:
        if draw_fitted_text(
            surface,
            fonts,
            text,
            font.get_height(),
            bar_content.title_room,
            theme.text,
            bold=True,
            smallest=int(font.get_height() * 0.8),
            box=title_box,
            midleft=(bar_content.title_left, bar.centery),
        ):
            shown = text
            break
    for button in bar_content.buttons:
        draw_button(surface, theme, font, button, hovered=button.rect == hovered)
    return shown
