"""Exact analysis of positions: proven values as :class:`~ai.score.Score` (:meth:`ExactAnalyzer.move_values`,
:meth:`ExactAnalyzer.proven_move`) for the engine, and in the benchmark score convention (see
:func:`ai.score.to_benchmark`), the exact solver's own language, for the command line and the tests.

:class:`ExactAnalyzer` is the one place that answers "what is this position worth, and each of its moves?".
For Connect Four it asks, in this order: the opening book (7 x 6 only, :mod:`ai.exact.book`), its memo of
the exact scores it has already found (both kept by :mod:`ai.exact.known_scores`), and the solver (the
compiled core where it is built, else the Python one, :mod:`ai.exact.choice`). Tic-tac-toe is solved by the
engine's own alpha-beta search run to the end of the game. The command-line tools, the max level, the hint,
the analysis overlay and the tests all ask it, so they all speak the same number. The solver of 7 x 6
consults the book inside its search too, and an early position and its moves are solved on as many threads as
it is given, by default every core (the compiled core searches without the GIL; how the threads share the
work: :mod:`ai.exact.team`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ai.contracts import ILLEGAL_MOVE, UNBOUNDED, Budget, PartFailure
from ai.exact.base import SolverBase
from ai.exact.book import OpeningBook, shipped_book
from ai.exact.choice import new_solver
from ai.exact.compiled_core import NativeConnectFourSolver
from ai.exact.known_scores import KnownScores
from ai.exact.team import cores_available, race, search_orders, share_moves
from ai.heuristic.search import Searcher
from ai.heuristic.table import TranspositionTable
from ai.move_values import Ending, value_each_move
from ai.score import Score, to_benchmark, win_in
from game.protocol import Game

#: Positions and their moves are solved on several threads (each with a compiled solver, all sharing one
#: table) from this many empty cells up: the slow analyses of the opening and early middle game gain from
#: the other threads, while later ones take milliseconds, which a thread's start would only lengthen
#: (bench/analysis_speed.py).
SIDE_BY_SIDE_EMPTY_CELLS = 30


def solver_supports(game: Game) -> bool:
    """True when ``game`` can be solved by the Connect Four solver (Connect Four with an even cell count)."""
    return game.gravity and game.k == 4 and game.width * game.height % 2 == 0


def can_analyze(game: Game) -> bool:
    """True when :class:`ExactAnalyzer` has an exact method for ``game``'s board."""
    # Boards without gravity are Tic-tac-toe's: small enough for the alpha-beta search run to the end.
    return solver_supports(game) or not game.gravity


