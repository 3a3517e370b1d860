"""Choosing a move for a level: the depth-limited search, and for the max level the exact solver on top.

:class:`Thinker` owns the search's transposition table and the exact analyzer, and turns a request (a position
and its :class:`~ai.messages.Limits`) into a stream of :class:`~ai.messages.SearchResult`, one per completed
depth; the last result is the answer. The engine thread and the ``move`` command both use it, so the
command-line AI and the window's AI are the same player.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterator
from typing import TypeVar

from ai.contracts import (
    UNBOUNDED,
    Budget,
    EnginePart,
    Limits,
    MoveReview,
    PartFailure,
    SearchResult,
    SearchStopped,
)
from ai.exact.analysis import ExactAnalyzer, solver_supports
from ai.heuristic.search import Searcher
from ai.heuristic.table import TranspositionTable
from ai.move_values import Ending, value_each_move
from ai.play.review import review_game
from ai.score import Score, win_in
from game.protocol import Game

#: Share of the max level's time the exact solver gets first, to prove the move at once where it can.
QUICK_SOLVE_SHARE = 0.1
#: Where the position's score is known (the book, the memo), the time by which proving a best move must end,
#: leaving the rest to the heuristic search (as a share of the think time).
PROVE_SHARE = 0.7
#: Time by which the max level's heuristic search must end (as a share of the think time), leaving the rest to
#: a second attempt of the exact solver.
HEURISTIC_SHARE = 0.4
#: Pondering without a depth target stops its heuristic iterations here and hands over to the exact solver.
PONDER_DEPTH_CAP = 14
#: Seconds pondering first gives the exact analysis (instant from the opening book or the memo; a fraction of
#: a second solves most middle and end games), so the hint and the overlay are exact wherever that suffices.
PONDER_QUICK_SECONDS = 0.25
#: Asked for the values, pondering gives estimates to this depth before the exact solver's proof (a few
#: hundredths of a second on 7 x 6), so the overlay is not blank while the proof runs.
ANALYSIS_ESTIMATE_DEPTH = 4

log = logging.getLogger(__name__)
Answer = TypeVar("Answer")


class Thinker:
    """Searches positions for one player. Not thread-safe: the engine thread owns it.

    Where the exact analysis fails (any error but a stop: a broken book or solver), the thinker logs it, plays
    on by the heuristic search alone from then on, and hands the failure out once through
    :meth:`take_failures` (with those of the analyzer's own fallbacks, such as an unusable book), so that its
    owner can tell the player.
    """

    def __init__(
        self,
        table_entries: int = 1 << 19,
        solver_slots: int | None = None,
        seed: int | None = None,
        solver_threads: int | None = None,
    ) -> None:
        """``solver_threads``: the exact solver's threads (see :class:`ExactAnalyzer`; None: every core)."""
        self.rng = random.Random(seed)
        self.searcher = Searcher(TranspositionTable(table_entries), rng=self.rng)
        self.analyzer = ExactAnalyzer(solver_slots=solver_slots, threads=solver_threads)
        self._exact_failed = False
        self._failures: list[PartFailure] = []

    def take_failures(self) -> list[PartFailure]:
        """The parts that failed since the last call (each told once), oldest first."""
        failures = [*self._failures, *self.analyzer.take_failures()]
        self._failures.clear()
        return failures

    def prepare(self, game: Game) -> None:
        """Gets the exact analysis ready for ``game``'s board (see :meth:`ExactAnalyzer.prepare`)."""
        self._ask_exact(lambda: self.analyzer.prepare(game))

    def _solvable(self, game: Game) -> bool:
        """True when the exact solver is to be asked about ``game``: its board has one, not failed."""
        return not self._exact_failed and solver_supports(game)

    def _ask_exact(self, question: Callable[[], Answer]) -> Answer | None:
        """The exact analysis's answer to ``question``; None (and no exact analysis from now on) where it
        fails or has failed before. A stop (SearchStopped) is no failure: it goes to the caller."""
        if self._exact_failed:
            return None
        try:
            return question()
        except SearchStopped:
            raise
        except Exception as error:  # noqa: BLE001 - logged, handed out by take_failures, and done without
            log.exception("the exact analysis failed; playing on without it")
            self._exact_failed = True
            self._failures.append(PartFailure.from_error(EnginePart.EXACT, error))
            return None

    def clear(self) -> None:
        """Forgets everything learnt (new game)."""
        self.searcher.table.clear()
        self.analyzer.clear()

    def release(self) -> None:
        """Frees every table now; the thinker is unusable afterwards (its engine has closed)."""
        self.searcher.table.release()
        self.analyzer.release()

    def review(
        self, game: Game, seconds_per_position: float | None, budget: Budget = UNBOUNDED
    ) -> Iterator[MoveReview]:
        """The review of every move of ``game``, with this player's tables (see
        :func:`ai.play.review.review_game`)."""
        return review_game(game, self.analyzer, self.searcher, budget, seconds_per_position)

    def think(self, game: Game, limits: Limits, budget: Budget = UNBOUNDED) -> Iterator[SearchResult]:
        """Results for ``game`` (left unchanged) within ``limits``; the last one is the move to play.
        ``budget`` may stop the thinking earlier (its deadline, if any, is not ``limits``' time).

        A depth limit searches exactly that deep (finishing even past ``limits.seconds`` only if no depth has
        completed yet, so there is always a move). Without a depth limit (the max level) the exact solver
        tries to prove the best move in a tenth of the time (valuing every move). Failing that, where the book
        or the memo knows the position's score, proving one move that keeps it gets up to 70% of the time.
        Otherwise the heuristic search runs until 40% of the time (if that has passed, its first depth only),
        and the solver tries again in the rest, proving one best move only (the heuristic's, if it is one).
        Whenever the solver finishes, the last result is exact and the move perfect.
        """
        start = time.monotonic()
        deadline = start + limits.seconds if limits.seconds is not None else None
        if limits.depth is not None:
            yield from self._iterate_with_fallback(game, limits.depth, budget.until(deadline))
            return
        if deadline is not None and limits.seconds is not None and self._solvable(game):
            # Middle and end games are often proven in a fraction of a second: try that first. What the solver
            # learns stays in its table for the second attempt below.
            quick = self._solve_best(game, budget.until(start + QUICK_SOLVE_SHARE * limits.seconds), None)
            if quick is not None:
                yield quick
                return
            if self._ask_exact(lambda: self.analyzer.known_score(game)) is not None:
                # The book (or the memo) knows the position's score, so proving one move that keeps it is
                # a null-window search or two: give that most of the time before the heuristic search.
                proven = self._prove_best(game, budget.until(start + PROVE_SHARE * limits.seconds), None)
                if proven is not None:
                    yield proven
                    return
        heuristic_deadline = None if limits.seconds is None else start + HEURISTIC_SHARE * limits.seconds
        last = None
        for last in self._iterate_with_fallback(game, None, budget.until(heuristic_deadline)):
            yield last
        if last is not None and last.score.exact:
            return
        exact = self._prove_best(game, budget.until(deadline), last)
        if exact is not None:
            yield exact

    def ponder(
        self, game: Game, limits: Limits | None, budget: Budget = UNBOUNDED, analyse: bool = False
    ) -> Iterator[SearchResult]:
        """Searches ``game`` (the human to move) until the job is done or ``budget`` ends it (the engine's
        has no deadline: only its stop flag).

        Every reply the human can make is searched as the computer will search it, with a full window, depth
        after depth: all replies at depth 1, then all at depth 2, and so on up to the level's depth (for the
        max level, up to PONDER_DEPTH_CAP and then the exact solver). So whichever reply the human plays, the
        computer's search of it finds its own earlier iterations in the table, and if pondering reached the
        level's depth, the answer comes at once. A plain alpha-beta search of ``game`` would give every reply
        but the best only a refutation bound, which helps the computer's full search of that reply little.

        Yields one result per completed depth, about ``game`` itself: the human's best reply and the value of
        every reply (``move_scores``, from the human's side). Before any of that, on boards the exact solver
        takes, the exact analysis gets PONDER_QUICK_SECONDS; if it finishes, its exact result is the only one
        yielded (a depth level's table is still filled quietly afterwards).

        ``analyse`` (the person asked for the values: a hint, the overlay): the help does not depend on the
        opponent's level. Where the quick exact analysis did not finish, a few cheap depths give estimates
        (ANALYSIS_ESTIMATE_DEPTH), then the exact solver works, without a deadline, until every move is
        proven; only then does a depth level's pondering go on, quietly. On boards without the solver the
        depths go on to PONDER_DEPTH_CAP whatever the level (Tic-tac-toe is proven well before).
        """
        depth_level = limits is not None and limits.depth is not None
        target = limits.depth if limits is not None and limits.depth is not None else PONDER_DEPTH_CAP
        if analyse and not self._solvable(game):
            # Tic-tac-toe's searches reach the end of every line within this depth: proven, as asked.
            target = max(target, PONDER_DEPTH_CAP)
        exact = None
        if self._solvable(game):
            exact = self._solve_best(game, budget.until(time.monotonic() + PONDER_QUICK_SECONDS), None)
            if exact is None and analyse:
                last = None
                for last in self._ponder_by_depth(game, min(target, ANALYSIS_ESTIMATE_DEPTH), budget):
                    yield last
                exact = self._solve_best(game, budget, last)
            if exact is not None:
                yield exact
                if not depth_level:
                    return  # the max level's reply will find the same exact answer at once
        # A depth level's reply is a heuristic search: pondering still fills the table for it, and after an
        # exact result it does so quietly, so that the hint and the overlay keep showing the exact values.
        for result in self._ponder_by_depth(game, target, budget, prove=not depth_level):
            if exact is None:
                yield result

    def _ponder_by_depth(
        self, game: Game, target: int, budget: Budget, prove: bool = False
    ) -> Iterator[SearchResult]:
        """The heuristic part of :meth:`ponder`, depth 1 to ``target``, then (``prove``) the exact solver."""
        start = time.monotonic()
        replies = game.moves()
        nodes = 0
        # Positions the searches of the current depth explored (the searcher counts one search at a time).
        searched_nodes = [0]
        last = None

        def ended(how: Ending) -> tuple[Score, tuple[int, ...]]:
            return (Score(win_in(1) if how is Ending.WON else 0), ())

        def searched_at(depth: int) -> Callable[[Game], tuple[Score, tuple[int, ...]]]:
            def searched(child: Game) -> tuple[Score, tuple[int, ...]]:
                result = None
                for result in self.searcher.iterate(child, max_depth=depth, budget=budget):
                    pass
                searched_nodes[0] += self.searcher.nodes
                if budget.stopped() or result is None:
                    raise SearchStopped
                return (result.score.from_child(), result.principal_variation)

            return searched

        for depth in range(1, target + 1):
            try:
                values = value_each_move(game, searched_at(depth), ended, replies)
            except SearchStopped:
                return
            nodes += searched_nodes[0]
            searched_nodes[0] = 0
            # Next depth: the human's likeliest replies first, as the computer would search them.
            replies.sort(key=lambda move: -values[move][0].value)
            best = replies[0]
            score, line = values[best]
            all_exact = all(value.exact for value, _ in values.values())
            last = SearchResult(
                depth=depth + 1,
                score=Score(score.value, all_exact or score.is_win or score.is_loss),
                best_move=best,
                principal_variation=(best, *line),
                nodes=nodes,
                seconds=time.monotonic() - start,
                move_scores=tuple((move, value) for move, (value, _) in values.items()),
            )
            yield last
            if all_exact:
                return
        if prove and last is not None:
            exact = self._solve_best(game, budget, last)
            if exact is not None:
                yield exact

    def _iterate_with_fallback(
        self, game: Game, max_depth: int | None, budget: Budget
    ) -> Iterator[SearchResult]:
        """Iterates; if the deadline passes before depth 1 completes, still completes depth 1 for a move
        (stopped only by the stop flag)."""
        produced = False
        for result in self.searcher.iterate(game, max_depth=max_depth, budget=budget):
            produced = True
            yield result
        if not produced and not budget.stopped():
            yield from self.searcher.iterate(game, max_depth=1, budget=budget.without_deadline())

    def _prove_best(self, game: Game, budget: Budget, heuristic: SearchResult | None) -> SearchResult | None:
        """A proven best move (the heuristic's choice if it is one), or None if the solver cannot prove one in
        time. Unlike :meth:`_solve_best` it values only that move, which takes one solve of the position and
        a null-window search per move tried, often a fraction of solving every move."""
        if not self._solvable(game):
            return None
        nodes_before = self.analyzer.nodes
        start = time.monotonic()
        # The heuristic's choice first, else the centre first (where best moves usually are).
        centre_first = sorted(game.moves(), key=lambda move: abs(2 * move - (game.width - 1)))
        order = [heuristic.best_move] if heuristic is not None else centre_first
        budget.proving(True)
        try:
            proven = self._ask_exact(lambda: self.analyzer.proven_move(game, order, budget))
        except SearchStopped:
            return None
        finally:
            budget.proving(False)
        if proven is None:
            return None
        score, move = proven
        solver_nodes = self.analyzer.nodes - nodes_before
        return _solved(game, score, move, ((move, score),), heuristic, solver_nodes, start)

    def _solve_best(self, game: Game, budget: Budget, heuristic: SearchResult | None) -> SearchResult | None:
        """The exact best move by solving every move, or None if the solver cannot finish in ``budget``."""
        if not self._solvable(game):
            return None
        solver = self._ask_exact(lambda: self.analyzer.solver_for(game))
        if solver is None:
            return None
        nodes_before = solver.nodes
        start = time.monotonic()
        budget.proving(True)
        try:
            values = self._ask_exact(lambda: self.analyzer.move_values(game, budget=budget))
        except SearchStopped:
            return None
        finally:
            budget.proving(False)
        if values is None:
            return None
        best = max(value for value in values if value is not None)
        choices = [move for move, value in enumerate(values) if value == best]
        # Prefer the heuristic search's choice among equally good moves: it plays the position more naturally
        # (e.g. it keeps pressure when every move draws); otherwise pick at random.
        if heuristic is not None and heuristic.best_move in choices:
            move = heuristic.best_move
        else:
            move = self.rng.choice(choices)
        move_scores = tuple((move, value) for move, value in enumerate(values) if value is not None)
        return _solved(game, best, move, move_scores, heuristic, solver.nodes - nodes_before, start)


def _solved(
    game: Game,
    score: Score,
    move: int,
    move_scores: tuple[tuple[int, Score], ...],
    heuristic: SearchResult | None,
    solver_nodes: int,
    start: float,
) -> SearchResult:
    """The solver's best ``move`` in ``game`` and its ``score`` as a search to the end of every line: its
    counts the ``heuristic`` search's before it (where there was one) and the solver's ``solver_nodes`` since
    ``start`` (a ``time.monotonic()``)."""
    return SearchResult(
        depth=game.width * game.height - game.ply(),
        score=score,
        best_move=move,
        principal_variation=(move,),
        nodes=(heuristic.nodes if heuristic else 0) + solver_nodes,
        seconds=(heuristic.seconds if heuristic else 0.0) + time.monotonic() - start,
        move_scores=move_scores,
    )
