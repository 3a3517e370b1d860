"""Iterative-deepening negamax alpha-beta over the game protocol, with a transposition table.

``Searcher.iterate`` is a generator: it yields one :class:`~ai.messages.SearchResult` per completed depth, and
the caller decides when to stop (a depth, a deadline, a stop flag, or simply not asking for the next result).
A stop flag and a deadline are also checked every ``CHECK_EVERY`` nodes inside an iteration; a stopped
iteration raises :class:`SearchStopped` internally and is thrown away, so it never changes the answer: only
completed iterations are ever reported.

Scores follow :mod:`ai.score`: from the side to move, proven wins and losses counted in plies from the root so
that the fastest win and the slowest loss are preferred; inside the table they are stored relative to the node
(``_to_table`` / ``_from_table``), so transpositions reached at different distances from the root stay
correct.

Move ordering: the table's best move first, then the game's own static order (centre first), except at the
root, where the moves are shuffled once per search by the seeded ``rng`` so that, among moves of equal value,
the AI does not always choose the same one. Shuffling only changes which of several equally scored moves is
found first: alpha-beta keeps the first move that reaches the best value, so a worse move is never chosen.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

from ai.contracts import UNBOUNDED, Budget, SearchResult, SearchStopped
from ai.heuristic.evaluate import ThreatEvaluator
from ai.heuristic.table import EXACT, LOWER, UPPER, TranspositionTable
from ai.score import PROVEN, WIN, Score
from game.protocol import Game

INFINITY = WIN + 1


#: Positions with at most this many stones are stored under their symmetric key, where the game offers one:
#: there, many move orders reach mirrored positions; deeper, computing the key would cost more than it saves.
SYMMETRY_PLIES = 8


def _to_table(score: int, ply: int) -> int:
    if score > PROVEN:
        return score + ply
    if score < -PROVEN:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score > PROVEN:
        return score - ply
    if score < -PROVEN:
        return score + ply
    return score


class Searcher:
    """Owns a transposition table and searches positions of any game that speaks the protocol.

    ``evaluate(game) -> int`` scores unfinished positions from the side to move, inside the heuristic limit;
    by default a :class:`ThreatEvaluator` for the game's board. Not thread-safe: one search at a time.
    """

    #: At about 150,000 positions a second, 128 positions are under a millisecond: the bound on how long a
    #: stop waits, and on how long the window waits for the GIL.
    CHECK_EVERY = 128

    def __init__(
        self,
        table: TranspositionTable | None = None,
        evaluate: Callable[[Game], int] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.table = table if table is not None else TranspositionTable()
        self._fixed_evaluate = evaluate
        self._evaluators: dict[tuple[str, int, int, int], Callable[[Game], int]] = {}
        self.rng = rng if rng is not None else random.Random()
        self.nodes = 0
        # The running search's budget, looked at every CHECK_EVERY nodes; set by each call for its duration.
        self._budget = UNBOUNDED
        self._symmetric_key: Callable[[], int] | None = None
        self._can_still_win: Callable[[int], bool] | None = None

    def _evaluator_for(self, game: Game) -> Callable[[Game], int]:
        if self._fixed_evaluate is not None:
            return self._fixed_evaluate
        shape = (game.name, game.width, game.height, game.k)
        if shape not in self._evaluators:
            self._evaluators[shape] = ThreatEvaluator.for_game(game)
        return self._evaluators[shape]

    def iterate(
        self, game: Game, max_depth: int | None = None, budget: Budget = UNBOUNDED
    ) -> Iterator[SearchResult]:
        """Yields one result per completed depth 1, 2, ... until ``max_depth``, a proven result, or the end of
        the game tree. Stops quietly (no more results) when ``budget``'s flag is set or its deadline passes.
        ``game`` is used as the search's scratch board and is left as it was.

        The game must not be over.
        """
        if game.is_over():
            raise ValueError("cannot search a finished game")
        start = time.monotonic()
        self.nodes = 0
        self._budget = budget
        self._evaluate = self._evaluator_for(game)
        # Heuristic values need not be the same for mirrored positions, nor bounded by who can still win: the
        # exact search's shortcuts (see solve) stay off here.
        self._symmetric_key = self._can_still_win = None
        self.table.generation = game.ply()
        root_ply = game.ply()
        plies_left = game.width * game.height - root_ply
        limit = plies_left if max_depth is None else min(max_depth, plies_left)
        root_moves = game.moves()
        self.rng.shuffle(root_moves)
        for depth in range(1, limit + 1):
            try:
                score, best = self._search_root(game, root_moves, depth)
            except SearchStopped:
                while game.ply() > root_ply:
                    game.undo()
                return
            # The next iteration tries this iteration's best move first.
            root_moves.remove(best)
            root_moves.insert(0, best)
            exact = abs(score) > PROVEN or depth >= plies_left
            yield SearchResult(
                depth=depth,
                score=Score(score, exact),
                best_move=best,
                principal_variation=self._principal_variation(game, best, depth),
                nodes=self.nodes,
                seconds=time.monotonic() - start,
            )
            if exact:
                return

    def solve(self, game: Game, budget: Budget = UNBOUNDED) -> int:
        """The exact value of ``game`` for the side to move, searching every line to the end of the game.

        One full-depth search, without iterative deepening (which would redo most of the work at every depth
        when no depth is shallow enough to help). Raises SearchStopped when ``budget`` ends it; ``game`` is
        left as it was.
        """
        if game.is_over():
            raise ValueError("cannot search a finished game")
        self.nodes = 0
        self._budget = budget
        self._evaluate = self._evaluator_for(game)
        # Optional in the game protocol, offered by Tic-tac-toe: keys shared by symmetric positions, and
        # whether a side can still complete a line at all. Both hold for game values only, so only this exact
        # search uses them (Connect Four offers neither: its keys stay plain).
        self._symmetric_key = getattr(game, "symmetric_key", None)
        self._can_still_win = getattr(game, "can_still_win", None)
        self.table.generation = root_ply = game.ply()
        try:
            return self._negamax(game, game.width * game.height - root_ply, -INFINITY, INFINITY, 0)
        except SearchStopped:
            while game.ply() > root_ply:
                game.undo()
            raise

    def _search_root(self, game: Game, root_moves: list[int], depth: int) -> tuple[int, int]:
        """Exact minimax value of the root at ``depth``, and the first move of ``root_moves`` reaching it."""
        alpha, beta = -INFINITY, INFINITY
        best_move = root_moves[0]
        self.nodes += 1
        for move in root_moves:
            game.apply(move)
            score = -self._negamax(game, depth - 1, -beta, -alpha, 1)
            game.undo()
            if score > alpha:
                alpha, best_move = score, move
        self.table.put(game.key(), depth, EXACT, _to_table(alpha, 0), best_move)
        return alpha, best_move

    def _negamax(self, game: Game, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Value of ``game`` for the side to move, searched ``depth`` plies deep, ``ply`` plies below the
        root.

        Fail-soft contract: a result ``v <= alpha`` is an upper bound of the true value, ``v >= beta`` a lower
        bound, anything between is exact.
        """
        self.nodes += 1
        if not self.nodes % self.CHECK_EVERY:
            self._budget.check()
        if game.is_over():
            # The game ended on the opponent's move: a win for them, or a draw.
            return -(WIN - ply) if game.winner() is not None else 0
        if self._can_still_win is not None:
            # A side that can complete no line any more does at best draw: the value is at most 0 for the side
            # to move, or at least 0 (fail-soft: 0 is then a bound on the right side of the window).
            player = game.to_move()
            if beta > 0 and not self._can_still_win(player):
                beta = 0
                if alpha >= 0:
                    return 0
            if alpha < 0 and not self._can_still_win(1 - player):
                alpha = 0
                if beta <= 0:
                    return 0
        if depth == 0:
            return self._evaluate(game)
        # No result here can beat a win on the next move or be worse than losing right now.
        if alpha < -(WIN - ply):
            alpha = -(WIN - ply)
        if beta > WIN - ply - 1:
            beta = WIN - ply - 1
        if alpha >= beta:
            return alpha

        # Near the start of the game, positions that are the same up to the board's symmetry share an entry
        # (the stored best move is only a hint, checked for legality below, so a mirrored one does no harm).
        symmetric_key = self._symmetric_key
        key = symmetric_key() if symmetric_key is not None and game.ply() <= SYMMETRY_PLIES else game.key()
        entry = self.table.get(key)
        moves = game.moves()
        if entry is not None:
            stored_depth, bound, stored, table_move, _ = entry
            if stored_depth >= depth:
                score = _from_table(stored, ply)
                if bound == EXACT:
                    return score
                if bound == LOWER and score >= beta:
                    return score
                if bound == UPPER and score <= alpha:
                    return score
            if table_move in moves and moves[0] != table_move:
                moves.remove(table_move)
                moves.insert(0, table_move)

        original_alpha = alpha
        best_score, best_move = -INFINITY, moves[0]
        apply, undo, negamax = game.apply, game.undo, self._negamax
        for move in moves:
            apply(move)
            score = -negamax(game, depth - 1, -beta, -alpha, ply + 1)
            undo()
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if best_score <= original_alpha:
            bound = UPPER
        elif best_score >= beta:
            bound = LOWER
        else:
            bound = EXACT
        self.table.put(key, depth, bound, _to_table(best_score, ply), best_move)
        return best_score

    def _principal_variation(self, game: Game, first: int, depth: int) -> tuple[int, ...]:
        """The expected line: the root's best move, then the table's best moves while they are legal."""
        line = [first]
        game.apply(first)
        while len(line) < depth and not game.is_over():
            entry = self.table.get(game.key())
            if entry is None or entry[3] not in game.moves():
                break
            line.append(entry[3])
            game.apply(entry[3])
        for _ in line:
            game.undo()
        return tuple(line)
