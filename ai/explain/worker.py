"""The explainer's own thread: the engine's ``explain`` requests are worked out here, beside the search.

Why a thread of its own rather than the search's: every search request supersedes the one before, and the
hint and the coach need the ponder that proves the moves' values to run on while their reasons are found. So
an explanation supersedes nothing; the requests wait in a queue, oldest first, each stopped by its own
handle (a stopped one that has not started is skipped). The thread has its own exact analyzer (its own solver
tables), made on its first job, so that it never shares a solver with the search; it takes no pygame and
touches nothing of the window: every answer is posted as an :class:`~ai.messages.Explained`.

Memory: the thread keeps one :class:`~ai.explain.values.Memory` across its jobs (the exact values, the checks'
findings, each position's first reason a road may end at), so that the positions of a game explained in turn
share their work: the road from the position before, less the move just played, is found again at the cost
of looking it up, and a road search cut by the deadline goes on from where it stopped at the next move.

The road book (:mod:`ai.explain.road_book`) is read on the first job; one that cannot be used is told once,
as an :class:`~ai.messages.EngineFailure` of :attr:`~ai.contracts.EnginePart.ROADS`, and every road is then
searched (the first moves get fewer reasons, none false).

Budget: each explanation is bounded by :data:`~ai.explain.explainer.DEADLINE_SECONDS` and dropped whole
past it (its message then says ``timed_out`` and carries no claims), so a reason is shown within two seconds
or not at all.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ai.contracts import Budget, EnginePart, SearchStopped
from ai.exact.analysis import ExactAnalyzer
from ai.explain.explainer import DEADLINE_SECONDS, Explanation, explain_move, explain_position, explainable
from ai.explain.plan import find_plan
from ai.explain.road_book import EMPTY_BOOK, RoadBook, RoadBookError, read_road_book
from ai.explain.values import Memory
from ai.messages import EngineFailure, Explained
from ai.stop_flag import StopFlag
from game.connect4 import ConnectFour
from game.protocol import Game

log = logging.getLogger(__name__)

#: Slots of the explainer's solver table: small, as its positions are met in play and solve in milliseconds.
SOLVER_SLOTS = 1 << 20


@dataclass(frozen=True)
class _Asked:
    token: int
    stop: StopFlag
    game: Game
    move: int | None


class ExplainWorker:
    """One thread that explains positions and moves (see the module docstring); ``post`` takes each answer
    and a road book that cannot be used (the engine's reply queue's ``put``); ``roads``: where the road book
    is read from."""

    def __init__(
        self,
        post: Callable[[Explained | EngineFailure], None],
        seconds: float = DEADLINE_SECONDS,
        roads: Callable[[], RoadBook] = read_road_book,
    ) -> None:
        self._post = post
        self._seconds = seconds
        self._read_roads = roads
        #: The road book, once read on the first job (this thread's alone).
        self._roads: RoadBook | None = None
        self._jobs: queue.Queue[_Asked | None] = queue.Queue()
        self._analyzer: ExactAnalyzer | None = None
        #: Touched by this worker's thread alone.
        self._memory = Memory()
        #: Set by close: the job that runs is stopped and those queued are skipped.
        self._closing = StopFlag()
        self._running: _Asked | None = None
        self._thread = threading.Thread(target=self._run, name="engine-explainer", daemon=True)
        self._thread.start()

    def submit(self, token: int, stop: StopFlag, game: Game, move: int | None) -> None:
        """Queues the explanation of ``game`` (a copy the caller no longer touches), or of its ``move``."""
        self._jobs.put(_Asked(token, stop, game, move))

    def close(self, timeout: float) -> None:
        """Stops the job that runs, skips those queued and ends the thread, waiting at most ``timeout``."""
        self._closing.set()
        running = self._running
        if running is not None:
            running.stop.set()
        self._jobs.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            if job.stop.is_set() or self._closing.is_set():
                continue
            self._running = job
            started = time.perf_counter()
            try:
                explanation = self._explain(job)
            except SearchStopped:
                continue  # stopped by its handle: a stopped request posts nothing
            except Exception:  # noqa: BLE001 - the window goes on without a reason; the thread lives on
                log.exception("the explanation of %r failed", job.game)
                explanation = Explanation((), ())
            finally:
                self._running = None
            if job.stop.is_set():
                continue
            seconds = time.perf_counter() - started
            self._post(
                Explained(
                    job.token,
                    job.game.moves_text(),
                    job.move,
                    explanation.claims,
                    explanation.timed_out,
                    seconds,
                )
            )

    def _explain(self, job: _Asked) -> Explanation:
        """The proven claims of the job's position or move; none for a game the explainer does not speak
        about (Tic-tac-toe, a board the solver does not take, a finished game)."""
        game = job.game
        if not isinstance(game, ConnectFour) or not explainable(game):
            return Explanation((), ())
        if job.move is not None and job.move not in game.moves():
            return Explanation((), ())
        if self._analyzer is None:
            self._analyzer = ExactAnalyzer(solver_slots=SOLVER_SLOTS, threads=1)
        roads = self._road_book(job.token)
        budget = Budget(stop=job.stop)
        if job.move is None:
            return explain_position(
                game, self._analyzer, budget, self._seconds, find_plan, self._memory, roads
            )
        return explain_move(
            game, job.move, self._analyzer, budget, self._seconds, find_plan, self._memory, roads
        )

    def _road_book(self, token: int) -> RoadBook:
        """The road book, read on the first call; where it cannot be used, no roads, and the failure posted
        once (with ``token``, the job it was met in)."""
        if self._roads is None:
            try:
                self._roads = self._read_roads()
            except RoadBookError as error:
                log.warning("road book not used, roads are searched instead: %s", error)
                self._post(EngineFailure(token, EnginePart.ROADS, error.brief()))
                self._roads = EMPTY_BOOK
        return self._roads
