"""The start screen's presentation and its drawing: from what the screen holds (the choices made, the
unfinished game offered, the default button, the focused row, the button under the mouse), its layout
(:class:`~ui.start.layout.StartLayout`) and the fonts to the plain picture drawn (:class:`StartPicture`:
every text already in the language in use), and that picture to pixels (:func:`draw_start`, which reads
nothing else).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame
from pygame import Rect

from game.language import _
from ui.kit.layout import clamp
from ui.kit.widgets import (
    Button,
    draw_button,
    draw_text,
    filled_circle,
    fitting_font,
    fitting_size,
    line_height,
)
from ui.start.layout import EDGE, StartLayout, content_area, title_line
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.settings import Settings
from ui.theme import MIN_TEXT, Fonts, Theme
from ui.words import texts


@dataclass(frozen=True)
class ChoiceRow:
    """One row of choices as shown: its label, whether the mode lets it change (``enabled``), whether the
    keyboard's focus is on it, and its buttons (the chosen one selected)."""

    label: str
    enabled: bool
    focused: bool
    buttons: tuple[Button, ...]


@dataclass(frozen=True)
class PlacedText:
    """A line of text in letters of ``size`` inside ``box``, its ``anchor`` (a Rect attribute, as
    "midbottom") at ``point``."""

    text: str
    size: int
    box: Rect
    anchor: str
    point: tuple[int, int]


@dataclass(frozen=True)
class StartPicture:
    """What the start screen shows: the window's size, the theme and fonts, the lighter band behind the
    choices, the subtitle under the title (None: the title gives its room to the choices), the rows of
    choices in letters of ``font_size``, the start buttons (the default selected) in bold letters of
    ``start_font_size`` and whether the keyboard's focus is on them, the action of the button under the
    mouse (None: none), the unfinished game's line and the key hints (None: not shown). A plain value, equal
    to an earlier one exactly when the screen looks the same."""

    size: tuple[int, int]
    theme: Theme
    fonts: Fonts
    band: Rect
    subtitle: str | None
    rows: tuple[ChoiceRow, ...]
    font_size: int
    starts: tuple[Button, ...]
    start_font_size: int
    starts_focused: bool
    hovered: str | None
    unfinished: PlacedText | None
    hint: PlacedText | None


def start_buttons(layout: StartLayout, default: str) -> tuple[Button, ...]:
    """The start buttons of ``layout``, the ``default`` one (what Enter starts) selected."""
    return tuple(replace(button, selected=button.action == default) for button in layout.starts)


