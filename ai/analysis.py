"""Exact analysis of positions, in the benchmark score convention (see :func:`ai.score.to_benchmark`).

Connect Four boards with an even number of cells go to the Pons-style solver; Tic-tac-toe is solved by the
engine's own alpha-beta search run to the end of the game. The command-line analyzer, the tests and the max level
share these functions, so they all speak the same number.
"""

from __future__ import annotations

import threading

from ai.connect4_native import NativeConnectFourSolver
from ai.connect4_solver import FULL_COLUMN, SolverBase
from ai.score import to_benchmark, win_in
from ai.search import Searcher
from ai.solver_core import new_solver
from ai.table import TranspositionTable

#: Printed in place of the score of an illegal move, as the reference solver does.
ILLEGAL = FULL_COLUMN


def solver_supports(game) -> bool:
    """True when ``game`` can be solved by the Connect Four solver (Connect Four with an even cell count)."""
    return game.name == "connect4" and game.k == 4 and game.width * game.height % 2 == 0


def can_analyze(game) -> bool:
    """True when :class:`ExactAnalyzer` has an exact method for ``game``'s board."""
    return solver_supports(game) or game.name == "tictactoe"


class ExactAnalyzer:
    """Exact scores of positions; keeps one solver (and its table) per board size between calls."""

    def __init__(self, solver_slots: int | None = None, search_entries: int = 1 << 18) -> None:
        """``solver_slots``: table slots of each Connect Four solver (None: the solver core's default)."""
        self._solver_slots = solver_slots
        self._solvers: dict[tuple[int, int], SolverBase] = {}
        self._searcher = Searcher(TranspositionTable(search_entries))
        self.stop: threading.Event | None = None
        self.deadline: float | None = None

    def clear(self) -> None:
        """Empties every table."""
        self._searcher.table.clear()
        for solver in self._solvers.values():
            solver.clear()

    def release(self) -> None:
        """Frees every table now; the analyzer is unusable afterwards."""
        self._searcher.table.release()
        for solver in self._solvers.values():
            solver.release()
        self._solvers.clear()

    @property
    def nodes(self) -> int:
        return sum(solver.nodes for solver in self._solvers.values()) + self._searcher.nodes

    def compiled_nodes(self) -> int:
        """Positions the compiled solver core explored so far. Unlike ``nodes``, it may be read from another
        thread while the core searches, since the core counts as it goes (and runs without check points)."""
        solvers = list(self._solvers.values())  # one atomic copy: the worker may be adding a solver
        return sum(solver.nodes for solver in solvers if isinstance(solver, NativeConnectFourSolver))

    def solver_for(self, game) -> SolverBase:
        shape = (game.width, game.height)
        if shape not in self._solvers:
            self._solvers[shape] = new_solver(game.width, game.height, self._solver_slots)
        solver = self._solvers[shape]
        solver.stop, solver.deadline = self.stop, self.deadline
        return solver

    def score(self, game, weak: bool = False) -> int:
        """Exact benchmark score for the side to move (``weak``: its sign). The game must not be over.

        Raises ValueError for a board no exact method here can solve, SearchStopped when interrupted.
        """
        if game.is_over():
            raise ValueError("game is over")
        if solver_supports(game):
            player = game.to_move()
            return self.solver_for(game).solve(game.stones(player), game.occupied(), game.ply(), weak)
        if not can_analyze(game):
            raise ValueError(f"no exact analysis for {game.variant()}")
        exact = self._searcher.solve(game, deadline=self.deadline, stop=self.stop)
        benchmark = to_benchmark(exact, game.ply(), game.width * game.height)
        return (benchmark > 0) - (benchmark < 0) if weak else benchmark

    def move_scores(self, game, weak: bool = False) -> list[int]:
        """The score of every move of the board in board order (columns left to right, or cells 1..n), from the
        side to move's point of view, ``ILLEGAL`` where the move is not legal (a full column, a taken cell).
        """
        if game.is_over():
            raise ValueError("game is over")
        if solver_supports(game):
            player = game.to_move()
            return self.solver_for(game).analyze(game.stones(player), game.occupied(), game.ply(), weak)
        legal = set(game.moves())
        cells = game.width * game.height
        board_moves = game.width if game.name == "connect4" else cells
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
