"""The textbook algorithms, small and plain: minimax (the test oracle), alpha-beta, and max^n.

They work on anything with ``to_move / moves / apply / undo / is_over`` (a game of the protocol, or an
:class:`ExplicitTree` written out by hand as in the textbooks), with a caller-supplied ``evaluate``. Unlike
the engine's negamax, values here are seen from player 0 ("MAX"): MAX picks the largest child, MIN the
smallest.

This module stays although the engine never calls it: the textbook algorithms the project grew from are a
feature, the readable statement of what the engine's search must agree with (the tests use minimax as the
oracle of the fast search, and alpha-beta and max^n against hand-written trees).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

Value = float
Vector = tuple[float, ...]


class Tree(Protocol):
    """What the textbook algorithms ask of a game: a game of the protocol, or an :class:`ExplicitTree`."""

    def to_move(self) -> int: ...

    def is_over(self) -> bool: ...

    def moves(self) -> list[int]: ...

    def apply(self, move: int) -> None: ...

    def undo(self) -> object: ...


_Tree = TypeVar("_Tree", bound=Tree)


class ExplicitTree:
    """A game tree written as nested lists: a list is a node whose children are its items, anything else a
    leaf.

    ``players`` players move in turn, player 0 at the root. Moves are child indices. ``leaf()`` is the value
    stored at the current leaf (a number, or a tuple of numbers for max^n).
    """

    def __init__(self, tree: Sequence[Any], players: int = 2) -> None:
        self.players = players
        self._path: list[Any] = [tree]
        #: Leaves reached, so tests can see what alpha-beta skipped.
        self.leaves_visited: list[Any] = []

    def to_move(self) -> int:
        return (len(self._path) - 1) % self.players

    def is_over(self) -> bool:
        return not isinstance(self._path[-1], list)

    def moves(self) -> list[int]:
        return [] if self.is_over() else list(range(len(self._path[-1])))

    def apply(self, move: int) -> None:
        self._path.append(self._path[-1][move])
        if self.is_over():
            self.leaves_visited.append(self._path[-1])

    def undo(self) -> None:
        self._path.pop()

    def leaf(self) -> Any:
        return self._path[-1]


def minimax(game: _Tree, depth: float, evaluate: Callable[[_Tree], Value]) -> tuple[Value, int | None]:
    """(value for player 0, best move) searching every line ``depth`` plies deep (``math.inf`` = to the end).

    ``evaluate`` scores finished positions and positions at the horizon, from player 0's side. The best move
    is the first of the equally best, in ``moves()`` order; None at a leaf.
    """
    if depth == 0 or game.is_over():
        return evaluate(game), None
    maximising = game.to_move() == 0
    best_value, best_move = (-math.inf if maximising else math.inf), None
    for move in game.moves():
        game.apply(move)
        value, _ = minimax(game, depth - 1, evaluate)
        game.undo()
        if (value > best_value) if maximising else (value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


def alphabeta(
    game: _Tree,
    depth: float,
    evaluate: Callable[[_Tree], Value],
    alpha: Value = -math.inf,
    beta: Value = math.inf,
) -> tuple[Value, int | None]:
    """Minimax with alpha-beta pruning: the same value as :func:`minimax` whenever it lies inside
    ``(alpha, beta)``; otherwise a bound on the same side of the window (fail-soft).
    """
    if depth == 0 or game.is_over():
        return evaluate(game), None
    maximising = game.to_move() == 0
    best_value, best_move = (-math.inf if maximising else math.inf), None
    for move in game.moves():
        game.apply(move)
        value, _ = alphabeta(game, depth - 1, evaluate, alpha, beta)
        game.undo()
        if maximising:
            if value > best_value:
                best_value, best_move = value, move
            alpha = max(alpha, value)
        else:
            if value < best_value:
                best_value, best_move = value, move
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best_value, best_move


def maxn(game: _Tree, depth: float, evaluate: Callable[[_Tree], Vector]) -> tuple[Vector, int | None]:
    """Max^n for games of any number of players: every node's value is a vector with one entry per player,
    and the player to move picks the child whose vector is best for itself (first of equals).
    """
    if depth == 0 or game.is_over():
        return evaluate(game), None
    player = game.to_move()
    best_vector: Vector | None = None
    best_move = None
    for move in game.moves():
        game.apply(move)
        vector, _ = maxn(game, depth - 1, evaluate)
        game.undo()
        if best_vector is None or vector[player] > best_vector[player]:
            best_vector, best_move = vector, move
    assert best_vector is not None
    return best_vector, best_move
