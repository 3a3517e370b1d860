"""Why the opening goes without a reason: each position of the first plies of real games (and each
result-changing move there) that the explainer leaves without a reason stating its result, classified.

Usage: python bench/road_reach.py [--real-games R] [--sample-seed SEED] [--last-ply P] [--seconds S]
                                  [--long-seconds L] [--long-positions N]

For every position of plies 0 to ``--last-ply`` of ``--real-games`` games of the rating ladder's record
(the sample of bench/explain.py, drawn by ``--sample-seed``; tune on ``coverage`` only), explained as
``ponder explain`` does (``--seconds``, 2 s), and for every move there that threw a result away (explained
as the window does, its road from the position after it): where no reason states the result, the road is
searched again with ``--long-seconds`` and ``--long-positions`` (the plies stay at 12) and the position is
counted as

- (a) cut: a road exists within 12 plies, proven by the same check, which the 2 s deadline or the cap of
  positions cut off (each: how long the long search took, how many positions it looked at);
- (b) none: the search along best play ran through every position within 12 plies (within the long cap) and
  no proven reason states the result on the way, with today's claim kinds;
- (c) other: the long search too ran out of time or positions (unknown), or a road was found but its check
  failed.

Each position is classified once (games share their first plies); the counts are given per position met
(as the coverage table counts) and per distinct position.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.claims import Claim, HandsOver, states_result  # noqa: E402
from ai.contracts import UNBOUNDED, SearchStopped, result_of  # noqa: E402
from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.exact.choice import core_in_use  # noqa: E402
from ai.explain.checks import check  # noqa: E402
from ai.explain.explainer import explain_move, explain_position, result_candidates  # noqa: E402
from ai.explain.plan import find_plan  # noqa: E402
from ai.explain.road import find_road  # noqa: E402
from ai.explain.values import ExactValues  # noqa: E402
from bench.explain import ladder_games  # noqa: E402
from game import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402
from ui.words.texts import core_words  # noqa: E402


@dataclass(frozen=True)
class Reach:
    """What the long search found from one position: ``kind`` (``cut``, ``none``, ``unknown``, ``failed``),
    the positions it looked at, its seconds, and the road's plies where one was found."""

    kind: str
    looked: int
    seconds: float
    plies: int = 0


def reach(game: ConnectFour, analyzer: ExactAnalyzer, seconds: float, positions: int) -> Reach:
    """The long road search from ``game``, classified (see the module docstring)."""
    values = ExactValues(analyzer, UNBOUNDED.until(time.monotonic() + seconds))
    looked = 0

    def candidates(position: ConnectFour) -> Iterator[Claim]:
        nonlocal looked
        looked += 1
        yield from result_candidates(position, find_plan, values)

    started = time.perf_counter()
    try:
        road = find_road(game, values, candidates, positions=positions)
        proven = road is not None and check(game, road, values)
    except SearchStopped:
        return Reach("unknown", looked, time.perf_counter() - started)
    elapsed = time.perf_counter() - started
    if road is None:
        return Reach("unknown" if looked >= positions else "none", looked, elapsed)
    return Reach("cut" if proven else "failed", looked, elapsed, len(road.line))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--real-games", type=int, default=10)
    parser.add_argument("--sample-seed", default="coverage")
    parser.add_argument("--last-ply", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--long-seconds", type=float, default=30.0)
    parser.add_argument("--long-positions", type=int, default=4000)
    args = parser.parse_args()
    analyzer = ExactAnalyzer()
    analyzer.prepare(ConnectFour())
    known: dict[str, Reach | None] = {}
    met: collections.Counter[str] = collections.Counter()
    distinct: collections.Counter[str] = collections.Counter()
    moves_met: collections.Counter[str] = collections.Counter()
    first_seconds: list[float] = []

    def classify(start: ConnectFour, said: tuple, key: str, enough) -> str:
        if any(enough(claim) for claim in said):
            return "covered"
        if key not in known:
            found = reach(start, analyzer, args.long_seconds, args.long_positions)
            known[key] = found
            distinct[found.kind] += 1
            print(
                f"  {key or '(empty)'}: {found.kind}, {found.looked} positions, {found.seconds:.1f} s"
                + (f", road of {found.plies}" if found.plies else ""),
                flush=True,
            )
        found = known[key]
        return "unknown" if found is None else found.kind

    for moves in ladder_games(args.real_games, args.sample_seed):
        for ply in range(min(args.last_ply + 1, len(moves))):
            game = ConnectFour.from_moves(moves[:ply])
            if game.is_over():
                break
            started = time.perf_counter()
            said = explain_position(game, analyzer, seconds=args.seconds, find_plan=find_plan).claims
            first_seconds.append(time.perf_counter() - started)
            met[classify(game, said, moves[:ply], states_result)] += 1
            score = analyzer.score(game)
            move = int(moves[ply]) - 1
            child = game.copy()
            child.apply(move)
            after = -result_of(analyzer.score(child)) if not child.is_over() else (1 if child.winner() else 0)
            if after >= result_of(score) or child.is_over():
                continue
            said = explain_move(game, move, analyzer, seconds=args.seconds, find_plan=find_plan).claims
            moves_met[
                classify(
                    child,
                    said,
                    moves[: ply + 1],
                    lambda claim: states_result(claim) or (isinstance(claim, HandsOver) and claim.result),
                )
            ] += 1
    print()
    print(
        "| what | covered | (a) cut by 2 s or 400 positions | (b) none within 12 plies | (c) unknown "
        "| (c) check failed |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name, counts in (
        ("positions met", met),
        ("result-changing moves met", moves_met),
        ("distinct unexplained positions", distinct),
    ):
        print(
            f"| {name} | {counts['covered']} | {counts['cut']} | {counts['none']} | {counts['unknown']} | "
            f"{counts['failed']} |"
        )
    cut = [found for found in known.values() if found is not None and found.kind == "cut"]
    if cut:
        print(
            f"\n(a) long searches: {min(f.seconds for f in cut):.1f} to {max(f.seconds for f in cut):.1f} s, "
            f"{min(f.looked for f in cut)} to {max(f.looked for f in cut)} positions, roads of "
            f"{min(f.plies for f in cut)} to {max(f.plies for f in cut)} plies"
        )
    print(
        f"\n{args.real_games} games (seed {args.sample_seed}), plies 0-{args.last_ply}; long search "
        f"{args.long_seconds} s, {args.long_positions} positions; {machine_line()}; "
        f"solver core: {core_words(core_in_use())}"
    )


if __name__ == "__main__":
    main()
