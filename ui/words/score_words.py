"""A value in words, the one wording of the game: the status line, the analysis, the hint and the review all
say a score this way, naming the player it favours (never "you" or "the mover").

Scores follow :mod:`ai.score`: from the point of view of one side (``side``), proven wins and losses beyond
``PROVEN``, heuristic estimates inside ``HEURISTIC_LIMIT``.

The heuristic scale comes from :mod:`ai.heuristic.evaluate`: a stone in the centre column is worth 6, an
open threat (an empty cell that would complete a line) 30, or 70 on a row where it is likely to decide the
game; a threat that wins next move, or two the opponent cannot both block, score near ``HEURISTIC_LIMIT``.
So below 20 nothing much separates the sides ("even"), one good threat is "better", several are "much
better", and beyond 10,000 the search has seen a threat that cannot be parried but not yet played it out
("winning"). The analysis bars use the same bands, so a bar reaching a tick mark means the same as the word.
"""

from __future__ import annotations

from ai.score import Score
from game.language import _, ngettext, number

#: Estimates below this (in absolute value) are "even".
EVEN_BELOW = 20
#: Estimates from EVEN_BELOW up to this are "better"; beyond, "much better".
BETTER_BELOW = 90
#: Estimates from here on are "winning": an unstoppable threat seen, not yet proven.
WINNING_FROM = 10_000


def outlook(score: Score, side: str, other: str) -> str:
    """``score`` (from ``side``'s point of view) as a person says it, naming who is ahead.

    Proven: ``"Red wins in 7"`` (7 of Red's own moves, counting the one about to be played),
    ``"Yellow wins next move"``, ``"draw"``. Estimated: ``"even"``, ``"Red is better"``,
    ``"Red is much better"``, ``"Red is winning"`` (the search sees a threat that cannot be parried).
    """
    if score.is_win or score.is_loss:
        winner = side if score.is_win else other
        moves = score.moves_to_end
        if moves == 1:
            return _("{winner} wins next move").format(winner=winner)
        # Translators: {moves} counts the winner's own moves, the one about to be played included.
        return ngettext("{winner} wins in {moves}", "{winner} wins in {moves}", moves).format(
            winner=winner, moves=moves
        )
    if score.is_draw:
        # Translators: the value of a position (lower case, as it may follow other words).
        return _("draw")
    size = abs(score.value)
    if size < EVEN_BELOW:
        # Translators: the value of a position: neither side is ahead.
        return _("even")
    leader = side if score.value > 0 else other
    if size < BETTER_BELOW:
        return _("{leader} is better").format(leader=leader)
    if size < WINNING_FROM:
        return _("{leader} is much better").format(leader=leader)
    return _("{leader} is winning").format(leader=leader)


def own_moves(score: Score, side: str, other: str) -> str:
    """What :func:`outlook`'s "wins in N" counts, for the line under it: ``"in 7 of Red's own moves"`` for
    a win in 7 (the winner's moves only, not both players'); "" where the outlook names no count (a win
    next move, a draw, an estimate in words)."""
    if not (score.is_win or score.is_loss) or score.moves_to_end <= 1:
        return ""
    winner = side if score.is_win else other
    moves = score.moves_to_end
    # Translators: says what "Red wins in 7" counts, on the line under it: only the winner's own moves.
    return ngettext("in {moves} of {winner}'s own moves", "in {moves} of {winner}'s own moves", moves).format(
        moves=moves, winner=winner
    )


def estimate(score: Score, side: str, other: str) -> str:
    """A heuristic score (from ``side``'s point of view) as a number for the side it favours: ``"estimate:
    Red ahead by 42 points"``; ``"estimate: level"`` at 0.

    The help card explains the number; it is shown beside the words, for those who want it.
    """
    if score.value == 0:
        # Translators: a heuristic estimate that favours neither side.
        return _("estimate: level")
    size = abs(score.value)
    # Translators: a heuristic estimate: the side it favours and by how many of the evaluation's points.
    ahead = ngettext(
        "estimate: {side} ahead by {value} point", "estimate: {side} ahead by {value} points", size
    )
    return ahead.format(side=side if score.value > 0 else other, value=number(size))
