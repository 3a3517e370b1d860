"""The exact values the checks compare claims with: the solver's results (the sign of its score, a cheaper
search than the score itself), asked once per position and remembered for one explanation, or for as long as
a :class:`Memory` is kept (the explainer's thread keeps one across the positions of a game)."""

from __future__ import annotations

from ai.claims import Claim
from ai.contracts import UNBOUNDED, Budget
from ai.exact.analysis import ExactAnalyzer
from game.connect4 import ConnectFour

#: A position as the explainer tells positions apart: its key and ply (on one board size).
PositionKey = tuple[int, int]


class Memory:
    """What explanations learn that stays true of a position whatever is asked next: its exact result, the
    side to move's slowest loss, the first proven claim a road may end at there (None: none), of the cheap
    kinds and of the dear ones apart (:mod:`ai.explain.road`), and that this claim passed its check there
    (the claim object kept with it, so that a road ending at it is proven again without replaying a plan).
    All of it follows from the position alone (the finders and checks are deterministic, the solver exact),
    so explanations of the same board size with the same plan finder may share one memory; a search stopped
    half way leaves nothing half found in it.

    Not thread-safe: one memory belongs to one thread. Bounded: past ``limit`` entries it starts afresh."""

    def __init__(self, limit: int = 100_000) -> None:
        self.limit = limit
        self.shape: tuple[int, int] | None = None
        self.results: dict[PositionKey, int] = {}
        self.slowest: dict[PositionKey, int] = {}
        self.checked: dict[tuple[int, int, int], tuple[object, bool]] = {}
        self.reasons: dict[PositionKey, Claim | None] = {}
        self.later_reasons: dict[PositionKey, Claim | None] = {}

    def fit(self, game: ConnectFour) -> None:
        """Ready for ``game``: emptied where its board size differs from the last one's or the memory is
        full."""
        shape = (game.width, game.height)
        tables = (self.results, self.slowest, self.checked, self.reasons, self.later_reasons)
        full = sum(len(table) for table in tables) > self.limit
        if shape != self.shape or full:
            self.shape = shape
            for table in tables:
                table.clear()


class ExactValues:
    """The exact results of positions and moves, by :class:`ExactAnalyzer` within ``budget`` (its
    SearchStopped passes through: the explanation is then dropped), remembered in ``memory`` (a fresh one
    where none is given: this explanation's alone), which must suit ``game``'s board."""

    def __init__(
        self,
        analyzer: ExactAnalyzer,
        budget: Budget = UNBOUNDED,
        memory: Memory | None = None,
        game: ConnectFour | None = None,
    ) -> None:
        self.analyzer = analyzer
        self.budget = budget
        self.memory = memory if memory is not None else Memory()
        if game is not None:
            self.memory.fit(game)
        self._results = self.memory.results
        #: What :func:`ai.explain.checks.check` found of a claim (the object itself) about a position in this
        #: explanation, so that a claim checked twice (a road's end, found and then proven) is replayed once.
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

    def keep(self, game: ConnectFour, claim: Claim) -> None:
        """Keeps in the memory what this explanation's check found of ``claim`` about ``game``, if checked."""
        memo = (id(claim), game.key(), game.ply())
        if memo in self.checked:
            self.memory.checked[memo] = self.checked[memo]

    def found(self, game: ConnectFour, claim: Claim) -> bool | None:
        """What a check found of ``claim`` (this very object) about ``game``, in this explanation or kept in
        the memory; None where it was not checked."""
        memo = (id(claim), game.key(), game.ply())
        for table in (self.checked, self.memory.checked):
            known = table.get(memo)
            if known is not None and known[0] is claim:
                return known[1]
        return None

    def slowest_loss(self, game: ConnectFour) -> int:
        """The side to move's slowest loss in ``game`` (a lost position): the first move, in the game's
        centre-first order, that reaches its exact score."""
        key = (game.key(), game.ply())
        if key not in self.memory.slowest:
            self.memory.slowest[key] = self.analyzer.proven_move(game, game.moves(), self.budget)[1]
        return self.memory.slowest[key]
