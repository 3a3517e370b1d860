"""Our engine against easyAI (the popular Python game-AI library) on the same Connect Four positions, searched
to the same depth: nodes per second and time to reach the depth.

Usage: python bench/peers.py [--depth D] [--positions N]
Needs the bench extra: pip install -e '.[bench]' (easyAI and numpy; the game itself never imports them).

easyAI's nodes are counted by wrapping its negamax function (every call is a node, as for ours). Both use
their own Connect Four: easyAI's example game (numpy board, its own win check and scoring), ours the bitboard
game with the threat evaluation. Our count includes every iteration of iterative deepening.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.heuristic.search import Searcher  # noqa: E402
from ai.heuristic.table import TranspositionTable  # noqa: E402
from game import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

try:
    import easyAI
    import numpy
    from easyAI.games.ConnectFour import ConnectFour as EasyConnectFour
except ImportError:
    sys.exit("bench/peers.py needs easyAI and numpy: pip install -e '.[bench]'")
# easyAI.AI re-exports the Negamax class under the module's name, so take the module itself.
easy_negamax_module = sys.modules["easyAI.AI.Negamax"]


def positions(count: int, seed: int = 2026) -> list[ConnectFour]:
    """Positions from random but sane games: 6 to 16 stones, nobody about to win."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = ConnectFour()
        for _ in range(rng.randrange(6, 17)):
            game.apply(rng.choice(game.moves()))
            if game.is_over():
                break
        if not game.is_over():
            found.append(game)
    return found


def easy_board(game: ConnectFour):
    """easyAI's board: rows from the bottom, players 1 and 2."""
    board = numpy.zeros((6, 7), dtype=int)
    cells = game.cells()
    for row in range(6):
        for column in range(7):
            owner = cells[5 - row][column]
            if owner is not None:
                board[row, column] = owner + 1
    return board


def time_easyai(game: ConnectFour, depth: int) -> tuple[int, float]:
    counter = {"nodes": 0}
    original = easy_negamax_module.negamax

    def counting(*args, **kwargs):
        counter["nodes"] += 1
        return original(*args, **kwargs)

    easy_negamax_module.negamax = counting
    try:
        players = [easyAI.AI_Player(easyAI.Negamax(depth)), easyAI.AI_Player(easyAI.Negamax(depth))]
        peer = EasyConnectFour(players, board=easy_board(game))
        peer.current_player = game.to_move() + 1
        started = time.perf_counter()
        peer.get_move()
        return counter["nodes"], time.perf_counter() - started
    finally:
        easy_negamax_module.negamax = original


def time_ours(game: ConnectFour, depth: int) -> tuple[int, float]:
    searcher = Searcher(TranspositionTable(1 << 18), rng=random.Random(0))
    started = time.perf_counter()
    result = None
    for result in searcher.iterate(game, max_depth=depth):
        pass
    return result.nodes if result else 0, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--positions", type=int, default=10)
    args = parser.parse_args()
    rows = []
    for game in positions(args.positions):
        easy_nodes, easy_seconds = time_easyai(game, args.depth)
        our_nodes, our_seconds = time_ours(game, args.depth)
        rows.append((game.moves_text(), easy_nodes, easy_seconds, our_nodes, our_seconds))
    print(f"Depth {args.depth}, {len(rows)} positions")
    print("| position | easyAI nodes | easyAI time | easyAI nodes/s | our nodes | our time | our nodes/s |")
    print("|---|---|---|---|---|---|---|")
    for moves, en, es, on, os_ in rows:
        print(
            f"| {moves} | {en:,} | {es * 1e3:.0f} ms | {en / es:,.0f} "
            f"| {on:,} | {os_ * 1e3:.1f} ms | {on / os_:,.0f} |"
        )
    easy_rate = sum(r[1] for r in rows) / sum(r[2] for r in rows)
    our_rate = sum(r[3] for r in rows) / sum(r[4] for r in rows)
    speedup = statistics.median(r[2] / r[4] for r in rows)
    print(
        f"\nnodes/s: easyAI {easy_rate:,.0f}, ours {our_rate:,.0f} ({our_rate / easy_rate:.0f}x); "
        f"median time-to-depth speed-up {speedup:.0f}x"
    )
    print(f"Machine: {machine_line()}")
    print(f"RESULT nodes_per_second_ratio={our_rate / easy_rate:.1f}")


if __name__ == "__main__":
    main()
