"""The reason's cells on the board: while the status area tells why a move is worth what it is, the board
shows its coordinates (columns a, b, ... under it, rows 1, 2, ... beside it), rings each cell the reason names
with the cell's name in it, and numbers a road's stones in turn, each in its player's colour (after the
move the road follows, ringed, where that move is not on the board yet)."""

from __future__ import annotations

import pygame
from pygame import Rect

from ui.kit.layout import PlayLayout
from ui.kit.widgets import draw_text, filled_circle, fitting_font
from ui.theme import Colour, Fonts, Theme
from ui.words.claim_words import COLUMN_LETTERS, cell_name
from ui.words.why_words import ReasonMarks


def draw_coordinates(
    surface: pygame.Surface, layout: PlayLayout, theme: Theme, fonts: Fonts, letters: bool
) -> None:
    """The rows' numbers left of the board (where the window leaves room) and, with ``letters``, the
    columns' letters under it, in the analysis row (which the overlay uses when it shows)."""
    size = max(10, min(int(layout.cell * 0.3), 18))
    font = fonts.get(size, bold=True)
    room = layout.frame.left
    if room >= font.size("6")[0] + 6:
        for row in range(layout.rows):
            centre = layout.centre_of((0, row))
            box = Rect(0, centre[1] - layout.cell // 2, room - 2, layout.cell)
            draw_text(surface, str(row + 1), font, theme.text_muted, box, midright=(room - 4, centre[1]))
    if letters and layout.analysis.height:
        for column in range(layout.columns):
            box = Rect(
                layout.grid.left + column * layout.cell,
                layout.analysis.top,
                layout.cell,
                layout.analysis.height,
            )
            draw_text(surface, COLUMN_LETTERS[column], font, theme.text_muted, box, center=box.center)


def draw_reason_marks(
    surface: pygame.Surface,
    layout: PlayLayout,
    theme: Theme,
    fonts: Fonts,
    marks: ReasonMarks,
    colours: tuple[Colour, Colour],
) -> None:
    """Numbers the road's stones (translucent discs of their players' colours) after the stone of the move
    it follows where that is not on the board (ringed, unnumbered), and rings the named cells, each with its
    name."""
    cell = layout.cell
    if marks.move is not None and 0 <= marks.move[1] < layout.rows:
        centre = layout.centre_of(marks.move)
        filled_circle(surface, (*colours[1 - marks.line_player], 150), centre, cell * 0.36)
        pygame.draw.circle(surface, theme.focus_ring, centre, int(cell * 0.44), width=max(3, cell // 12))
    for index, (column, row) in enumerate(marks.line):
        if not 0 <= row < layout.rows:
            continue
        centre = layout.centre_of((column, row))
        player = (marks.line_player + index) % 2
        filled_circle(surface, (*colours[player], 150), centre, cell * 0.36)
        label = str(index + 1)
        font = fitting_font(fonts, label, int(cell * 0.34), int(cell * 0.6), bold=True)
        draw_text(surface, label, font, theme.text, layout.square_of((column, row)), center=centre)
    for column, row in marks.cells:
        if not 0 <= row < layout.rows:
            continue
        centre = layout.centre_of((column, row))
        pygame.draw.circle(surface, theme.focus_ring, centre, int(cell * 0.44), width=max(3, cell // 12))
        if (column, row) in marks.line:
            continue  # the stone's number is there
        name = cell_name((column, row))
        font = fitting_font(fonts, name, int(cell * 0.26), int(cell * 0.62), bold=True)
        draw_text(
            surface,
            name,
            font,
            theme.focus_ring,
            layout.square_of((column, row)),
            center=centre,
        )