def unfinished_line(
    layout: StartLayout, fonts: Fonts, unfinished: UnfinishedGame | None
) -> tuple[str, int, Rect] | None:
    """The line under the start buttons naming the unfinished game: its text, its letters' size and its
    place (None without one)."""
    if unfinished is None:
        return None
    width = layout.size[0]
    text = _("Unfinished: {game}").format(game=texts.unfinished_text(unfinished))
    size = fitting_size(fonts, text, max(MIN_TEXT, int(layout.font_size * 0.9)), width - 2 * EDGE)
    rect = Rect((0, 0), fonts.get(size).size(text))
    rect.midtop = (width // 2, layout.starts[0].rect.bottom + 6)
    return text, size, rect


def start_picture(
    settings: Settings,
    unfinished: UnfinishedGame | None,
    default: str,
    focus: int,
    hovered: str | None,
    layout: StartLayout,
    theme: Theme,
    fonts: Fonts,
) -> StartPicture:
    """What the start screen shows with the player's ``settings`` (the one place a setting that changes this
    screen is read), ``unfinished`` offered, ``default`` the start button Enter presses,
    the keyboard's focus on row ``focus`` (past the last row: the start buttons) and the mouse over the
    button of the action ``hovered``, on ``layout`` (which holds the choices made)."""
    width, height = layout.size
    # A soft lighter band behind the settings keeps the page from looking flat.
    band_top = layout.rows[0][0].rect.top - int(height * 0.04)
    band_bottom = layout.starts[0].rect.bottom + int(height * 0.04)
    band = Rect(0, band_top, width, band_bottom - band_top)
    subtitle = None
    if band_top >= content_area(layout.size)[0] - int(height * 0.05):
        first, second = (_(title) for title in texts.GAME_TITLES.values())
        subtitle = _("{first} and {second} against an AI that thinks on your time").format(
            first=first, second=second
        )
    rows = tuple(
        ChoiceRow(label, enabled, index == focus, buttons)
        for index, ((label, enabled), buttons) in enumerate(zip(layout.labels, layout.rows, strict=True))
    )
    note = None
    if (line := unfinished_line(layout, fonts, unfinished)) is not None:
        text, note_size, note_rect = line
        note_box = Rect(EDGE, note_rect.top, width - 2 * EDGE, line_height(fonts.get(note_size)))
        note = PlacedText(text, note_size, note_box, "topleft", note_rect.topleft)
    hint_text = _(
        "\u2191\u2193 choose a setting   \u2190\u2192 change it   Enter play   F1 help   Ctrl+Q quit"
    )
    hint_size = fitting_size(fonts, hint_text, int(clamp(height * 0.022, 12, 18)), width - 2 * EDGE)
    hint_box = Rect(EDGE, 0, width - 2 * EDGE, line_height(fonts.get(hint_size)))
    hint_box.bottom = height - 14
    hint = None
    # In a tiny window the settings need the room more than the key hints do.
    if layout.starts[0].rect.bottom < hint_box.top:
        hint = PlacedText(hint_text, hint_size, hint_box, "midbottom", hint_box.midbottom)
    return StartPicture(
        size=layout.size,
        theme=theme,
        fonts=fonts,
        band=band,
        subtitle=subtitle,
        rows=rows,
        font_size=layout.font_size,
        starts=start_buttons(layout, default),
        start_font_size=layout.start_font_size,
        starts_focused=focus == len(rows),
        hovered=hovered,
        unfinished=note,
        hint=hint,
    )


def draw_start(surface: pygame.Surface, shown: StartPicture) -> None:
    """Draws ``shown`` onto ``surface`` (of the picture's size)."""
    theme, fonts = shown.theme, shown.fonts
    surface.fill(theme.background)
    pygame.draw.rect(surface, theme.background_glow, shown.band)
    if shown.subtitle is not None:
        draw_title(surface, theme, fonts, shown.size, shown.subtitle)
    for row in shown.rows:
        first = row.buttons[0].rect
        label_font = fonts.get(shown.font_size, bold=row.focused)
        if not row.enabled:
            label_colour = theme.button_disabled_text
        else:
            label_colour = theme.text if row.focused else theme.text_muted
        # A label stays left of its row's choices.
        label_box = Rect(EDGE, first.top, first.left - 18 - EDGE, first.height)
        midright = (label_box.right, first.centery)
        draw_text(surface, row.label, label_font, label_colour, label_box, midright=midright)
        _draw_buttons(surface, shown, row.buttons, fonts.get(shown.font_size), row.focused)
    start_font = fonts.get(shown.start_font_size, bold=True)
    _draw_buttons(surface, shown, shown.starts, start_font, shown.starts_focused)
    for line in (shown.unfinished, shown.hint):
        if line is not None:
            font = fonts.get(line.size)
            draw_text(surface, line.text, font, theme.text_muted, line.box, None, **{line.anchor: line.point})


def _draw_buttons(
    surface: pygame.Surface,
    shown: StartPicture,
    buttons: tuple[Button, ...],
    font: pygame.font.Font,
    focused: bool,
) -> None:
    """One row's ``buttons`` in ``font``, the selected one ringed where the row has the keyboard's focus."""
    for button in buttons:
        hovered = button.action == shown.hovered
        draw_button(surface, shown.theme, font, button, hovered=hovered, focused=focused and button.selected)


def draw_title(
    surface: pygame.Surface, theme: Theme, fonts: Fonts, size: tuple[int, int], subtitle: str
) -> None:
    """The title, its emblem and ``subtitle`` under them, above the settings of a window of ``size``."""
    width, height = size
    title_font, title_bottom = title_line(fonts, height)
    emblem_width = int(title_font.get_height() * 1.25)
    title_width = title_font.size("Ponder")[0]
    bottomleft = ((width - title_width - emblem_width) // 2, title_bottom)
    # The title's line, less the emblem's room at its right.
    title_box = Rect(EDGE, 0, width - 2 * EDGE - emblem_width, title_bottom)
    title = draw_text(surface, "Ponder", title_font, theme.text, title_box, bottomleft=bottomleft)
    _draw_emblem(surface, theme, title, emblem_width)
    subtitle_font = fitting_font(fonts, subtitle, int(clamp(height * 0.026, 13, 22)), width - 2 * EDGE)
    subtitle_box = Rect(EDGE, title.bottom + 6, width - 2 * EDGE, line_height(subtitle_font))
    draw_text(surface, subtitle, subtitle_font, theme.text_muted, subtitle_box, midtop=subtitle_box.midtop)


def _draw_emblem(surface: pygame.Surface, theme: Theme, title: Rect, width: int) -> None:
    """Four discs in a row after the title, ``width`` pixels in all: the game's promise at a glance."""
    radius = width / 10.1
    for index in range(4):
        colour = theme.discs[index % 2]
        centre = (title.right + radius * 2.2 + index * radius * 2.3, title.centery + radius * 0.9)
        filled_circle(surface, colour, centre, radius)
