"""The engine façade: one worker thread that thinks, ponders on the human's time, and stops when told.

The UI thread talks to the engine only through :class:`Engine`; every call returns at once except ``close``.
Requests cross to the worker through a queue, carrying a *copy* of the game; replies come back through another
queue as typed messages (:mod:`ai.messages`), each carrying its request's token.

Requests and staleness: every ``think``, ``ponder`` or ``review`` returns a :class:`~ai.request.Request`, the
handle on it, with a new token, and supersedes the request before it, whose search is stopped at its next
check point (within a millisecond or so). A handle stops its own request and no other. A stopped request posts
nothing more, but what it posted before its stop may still wait in the queue: ``poll`` hands out every message
as it came, and the caller, who alone knows which requests it still holds, keeps the messages their handles
own (the board game does, :mod:`ui.state.board.engine_request`). A ``think`` that is neither superseded nor
stopped gets exactly one :class:`~ai.messages.BestMove`.

Pondering: while a human is to move, ``ponder`` searches that position with no deadline. Whether to ponder is
the caller's policy (the board game's: pondering on the human's time, or an analysis a person asked for);
the engine runs every request it is given. Every reply the human can make is a subtree of the position, so
when the human has moved, the ``think`` for the computer's reply finds that subtree already in the shared
transposition table. A ponder search ends by itself when it has done its job
(see :meth:`ai.play.thinker.Thinker.ponder`) and the worker then sleeps on its queue, using no CPU.

New games: ``start_game(game)`` has the worker get the game's board ready before any search of it: for 7 x 6
it reads the opening book and makes the solver table (about half a second, mostly without the GIL), so that
no later search waits for them and every stop is obeyed at once; for Tic-tac-toe it frees the solver tables.

Smoothness: two threads share one GIL, and a UI thread that wants it waits until the search lets go. While
any engine is open the interpreter's switch interval is at most 1 ms (CPython's 5 ms shows as late frames,
and the shorter interval costs the search no measurable speed: bench/frames.py); closing the last engine
restores the interval it found. The search calls ``time.sleep(0)`` at every check point, which
hands the GIL to a waiting UI thread at once.

Explanations: ``explain`` asks why a position (or a move of it) is worth what it is. It runs on a second
thread the engine owns (:mod:`ai.explain.worker`, started on the first request), so it supersedes no search:
the ponder whose values the hint and the coach read runs on meanwhile. Its handle stops it; its one answer is
an :class:`~ai.messages.Explained`, polled with the other messages, within two seconds or dropped.

Live counting: Progress messages come once per completed depth, which at the max level or while pondering can
be many seconds apart. The same check point also counts the positions explored so far and publishes them
as a :class:`~ai.messages.LiveCount` value that the UI thread reads with :meth:`Engine.searching` whenever it
draws, so the status line can tick without a stream of messages (and without a lock: the worker replaces one
frozen value, a single reference store under the GIL).

Failures: the worker never dies of an error, and no error is lost. Where a part of the engine fails, the
game goes on without it: an opening book that cannot be used is done without (positions are solved), an
exact analysis that fails is done without (the heuristic search plays on), and a search that fails still
answers its ``think`` with a move (the best of its last completed depth, else a legal move it has not
searched). Each failure is logged (with its traceback where there is one) and posted once, as an
:class:`~ai.messages.EngineFailure` among the other messages, for the window to tell the player; the worker
then serves the next request as ever.
"""

from __future__ import annotations

import enum
import functools
import itertools
import logging
import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ai.contracts import Budget, EnginePart, Limits, PartFailure, SearchResult
from ai.exact.team import window_threads
from ai.explain.worker import ExplainWorker
from ai.messages import BestMove, EngineFailure, EngineMessage, LiveCount, Progress, ReviewMark
from ai.play.thinker import Thinker
from ai.request import Request
from ai.score import Score
from ai.search_progress import SearchProgress
from ai.stop_flag import StopFlag
from ai.switch_interval import SWITCH_INTERVAL_HOLDER
from game.protocol import Game

#: Slots of the search's transposition table by default (about 80 MB when full).
DEFAULT_TABLE_ENTRIES = 1 << 19

log = logging.getLogger(__name__)


