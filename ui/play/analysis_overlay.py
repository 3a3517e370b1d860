"""The analysis overlay: the value of every legal move, a short label where the search proved it, else a bar.

Values come from the latest Progress of the position on the board (the ``move_scores`` of
:attr:`ui.state.board.followed_search.FollowedSearch.result`): pondering and analysis value every move of the
human's position, depth after depth, and the max level's exact solver values every move of the computer's; a
move's value that any search of the position proved stays as proven (:class:`ui.state.board.proven.Proven`). A
proven value names its winner the same way whoever is to move: that player's own mark (the piece's colour and
shape, as on the board) and the number of that player's moves to the win, ``7`` (see
:func:`ui.words.search_texts.short_label`), or ``=`` for a draw; the play screen's detail line explains
the labels shown (:func:`ui.words.search_texts.legend`) and names the value of the move under the
pointer in full words. An estimate is a bar from the middle in the colour of the side it favours, pointing to
that side's end (right: the first player, left: the second, whoever is to move) on a track whose tick marks
are the edges of the words' bands ("even", "better", "much better", "winning"; see
:mod:`ui.words.score_words`), so bars can be compared across positions.

Connect Four shows the values in a row under the board, one per column (the layout keeps that row whether or
not the overlay shows, so the board never moves); Tic-tac-toe in the empty cells.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
from pygame import Rect

from game.language import _
from ui.kit.layout import PlayLayout
from ui.kit.widgets import draw_text, fitting_font, shortened
from ui.play.board_view import MarkPainter
from ui.state.board.followed_search import FollowedSearch
from ui.state.board.proven import Proven
from ui.theme import Colour, Fonts, Theme
from ui.words.search_texts import TICKS, MoveValue, move_values


def mix(colour: Colour, other: Colour, share: float) -> Colour:
    """``colour`` with ``share`` (0 to 1) of ``other`` mixed in: a tint that shows on any background."""
    red, green, blue = (round(a + (b - a) * share) for a, b in zip(colour, other, strict=True))
    return red, green, blue


def value_box(layout: PlayLayout, move: int) -> Rect:
    """Where the value of ``move`` goes: its column's box in the row under a Connect Four board, or the lower
    part of its Tic-tac-toe cell."""
    cell = layout.cell
    if layout.gravity:
        box = Rect(layout.grid.left + move * cell, layout.analysis.top, cell, layout.analysis.height)
    else:
        row, column = divmod(move, layout.columns)
        square = layout.cell_rect(row, column)
        box = Rect(square.left, square.top + int(cell * 0.6), cell, int(cell * 0.3))
    return box.inflate(-4, -2)


def fitted_label(fonts: Fonts, label: str, box: Rect, mark: bool) -> tuple[str, pygame.font.Font]:
    """The label and its font for ``box`` (with room for a winner's ``mark`` before it, about one character
    wide): as large as the box allows; in a box too small for it all (a tiny window), shortened with an
    ellipsis, the detail line telling the rest (a first digit alone would name another number); in a box
    too narrow even for the ellipsis, below the smallest window, its first character."""
    room = int(box.width * (0.62 if mark else 1.0))
    size = min(int(box.height * 0.6), int(box.width * 0.42))
    font = fitting_font(fonts, label, size, room, bold=True)
    shown = shortened(font, label, room)
    if font.size(shown)[0] > box.width:
        shown = label[0]
    return shown, font


def draw_value(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    value: MoveValue,
    box: Rect,
    colours: tuple[Colour, Colour] = ((0, 0, 0), (0, 0, 0)),
    mark: MarkPainter | None = None,
) -> None:
    """One move's value centred in ``box``: the winner's mark and its label, or a bar on a scale.
    ``colours`` are the colours of the sides a positive and a negative ``lean`` favour (drawn to the right
    and to the left): a bar takes the colour of the side it favours, so that its colour and direction say who
    is better and its length how much. ``mark`` draws a player's mark
    (without one, the label is drawn alone)."""
    if value.label is not None:
        named = value.winner is not None and mark is not None
        label, font = fitted_label(fonts, value.label, box, named)
        width, height = font.size(label)
        radius = height * 0.42
        gap = height * 0.15 if named else 0
        total = width + (2 * radius + gap if named else 0)
        left = max(box.left, box.centerx - total / 2)
        if value.best:
            ring = Rect(0, 0, max(int(total + height), int(box.width * 0.7)), int(height * 1.25))
            ring.center = box.center
            ring = ring.clip(box)
            pygame.draw.rect(surface, theme.text, ring, width=2, border_radius=ring.height // 2)
        if named:
            assert mark is not None and value.winner is not None
            mark(surface, value.winner, (left + radius, box.centery), radius)
            left += 2 * radius + gap
        colour = theme.text if value.winner is not None else theme.text_muted
        # The label keeps to its own column (or cell), right of the mark: neighbours' labels never meet.
        room = Rect(round(left), box.top, box.right - round(left), box.height)
        draw_text(surface, label, font, colour, room, midleft=(round(left), box.centery))
        return
    track = Rect(0, 0, max(12, int(box.width * 0.86)), max(5, min(int(box.height * 0.3), 12)))
    track.centerx, track.top = box.centerx, box.top + max(2, (box.height - track.height) // 3)
    half = track.width / 2
    pygame.draw.rect(surface, mix(theme.text_muted, theme.background, 0.7), track, border_radius=2)
    reach = round(value.lean * half)
    if reach:
        bar = Rect(track.centerx + min(0, reach), track.top, abs(reach), track.height)
        pygame.draw.rect(surface, colours[0] if reach > 0 else colours[1], bar, border_radius=2)
    # The scale under the track: the middle (even) tallest, then the bands' edges (better, much better,
    # winning), like the marks of a ruler.
    middle = track.centerx
    pygame.draw.line(surface, theme.text, (middle, track.top - 3), (middle, track.bottom + 5), 2)
    for tick in TICKS:
        for side in (-1, 1):
            x = round(middle + side * tick * half)
            pygame.draw.line(surface, theme.text_muted, (x, track.bottom + 1), (x, track.bottom + 4))
    if value.best:
        pygame.draw.rect(surface, theme.text, track.inflate(6, 6), width=1, border_radius=4)


def draw_overlay(
    surface: pygame.Surface,
    layout: PlayLayout,
    theme: Theme,
    fonts: Fonts,
    thinking: FollowedSearch | None,
    legal: list[int],
    proven: Proven | None = None,
    colours: tuple[Colour, Colour] = ((0, 0, 0), (0, 0, 0)),
    mark: MarkPainter | None = None,
) -> None:
    """The values of the ``legal`` moves: under the columns (Connect Four) or in the empty cells, each one
    ``proven`` has (what any search proved of the position) as proven, whatever the running search estimates;
    ``colours`` are the pieces' colours of players 0 and 1, ``mark`` draws a player's mark (see
    :func:`draw_value`).

    Before the search has valued every move (or where it values only the best one: the computer's search at
    a fixed depth, or the max level proving the one move it plays), a Connect Four board says so in its row
    rather than showing a lone value.
    """
    values = {value.move: value for value in move_values(thinking, proven)}
    if thinking is not None and not thinking.pondering and any(move not in values for move in legal):
        values = {}
    if layout.gravity and thinking is not None and not values:
        note = _("searching...") if thinking.pondering else _("the values of every move come on your turn")
        font = fonts.get(max(10, min(int(layout.analysis.height * 0.38), 18)))
        draw_text(surface, note, font, theme.text_muted, layout.analysis, center=layout.analysis.center)
        return
    # Bars point to the side they favour, the first player's to the right: a value leans the same way
    # whoever is to move.
    mover = 0 if thinking is None else thinking.player
    for move in legal:
        if move in values:
            value = values[move] if mover == 0 else replace(values[move], lean=-values[move].lean)
            draw_value(surface, theme, fonts, value, value_box(layout, move), colours, mark)
