"""Playing whole games between two computer players, for the tournament and evaluation benchmarks."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai.contracts import Limits
from ai.heuristic.search import Searcher
from ai.heuristic.table import TranspositionTable
from ai.play.thinker import Thinker
from game import ConnectFour


@dataclass(frozen=True)
class ComputerPlayer:
    """A computer player: a level (limits) and optionally an evaluation other than the default."""

    name: str
    limits: Limits
    evaluate: object = None

    def brain(self, seed: int) -> Thinker:
        thinker = Thinker(table_entries=1 << 17, solver_slots=1 << 20, seed=seed)
        if self.evaluate is not None:
            thinker.searcher = Searcher(TranspositionTable(1 << 17), evaluate=self.evaluate, rng=thinker.rng)
        return thinker


def openings(count: int, plies: int, seed: int, shape: tuple[int, int] = (7, 6)) -> list[str]:
    """Distinct random opening move strings on a board of ``shape`` (width, height), so that games between
    deterministic players differ."""
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        game = ConnectFour(*shape)
        for _ in range(plies):
            game.apply(rng.choice(game.moves()))
        if game.moves_text() not in found:
            found.append(game.moves_text())
    return found


def play_game(
    first: ComputerPlayer, second: ComputerPlayer, opening: str, seed: int, shape: tuple[int, int] = (7, 6)
) -> ConnectFour:
    """Plays one game from ``opening`` to its end on a board of ``shape`` (width, height); returns the
    finished game."""
    game = ConnectFour.from_moves(opening, *shape)
    brains = (first.brain(seed), second.brain(seed + 1))
    players = (first, second)
    while not game.is_over():
        side = game.to_move()
        result = None
        for result in brains[side].think(game, players[side].limits):
            pass
        game.apply(result.best_move)
    return game


def play(first: ComputerPlayer, second: ComputerPlayer, opening: str, seed: int) -> float:
    """Plays one game from ``opening``; returns the first player's points (1 win, 0.5 draw, 0 loss)."""
    game = play_game(first, second, opening, seed)
    if game.winner() is None:
        return 0.5
    return 1.0 if game.winner() == 0 else 0.0


def match(a: ComputerPlayer, b: ComputerPlayer, opening_list: list[str], seed: int = 0) -> float:
    """``a``'s score fraction over every opening played twice, once with each colour."""
    points = 0.0
    for index, opening in enumerate(opening_list):
        points += play(a, b, opening, seed + 2 * index)
        points += 1.0 - play(b, a, opening, seed + 2 * index + 1)
    return points / (2 * len(opening_list))
