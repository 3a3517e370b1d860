"""Where the start screen's rows of choices and its start buttons go in a window of a given size: the start
screen's layout, made once per window size, choices, theme and language (:class:`StartLayout`), which the
screen's clicks are tested against and its picture (:mod:`ui.start.picture`) is made on.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from game.language import _
from ui.kit.layout import buttons_in_row, clamp, flow_lines
from ui.kit.widgets import Button, line_height
from ui.state.options import PlayOptions
from ui.state.start_choices import Row
from ui.theme import MIN_TEXT, Fonts, Theme
from ui.words.learn_words import learn_label
from ui.words.start_words import rows_for, rows_of_every_variant

PLAY = "play"
CONTINUE = "continue"
PUZZLES = "puzzles"
LEARN = "learn"
STATS = "stats"
#: Pixels between the choices of a row.
GAP = 8
#: The room kept free at the window's left and right edges, in pixels.
EDGE = 12


@dataclass(frozen=True)
class StartLayout:
    """The start screen's buttons in a window of ``size``: each row's label and whether the mode lets it
    change (``labels``) and its choices (``rows``, in the order of :func:`ui.words.start_words.rows_for`),
    then the start buttons (``starts``: Play, or Continue and New game, then Puzzles, Learn and Rating; none
    of them selected: the default is the screen's), the choices' text size and the start buttons' (bold)."""

    size: tuple[int, int]
    labels: tuple[tuple[str, bool], ...]
    rows: tuple[tuple[Button, ...], ...]
    starts: tuple[Button, ...]
    font_size: int
    start_font_size: int


def content_area(size: tuple[int, int]) -> tuple[int, int]:
    """The top and bottom of the space between the subtitle and the key hints in a window of ``size``."""
    height = size[1]
    top = int(height * 0.15) + int(clamp(height * 0.026, 13, 22)) + int(height * 0.05)
    bottom = height - int(clamp(height * 0.022, 12, 18)) - 24
    return top, bottom


def title_line(fonts: Fonts, height: int) -> tuple[pygame.font.Font, int]:
    """The title's font and the bottom of its line in a window ``height`` pixels high."""
    return fonts.get(int(clamp(height * 0.09, 36, 84)), bold=True), int(height * 0.15)


def _flowed_choices(
    row: Row, font: pygame.font.Font, padding: int, room: int
) -> tuple[list[int], list[list[int]]]:
    """The width of each of ``row``'s choices as a button, and the choices in lines (see
    :func:`ui.kit.layout.flow_lines`)."""
    widths = [font.size(text)[0] + padding for _, text in row.choices]
    return widths, flow_lines(widths, room, GAP)


def start_layout(
    size: tuple[int, int], options: PlayOptions, theme: Theme, fonts: Fonts, unfinished: bool
) -> StartLayout:
    """The buttons for ``options`` in a window of ``size`` (``unfinished``: a game is kept to continue, whose
    line goes under the start buttons), in the language in use.

    Choices that do not fit beside their label wrap onto more lines; the room is that of the longest
    variant (any game, any mode), where Play stays, and the text shrinks until everything fits between
    the subtitle and the key hints (or the text reaches its smallest size). The rows themselves follow
    each other with no empty line between them: a choice moves no row above the one it is made in.
    """
    width, height = size
    rows = rows_for(options, theme)
    variants = rows_of_every_variant(options, theme)
    top, bottom = content_area(size)
    row_height = int(clamp(height * 0.058, 16, 46))
    gap = int(clamp(height * 0.022, 4, 18))
    while True:
        font_size = max(MIN_TEXT, int(row_height * 0.5 if row_height < 24 else row_height * 0.44))
        font = fonts.get(font_size)
        # Every label of every variant sets the label column, so the choices stay put.
        # The focused row's label is bold, so the bold letters set the width.
        bold = fonts.get(font_size, bold=True)
        label_width = max(bold.size(row.label)[0] for variant in variants for row in variant) + 24
        room = width - 32 - label_width
        padding = 2 * max(6, min(font_size, width // 80))

        flows = [[_flowed_choices(row, font, padding, room) for row in variant] for variant in variants]
        slot_lines = [max(len(variant[index][1]) for variant in flows) for index in range(len(rows))]
        needed = sum(slot_lines) * row_height + len(rows) * gap + int(row_height * 1.8)
        if unfinished:
            # The unfinished game's line under the start buttons (see ui.start.picture.unfinished_line).
            needed += line_height(fonts.get(max(MIN_TEXT, int(font_size * 0.9)))) + 6
        if needed <= bottom - top:
            break
        if row_height <= 16:
            # A tiny window: the key hints, and if that is not enough the title too, give their room to
            # the settings (the picture leaves out what the settings cover).
            bottom = height - 6
            if needed > bottom - top:
                top = 6
            break
        row_height -= 2
    widest = max(
        sum(widths[j] for j in line) + GAP * (len(line) - 1)
        for variant in flows
        for widths, lines in variant
        for line in lines
    )
    left = (width - label_width - widest) // 2
    y = top + max(0, (bottom - top - needed) // 2)
    # Play keeps the place the longest variant needs, so that it stays under the mouse whatever the
    # mode; the rows follow each other without the empty lines another variant would need. A choice
    # changes only the rows below its own (they change their choices anyway): the row clicked, and every
    # row above it, stay under the mouse.
    play_top = y + sum(slot_lines) * row_height + len(rows) * gap
    result: list[tuple[Button, ...]] = []
    for row in rows:
        widths, lines = _flowed_choices(row, font, padding, room)
        row_buttons = []
        for number, line in enumerate(lines):
            area = Rect(left + label_width, y + number * row_height, widest, row_height)
            rects = buttons_in_row([widths[j] for j in line], row_height - 4, area, align="left", gap=GAP)
            for choice, rect in zip(line, rects, strict=True):
                action = f"{row.key}:{choice}"
                text = row.choices[choice][1]
                selected = choice == row.selected
                row_buttons.append(Button(action, text, rect, enabled=row.enabled, selected=selected))
        y += len(lines) * row_height + gap
        result.append(tuple(row_buttons))
    starts_area = Rect(0, play_top + int(row_height * 0.3), width, int(row_height * 1.3))
    starts, start_font_size = _start_buttons(fonts, starts_area, font_size, unfinished)
    labels = tuple((row.label, row.enabled) for row in rows)
    return StartLayout(size, labels, tuple(result), starts, font_size, start_font_size)


def _start_buttons(
    fonts: Fonts, area: Rect, font_size: int, unfinished: bool
) -> tuple[tuple[Button, ...], int]:
    """Play, or Continue and New game (``unfinished``), then Puzzles, Learn and Rating, side by side in
    ``area``, and their text's size: a quarter larger than the choices' (``font_size``), and bold."""
    if unfinished:
        starts = [(CONTINUE, _("Continue")), (PLAY, _("New game"))]
    else:
        starts = [(PLAY, _("Play"))]
    starts.append((PUZZLES, _("Puzzles")))
    starts.append((LEARN, learn_label()))
    # Translators: the start screen's button to the rating and statistics screen.
    starts.append((STATS, _("Rating")))
    widths, gap, start_font_size = _start_widths(fonts, [label for _, label in starts], area, font_size)
    rects = buttons_in_row(widths, area.height, area, gap=gap)
    buttons = tuple(Button(action, label, rect) for (action, label), rect in zip(starts, rects, strict=True))
    return buttons, start_font_size


def _start_widths(fonts: Fonts, labels: list[str], area: Rect, font_size: int) -> tuple[list[int], int, int]:
    """The start buttons' widths, the gap between them and their text's size: as wide as a comfortable
    button each, all alike, where every label fits so; in a row too narrow for that (five buttons in the
    smallest window, long words), each as wide as its label with the room left shared out, the text
    smaller if even that does not fit (down to the smallest size)."""
    count = len(labels)
    size = int(font_size * 1.25)
    room = (area.width - 2 * GAP - 3 * GAP * (count - 1)) // count
    alike = min(max(150, int(area.width * 0.18)), room)
    font = fonts.get(size, bold=True)
    if all(font.size(label)[0] + 16 <= alike for label in labels):
        return [alike] * count, 3 * GAP, size
    room = area.width - 2 * EDGE - GAP * (count - 1)
    while True:
        font = fonts.get(size, bold=True)
        natural = [font.size(label)[0] + 24 for label in labels]
        if sum(natural) <= room or size <= MIN_TEXT:
            break
        size -= 1
    spare = max(0, room - sum(natural)) // count
    return [width + spare for width in natural], GAP, size
