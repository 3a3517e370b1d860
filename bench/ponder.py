"""What pondering buys: the computer's reply to the human's move, cold against after P seconds of pondering.

Usage: python bench/ponder.py [--depth D] [--ponder-seconds P] [--positions N]

For positions from the benchmark games (their first 10-14 moves), the real engine thread ponders the position
for P seconds while "the human thinks", the human then plays a random legal move, and the engine searches the
reply to depth D; a fresh engine searches the same reply cold. Nodes and seconds are those of the BestMove's
search result. Last line: RESULT ponder_node_ratio=<median of cold nodes / pondered nodes>.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.contracts import Limits, SearchResult  # noqa: E402
from ai.engine import Engine  # noqa: E402
from ai.messages import BestMove  # noqa: E402
from ai.request import Request  # noqa: E402
from game import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

TESTSETS = Path(__file__).resolve().parent.parent.parent / "shared" / "c4-testsets"


def wait_for_best_move(engine: Engine, request: Request) -> BestMove:
    while True:
        for message in engine.poll():
            if isinstance(message, BestMove) and request.owns(message):
                return message
        time.sleep(0.001)


def reply_search(game: ConnectFour, reply: int, depth: int, ponder_seconds: float) -> SearchResult:
    engine = Engine(seed=1)
    try:
        engine.start_game(game)
        if ponder_seconds > 0:
            engine.ponder(game, Limits(depth=depth))
            time.sleep(ponder_seconds)
        after = game.copy()
        after.apply(reply)
        return wait_for_best_move(engine, engine.think(after, Limits(depth=depth))).result
    finally:
        engine.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--ponder-seconds", type=float, default=3.0)
    parser.add_argument("--positions", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(7)
    lines = (TESTSETS / "Test_L1_R1").read_text().splitlines()
    print(
        f"Reply searched to depth {args.depth}; pondering {args.ponder_seconds:g} s before the human's move"
    )
    print("| position | human plays | cold nodes | cold time | pondered nodes | pondered time | node ratio |")
    print("|---|---|---|---|---|---|---|")
    ratios, cold_times, warm_times = [], [], []
    for line in lines[: args.positions]:
        game = ConnectFour.from_moves(line.split()[0][: rng.randrange(10, 15)])
        reply = rng.choice(game.moves())
        after = game.copy()
        after.apply(reply)
        if after.is_over():
            continue
        cold = reply_search(game, reply, args.depth, 0.0)
        warm = reply_search(game, reply, args.depth, args.ponder_seconds)
        ratio = cold.nodes / max(warm.nodes, 1)
        ratios.append(ratio)
        cold_times.append(cold.seconds)
        warm_times.append(warm.seconds)
        print(
            f"| {game.moves_text()} | {reply + 1} | {cold.nodes:,} | {cold.seconds * 1e3:.0f} ms "
            f"| {warm.nodes:,} | {warm.seconds * 1e3:.0f} ms | {ratio:.1f}x |",
            flush=True,
        )
    print(
        f"\nmedian reply time: cold {statistics.median(cold_times) * 1e3:.0f} ms, "
        f"pondered {statistics.median(warm_times) * 1e3:.0f} ms"
    )
    print(f"Machine: {machine_line()}")
    print(f"RESULT ponder_node_ratio={statistics.median(ratios):.1f}")


if __name__ == "__main__":
    main()
