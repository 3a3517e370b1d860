"""How early the first player's plans are proven along best play, with and without steady plans.

Usage: python bench/steady_plans.py [--lines N] [--seed S] [--plies P] [--steady-nodes N] [--slack K]

Plays ``--lines`` seeded games of best play from the empty board (the exact solver's: a winning or drawing
side any move that keeps its result, at random; a losing side its slowest loss, or with ``--slack`` any move
within K of it, at random), ``--plies`` stones each, and
after each of the first player's moves asks ``find_plan(game, 0)`` twice: Allis's layouts alone
(``steady_nodes=0``), and with the steady plans' fallback (``--steady-nodes``). Each plan is proven as the
explainer proves it (:func:`ai.explain.checks.check`: the solver's value, and the plan replayed). Prints, per
line, the earliest ply where a winning plan of the first player's is proven, before and after; the share of
positions at plies 8-20 with a proven plan of the first player's (win or draw), before and after; and the
time of ``find_plan`` with the fallback (median, max; each position as met the first time) and of its
proof.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.claims import PlanClaim, Result  # noqa: E402
from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.explain.checks import check  # noqa: E402
from ai.explain.plan import find_plan  # noqa: E402
from ai.explain.plan.steady import DEFAULT_STEADY_NODES, forget_steady_plans  # noqa: E402
from ai.explain.values import ExactValues  # noqa: E402
from ai.plans import Goal, Plan  # noqa: E402
from game.connect4 import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402


def best_line(values: ExactValues, generator: random.Random, plies: int, slack: int = 0) -> str:
    """A game of best play from the empty board, ``plies`` stones long at most (module doc); with ``slack``,
    a losing side plays any move that loses at most ``slack`` of its own moves sooner than its slowest loss,
    at random."""
    game = ConnectFour()
    while not game.is_over() and game.ply() < plies:
        results = values.move_results(game)
        best = max(results.values())
        if best < 0 and slack:
            scores = values.analyzer.move_scores(game)
            slowest = max(scores[column] for column in game.moves())
            move = generator.choice([column for column in game.moves() if scores[column] >= slowest - slack])
        elif best < 0:
            move = values.analyzer.proven_move(game, game.moves())[1]
        else:
            move = generator.choice([column for column in game.moves() if results[column] == best])
        game.apply(move)
    return game.moves_text()


def proven(game: ConnectFour, plan: Plan | None, values: ExactValues) -> Plan | None:
    """``plan`` where the explainer's checks prove it, else None."""
    if plan is None:
        return None
    result = Result.WIN if plan.goal is Goal.WIN else Result.AT_LEAST_DRAW
    cells = tuple(sorted({cell for use in plan.rules for cell in use.cells}))
    return plan if check(game, PlanClaim(0, cells, result, plan=plan), values) else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=8)
    parser.add_argument("--seed", default="steady")
    parser.add_argument("--plies", type=int, default=31)
    parser.add_argument("--steady-nodes", type=int, default=DEFAULT_STEADY_NODES)
    parser.add_argument(
        "--slack", type=int, default=0, help="a losing side's moves: within this many of its slowest loss"
    )
    args = parser.parse_args()
    analyzer = ExactAnalyzer()
    generator = random.Random(args.seed)
    first_before: list[int | None] = []
    first_after: list[int | None] = []
    counted = held_before = held_after = won_after = 0
    find_seconds: list[float] = []
    proof_seconds: list[float] = []
    for index in range(args.lines):
        values = ExactValues(analyzer)
        moves = best_line(values, generator, args.plies, args.slack)
        earliest: list[int | None] = [None, None]
        for ply in range(1, len(moves) + 1, 2):
            game = ConnectFour.from_moves(moves[:ply])
            if game.is_over():
                break
            before = proven(game, find_plan(game, 0, steady_nodes=0), values)
            forget_steady_plans()  # timed as met the first time
            started = time.perf_counter()
            plan = find_plan(game, 0, steady_nodes=args.steady_nodes)
            find_seconds.append(time.perf_counter() - started)
            started = time.perf_counter()
            after = proven(game, plan, values)
            proof_seconds.append(time.perf_counter() - started)
            for slot, found in enumerate((before, after)):
                if found is not None and found.goal is Goal.WIN and earliest[slot] is None:
                    earliest[slot] = ply
            if 8 <= ply <= 20:
                counted += 1
                held_before += before is not None
                held_after += after is not None
                won_after += after is not None and after.goal is Goal.WIN
        first_before.append(earliest[0])
        first_after.append(earliest[1])
        print(f"line {index + 1}: {moves}  first winning plan: {earliest[0]} -> {earliest[1]}", flush=True)

    def median_ply(found: list[int | None]) -> str:
        known = [ply for ply in found if ply is not None]
        return f"{statistics.median(known):g} ({len(known)} of {len(found)} lines)" if known else "none"

    print(
        f"\n{machine_line()}; {args.lines} lines, seed {args.seed!r}, slack {args.slack}, "
        f"steady nodes {args.steady_nodes}"
    )
    print(f"earliest winning plan, median: {median_ply(first_before)} -> {median_ply(first_after)}")
    print(
        f"plies 8-20 with a proven first-player plan: {held_before}/{counted} -> {held_after}/{counted}"
        f" ({won_after} winning)"
    )
    print(
        f"find_plan with steady plans: median {statistics.median(find_seconds):.3f} s, "
        f"max {max(find_seconds):.3f} s; proof median {statistics.median(proof_seconds):.3f} s, "
        f"max {max(proof_seconds):.3f} s"
    )


if __name__ == "__main__":
    main()
