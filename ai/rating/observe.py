"""What one move says about its player's strength, from the proven values of every move of its position.

Two questions are asked of a move, each only where the position lets it be answered:

* **kept**: where some move would worsen the mover's result (win to draw or loss, draw to loss), did the move
  keep the result? A position where every move has the same result asks nothing.
* **best**: where the result was kept and some move keeping it scores worse than the best (a slower win, a
  quicker loss), was the move a best one?

:class:`Observation` is the answer, with a one-character code for the ladder's file.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from ai.score import Score


class Observation(enum.Enum):
    """The answers a move gives (see the module docstring); the value is the file's code."""

    #: The position asked nothing: every move has the same value.
    NOTHING = "-"
    #: Every move has the same result; among them the move was a best one / a worse one.
    BEST_ONLY = "B"
    SLOWER_ONLY = "S"
    #: Some move would have worsened the result and this one kept it; nothing more to ask / was a best one /
    #: was a worse one keeping the result.
    KEPT = "k"
    KEPT_BEST = "b"
    KEPT_SLOWER = "s"
    #: The move worsened the mover's result.
    LOST = "x"

    @property
    def asks_kept(self) -> bool:
        return self in (Observation.KEPT, Observation.KEPT_BEST, Observation.KEPT_SLOWER, Observation.LOST)

    @property
    def kept(self) -> bool:
        return self is not Observation.LOST

    @property
    def asks_best(self) -> bool:
        return self in (
            Observation.BEST_ONLY,
            Observation.SLOWER_ONLY,
            Observation.KEPT_BEST,
            Observation.KEPT_SLOWER,
        )

    @property
    def best(self) -> bool:
        return self in (Observation.BEST_ONLY, Observation.KEPT_BEST)


def observe(values: Sequence[Score | None], move: int) -> Observation:
    """The observation on playing ``move`` where the moves have the proven ``values`` (board order, None for
    illegal moves, from the mover's side, as :meth:`ai.exact.analysis.ExactAnalyzer.move_values` gives them).
    Raises ValueError if ``move`` is not legal there."""
    played = values[move] if 0 <= move < len(values) else None
    if played is None:
        raise ValueError(f"move {move} is not legal in the observed position")
    legal = [value for value in values if value is not None]
    best = max(legal)
    worst_result = min(value.result for value in legal)
    if played.result < best.result:
        return Observation.LOST
    keeping = [value for value in legal if value.result == best.result]
    asks_best = min(keeping) < best
    if worst_result < best.result:
        if not asks_best:
            return Observation.KEPT
        return Observation.KEPT_BEST if played == best else Observation.KEPT_SLOWER
    if not asks_best:
        return Observation.NOTHING
    return Observation.BEST_ONLY if played == best else Observation.SLOWER_ONLY
