"""Micro-benchmark of the rules: apply + win check + undo operations per second for every game.

Usage: python bench/rules.py [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import ConnectFour, TicTacToe  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402


def measure(make_game, seconds: float, seed: int = 1) -> float:
    """apply+undo pairs per second over random mid-game positions (apply includes the win check)."""
    rng = random.Random(seed)
    positions = []
    for _ in range(200):
        game = make_game()
        for _ in range(rng.randrange(0, game.width * game.height // 2)):
            if game.is_over():
                break
            game.apply(rng.choice(game.moves()))
        if not game.is_over():
            positions.append(game)
    operations = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for game in positions:
            for move in game.moves():
                game.apply(move)
                game.undo()
                operations += 1
    return operations / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    rows = [
        ("Connect Four 7x6", lambda: ConnectFour()),
        ("Connect Four 9x7", lambda: ConnectFour(9, 7)),
        ("Tic-tac-toe 3x3", lambda: TicTacToe(3)),
        ("Tic-tac-toe 4x4", lambda: TicTacToe(4)),
    ]
    print("| game | apply+undo per second |")
    print("|---|---|")
    for name, make in rows:
        print(f"| {name} | {measure(make, args.seconds):,.0f} |")
    print(f"\nMachine: {machine_line()}")


if __name__ == "__main__":
    main()
