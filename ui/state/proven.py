"""What is proven about the position on the board, whichever search proved it (see :class:`Proven`).

A search's estimate changes with its depth; a proven value does not. So once any search proved the value of
the position, or of some of its moves, every line that speaks of the position says that value until the
position changes, whoever is thinking: the ponder's proofs of the human's moves become, once one of them is
played, the value of the computer's position; the computer's proven think becomes the value of the human's.
Scores follow :mod:`ai.score`. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ai.contracts import SearchResult
from ai.score import PROVEN, is_proven_loss, is_proven_win


def is_proven(score: int, exact: bool) -> bool:
    """The value is a proof: the search said so, or it found a forced win or loss."""
    return exact or is_proven_win(score) or is_proven_loss(score)


def to_child(score: int) -> int:
    """The inverse of :func:`ai.score.from_child`: the value of the position a move of value ``score`` (from
    its mover's side) leads to, from the opponent's side: negated, and a proven result one ply nearer."""
    child = -score
    if child > PROVEN:
        return child + 1
    if child < -PROVEN:
        return child - 1
    return child


@dataclass(frozen=True)
class Proven:
    """The proven values of the position ``position`` (its move string), from the side to move ``player``:
    the position's ``score`` (None until proven) and the ``move_scores`` of the moves proven so far (move:
    score, the value of playing it). ``told``: the position's value came from the computer's think, whose
    status line has said it already (so the ponder's line may repeat it without giving anything away)."""

    position: str
    player: int
    score: int | None = None
    move_scores: dict[int, int] = field(default_factory=dict)
    told: bool = False

    def learn(self, result: SearchResult) -> Proven:
        """This knowledge with what ``result`` (a search of this position, from ``player``'s side) proved: a
        proven result is the position's value (and its best move's); each proven move score is that move's.
        A newer proof replaces an older one; an estimate replaces nothing."""
        move_scores = dict(self.move_scores)
        move_scores.update(
            (move, score) for move, score, exact in result.move_scores if is_proven(score, exact)
        )
        score = self.score
        if is_proven(result.score, result.exact):
            score = result.score
            move_scores.setdefault(result.best_move, result.score)
        if score == self.score and move_scores == self.move_scores:
            return self
        return replace(self, score=score, move_scores=move_scores)

    def after(self, move: int, position: str, by_think: bool) -> Proven | None:
        """What is proven of ``position``, the position after ``move`` (None where that move's value is not
        proven). ``by_think``: the computer played it, so its value was said while it thought."""
        score = self.move_scores.get(move)
        if score is None:
            return None
        return Proven(position, 1 - self.player, to_child(score), told=by_think)
