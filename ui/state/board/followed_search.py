"""The search the board game follows, as the play screen tells it (see :class:`FollowedSearch`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai.contracts import SearchResult
from ai.messages import LiveCount


@dataclass(frozen=True)
class FollowedSearch:
    """The running search as the status line and the analysis overlay tell it: for ``player``, a think or a
    ponder (pondering includes analysis asked for by the view).

    ``result`` is the latest Progress's, None until the first iteration completes; its scores are from
    ``player``'s side, and its ``move_scores`` value every legal move of the position on the board when the
    search had them (pondering and the exact solver do; an ordinary think does not, and then it is empty).

    ``nodes`` and ``seconds`` move between depths too: ``nodes`` is the larger of the result's count and the
    engine's live count, ``seconds`` the time since the request was sent, counted by the board game while
    ``running`` (until the answer arrives or the engine says the search has ended). ``proving``: the exact
    solver is at work now (it reports no depths, only positions).
    """

    player: int
    pondering: bool
    result: SearchResult | None = None
    nodes: int = 0
    seconds: float = 0.0
    running: bool = True
    proving: bool = False

    def with_result(self, result: SearchResult) -> FollowedSearch:
        """This search with a completed depth's ``result`` taken (its counts never go back)."""
        return replace(
            self,
            result=result,
            nodes=max(self.nodes, result.nodes),
            seconds=max(self.seconds, result.seconds),
        )

    def followed(self, dt: float, live: LiveCount | None, answered: bool) -> FollowedSearch:
        """This search ``dt`` seconds on, with the engine's ``live`` count of it (None: none of this
        request), so the status line moves between completed depths; it stops counting once ``answered`` or
        once the engine says the search ended."""
        ended = answered or (live is not None and not live.running)
        return replace(
            self,
            nodes=max(self.nodes, live.nodes if live is not None else 0),
            seconds=self.seconds + dt,
            running=not ended,
            proving=not ended and live is not None and live.proving,
        )