class _Kind(enum.Enum):
    """What a job asks of the worker: a search (posting messages under the job's token) or housekeeping."""

    #: Search for the side to move: a Progress per completed depth, then exactly one BestMove.
    THINK = "think"
    #: Value every reply of the position a person is to move in: a Progress per completed depth, no BestMove.
    PONDER = "ponder"
    #: Review every move of a game: a ReviewMark per move, as each is worked out.
    REVIEW = "review"
    #: Get the exact solver of a new game's board ready (book, tables): a stop cannot cut it short.
    PREPARE = "prepare"
    #: Forget what the tables learnt.
    CLEAR = "clear"
    #: Free the tables and end the worker.
    QUIT = "quit"


@dataclass
class _Job:
    kind: _Kind
    token: int
    stop: StopFlag
    #: A copy of the game: every job has one but CLEAR and QUIT.
    game: Game | None = None
    #: Every THINK and REVIEW has limits; a PONDER's may be None (no level).
    limits: Limits | None = None
    #: A ponder's values were asked for (see :meth:`Engine.ponder`).
    analyse: bool = False


class Engine:
    """Owns exactly one worker thread, the searcher and its tables.

    Requests (each supersedes the one before, and returns its handle): :meth:`think`, :meth:`ponder`,
    :meth:`review`; beside them, superseding nothing, :meth:`explain`. Control: :meth:`stop` (whatever
    runs), :meth:`start_game`, :meth:`close`. Replies:
    :meth:`poll` (messages), :meth:`searching` (the live count). For tests and benchmarks that watch the
    worker: :meth:`is_alive`, :meth:`is_idle`.
    """

    def __init__(
        self,
        table_entries: int = DEFAULT_TABLE_ENTRIES,
        seed: int | None = None,
        solver_slots: int | None = None,
        solver_threads: int | None = None,
    ) -> None:
        """``solver_threads``: the threads the exact solver searches an early position on (the max level,
        the hint, the analysis overlay); None: every core but one (:func:`ai.exact.team.window_threads`),
        which stays free for drawing the window."""
        threads = window_threads() if solver_threads is None else solver_threads
        self._thinker = Thinker(
            table_entries=table_entries, solver_slots=solver_slots, seed=seed, solver_threads=threads
        )
        self._progress = SearchProgress(self._thinker.analyzer.compiled_nodes)
        SWITCH_INTERVAL_HOLDER.hold()
        self._jobs: queue.Queue[_Job] = queue.Queue()
        self._replies: queue.Queue[EngineMessage] = queue.Queue()
        self._tokens = itertools.count(1)
        self._current: _Job | None = None
        self._closed = False
        #: The explainer's thread, started by the first ``explain``.
        self._explainer: ExplainWorker | None = None
        #: The worker's search for each kind of search job: the messages it posts, as they come.
        self._searches: dict[_Kind, Callable[[_Job], Iterator[EngineMessage]]] = {
            _Kind.THINK: self._think,
            _Kind.PONDER: self._ponder,
            _Kind.REVIEW: self._review,
        }
        self._worker = threading.Thread(target=self._run, name="engine-worker", daemon=True)
        self._worker.start()

    # --- the UI thread's side: none of these block ----------------------------------------------------------

    def think(self, game: Game, limits: Limits) -> Request:
        """Starts searching ``game`` for its side to move within ``limits``; returns the request's handle.

        Unless superseded, the request gets a Progress per completed depth and then exactly one BestMove,
        even where a part of the engine fails on the way (see the module docstring). Raises ValueError at
        once for a finished game.
        """
        if game.is_over():
            raise ValueError("cannot think about a finished game")
        return self._submit(_Kind.THINK, game, limits)

    def ponder(self, game: Game, limits: Limits | None = None, analyse: bool = False) -> Request:
        """Starts pondering ``game``, where a person is to move; returns the request's handle.

        ``limits`` are those of the computer's level (None: no level, as for two players), which tell how
        deep pondering is useful; there is no deadline. ``analyse``: the person asked for the values of the
        moves (a hint, the overlay), which are then proven whatever the level (see
        :meth:`ai.play.thinker.Thinker.ponder`). Each completed depth posts a Progress valuing every reply
        (``move_scores``); a ponder never gets a BestMove, and ends by itself when it has done its job. Raises
        ValueError at once for a finished game.
        """
        if game.is_over():
            raise ValueError("cannot ponder a finished game")
        return self._submit(_Kind.PONDER, game, limits, analyse)

    def review(self, game: Game, seconds_per_position: float | None = None) -> Request:
        """Starts the review of every move of ``game`` (finished or not); returns the request's handle.

        Each move gets one ReviewMark as the work finishes it (see :func:`ai.play.review.review_game`, which
        also says where ``seconds_per_position`` applies); the request ends by itself after the last one.
        """
        return self._submit(_Kind.REVIEW, game, Limits(seconds=seconds_per_position))

    def explain(self, game: Game, move: int | None = None) -> Request:
        """Starts explaining ``game``, or its ``move`` (a legal move); returns the request's handle.

        Supersedes nothing (see the module docstring). Unless stopped, the request gets exactly one
        :class:`~ai.messages.Explained`: the proven reasons, none for a game the explainer does not speak
        about (Tic-tac-toe, a finished game) or where the two seconds ran out.
        """
        if self._closed:
            raise RuntimeError("the engine is closed")
        if self._explainer is None:
            self._explainer = ExplainWorker(self._replies.put)
        stop = StopFlag()
        token = next(self._tokens)
        self._explainer.submit(token, stop, game.copy(), move)
        return Request(token, stop.set)

    def stop(self) -> None:
        """Stops the latest request, whoever made it (a caller that holds a request stops it with
        :meth:`Request.stop <ai.request.Request.stop>`): its search ends at its next check point, and once
        the worker sees the stop it posts nothing more for it (what it posted before may still be polled)."""
        if self._current is not None:
            self._current.stop.set()

    def start_game(self, game: Game | None = None) -> None:
        """Stops whatever runs and forgets everything the tables learnt.

        Given the ``game`` about to be played, the worker then gets its board's exact solver ready (for 7 x 6
        the book and the solver table: about half a second, which no stop can cut short, so better done now
        than in the middle of a search; for Tic-tac-toe it frees the solver tables instead).
        """
        self.stop()
        self._enqueue(_Job(_Kind.CLEAR, 0, StopFlag()))
        if game is not None:
            self._enqueue(_Job(_Kind.PREPARE, 0, StopFlag(), game=game.copy()))

    def poll(self) -> list[EngineMessage]:
        """Every message posted since the last poll, oldest first, whatever its request: the caller keeps
        those its requests' handles own (and every EngineFailure, which is news about the engine). Never
        raises: what failed in the worker comes as an EngineFailure.
        """
        messages: list[EngineMessage] = []
        while True:
            try:
                messages.append(self._replies.get_nowait())
            except queue.Empty:
                return messages

    def searching(self) -> LiveCount | None:
        """The live count of the search that runs, or ran last (see :class:`~ai.messages.LiveCount`); its
        token says which request it counts, which need not be the latest (that one may not have started yet).
        None before the first search. Never blocks; the value may be a few ms old."""
        return self._progress.now()

    def close(self, timeout: float = 2.0) -> None:
        """Stops the search and ends the worker thread, waiting at most ``timeout`` seconds. Closing the last
        open engine restores the interpreter's switch interval. Closing again does nothing."""
        if self._closed:
            return
        self._closed = True
        self.stop()
        self._enqueue(_Job(_Kind.QUIT, 0, StopFlag()))
        self._worker.join(timeout)
        if self._explainer is not None:
            self._explainer.close(timeout)
        SWITCH_INTERVAL_HOLDER.release()

    def is_alive(self) -> bool:
        return self._worker.is_alive()

    def is_idle(self) -> bool:
        """True when every request sent has been done (or skipped as superseded) and the worker waits for the
        next one, using no CPU. A request the worker has taken but not yet started counts as not done."""
        # The queue counts a job from put() until the worker's task_done(), so no moment between taking a job
        # and starting it looks idle.
        with self._jobs.all_tasks_done:
            return self._jobs.unfinished_tasks == 0

    def _submit(self, kind: _Kind, game: Game, limits: Limits | None, analyse: bool = False) -> Request:
        """Sends a search of (a copy of) ``game``, superseding the request before it; returns its handle."""
        if self._closed:
            raise RuntimeError("the engine is closed")
        self.stop()
        job = _Job(kind, next(self._tokens), StopFlag(), game.copy(), limits, analyse)
        self._enqueue(job)
        return Request(job.token, functools.partial(_stop_job, job))

    def _enqueue(self, job: _Job) -> None:
        # The newest request is the current one at once, so that stop() reaches it even before the worker
        # has taken it from the queue (the worker then skips it).
        if job.kind in self._searches:
            self._current = job
        self._jobs.put(job)

    # --- the worker thread ----------------------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                if not self._do(job):
                    return
            finally:
                self._jobs.task_done()

    def _do(self, job: _Job) -> bool:
        """Does ``job`` on the worker thread; False when it was the last (quit). Whatever fails is posted as
        an EngineFailure, never raised: the worker lives on for the next job."""
        if job.kind is _Kind.QUIT:
            # The engine, its searcher's checkpoint hook and the solver's closures form reference cycles:
            # without this, a closed engine's tables (about 100 MB) would wait for the cyclic collector.
            self._thinker.release()
            return False
        try:
            if job.kind is _Kind.CLEAR:
                self._thinker.clear()
            elif job.kind is _Kind.PREPARE:
                assert job.game is not None
                self._thinker.prepare(job.game)
            elif not job.stop.is_set():  # else superseded before it started
                self._search(job)
        except Exception as error:  # noqa: BLE001 - posted to the window; the worker must live on
            log.exception("the engine failed at a %s job", job.kind.value)
            self._post_failure(job.token, PartFailure.from_error(EnginePart.SEARCH, error))
        self._post_failures(job.token)
        return True

    def _search(self, job: _Job) -> None:
        """Runs ``job``'s search, posting its messages until it ends or is stopped. Where the search fails, a
        ``think`` still gets its BestMove (see the module docstring)."""
        self._progress.begin(job.token)
        last: SearchResult | None = None
        try:
            for message in self._searches[job.kind](job):
                # A stopped request posts nothing more; its search ends at its next check point.
                if job.stop.is_set():
                    break
                # A part that failed on the way is told before the message that went on without it.
                self._post_failures(job.token)
                self._replies.put(message)
                if isinstance(message, Progress):
                    last = message.result
        except Exception as error:  # noqa: BLE001 - posted to the window; the worker must live on
            log.exception("the engine's %s search failed", job.kind.value)
            self._post_failures(job.token)
            self._post_failure(job.token, PartFailure.from_error(EnginePart.SEARCH, error))
            if job.kind is _Kind.THINK and not job.stop.is_set():
                assert job.game is not None
                self._replies.put(BestMove(job.token, last or _unsearched_move(job.game)))
        finally:
            self._progress.end()

    def _post_failures(self, token: int) -> None:
        """Posts what the thinker has done without since the last time (an unusable book, a failed solver)."""
        for failure in self._thinker.take_failures():
            self._post_failure(token, failure)

    def _post_failure(self, token: int, failure: PartFailure) -> None:
        self._replies.put(EngineFailure(token, failure.part, failure.reason))

    def _budget(self, job: _Job) -> Budget:
        """The budget of ``job``'s searches: its stop flag, and the search progress at every check point."""
        return Budget(stop=job.stop, on_checkpoint=self._progress, on_proving=self._progress.proving)

    def _think(self, job: _Job) -> Iterator[EngineMessage]:
        assert job.game is not None and job.limits is not None
        last: SearchResult | None = None
        for last in self._thinker.think(job.game, job.limits, self._budget(job)):
            yield Progress(job.token, last)
        if last is not None:
            yield BestMove(job.token, last)
        elif not job.stop.is_set():
            raise RuntimeError("the search produced no move")

    def _ponder(self, job: _Job) -> Iterator[EngineMessage]:
        assert job.game is not None
        for result in self._thinker.ponder(job.game, job.limits, self._budget(job), job.analyse):
            yield Progress(job.token, result)

    def _review(self, job: _Job) -> Iterator[EngineMessage]:
        assert job.game is not None and job.limits is not None
        for mark in self._thinker.review(job.game, job.limits.seconds, self._budget(job)):
            yield ReviewMark(job.token, mark)


def _stop_job(job: _Job) -> None:
    """Stops ``job``'s search, unless it was stopped already (superseded, or stopped before): a flag is
    set once, so its solver's interrupt hook is not called again."""
    if not job.stop.is_set():
        job.stop.set()


def _unsearched_move(game: Game) -> SearchResult:
    """A legal move of ``game`` that nothing searched: the first of its moves, which the rules order good
    first (what a ``think`` answers when its search failed before completing a depth)."""
    move = game.moves()[0]
    return SearchResult(
        depth=0, score=Score.estimate(0), best_move=move, principal_variation=(move,), nodes=0, seconds=0.0
    )
