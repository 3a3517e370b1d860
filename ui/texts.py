"""How the engine's numbers are said to a person: values in words, short labels, the bars' scale, statistics,
and the play screen's lines about a running search built from them.

Pure functions of plain values (no pygame, no scene), so each wording is tested on its own. Scores follow
:mod:`ai.score`: from the point of view of one side (``side``), proven wins and losses beyond ``PROVEN``,
heuristic estimates inside ``HEURISTIC_LIMIT``.

The heuristic scale comes from :mod:`ai.evaluate`: a stone in the centre column is worth 6, an open threat (an
empty cell that would complete a line) 30, or 70 on a row where it is likely to decide the game; a threat that
wins next move, or two the opponent cannot both block, score near ``HEURISTIC_LIMIT``. So below 20 nothing
much separates the sides ("even"), one good threat is "better", several are "much better", and beyond 10,000
the search has seen a threat that cannot be parried but not yet played it out ("winning"). The analysis bars
use the same bands, so a bar reaching a tick mark means the same as the word.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ai.score import HEURISTIC_LIMIT, is_proven_loss, is_proven_win, moves_to_end
from ui.session import Thinking

#: Estimates below this (in absolute value) are "even".
EVEN_BELOW = 20
#: Estimates from EVEN_BELOW up to this are "better"; beyond, "much better".
BETTER_BELOW = 90
#: Estimates from here on are "winning": an unstoppable threat seen, not yet proven.
WINNING_FROM = 10_000
#: Where the bands' edges sit on a bar that runs from -1 (lost) to 1 (won): the bars' tick marks.
TICKS = (0.2, 0.55, 0.85)


def outlook(score: int, exact: bool, side: str, other: str) -> str:
    """``score`` (from ``side``'s point of view) as a person says it, naming who is ahead.

    Proven: ``"Red wins in 7"`` (7 of Red's own moves, counting the one about to be played),
    ``"Yellow wins next move"``, ``"draw"``. Estimated: ``"even"``, ``"Red is better"``,
    ``"Red is much better"``, ``"Red is winning"`` (the search sees a threat that cannot be parried).
    """
    if is_proven_win(score) or is_proven_loss(score):
        winner = side if score > 0 else other
        moves = moves_to_end(score)
        return f"{winner} wins next move" if moves == 1 else f"{winner} wins in {moves}"
    if exact and score == 0:
        return "draw"
    size = abs(score)
    if size < EVEN_BELOW:
        return "even"
    leader = side if score > 0 else other
    if size < BETTER_BELOW:
        return f"{leader} is better"
    if size < WINNING_FROM:
        return f"{leader} is much better"
    return f"{leader} is winning"


def estimate(score: int, side: str, other: str) -> str:
    """A heuristic score as a number for the side it favours: ``"Red +42"``; ``"0"`` when level.

    The help card explains the number; it is shown beside the words, for those who want it.
    """
    if score == 0:
        return "0"
    return f"{side if score > 0 else other} +{abs(score)}"


def short_label(score: int, exact: bool) -> str | None:
    """The value of a move, from the mover's side, in a few characters for a column of the analysis row:
    ``"W7"`` (wins in 7 of the mover's moves), ``"L1"`` (the opponent wins with its next move), ``"="``
    (draw); None for an estimate, which is drawn as a bar instead."""
    if is_proven_win(score):
        return f"W{moves_to_end(score)}"
    if is_proven_loss(score):
        return f"L{moves_to_end(score)}"
    if exact and score == 0:
        return "="
    return None


def legend(labels: Iterable[str | None], mover: str, other: str) -> str:
    """What the analysis row's labels mean, for the kinds shown (``None`` stands for a bar, whose direction
    is told), each explained with one of the labels shown: ``"W6: Yellow wins in 6 · L1: Red wins in 1"``."""
    shown = list(labels)
    wins = sorted((label for label in shown if label and label[0] == "W"), key=lambda label: int(label[1:]))
    losses = sorted((label for label in shown if label and label[0] == "L"), key=lambda label: int(label[1:]))
    parts = []
    if wins:
        parts.append(f"{wins[0]}: {mover} wins in {wins[0][1:]}")
    if losses:
        parts.append(f"{losses[0]}: {other} wins in {losses[0][1:]}")
    if "=" in shown:
        parts.append("=: draw")
    if None in shown:
        parts.append("bars: estimate in the colour of the side it favours")
    return "  \u00b7  ".join(parts)


def lean(score: int, exact: bool) -> float:
    """Where a value sits on a bar from -1 (lost) through 0 (even) to 1 (won), the bands of :func:`outlook`
    ending at :data:`TICKS`; proven results are the ends, estimates never reach them."""
    if is_proven_win(score):
        return 1.0
    if is_proven_loss(score):
        return -1.0
    size = abs(score)
    even, better, much = TICKS
    if size < EVEN_BELOW:
        reach = even * size / EVEN_BELOW
    elif size < BETTER_BELOW:
        reach = even + (better - even) * (size - EVEN_BELOW) / (BETTER_BELOW - EVEN_BELOW)
    elif size < WINNING_FROM:
        # Logarithmic: 100 and 1,000 are both "much better", but 1,000 is clearly more.
        share = math.log(size / BETTER_BELOW) / math.log(WINNING_FROM / BETTER_BELOW)
        reach = better + (much - better) * share
    else:
        top = math.log(HEURISTIC_LIMIT / WINNING_FROM)
        reach = much + (0.95 - much) * min(1.0, math.log(size / WINNING_FROM) / top)
    return math.copysign(reach, score) if score else 0.0


def count(number: int, noun: str) -> str:
    """``"1 move"``, ``"2 moves"``, ``"1,024 positions"``."""
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"


def statistics(depth: int, nodes: int, seconds: float) -> str:
    """``"depth 11 · 36,758 positions · 2.5 s"``; without the count and the time when the depth needed no
    search at all (every move ended the game, or was already proven)."""
    if nodes <= 0:
        return f"depth {depth}"
    return f"depth {depth}  \u00b7  {count(nodes, 'position')}  \u00b7  {seconds:.1f} s"


# --- the play screen's lines about a running search ---------------------------------------------------------
# ``names`` are the players' names by player number (("Red", "Yellow")); ``line`` is the principal variation
# already in the game's notation ("4 4 3"). Each returns its parts most important first, so a narrow window
# can drop the last ones.


def _sides(thinking: Thinking, names: tuple[str, str]) -> tuple[str, str]:
    """The name of the player the search's scores are for (the side to move), then the other's."""
    return names[thinking.player], names[1 - thinking.player]


def search_status(who: str, thinking: Thinking | None, names: tuple[str, str]) -> str:
    """The status line while ``who`` ("Computer", "Red (depth 4)") thinks: ``"Computer is thinking: Red is
    better"``, or only ``"Computer is thinking..."`` until the first depth is complete."""
    if thinking is None or thinking.depth is None:
        return f"{who} is thinking..."
    return f"{who} is thinking: {outlook(thinking.score, thinking.exact, *_sides(thinking, names))}"


def search_detail(thinking: Thinking, names: tuple[str, str], line: str) -> list[str]:
    """The small line under a think: the statistics (ticking between depths), the estimate as a number
    where the value is not proven, and the line the search expects."""
    parts = [_statistics(thinking)]
    if thinking.depth is not None and short_label(thinking.score, thinking.exact) is None:
        parts.append(estimate(thinking.score, *_sides(thinking, names)))
    if line:
        parts.append(f"best line: {line}")
    return [part for part in parts if part]


def ponder_detail(thinking: Thinking) -> list[str]:
    """The small line while the computer thinks on the human's time (its opinion is not given away)."""
    return [f"Pondering on your time: {_statistics(thinking) or 'starting'}"]


def analysis_detail(
    thinking: Thinking | None,
    names: tuple[str, str],
    line: str,
    labels: list[str | None],
    hovered: tuple[str, int, bool] | None = None,
) -> list[str]:
    """The small line under the analysis overlay: the value of the position (or, with ``hovered`` = (the
    move's name, its score, exact), of the move under the pointer) in words, the legend of the ``labels``
    shown, the expected line and the statistics."""
    if thinking is None:
        return ["Analysis: no search runs here"]
    mover, other = _sides(thinking, names)
    if hovered is not None:
        name, score, exact = hovered
        headline = f"{name[:1].upper()}{name[1:]}: {outlook(score, exact, mover, other)}"
    elif thinking.depth is None:
        headline = f"Analysis for {mover}: searching..."
    else:
        headline = f"Analysis: {outlook(thinking.score, thinking.exact, mover, other)}"
    parts = [headline, legend(labels, mover, other)]
    if line and thinking.depth is not None:
        parts.append(f"best line: {line}")
    parts.append(_statistics(thinking))
    return [part for part in parts if part]


def _statistics(thinking: Thinking) -> str:
    if thinking.depth is None:
        if thinking.nodes <= 0:
            return ""
        return f"{count(thinking.nodes, 'position')}  \u00b7  {thinking.seconds:.1f} s"
    return statistics(thinking.depth, thinking.nodes, thinking.seconds)
