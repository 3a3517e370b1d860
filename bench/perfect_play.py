"""Whole 7 x 6 games of the max level, through the real engine, against a perfect opponent.

Usage: python bench/perfect_play.py [--games N] [--seconds S] [--seed K] [--slip P] [--slip-plies M]

The max level plays through :class:`ai.engine.Engine` as in the window: ``think`` on its turn (S seconds, 1 by
default) and ``ponder`` on the opponent's turn, while the opponent, the exact analyzer, picks at random
(seeded) among its best moves. Half the games the max level moves first: a won game for the first player, so
it must win every one. In the other half it moves second, and the opponent plays a random legal move instead,
with probability P (0.3), during the first M plies (12), so that the max level meets positions off the best
line.

Every move of the max level is judged by the exact analyzer: it keeps the value when the position's outcome
for the side to move (win, draw or loss) is the same after the move as before it. Prints every game, a table
of moves kept by ply bucket, and the mean and longest think; the last line is ``RESULT
first_player_wins=<won>/<games> value_kept=<fraction>``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.contracts import ILLEGAL_MOVE, Limits  # noqa: E402
from ai.engine import Engine  # noqa: E402
from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.exact.choice import core_in_use  # noqa: E402
from ai.messages import BestMove  # noqa: E402
from ai.request import Request  # noqa: E402
from game import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402
from ui.words.texts import core_words  # noqa: E402

BUCKETS = ((0, 7), (8, 15), (16, 23), (24, 41))


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def wait_for_move(engine: Engine, request: Request) -> tuple[int, float]:
    started = time.monotonic()
    while True:
        for message in engine.poll():
            if isinstance(message, BestMove) and request.owns(message):
                return message.move, time.monotonic() - started
        time.sleep(0.002)


def play_game(engine: Engine, judge: ExactAnalyzer, rng: random.Random, engine_first: bool, args) -> dict:
    """One game; returns the moves, the result for the engine and its kept / judged moves by ply."""
    game = ConnectFour()
    engine.start_game(game)
    judged: list[tuple[int, bool]] = []
    thinks: list[float] = []
    engine_player = 0 if engine_first else 1
    while not game.is_over():
        if game.to_move() == engine_player:
            before = judge.score(game)
            request = engine.think(game, Limits(seconds=args.seconds))
            move, seconds = wait_for_move(engine, request)
            thinks.append(seconds)
            ply = game.ply()
            game.apply(move)
            after = 0 if game.is_over() and game.winner() is None else None
            if game.winner() is not None:
                after = -1  # the opponent, to move, has lost
            elif after is None:
                after = sign(judge.score(game))
            judged.append((ply, -after == sign(before)))
        else:
            engine.ponder(game.copy(), Limits(seconds=args.seconds))
            if not engine_first and game.ply() < args.slip_plies and rng.random() < args.slip:
                move = rng.choice(game.moves())
            else:
                scores = judge.move_scores(game)
                best = max(score for score in scores if score != ILLEGAL_MOVE)
                move = rng.choice([column for column, score in enumerate(scores) if score == best])
            game.apply(move)
    winner = game.winner()
    result = "draw" if winner is None else ("won" if winner == engine_player else "lost")
    return {"moves": game.moves_text(), "result": result, "judged": judged, "thinks": thinks}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=int, default=8, help="games, half with the max level first (default 8)"
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="think time per move (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slip", type=float, default=0.3, help="chance of a random opponent move")
    parser.add_argument("--slip-plies", type=int, default=12, help="plies during which the opponent may slip")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    judge = ExactAnalyzer()
    engine = Engine(seed=args.seed)
    games = []
    try:
        for index in range(args.games):
            engine_first = index % 2 == 0
            record = play_game(engine, judge, rng, engine_first, args)
            games.append((engine_first, record))
            kept = sum(ok for _, ok in record["judged"])
            print(
                f"game {index + 1}: max level {'first' if engine_first else 'second'}, {record['result']}, "
                f"value kept on {kept}/{len(record['judged'])} moves: {record['moves']}",
                flush=True,
            )
    finally:
        engine.close()
    print(
        f"\nmax level, {args.seconds:g} s per move, pondering on, solver core: {core_words(core_in_use())}\n"
    )
    print("| plies | moves judged | value kept |")
    print("|---|---|---|")
    all_judged = [item for _, record in games for item in record["judged"]]
    for low, high in BUCKETS:
        bucket = [ok for ply, ok in all_judged if low <= ply <= high]
        if bucket:
            print(f"| {low}-{high} | {len(bucket)} | {100 * sum(bucket) / len(bucket):.0f}% |")
    thinks = [seconds for _, record in games for seconds in record["thinks"]]
    first = [record for engine_first, record in games if engine_first]
    won = sum(record["result"] == "won" for record in first)
    kept = sum(ok for _, ok in all_judged) / max(1, len(all_judged))
    print(f"\nthink time: mean {statistics.fmean(thinks):.2f} s, longest {max(thinks):.2f} s")
    print(f"as first player: {won}/{len(first)} won; every move judged: {100 * kept:.1f}% kept the value")
    print(f"Machine: {machine_line()}")
    print(f"RESULT first_player_wins={won}/{len(first)} value_kept={kept:.3f}")


if __name__ == "__main__":
    main()
