"""What crosses between the UI thread and the engine thread: typed replies carrying the searches' results (the
requests' limits and the results themselves are contracts of :mod:`ai.contracts`).

Every reply carries the token of the request it answers, so the caller can drop replies to requests it has
since superseded (after an undo, a new game or a settings change).
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.claims import Claim
from ai.contracts import EnginePart, MoveReview, SearchResult
from game.problems import Problem


@dataclass(frozen=True)
class Progress:
    """One completed iteration of the search of the request ``token``: a think's or a ponder's."""

    token: int
    result: SearchResult


@dataclass(frozen=True)
class LiveCount:
    """The live count of the running request ``token``, read by the UI thread whenever it likes (not queued).

    ``nodes`` counts the positions explored since the request started, at the searches' check points, so it
    is a multiple of their check interval and may trail the true count by less than one interval per search
    started (pondering starts one per reply and depth); ``seconds`` is the time since the request started, as
    of the last check point. Between two completed depths this is the only sign that the search still works.
    ``running`` turns False when the request's search has ended (answered, done pondering, or stopped);
    ``proving`` is True while the exact solver works to prove values (it has no depths to report).
    """

    token: int
    nodes: int
    seconds: float
    running: bool = True
    proving: bool = False


@dataclass(frozen=True)
class BestMove:
    """The answer to a ``think``: exactly one per request that was not superseded, carrying the last result
    (the one whose best move is played)."""

    token: int
    result: SearchResult

    @property
    def move(self) -> int:
        """The move to play."""
        return self.result.best_move


@dataclass(frozen=True)
class EngineFailure:
    """A part of the engine failed on the worker thread, which goes on without it (see :mod:`ai.engine`):
    ``part`` says which, ``reason`` why (as :class:`~ai.contracts.PartFailure` has it; the traceback is in the
    log).
    ``token``: the request it failed in, 0 for none (the preparation of a new game). It is news about the
    engine, not about the request: whoever shows the player what happened shows it whatever the token."""

    token: int
    part: EnginePart
    reason: str | Problem


@dataclass(frozen=True)
class ReviewMark:
    """The review of one move of the game of the ``review`` request ``token`` (see :mod:`ai.play.review`);
    one per
    move, in the order the work finishes them."""

    token: int
    review: MoveReview


@dataclass(frozen=True)
class Explained:
    """The answer to an ``explain`` request ``token``: the proven reasons (:mod:`ai.claims`) of the
    position ``moves`` (its move string), or of its ``move`` where one was asked about (None: the position).
    ``claims`` is empty where nothing was proven, and where the explanation ran past its deadline
    (``timed_out``: then nothing is shown, as for a claim that failed its check). ``seconds``: the time it
    took on the explainer's thread."""

    token: int
    moves: str
    move: int | None
    claims: tuple[Claim, ...]
    timed_out: bool = False
    seconds: float = 0.0


#: What :meth:`ai.engine.Engine.poll` hands the window.
EngineMessage = Progress | BestMove | ReviewMark | EngineFailure | Explained
