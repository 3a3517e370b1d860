"""The exact values the checks compare claims with: the solver's results (the sign of its score, a cheaper
search than the score itself), asked once per position and remembered for one explanation."""

from __future__ import annotations

from ai.contracts import UNBOUNDED, Budget
from ai.exact.analysis import ExactAnalyzer
from game.connect4 import ConnectFour


class ExactValues:
    """The exact results of positions and moves, by :class:`ExactAnalyzer` within ``budget`` (its
    SearchStopped passes through: the explanation is then dropped)."""

    def __init__(self, analyzer: ExactAnalyzer, budget: Budget = UNBOUNDED) -> None:
        self.analyzer = analyzer
        self.budget = budget
        self._results: dict[tuple[int, int], int] = {}
        #: What :func:`ai.explain.checks.check` found of a claim (the object itself) about a position, so that
        #: a claim checked twice in one explanation (a road's end, found and then proven) is replayed once.
        self.checked: dict[tuple[int, int, int], tuple[object, bool]] = {}

    def result_for(self, game: ConnectFour, side: int) -> int:
        """``side``'s result in ``game`` under best play: 1 win, 0 draw, -1 loss (a finished game's too)."""
        if game.winner() is not None:
            return 1 if game.winner() == side else -1
        if game.is_over():
            return 0
        key = (game.key(), game.ply())
        if key not in self._results:
            self._results[key] = self.analyzer.score(game, weak=True, budget=self.budget)
        own = self._results[key]
        return own if game.to_move() == side else -own

    def move_results(self, game: ConnectFour) -> dict[int, int]:
        """Each legal move's result for the side to move: 1 win, 0 draw, -1 loss."""
        side = game.to_move()
        results = {}
        for column in game.moves():
            child = game.copy()
            child.apply(column)
            results[column] = self.result_for(child, side)
        return results
