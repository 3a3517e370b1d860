"""How far searched replies carry the plans: the six openings off the centre, and plans by ply in real games.

Usage: python bench/plan_replies.py [--depth D] [--leaves L] [--opening-depth D] [--opening-leaves L]
                                    [--real-games R] [--sample-seed SEED] [--real-games-only]
                                    [--openings-only] [--openings COLUMNS] [--solver-pruned]

First the openings: for each of the first player's six first moves off the centre column and each of the
second player's seven replies (42 positions, the first player to move), whether the rule plans alone
(:func:`ai.explain.plan.find_plan`) give the second player a plan, and whether replies searched for the next
``--opening-depth`` moves of the first player do (:func:`ai.explain.plan.replies.find_plan_with_replies`,
looking for at most ``--opening-leaves`` rule plans); each plan found is proven by the explainer's check (the
solver's value and the replay against every reply, or the solver's best tries and random games where the tree
is big). Where none is found, how many of the first player's seven moves have a reply after which a plan
with replies one level shallower holds (up to ``--opening-depth`` 3; "-" deeper). ``--solver-pruned``
searches only the second player's replies that the solver does not see lose (fewer to search, the same
plans: a losing reply has none).

Then real games: every position of ``--real-games`` games of the rating ladder's record (a seeded sample),
the plan of the side not to move by the rule plans alone and with replies (``--depth``, ``--leaves``), each
checked; by ply (0-8, 9-16, 17-24, 25-32, 33-42), and the ply of each game's first proven plan, with the time.
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
from ai.explain.plan import Goal, Plan, find_plan  # noqa: E402
from ai.explain.plan.replies import find_plan_with_replies, moves_answered  # noqa: E402
from ai.explain.values import ExactValues  # noqa: E402
from game.connect4 import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

PLY_BUCKETS = ((0, 8), (9, 16), (17, 24), (25, 32), (33, 42))
#: Past this depth the moves answered are not counted: each move's search would take as long as the whole
#: position's, which stops at the first move without a reply.
MOST_COUNTED_DEPTH = 3
LETTERS = "abcdefg"


def proven(game: ConnectFour, plan: Plan | None, analyzer: ExactAnalyzer) -> bool:
    """Whether ``plan`` passes the explainer's check in ``game``."""
    if plan is None:
        return False
    result = Result.WIN if plan.goal is Goal.WIN else Result.AT_LEAST_DRAW
    return check(game, PlanClaim(plan.side, (), result, plan=plan), ExactValues(analyzer))


def openings(analyzer: ExactAnalyzer, depth: int, leaves: int, pruned: bool, which: str) -> str:
    """The openings' table (module doc); ``pruned``: only replies the solver does not see lose are searched;
    ``which``: the first moves (columns from 1) to look at."""

    def keeps(after_reply: ConnectFour) -> bool:
        return analyzer.score(after_reply, weak=True) <= 0  # the first player, to move, does not win

    worth_trying = keeps if pruned else None
    lines = [
        "| first move | reply | rule plan | plan with replies | first player's moves answered | s |",
        "|---|---|---|---|---:|---:|",
    ]
    for opening in which:
        for reply in "1234567":
            game = ConnectFour.from_moves(opening + reply)
            started = time.perf_counter()
            alone = proven(game, find_plan(game, 1), analyzer)
            plan = find_plan_with_replies(game, 1, depth=depth, leaves=leaves, worth_trying=worth_trying)
            with_replies = proven(game, plan, analyzer)
            if with_replies:
                answered = "7 of 7"
            elif depth <= MOST_COUNTED_DEPTH:
                answered = f"{moves_answered(game, 1, depth, leaves, worth_trying=worth_trying)} of 7"
            else:
                answered = "-"
            elapsed = time.perf_counter() - started
            lines.append(
                f"| {LETTERS[int(opening) - 1]}1 | {LETTERS[int(reply) - 1]} | {'yes' if alone else 'no'} | "
                f"{'yes' if with_replies else 'no'} | {answered} | {elapsed:.1f} |"
            )
    return "\n".join(lines)


def real_games(analyzer: ExactAnalyzer, count: int, seed: str, depth: int, leaves: int) -> str:
    path = Path(__file__).resolve().parent.parent / "tools" / "ladder-games-7x6.txt"
    games = [line.split()[4] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    games = random.Random(seed).sample(games, min(count, len(games)))
    counts = {bucket: [0, 0, 0] for bucket in PLY_BUCKETS}
    first_alone: list[int] = []
    first_with: list[int] = []
    seconds: list[float] = []
    for moves in games:
        alone_at = with_at = None
        for ply in range(1, len(moves)):
            game = ConnectFour.from_moves(moves[:ply])
            if game.is_over():
                break
            bucket = next(bucket for bucket in PLY_BUCKETS if bucket[0] <= ply <= bucket[1])
            counts[bucket][0] += 1
            side = 1 - game.to_move()
            started = time.perf_counter()
            rule_plan = find_plan(game, side)
            plan = rule_plan or find_plan_with_replies(game, side, depth=depth, leaves=leaves)
            seconds.append(time.perf_counter() - started)
            if proven(game, rule_plan, analyzer):
                counts[bucket][1] += 1
                alone_at = alone_at if alone_at is not None else ply
            if proven(game, plan, analyzer):
                counts[bucket][2] += 1
                with_at = with_at if with_at is not None else ply
        if alone_at is not None:
            first_alone.append(alone_at)
        if with_at is not None:
            first_with.append(with_at)
    lines = [
        "| plies | positions | rule plan | plan with replies |",
        "|---|---:|---:|---:|",
    ]
    for (low, high), (positions, alone, with_replies) in counts.items():
        lines.append(f"| {low}-{high} | {positions} | {alone} | {with_replies} |")

    def told(firsts: list[int]) -> str:
        if not firsts:
            return f"in 0 of {len(games)} games"
        median = statistics.median(firsts)
        return f"in {len(firsts)} of {len(games)} games, median ply {median}, earliest {min(firsts)}"

    lines.append(
        f"\nFirst proven plan of a game: rules alone {told(first_alone)}; with replies {told(first_with)}. "
        f"Finder's time a position (both): median {statistics.median(seconds):.4f} s, "
        f"max {max(seconds):.3f} s."
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=1, help="searched replies in real games")
    parser.add_argument("--leaves", type=int, default=60, help="rule plans looked for a position, real games")
    parser.add_argument("--opening-depth", type=int, default=1)
    parser.add_argument("--opening-leaves", type=int, default=400)
    parser.add_argument("--real-games", type=int, default=20)
    parser.add_argument("--sample-seed", default="allis")
    parser.add_argument("--real-games-only", action="store_true", help="leave the openings out")
    parser.add_argument("--openings-only", action="store_true", help="leave the real games out")
    parser.add_argument("--openings", default="123567", help="the first moves, columns from 1")
    parser.add_argument(
        "--solver-pruned", action="store_true", help="in the openings, search only replies that do not lose"
    )
    args = parser.parse_args()
    analyzer = ExactAnalyzer()
    analyzer.prepare(ConnectFour())
    if not args.real_games_only:
        print(openings(analyzer, args.opening_depth, args.opening_leaves, args.solver_pruned, args.openings))
        print()
    if not args.openings_only:
        print(real_games(analyzer, args.real_games, args.sample_seed, args.depth, args.leaves))
    print(f"\n{machine_line()}")


if __name__ == "__main__":
    main()
