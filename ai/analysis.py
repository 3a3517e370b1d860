"""Exact analysis of positions, in the benchmark score convention (see :func:`ai.score.to_benchmark`).

:class:`ExactAnalyzer` is the one place that answers "what is this position worth, and each of its moves?".
For Connect Four it asks, in this order: the opening book (7 x 6 only, :mod:`ai.opening_book`), its memo of
the exact scores it has already found, and the solver (the compiled core where it is built, else the Python
one, :mod:`ai.solver_core`). Tic-tac-toe is solved by the engine's own alpha-beta search run to the end of the
game. The command-line tools, the max level, the hint, the analysis overlay and the tests all ask it, so they
all speak the same number.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from ai.connect4_native import NativeConnectFourSolver
from ai.connect4_solver import FULL_COLUMN, SolverBase
from ai.opening_book import OpeningBook, shipped_book
from ai.score import to_benchmark, win_in
from ai.search import Searcher
from ai.solver_core import new_solver
from ai.table import TranspositionTable

#: Printed in place of the score of an illegal move, as the reference solver does.
ILLEGAL = FULL_COLUMN
#: Exact scores remembered (beyond the book and the solver's table) before the memo starts afresh.
MEMO_LIMIT = 1 << 20


def solver_supports(game) -> bool:
    """True when ``game`` can be solved by the Connect Four solver (Connect Four with an even cell count)."""
    return game.gravity and game.k == 4 and game.width * game.height % 2 == 0


def can_analyze(game) -> bool:
    """True when :class:`ExactAnalyzer` has an exact method for ``game``'s board."""
    # Boards without gravity are Tic-tac-toe's: small enough for the alpha-beta search run to the end.
    return solver_supports(game) or not game.gravity


