"""The Learn trainer's picture of the tree drawn over the board's place: the branches listed on the left (the
one clicked on highlighted), a small board of its leaf on the right, a title above and the keys below. Its
rows are laid out once per frame by :func:`map_layout`, for both drawing and clicks."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from ui.kit.layout import clamp
from ui.kit.widgets import draw_text, fitting_font, line_height
from ui.state.play.learn_map import LearnMap
from ui.theme import MIN_TEXT, Fonts, Theme
from ui.words.learn_words import map_hint, map_row_text, map_title


@dataclass(frozen=True)
class MapLayout:
    """Where the picture goes: the panel, its title's and hint's lines, each row shown (by its index) and the
    small board."""

    panel: Rect
    title: Rect
    hint: Rect
    rows: tuple[tuple[int, Rect], ...]
    board: Rect
    row_size: int


def map_layout(area: Rect, learn_map: LearnMap, fonts: Fonts) -> MapLayout:
    """The picture of ``learn_map`` in ``area`` (the board's place), showing rows from its ``top`` on."""
    panel = area.inflate(-8, -8)
    size = int(clamp(panel.height * 0.04, MIN_TEXT, 18))
    line = line_height(fonts.get(size)) + 4
    title = Rect(panel.left + 10, panel.top + 6, panel.width - 20, line_height(fonts.get(size + 2, True)))
    hint = Rect(panel.left + 10, panel.bottom - line - 2, panel.width - 20, line)
    board_width = min(int(panel.width * 0.36), int((hint.top - title.bottom - 12) * 7 / 6))
    board = Rect(0, 0, board_width, board_width * 6 // 7)
    board.topright = (panel.right - 10, title.bottom + 10)
    listed = Rect(
        panel.left + 10, title.bottom + 8, board.left - panel.left - 24, hint.top - title.bottom - 12
    )
    shown = max(1, listed.height // line)
    learn_map.scroll(0, shown)
    rows = tuple(
        (index, Rect(listed.left, listed.top + (index - learn_map.top) * line, listed.width, line))
        for index in range(learn_map.top, min(len(learn_map.rows), learn_map.top + shown))
    )
    return MapLayout(panel, title, hint, rows, board, size)


def row_at(layout: MapLayout, position: tuple[int, int]) -> int | None:
    """The row under ``position``, if any."""
    return next((index for index, rect in layout.rows if rect.collidepoint(position)), None)


def draw_map(
    surface: pygame.Surface, layout: MapLayout, learn_map: LearnMap, theme: Theme, fonts: Fonts
) -> None:
    pygame.draw.rect(surface, theme.panel, layout.panel, border_radius=10)
    pygame.draw.rect(surface, theme.panel_border, layout.panel, width=1, border_radius=10)
    title = map_title(learn_map)
    title_font = fitting_font(fonts, title, layout.row_size + 2, layout.title.width, bold=True)
    draw_text(surface, title, title_font, theme.text, layout.title, midleft=layout.title.midleft)
    hint = map_hint()
    hint_font = fitting_font(fonts, hint, layout.row_size, layout.hint.width)
    draw_text(surface, hint, hint_font, theme.text_muted, layout.hint, midleft=layout.hint.midleft)
    for index, rect in layout.rows:
        text = map_row_text(learn_map, learn_map.rows[index])
        chosen = index == learn_map.selected
        if chosen:
            pygame.draw.rect(surface, theme.button_selected, rect, border_radius=6)
        font = fitting_font(fonts, text, layout.row_size, rect.width - 12)
        colour = theme.button_selected_text if chosen else theme.text
        draw_text(surface, text, font, colour, rect.inflate(-12, 0), midleft=(rect.left + 6, rect.centery))
    _draw_board(surface, layout.board, learn_map, theme)


def _draw_board(surface: pygame.Surface, rect: Rect, learn_map: LearnMap, theme: Theme) -> None:
    """The selected branch's leaf as a small board: its stones, the board's blue, no marks."""
    game = learn_map.board()
    pygame.draw.rect(surface, theme.board, rect, border_radius=6)
    cell = rect.width // game.width
    radius = max(2, int(cell * 0.4))
    for row, line in enumerate(game.cells()):
        for column, piece in enumerate(line):
            centre = (rect.left + column * cell + cell // 2, rect.top + row * cell + cell // 2)
            colour = theme.cell if piece is None else theme.discs[piece]
            pygame.draw.circle(surface, colour, centre, radius)
