"""The help overlay (F1 or ?): every key of the window on one card over the screen, and how to read the
engine's values.

The play screen's commands bring their rows (:data:`ui.play.actions.COMMANDS`, handed in by the window, as
no panel imports a screen), the window's own keys theirs (:data:`ui.panels.window_keys.WINDOW_COMMANDS`); how
to read the values is listed below. Tests check that the keys named work and that every entry's row shows.
The values' words and numbers are made in :mod:`ui.words.texts`, whose bands the last section
describes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from ai.capabilities import core_in_use
from game.language import N_, _
from ui.kit.keys import Section
from ui.kit.layout import clamp
from ui.kit.widgets import draw_text, line_height, panel, veil, wrapped
from ui.panels.window_keys import window_section
from ui.theme import MIN_TEXT, Fonts, Theme
from ui.words.texts import core_words

#: How to read the engine's values: the card's last section, after the keys.
READING: Section = (
    N_("Reading the values"),
    (
        (N_("Red wins in 7"), N_("proven: in 7 of Red's own moves, whatever the other side does")),
        (N_("Red is better"), N_("an estimate: even, better, much better, winning")),
        (N_("ahead by 42 points"), N_("the estimate in points (an open line threat is worth 30 to 70)")),
        (N_("mark 7   ="), N_("analysis: the player of that mark wins in 7 of their moves; a draw")),
        (N_("Bar"), N_("an estimate, in the colour of the side it favours")),
    ),
)


def help_sections(screen_sections: tuple[Section, ...]) -> tuple[Section, ...]:
    """The card's sections in the language in use: ``screen_sections`` (the play screen's commands, from
    :func:`ui.play.actions.help_sections`), then the window's keys
    (:func:`ui.panels.window_keys.window_section`) and :data:`READING`."""
    return tuple(
        (_(title), tuple((_(keys), _(text)) for keys, text in rows))
        for title, rows in (*screen_sections, window_section(), READING)
    )


#: A section laid out: its title, and its rows of (keys, the description's lines).
LaidOut = tuple[str, list[tuple[str, list[str]]]]


@dataclass(frozen=True)
class HelpLayout:
    """The card's letters (``size``), its columns' widths, its line ``step`` and the room above and below the
    rows, and its ``pages``: the sections in the order of :func:`help_sections`, as many on each page as
    fit."""

    size: int
    key_width: int
    text_width: int
    step: int
    header: int
    footer_height: int
    pages: list[list[LaidOut]]


def help_layout(size: tuple[int, int], fonts: Fonts, screen_sections: tuple[Section, ...]) -> HelpLayout:
    """The help card in a window of ``size``, ``screen_sections`` first (see :func:`help_sections`). The keys
    stand in a column of their own, what they do in a second one; a description wider than its column goes on
    over more lines. The text shrinks to fit the window, down to :data:`MIN_TEXT`; in a window too short for
    every section even then, the sections go over more pages (first ones first), never off the card."""
    width, height = size
    sections = help_sections(screen_sections)
    lines = sum(len(rows) + 1 for _title, rows in sections) + 2
    largest = int(clamp(height / (lines * 1.75), MIN_TEXT, 20))
    letters, key_width = largest, 0
    # Smaller letters where the key column would leave the descriptions less than a third of the width.
    for letters in range(largest, MIN_TEXT - 1, -1):
        key_width = max(
            fonts.get(letters, bold=True).size(keys)[0] for _title, rows in sections for keys, _text in rows
        )
        if key_width + _spacing(letters) <= (width - 24) * 2 // 3:
            break
    font = fonts.get(letters)
    widest = max(font.size(text)[0] for _title, rows in sections for _keys, text in rows)
    text_width = min(widest, width - 24 - key_width - _spacing(letters))
    laid_out = [
        (title, [(keys, wrapped(font, text, text_width)) for keys, text in rows]) for title, rows in sections
    ]
    # A line's height, with a little air: the card is a list to run an eye down, not a page to read.
    step = max(int(letters * 1.35), line_height(font) + 1)
    header, footer_height = int(step * 1.4) + 14, step + 10
    room = (height - 16 - header - footer_height) // step
    pages: list[list[LaidOut]] = [[]]
    for section in laid_out:
        if pages[-1] and sum(_lines_of(taken) for taken in pages[-1]) + _lines_of(section) > room:
            pages.append([])
        pages[-1].append(section)
    return HelpLayout(letters, key_width, text_width, step, header, footer_height, pages)


def _spacing(letters: int) -> int:
    """The card's margins and the gaps beside the key column, for letters of that size."""
    return 3 * letters + 48


def _lines_of(section: LaidOut) -> int:
    return 1 + sum(len(text_lines) for _keys, text_lines in section[1])


def draw_help(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    screen_sections: tuple[Section, ...],
    page: int = 0,
) -> Rect:
    """Draws page ``page`` of the help card (see :func:`help_layout`, which ``screen_sections`` begin) centred
    on ``surface``, over a veil that dims the screen; returns the card. Its footer says how to see the next
    page, where there is one."""
    width, height = surface.get_size()
    veil(surface, theme)
    shown = help_layout((width, height), fonts, screen_sections)
    size, key_width, text_width, step = shown.size, shown.key_width, shown.text_width, shown.step
    sections = shown.pages[page % len(shown.pages)]
    font = fonts.get(size)
    used = max(sum(_lines_of(section) for section in on_page) for on_page in shown.pages)
    card = Rect(
        0,
        0,
        min(width - 16, key_width + text_width + _spacing(size)),
        min(height - 16, shown.header + used * step + shown.footer_height),
    )
    card.center = (width // 2, height // 2)
    # Opaque: the screen behind, dimmed by the veil, must not show through the lines being read.
    panel(surface, theme, card, alpha=255)
    y = card.top + 14
    # The texts' box: the card less its rounded corners' room.
    box = card.inflate(-16, -8)
    title = fonts.get(int(size * 1.3), bold=True)
    draw_text(surface, _("Keys"), title, theme.text, box, midtop=(card.centerx, y))
    y = card.top + shown.header
    left = card.left + 24
    text_left = left + key_width + 2 * size
    for section, rows in sections:
        draw_text(surface, section, fonts.get(size, bold=True), theme.accent, box, topleft=(left, y))
        y += step
        for keys, text_lines in rows:
            key_box = Rect(left + size, y, key_width, step)
            draw_text(surface, keys, fonts.get(size, bold=True), theme.text, key_box, topleft=key_box.topleft)
            for line in text_lines:
                line_box = Rect(text_left, y, text_width, step)
                draw_text(surface, line, font, theme.text_muted, line_box, topleft=line_box.topleft)
                y += step
    number, pages = page % len(shown.pages) + 1, len(shown.pages)
    if number < pages:
        footer = _("Page {page} of {pages}  \u00b7  F1 or ?: next page  \u00b7  Esc closes this help")
    elif pages > 1:
        footer = _(
            "Page {page} of {pages}  \u00b7  Exact solver: {core}  \u00b7  F1, ? or Esc closes this help"
        )
    else:
        footer = _("Exact solver: {core}  \u00b7  F1, ? or Esc closes this help")
    footer = footer.format(page=number, pages=pages, core=core_words(core_in_use()))
    draw_text(
        surface,
        footer,
        fonts.get(size - 2),
        theme.text_muted,
        box,
        midbottom=(card.centerx, card.bottom - 8),
    )
    return card
