"""The contracts the layers of ``ai/`` pass between them, below every module that uses them.

A search is handed its limits and returns (or yields) results; the review hands back a review per move; any
search may be stopped. These types are exchanged by the searches, the solvers, the engine thread and the
window, so they live in none of them: everything imports this module, and it imports only the score scale.
"""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from ai.score import Score
from game.problems import Problem

#: In a list of every move's score (board order), the mark of a move that cannot be played (a full column, a
#: taken cell): no score is this low, and the reference solver prints it so.
ILLEGAL_MOVE = -1000


class SearchStopped(Exception):
    """Raised inside a search when its stop flag is set or its deadline has passed."""


class EnginePart(enum.Enum):
    """A part of the engine that can fail and be done without: the game goes on without it, and says so."""

    #: The opening book: positions are solved instead of looked up.
    BOOK = "book"
    #: The exact analysis (the solver): the computer plays by the heuristic search alone.
    EXACT = "exact"
    #: The search itself: the computer plays a legal move it has not searched.
    SEARCH = "search"
    #: The road book: the explainer searches every road itself (fewer reasons in the first moves).
    ROADS = "roads"


@dataclass(frozen=True)
class PartFailure:
    """``part`` failed and the engine goes on without it; ``reason`` says why: a problem for the words package
    to word (an unusable data file), or the error's own words (one line; the traceback, where there is one,
    goes to the log)."""

    part: EnginePart
    reason: str | Problem

    @classmethod
    def from_error(cls, part: EnginePart, error: BaseException) -> PartFailure:
        """The failure of ``part`` that ``error`` reports (its message, else its type's name)."""
        return cls(part, str(error) or type(error).__name__)


@dataclass(frozen=True)
class Budget:
    """What bounds one search, handed to it as an argument (never left on a long-lived object, where the next
    search would inherit it): ``stop``, a flag another thread may set (an :class:`ai.stop_flag.StopFlag` to
    reach the compiled solver core too); ``deadline``, an instant of ``time.monotonic()``; ``on_checkpoint``,
    called at every check point of the searches that hold the GIL (the engine hands the GIL to the window
    there); ``on_proving``, told when an exact proof starts (True) and ends (False), so that the window can
    say "proving" rather than show a depth. Each may be None; :data:`UNBOUNDED` bounds nothing.
    """

    stop: threading.Event | None = None
    deadline: float | None = None
    on_checkpoint: Callable[[], None] | None = None
    on_proving: Callable[[bool], None] | None = None

    def stopped(self) -> bool:
        """The stop flag is set (the deadline aside)."""
        return self.stop is not None and self.stop.is_set()

    def check(self) -> None:
        """A search's check point: calls ``on_checkpoint``, then raises SearchStopped if the flag is set or
        the deadline has passed."""
        if self.on_checkpoint is not None:
            self.on_checkpoint()
        if self.stopped() or (self.deadline is not None and time.monotonic() >= self.deadline):
            raise SearchStopped

    def proving(self, active: bool) -> None:
        """An exact proof starts (``active``) or ends: tells ``on_proving``, if any."""
        if self.on_proving is not None:
            self.on_proving(active)

    def until(self, deadline: float | None) -> Budget:
        """This budget, ending at ``deadline`` too if that comes first (None: no new deadline)."""
        if deadline is None or (self.deadline is not None and self.deadline <= deadline):
            return self
        return replace(self, deadline=deadline)

    def without_deadline(self) -> Budget:
        """This budget with no deadline: only the stop flag ends it."""
        return replace(self, deadline=None)


#: The budget of a search that nothing stops but the end of its work.
UNBOUNDED = Budget()


@dataclass(frozen=True)
class Limits:
    """How long a ``think`` may search: up to ``depth`` plies, for at most ``seconds``; either may be None.

    With both None the search goes on until the result is proven (a position with a forced outcome) or it is
    stopped.
    """

    depth: int | None = None
    seconds: float | None = None


@dataclass(frozen=True)
class SearchResult:
    """One completed iteration of a search, as the searches yield it and as Progress and BestMove carry it.

    ``score`` is from the side to move in the searched position (see :mod:`ai.score`; exact where it is
    proven: a forced win or loss, or a search that reached the end of every line). ``nodes`` and ``seconds``
    count the whole search so far (all iterations). ``move_scores`` holds ``(move, score)`` for every legal
    move, each score from the side to move (the value of playing that move), when the search valued every
    move (pondering does, and so does the exact solver of the max level); it is empty otherwise.
    """

    depth: int
    score: Score
    best_move: int
    principal_variation: tuple[int, ...]
    nodes: int
    seconds: float
    move_scores: tuple[tuple[int, Score], ...] = ()


class Verdict(enum.Enum):
    """What a move did to its mover's result (win, draw or loss under best play from both sides)."""

    #: The move has the best score there is.
    BEST = "best"
    #: Not the best score, but the same result (a slower win, a quicker loss).
    KEPT = "kept"
    #: The result got one step worse: a win became a draw, or a draw a loss.
    MISTAKE = "mistake"
    #: A win became a loss.
    BLUNDER = "blunder"


def result_of(score: int) -> int:
    """The result a benchmark score means for its side: 1 win, 0 draw, -1 loss."""
    return (score > 0) - (score < 0)


def verdict_for(played: int, best: int) -> Verdict:
    """The verdict on a move of score ``played`` where the best move scores ``best`` (same side)."""
    if played > best:
        raise ValueError(f"a move cannot score {played}, above the best score {best}")
    if played == best:
        return Verdict.BEST
    steps = result_of(best) - result_of(played)
    return (Verdict.KEPT, Verdict.MISTAKE, Verdict.BLUNDER)[steps]


@dataclass(frozen=True)
class MoveReview:
    """The review of one move of a game.

    ``ply`` counts the game's moves from 1; ``mover`` is the player who made it (0 moves first) and ``move``
    the move (a column or a cell). ``played`` and ``best`` are the values of the move played and of the best
    move, from the mover's side. Proven (``exact``): ``best_moves`` is every move scoring ``best``,
    ``verdict`` is set, and ``values`` holds the proven value of every move of the position (board order,
    None for illegal moves). An estimate: ``best_moves`` are the moves the heuristic search ranks first,
    ``verdict`` is None and ``values`` empty.
    """

    ply: int
    mover: int
    move: int
    played: Score
    best: Score
    best_moves: tuple[int, ...]
    verdict: Verdict | None
    values: tuple[Score | None, ...] = ()

    @property
    def exact(self) -> bool:
        """The values are proven (else they are the heuristic search's estimates)."""
        return self.played.exact

    def changed_result(self) -> bool:
        """True when the move made its mover's result worse (a mistake or a blunder)."""
        return self.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)