class ExactAnalyzer:
    """Exact scores of positions; keeps one solver (and its table) per board size between calls."""

    def __init__(
        self,
        solver_slots: int | None = None,
        search_entries: int = 1 << 18,
        book: Callable[[], OpeningBook | None] = shipped_book,
    ) -> None:
        """``solver_slots``: table slots of each Connect Four solver (None: the solver core's default).
        ``book``: returns the opening book to consult, or None for none; it is called once, by
        :meth:`read_book` or at the first 7 x 6 question, never here (reading the file must not delay the
        window's first frame)."""
        self._solver_slots = solver_slots
        self._book_source = book
        self._book: OpeningBook | None = None
        self._book_read = False
        # Exact scores found by searching, by (variant, key): facts, so kept across games (up to MEMO_LIMIT).
        self._memo: dict[tuple[str, int], int] = {}
        self._solvers: dict[tuple[int, int], SolverBase] = {}
        self._searcher = Searcher(TranspositionTable(search_entries))
        self.stop: threading.Event | None = None
        self.deadline: float | None = None
        #: Called every hundred or so positions by the searches that hold the GIL (:meth:`set_checkpoint`).
        self.on_checkpoint: Callable[[], None] | None = None

    def set_checkpoint(self, hook: Callable[[], None] | None) -> None:
        """Installs ``hook`` to run every hundred or so positions of the searches that hold the GIL (the
        engine hands the GIL to the window there)."""
        self.on_checkpoint = hook
        self._searcher.on_checkpoint = hook

    def clear(self) -> None:
        """Empties every search table (the exact scores already found stay: they are facts)."""
        self._searcher.table.clear()
        for solver in self._solvers.values():
            solver.clear()

    def release(self) -> None:
        """Frees every table now; the analyzer is unusable afterwards."""
        self._searcher.table.release()
        for solver in self._solvers.values():
            solver.release()
        self._solvers.clear()
        self._memo.clear()

    @property
    def nodes(self) -> int:
        return sum(solver.nodes for solver in self._solvers.values()) + self._searcher.nodes

    def compiled_nodes(self) -> int:
        """Positions the compiled solver core explored so far. Unlike ``nodes``, it may be read from another
        thread while the core searches, since the core counts as it goes (and runs without check points)."""
        solvers = list(self._solvers.values())  # one atomic copy: the worker may be adding a solver
        return sum(solver.nodes for solver in solvers if isinstance(solver, NativeConnectFourSolver))

    def read_book(self) -> None:
        """Reads the opening book now, unless it was read already (about 10 ms for the shipped book, most of
        it without the GIL). The engine's worker calls it as it starts, so that no search of its has to wait
        for the file: a stop must be obeyed within a millisecond or two."""
        if not self._book_read:
            self._book_read = True
            self._book = self._book_source()

    def known_score(self, game) -> int | None:
        """The exact score of a position from the book or the memo, without searching; None when neither
        has it."""
        key = game.key()
        if solver_supports(game) and (game.width, game.height) == (7, 6):
            self.read_book()
            if self._book is not None:
                score = self._book.score(key)
                if score is not None:
                    return score
        return self._memo.get((game.variant(), key))

    def _remember(self, game, score: int) -> int:
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[(game.variant(), game.key())] = score
        return score

    def solver_for(self, game) -> SolverBase:
        shape = (game.width, game.height)
        if shape not in self._solvers:
            solver = new_solver(game.width, game.height, self._solver_slots)
            if shape == (7, 6):
                # Below the book's positions the solver need not search: deep opening searches are cut short.
                self.read_book()
                solver.use_book(self._book)
            self._solvers[shape] = solver
        solver = self._solvers[shape]
        solver.stop, solver.deadline = self.stop, self.deadline
        solver.on_checkpoint = self.on_checkpoint
        return solver

    def score(self, game, weak: bool = False) -> int:
        """Exact benchmark score for the side to move (``weak``: its sign). The game must not be over.

        Raises ValueError for a board no exact method here can solve, SearchStopped when interrupted.
        """
        if game.is_over():
            raise ValueError("game is over")
        if not can_analyze(game):
            raise ValueError(f"no exact analysis for {game.variant()}")
        exact = self.known_score(game)
        if exact is None:
            if solver_supports(game):
                player = game.to_move()
                score = self.solver_for(game).solve(game.stones(player), game.occupied(), game.ply(), weak)
                if weak:
                    return score  # only a sign: nothing to remember
            else:
                searched = self._searcher.solve(game, deadline=self.deadline, stop=self.stop)
                score = to_benchmark(searched, game.ply(), game.width * game.height)
            exact = self._remember(game, score)
        return (exact > 0) - (exact < 0) if weak else exact

    def proven_move(self, game, order: Sequence[int]) -> tuple[int, int]:
        """The exact score of ``game`` and a move that reaches it (so the best there is), the first such of
        ``order`` (legal moves, most promising first; the other legal moves are tried after them).

        Cheaper than :meth:`move_scores` when only a best move is wanted: the position is solved once, and
        each move tried costs one null-window search (usually the first one tried is best). Connect Four
        boards the solver takes only (see :func:`solver_supports`); raises SearchStopped when interrupted.
        """
        score = self.score(game)
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
                        reaches = solver.score_at_most(current, mask, game.ply(), -score)
            finally:
                game.undo()
            if reaches:
                return score, move
        raise AssertionError(f"no move of {game.moves_text()!r} reaches its score {score}")

    def move_scores(self, game, weak: bool = False) -> list[int]:
        """The score of every move of the board in board order (columns left to right, or cells 1..n), from
        the side to move's point of view, ``ILLEGAL`` where the move is not legal (a full column, a taken
        cell).
        """
        if game.is_over():
            raise ValueError("game is over")
        legal = set(game.moves())
        cells = game.width * game.height
        board_moves = game.width if game.gravity else cells
        scores = []
        for move in range(board_moves):
            if move not in legal:
                scores.append(ILLEGAL)
                continue
            game.apply(move)
            try:
                if game.winner() is not None:
                    score = 1 if weak else to_benchmark(win_in(1), game.ply() - 1, cells)
                elif game.is_over():
                    score = 0
                else:
                    score = -self.score(game, weak)
            finally:
                game.undo()
            scores.append(score)
        return scores
