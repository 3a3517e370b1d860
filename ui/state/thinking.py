"""The search the session follows, as the play screen tells it (see :class:`Thinking`)."""

from __future__ import annotations

from dataclasses import dataclass

from ai.contracts import SearchResult


@dataclass(frozen=True)
class Thinking:
    """The running search as the status line and the analysis overlay tell it: for ``player``, a think or a
    ponder (pondering includes analysis asked for by the view).

    ``result`` is the latest Progress's, None until the first iteration completes; its scores are from
    ``player``'s side, and its ``move_scores`` value every legal move of the position on the board when the
    search had them (pondering and the exact solver do; an ordinary think does not, and then it is empty).

    ``nodes`` and ``seconds`` move between depths too: ``nodes`` is the larger of the result's count and the
    engine's live count, ``seconds`` the time since the request was sent, counted by the session while
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
