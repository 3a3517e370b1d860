"""Drawing the game review: the strip of marks and the labels of the move shown.

The strip has one slot per move. Its bar tells the game's value after that move: up from the middle line in
the first player's colour when the first player wins, down in the second player's colour when the second
does, a flat stub for a draw. The faster the win, the longer the bar. An estimate (a board too large to solve
in time) is a bar outline; a move not yet worked out is a dot. Above the bars, ``?`` marks a mistake and
``??`` a blunder. The slot of the move shown is highlighted.

On the board, the labels under the columns (or in the cells) name the best move(s) and the move played.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from ai.contracts import MoveReview, Verdict
from game.language import N_, _
from ui.kit.layout import PlayLayout
from ui.kit.widgets import draw_text, fitting_font
from ui.play.analysis_overlay import mix, value_box
from ui.state.review.game_review import GameReview
from ui.theme import MIN_TEXT, Colour, Fonts, Theme

#: The widest slot, in pixels: a short game does not get huge bars.
SLOT_MAX = 30
#: A heuristic value worth a full bar (proven results always get one).
ESTIMATE_FULL = 600
#: The signs of the moves that changed the result.
SIGNS = {Verdict.MISTAKE: "?", Verdict.BLUNDER: "??"}
#: The label of the move played under the board, by verdict (an estimate has none).
# Translators: "best" and "ok" are labels under a column of the board in the review: keep them short.
PLAYED_LABELS = {
    Verdict.BEST: N_("best"),
    Verdict.KEPT: N_("ok"),
    Verdict.MISTAKE: "?",
    Verdict.BLUNDER: "??",
}


@dataclass(frozen=True)
class ReviewStrip:
    """What the review shows, as plain values: how many moves the game has, its board's cell count, the marks
    worked out so far (by ply, in order), the move shown (``cursor``) and whether "show me"'s best line shows
    (then the labels under the board, which are of the move shown, do not)."""

    count: int
    cells: int
    marks: tuple[tuple[int, MoveReview], ...]
    cursor: int
    line_shown: bool

    def mark(self, ply: int) -> MoveReview | None:
        return next((mark for at, mark in self.marks if at == ply), None)

    def shown(self) -> MoveReview | None:
        """The mark of the move shown, None while it is being worked out."""
        return self.mark(self.cursor)


def review_strip(review: GameReview) -> ReviewStrip:
    """The picture of ``review`` as it stands."""
    marks = tuple(sorted(review.marks.items()))
    cells = review.game.width * review.game.height
    return ReviewStrip(len(review.moves), cells, marks, review.cursor, review.line is not None)


def slots(area: Rect, count: int) -> list[Rect]:
    """One rectangle per move across ``area``, centred when the moves do not fill it."""
    if count == 0:
        return []
    width = min(SLOT_MAX, area.width / count)
    left = area.centerx - width * count / 2
    return [
        Rect(round(left + index * width), area.top, max(1, round(width)), area.height)
        for index in range(count)
    ]


def slot_at(area: Rect, count: int, position: tuple[int, int]) -> int | None:
    """The move (counted from 1) whose slot is under ``position``, or None."""
    for ply, rect in enumerate(slots(area, count), start=1):
        if rect.collidepoint(position):
            return ply
    return None


def _decisiveness(mark: MoveReview, cells: int) -> int:
    """For a proven result, how early the game is decided: the winner's stones left unplayed, negative when
    the mover loses, 0 a draw (the benchmark's measure, so bars of different moves compare)."""
    return mark.played.benchmark(mark.ply - 1, cells)


def _lean(mark: MoveReview, strongest: int, cells: int) -> float:
    """The bar of ``mark`` from -1 (the second player wins fastest) to 1 (the first player does)."""
    side = 1 if mark.mover == 0 else -1
    if mark.exact:
        decisive = _decisiveness(mark, cells)
        if decisive == 0:
            return 0.0
        return side * (1 if decisive > 0 else -1) * (0.6 + 0.4 * abs(decisive) / strongest)
    played = mark.played
    if played.is_win or played.is_loss:
        return side * float(played.result)
    return side * max(-1.0, min(1.0, played.value / ESTIMATE_FULL))


def draw_strip(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    area: Rect,
    review: ReviewStrip,
    colours: tuple[Colour, Colour],
) -> None:
    """The strip of marks of ``review`` in ``area``; ``colours`` are the players' piece colours."""
    count = review.count
    # The band of signs above the bars is at least one line of the smallest letters high.
    signs_height = max(fonts.get(MIN_TEXT, bold=True).get_height(), area.height // 4)
    graph = Rect(area.left, area.top + signs_height, area.width, area.height - signs_height)
    middle = graph.centery
    half = graph.height / 2 - 2
    rects = slots(graph, count)
    if rects:
        line = Rect(rects[0].left, middle, rects[-1].right - rects[0].left, 1)
        pygame.draw.rect(surface, mix(theme.text_muted, theme.background, 0.5), line)
    cells = review.cells
    marks = [mark for _ply, mark in review.marks]
    strongest = max((abs(_decisiveness(mark, cells)) for mark in marks if mark.exact), default=1) or 1
    sign_font = fonts.get(min(signs_height * 5 // 6, 18), bold=True)
    for ply, rect in enumerate(rects, start=1):
        if ply == review.cursor:
            highlight = Rect(rect.left, area.top, rect.width, area.height)
            pygame.draw.rect(
                surface, mix(theme.text_muted, theme.background, 0.7), highlight, border_radius=3
            )
        bar_width = max(1, rect.width - max(1, rect.width // 4))
        mark = review.mark(ply)
        if mark is None:
            radius = max(1, min(3, bar_width // 3))
            pygame.draw.circle(surface, theme.text_muted, (rect.centerx, middle), radius)
            continue
        lean = _lean(mark, strongest, cells)
        if lean == 0:
            stub = Rect(0, 0, bar_width, 3)
            stub.center = (rect.centerx, middle)
            pygame.draw.rect(surface, theme.text_muted, stub)
        else:
            length = max(2, round(abs(lean) * half))
            bar = Rect(0, middle - length if lean > 0 else middle + 1, bar_width, length)
            bar.centerx = rect.centerx
            colour = colours[0] if lean > 0 else colours[1]
            pygame.draw.rect(surface, colour, bar, width=0 if mark.exact else max(1, bar_width // 6))
        sign = SIGNS.get(mark.verdict) if mark.verdict is not None else None
        if sign:
            # A sign may reach a little past its narrow slot, never down into the bars.
            room = Rect(rect.left - 3, area.top, rect.width + 6, signs_height)
            font = fitting_font(fonts, sign, sign_font.point_size, room.width, bold=True)
            draw_text(surface, sign, font, theme.warning, room, midtop=(rect.centerx, area.top))


def draw_move_labels(
    surface: pygame.Surface, layout: PlayLayout, theme: Theme, fonts: Fonts, review: ReviewStrip
) -> None:
    """Under the columns (or in the cells) of the position shown: "best" under the best moves, and under the
    move played its verdict in a ring."""
    mark = review.shown()
    if mark is None:
        return
    labels: dict[int, tuple[str, Colour]] = {move: (_("best"), theme.accent) for move in mark.best_moves}
    if mark.verdict is not None:
        bad = mark.verdict in SIGNS
        labels[mark.move] = (_(PLAYED_LABELS[mark.verdict]), theme.warning if bad else theme.accent)
    elif mark.move not in labels:
        # Translators: short for "estimate", under a column of the board in the review.
        labels[mark.move] = (_("est."), theme.text_muted)
    for move, (label, colour) in labels.items():
        box = value_box(layout, move)
        font = fitting_font(fonts, label, int(box.height * 0.55), box.width - 4, bold=True)
        text = draw_text(surface, label, font, colour, box.inflate(-4, 0), center=box.center)
        if move == mark.move:
            ring = text.inflate(max(8, text.height // 2), 4).clip(box)
            pygame.draw.rect(surface, colour, ring, width=2, border_radius=ring.height // 2)