class ExactAnalyzer:
    """Exact scores of positions; keeps the solver (and its table) of the board size it was last asked about
    between calls, and those of the helper threads, which share its table."""

    def __init__(
        self,
        solver_slots: int | None = None,
        search_entries: int = 1 << 18,
        book: Callable[[], OpeningBook | None] = shipped_book,
        threads: int | None = None,
    ) -> None:
        """``solver_slots``: table slots of each Connect Four solver (None: the solver core's default).
        ``threads``: the threads that solve an early position (:meth:`score`: all of them search it, see
        :func:`ai.exact.team.race`) or its moves (:meth:`move_scores`: the moves are shared out among the
        threads, several threads on one move where there are more threads than moves), each thread with a
        solver of its own, all sharing one table (None: one per core this process may run on; the window
        passes fewer, see :func:`ai.exact.team.window_threads`). Only the compiled core gains from them,
        since it searches without the GIL; with the Python core everything is solved on the calling thread.
        ``book``: returns the opening book to consult, or None for none, or raises BookError when the book
        cannot be used (the analyzer then logs a warning, solves instead, and hands the failure out through
        :meth:`take_failures`); it is called once, by :meth:`read_book` or at the first 7 x 6 question, never
        here (reading the file must not delay the window's first frame)."""
        self._solver_slots = solver_slots
        #: The book and the exact scores found by searching: facts, so kept across games.
        self._known = KnownScores(book)
        self._solvers: dict[tuple[int, int], SolverBase] = {}
        # The helper threads' solvers (see score and move_scores), by board size.
        self._helpers: dict[tuple[int, int], list[SolverBase]] = {}
        if threads is not None and threads < 1:
            raise ValueError("threads must be 1 or more")
        self._threads = threads if threads is not None else cores_available()
        self._searcher = Searcher(TranspositionTable(search_entries))

    def clear(self) -> None:
        """Empties every search table (the exact scores already found stay: they are facts)."""
        self._searcher.table.clear()
        for solver in self._all_solvers():
            solver.clear()

    def release(self) -> None:
        """Frees every table now; the analyzer is unusable afterwards."""
        self._searcher.table.release()
        self._release_solvers()
        self._known.forget()

    def _all_solvers(self) -> list[SolverBase]:
        # Copies made at once: the worker may be adding a solver while another thread reads.
        helpers = [solver for team in list(self._helpers.values()) for solver in team]
        return [*self._solvers.values(), *helpers]

    @property
    def nodes(self) -> int:
        return sum(solver.nodes for solver in self._all_solvers()) + self._searcher.nodes

    def compiled_nodes(self) -> int:
        """Positions the compiled solver core explored so far. Unlike ``nodes``, it may be read from another
        thread while the core searches, since the core counts as it goes (and runs without check points)."""
        return sum(
            solver.nodes for solver in self._all_solvers() if isinstance(solver, NativeConnectFourSolver)
        )

    def compiled_branched(self) -> int:
        """Of the positions the compiled core explored, those left with two moves or more to try (see
        NativeConnectFourSolver.branched); 0 on the pure-Python core."""
        return sum(
            solver.branched for solver in self._all_solvers() if isinstance(solver, NativeConnectFourSolver)
        )

    def read_book(self) -> None:
        """Reads the opening book now, unless it was read already (about 35 ms for the shipped book, most of
        it decompressing without the GIL; another thread waits under 10 ms). The engine's worker has it
        read when a 7 x 6 game starts (see :meth:`prepare`), so that no search of its has to wait for the
        file: a stop must be obeyed within a millisecond or two."""
        self._known.read_book()

    def take_failures(self) -> list[PartFailure]:
        """The parts this analyzer does without since the last call (an unusable book), each told once."""
        return self._known.take_failures()

    def known_score(self, game: Game) -> int | None:
        """The exact score of a position from the book or the memo, without searching; None when neither
        has it."""
        return self._known.score(game, in_book=solver_supports(game) and (game.width, game.height) == (7, 6))

    def prepare(self, game: Game) -> None:
        """Gets ready for ``game``'s board now: where it has an exact solver, makes its solvers (and reads the
        book for 7 x 6), freeing other sizes'; elsewhere (Tic-tac-toe), frees every solver. Making a
        compiled solver's table takes a tenth of a second or so, without the GIL but deaf to the stop flag:
        the engine's worker prepares each new game's board before any search of it."""
        if solver_supports(game):
            self._make_solvers((game.width, game.height), with_helper=True)
        else:
            self._release_solvers()

    def _make_solvers(self, shape: tuple[int, int], with_helper: bool) -> None:
        """Makes the solver of ``shape`` if there is none yet, and with ``with_helper`` the helper threads'
        too, where they gain (the compiled core, more than one thread)."""
        if shape not in self._solvers:
            # One board size at a time (a player plays one board): the other sizes' tables are freed first.
            self._release_solvers()
            self._solvers[shape] = self._new_solver(shape)
        main = self._solvers[shape]
        if (
            with_helper
            and self._threads > 1
            and isinstance(main, NativeConnectFourSolver)
            and shape not in self._helpers
        ):
            # One table for every thread: each finds what the others learnt, and it costs no more memory.
            self._helpers[shape] = [
                self._use_book(
                    NativeConnectFourSolver(
                        *shape, main.size, share_table_with=main, near_depth=main.near_depth, order=order
                    )
                )
                for order in search_orders(shape[0], self._threads)[1:]
            ]

    def _release_solvers(self) -> None:
        for solver in self._all_solvers():
            solver.release()
        self._solvers.clear()
        self._helpers.clear()

    def _new_solver(self, shape: tuple[int, int]) -> SolverBase:
        return self._use_book(new_solver(*shape, self._solver_slots))

    def _use_book(self, solver: SolverBase) -> SolverBase:
        if (solver.width, solver.height) == (7, 6):
            # Below the book's positions the solver need not search: deep opening searches are cut short.
            solver.use_book(self._known.book)
        return solver

    def solver_for(self, game: Game) -> SolverBase:
        """The solver of ``game``'s board size (made if need be)."""
        shape = (game.width, game.height)
        self._make_solvers(shape, with_helper=False)
        return self._solvers[shape]

    def _solve(self, solver: SolverBase, game: Game, weak: bool, at_least: int | None, budget: Budget) -> int:
        """``game``'s exact score by ``solver`` (``weak``: its sign), remembered when exact; ``at_least``: a
        score it is known to reach (see SolverBase.solve)."""
        player = game.to_move()
        score = solver.solve(game.stones(player), game.occupied(), game.ply(), weak, at_least, budget)
        return score if weak else self._known.remember(game, score)

    def score(
        self, game: Game, weak: bool = False, at_least: int | None = None, budget: Budget = UNBOUNDED
    ) -> int:
        """Exact benchmark score for the side to move (``weak``: its sign). The game must not be over.
        ``at_least``: a score the position is known to reach, which may spare the solver work.

        Raises ValueError for a board no exact method here can solve, SearchStopped when ``budget`` ends the
        search.
        """
        if game.is_over():
            raise ValueError("game is over")
        if not can_analyze(game):
            raise ValueError(f"no exact analysis for {game.variant()}")
        exact = self.known_score(game)
        if exact is None:
            if solver_supports(game):
                if self._side_by_side(game):
                    return self._solve_together(self._team(game), game, weak, at_least, budget)
                return self._solve(self.solver_for(game), game, weak, at_least, budget)
            searched = self._searcher.solve(game, budget)
            exact = self._known.remember(game, to_benchmark(searched, game.ply(), game.width * game.height))
        return (exact > 0) - (exact < 0) if weak else exact

    def proven_move(self, game: Game, order: Sequence[int], budget: Budget = UNBOUNDED) -> tuple[Score, int]:
        """The proven value of ``game`` and a move that reaches it (so the best there is), the first such of
        ``order`` (legal moves, most promising first; the other legal moves are tried after them).

        Cheaper than :meth:`move_scores` when only a best move is wanted: the position is solved once, and
        each move tried costs one null-window search (usually the first one tried is best). Connect Four
        boards the solver takes only (see :func:`solver_supports`); raises SearchStopped when ``budget``
        ends the search.
        """
        score = self.score(game, budget=budget)
        cells = game.width * game.height
        solver = self.solver_for(game)
        tried = [*order, *(move for move in game.moves() if move not in order)]
        for move in tried:
            game.apply(move)
            try:
                if game.winner() is not None:
                    reaches = to_benchmark(win_in(1), game.ply() - 1, cells) == score
                elif game.is_over():
                    reaches = score == 0
                else:
                    known = self.known_score(game)
                    if known is not None:
                        reaches = -known == score
                    else:
                        player = game.to_move()
                        current, mask = game.stones(player), game.occupied()
                        # The move reaches the score when the position it leads to is worth at most -score.
                        reaches = solver.score_at_most(current, mask, game.ply(), -score, budget)
            finally:
                game.undo()
            if reaches:
                return Score.from_benchmark(score, game.ply(), cells), move
        raise AssertionError(f"no move of {game.moves_text()!r} reaches its score {score}")

    def move_scores(self, game: Game, weak: bool = False, budget: Budget = UNBOUNDED) -> list[int]:
        """The score of every move of the board in board order (columns left to right, or cells 1..n), from
        the side to move's point of view, ``ILLEGAL_MOVE`` where the move is not legal (a full column, a taken
        cell). Raises SearchStopped when ``budget`` ends the search.
        """
        if game.is_over():
            raise ValueError("game is over")
        cells = game.width * game.height
        board_moves = game.width if game.gravity else cells
        scores: dict[int, int | None] = dict.fromkeys(range(board_moves), ILLEGAL_MOVE)
        parent_ply = game.ply()

        def ended(how: Ending) -> int:
            if how is Ending.DRAWN:
                return 0
            return 1 if weak else to_benchmark(win_in(1), parent_ply, cells)

        def now_or_later(child: Game) -> int | None:
            # What the book or the memo knows, and boards without a solver, now; the rest (None) below,
            # where two threads may share the work.
            if self.known_score(child) is not None or not solver_supports(child):
                return -self.score(child, weak, budget=budget)
            return None

        # Connect Four's moves come centre first: the longest solves, usually.
        scores.update(value_each_move(game, now_or_later, ended))
        unsolved = [move for move, score in scores.items() if score is None]
        # Where the position's own score is known (the book, the memo), no move is worth more: each move's
        # position is worth at least minus it, which the solver checks first.
        known = None if weak or not unsolved else self.known_score(game)
        at_least = None if known is None else -known
        if unsolved and self._side_by_side(game):
            scores.update(self._solve_side_by_side(game, unsolved, weak, at_least, budget))
        else:
            solved = value_each_move(
                game, lambda child: -self.score(child, weak, at_least, budget), ended, unsolved
            )
            scores.update(solved)
        complete = [score for score in scores.values() if score is not None]
        assert len(complete) == len(scores), "every unsolved move was solved above"
        return complete

    def move_values(self, game: Game, budget: Budget = UNBOUNDED) -> list[Score | None]:
        """The proven value of every move of the board in board order, from the side to move's point of view,
        None where the move is not legal (see :meth:`move_scores`)."""
        ply, cells = game.ply(), game.width * game.height
        return [
            None if score == ILLEGAL_MOVE else Score.from_benchmark(score, ply, cells)
            for score in self.move_scores(game, budget=budget)
        ]

    def _side_by_side(self, game: Game) -> bool:
        """True when ``game`` and its moves are worth solving on several threads (see
        SIDE_BY_SIDE_EMPTY_CELLS)."""
        empty = game.width * game.height - game.ply()
        if empty < SIDE_BY_SIDE_EMPTY_CELLS:
            return False
        # Helpers made here, in the middle of a search, cannot be stopped while their table is made: the
        # engine prepares each new game's board before searching it.
        self._make_solvers((game.width, game.height), with_helper=True)
        return (game.width, game.height) in self._helpers

    def _team(self, game: Game) -> list[SolverBase]:
        """The calling thread's solver of ``game``'s board, then the helper threads'."""
        shape = (game.width, game.height)
        return [self._solvers[shape], *self._helpers[shape]]

    def _solve_together(
        self, team: list[SolverBase], game: Game, weak: bool, at_least: int | None, budget: Budget
    ) -> int:
        """``game``'s score searched by every solver of ``team`` at once, each in its own move order over the
        shared table ("lazy SMP", :func:`ai.exact.team.race`), remembered when exact; the other threads have
        ended when this returns."""
        player = game.to_move()
        position = (game.stones(player), game.occupied(), game.ply())
        score = race(team, position, weak, at_least, budget)
        return score if weak else self._known.remember(game, score)

    def _solve_side_by_side(
        self, game: Game, moves: list[int], weak: bool, at_least: int | None, budget: Budget
    ) -> dict[int, int]:
        """The score of each of ``moves`` (from the side to move's view), the threads split into teams that
        share the moves out (:func:`ai.exact.team.share_moves`); ``at_least``: a score each move's position is
        known to reach, or None. Every solver obeys ``budget``."""
        return share_moves(
            self._team(game),
            game,
            moves,
            lambda team, child: self._solve_together(team, child, weak, at_least, budget),
        )
