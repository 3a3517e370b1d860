"""The analysis overlay: the value of every legal move, in words where the search proved it, else a bar.

Values come from the latest Progress of the position on the board (:attr:`ui.session.Thinking.move_scores`):
pondering and analysis value every move of the human's position, depth after depth, and the max level's exact
solver values every move of the computer's. Each value is from the side to move: "win in 3" means playing that
move wins in three of the mover's own moves. Words come from :func:`ai.score.describe`, the same words the
status line and the command-line analyzer's users see; an unproven value is a heuristic lean, drawn as a bar
(left: worse, right: better) because its number means little to a person.

Connect Four shows the values in a row under the board, one per column; Tic-tac-toe in the empty cells. The
depth and the principal variation go in the play screen's detail line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame
from pygame import Rect

from ai.score import describe, is_proven_loss, is_proven_win
from ui.layout import PlayLayout
from ui.session import Thinking
from ui.theme import Colour, Fonts, Theme
from ui.widgets import draw_text, fitting_font

#: Heuristic scores of this size lean the bar about three quarters of the way (tanh(1) = 0.76).
BAR_SCALE = 300.0


@dataclass(frozen=True)
class MoveValue:
    """The value of ``move`` for the side to move.

    ``words`` is the proven result in words ("win in 3", "draw", "loses in 2"), None when only a heuristic value
    is known; ``lean`` runs from -1 (losing) to 1 (winning); ``best`` marks the moves of the highest score.
    """

    move: int
    words: str | None
    lean: float
    best: bool


def move_values(thinking: Thinking | None) -> list[MoveValue]:
    """The values of every move the search valued, in the order it gave them; empty when it gave none."""
    if thinking is None or not thinking.move_scores:
        return []
    top = max(score for _, score, _ in thinking.move_scores)
    values = []
    for move, score, exact in thinking.move_scores:
        won, lost = is_proven_win(score), is_proven_loss(score)
        if won or lost or (exact and score == 0):
            words, lean = describe(score, exact=True), (1.0 if won else -1.0 if lost else 0.0)
        else:
            words, lean = None, math.tanh(score / BAR_SCALE)
        values.append(MoveValue(move, words, lean, score == top))
    return values


def short_words(words: str) -> str:
    """``"win in 12"`` -> ``"W12"``, ``"loses in 3"`` -> ``"L3"``, ``"draw"`` -> ``"="``: for tiny cells."""
    if words == "draw":
        return "="
    if words == "wins now":
        return "W1"
    return ("W" if words.startswith("win") else "L") + words.rsplit(" ", 1)[-1]


def _colour(value: MoveValue, theme: Theme) -> Colour:
    if value.lean > 0:
        return theme.accent
    if value.lean < 0:
        return theme.warning
    return theme.text_muted


def draw_value(
    surface: pygame.Surface, theme: Theme, fonts: Fonts, value: MoveValue | None, box: Rect
) -> None:
    """One move's value centred in ``box``: its words, or a lean bar; an ellipsis while not yet known."""
    size = max(9, int(box.height * 0.42))
    if value is None:
        draw_text(surface, "\u2026", fonts.get(size), theme.text_muted, center=box.center)
        return
    if value.words is not None:
        text = value.words
        font = fitting_font(fonts, text, size, box.width - 4, bold=value.best, smallest=9)
        if font.size(text)[0] > box.width - 4:
            text = short_words(text)
            font = fonts.get(size, bold=value.best)
        draw_text(surface, text, font, _colour(value, theme), center=box.center)
        return
    # A bar from the middle: right and in the accent colour for a good move, left in the warning colour for a
    # bad one, on a faint track that shows where the middle is.
    track = Rect(0, 0, int(box.width * 0.8), max(4, box.height // 5))
    track.center = box.center
    pygame.draw.rect(surface, theme.panel_border, track, border_radius=track.height // 2)
    reach = round(value.lean * track.width / 2)
    bar = Rect(track.centerx + min(0, reach), track.top, max(2, abs(reach)), track.height)
    pygame.draw.rect(surface, _colour(value, theme), bar, border_radius=track.height // 2)
    pygame.draw.line(
        surface, theme.text_muted, (track.centerx, track.top - 3), (track.centerx, track.bottom + 2)
    )
    if value.best:
        pygame.draw.rect(surface, theme.text, track.inflate(4, 4), width=1, border_radius=track.height)


def draw_overlay(
    surface: pygame.Surface,
    layout: PlayLayout,
    theme: Theme,
    fonts: Fonts,
    thinking: Thinking | None,
    legal: list[int],
) -> None:
    """The values of the ``legal`` moves: under the columns (Connect Four) or in the empty cells."""
    values = {value.move: value for value in move_values(thinking)}
    cell = layout.cell
    for move in legal:
        if layout.gravity:
            box = Rect(layout.grid.left + move * cell, layout.analysis.top, cell, layout.analysis.height)
        else:
            row, column = divmod(move, layout.columns)
            square = layout.cell_rect(row, column)
            box = Rect(square.left, square.top + int(cell * 0.62), cell, int(cell * 0.3))
        draw_value(surface, theme, fonts, values.get(move), box)
