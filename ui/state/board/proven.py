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
from ai.score import Score
from game.protocol import Game


@dataclass(frozen=True)
class Proven:
    """The proven values of the position ``position`` (its move string), from the side to move ``player``:
    the position's ``score`` (None until proven) and the ``move_scores`` of the moves proven so far (move:
    score, the value of playing it). ``told``: the position's value came from the computer's think, whose
    status line has said it already (so the ponder's line may repeat it without giving anything away)."""

    position: str
    player: int
    score: Score | None = None
    move_scores: dict[int, Score] = field(default_factory=dict)
    told: bool = False

    def learn(self, result: SearchResult) -> Proven:
        """This knowledge with what ``result`` (a search of this position, from ``player``'s side) proved: a
        proven result is the position's value (and its best move's); each proven move score is that move's.
        A newer proof replaces an older one; an estimate replaces nothing."""
        move_scores = dict(self.move_scores)
        move_scores.update((move, score) for move, score in result.move_scores if score.is_proven)
        score = self.score
        if result.score.is_proven:
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
        return Proven(position, 1 - self.player, score.to_child(), told=by_think)


class ProvenOnBoard:
    """What any search proved of the position on a game's board, kept until the position changes and carried
    over a move whose value was proven, so that the words of both turns agree."""

    def __init__(self) -> None:
        self._known: Proven | None = None

    def of(self, game: Game) -> Proven | None:
        """What is proven of ``game``'s position (None when what is kept is another position's)."""
        known = self._known
        if known is None or known.position != game.moves_text():
            return None
        return known

    def forget(self) -> None:
        self._known = None

    def carry(self, known: Proven | None, move: int, game: Game, by_think: bool) -> None:
        """``move`` was just played on ``game``, ``known`` being what was proven before it (``by_think``: the
        computer played it): a proven value of the move is the proven value of the position it leads to."""
        self._known = None if known is None else known.after(move, game.moves_text(), by_think)

    def at_turn(self, game: Game) -> None:
        """A turn begins on ``game``: what is proven of its position stays, else knowing starts afresh."""
        self._known = self.of(game) or Proven(game.moves_text(), game.to_move())

    def learn(self, game: Game, result: SearchResult) -> None:
        """Keeps what ``result``, a search of ``game``'s position, proved."""
        known = self.of(game)
        if known is not None:
            self._known = known.learn(result)
