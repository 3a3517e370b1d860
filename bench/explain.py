"""How much the explainer proves, how often its checks throw a claim away, and how long it takes.

Usage: python bench/explain.py [--per-set N] [--games G] [--seconds S] [--opening-nodes N] [--real-games R]
                               [--sample-seed SEED] [--coverage-only] [--window]

First the coverage of real games: every position of ``--real-games`` games of the rating ladder
(tools/ladder-games-7x6.txt, a seeded sample; games the explainer was not tuned on) and of the level games,
by ply (0-8, 9-16, 17-24, 25-32, 33-42): the share with any reason, with a reason stating the result
(a win now, a double threat, a forcing line, zugzwang, a plan; roads counted apart), with a road, with a plan;
then every move of those games that changed the result (a win thrown to a draw or a loss, a draw to a loss)
and the share of them explained (what the move does or allows, a road from the position after it included),
with the time of each explanation (median, 95th percentile, max). With ``--window``, each game's positions
and moves are explained in turn with one memory (:class:`~ai.explain.values.Memory`), as the window's
explainer thread does them; without it, each alone, as ``ponder explain`` does.

Positions: every prefix of ``--games`` games between two of the game's levels (depth 4 against depth 6, each
colour in turn, each from its own random two-move opening: :mod:`bench.analysis_speed`'s games, positions
met in play) and ``--per-set`` positions of each public test set (../shared/c4-testsets, seeded sample: games
of random play, with their exact scores). Each is explained as ``ponder explain`` does it (the opening book,
the compiled core, the plan finder, ``--seconds`` at most).

The table, by number of empty cells (bands) and by the exact value for the side to move: the positions; the
share that gets a proven plan; the share of the second player's non-lost positions with the first to move
that gets a proven plan for the second player (and the same over every band up to 20 empty cells); the
share with at least one proven reason beyond the value ``analyze`` gives (a threat counts); the share with a
reason that states a result (a win now, a double threat, a forcing line, a move that loses, zugzwang, a
plan); the claims the checks dropped; the false claims (a shown claim whose stated result disagrees with the
exact score, from the test set or the solver: must be 0); the explanations out of time; the explainer's time
(median, max). Then which of the six openings off the centre column a plan of the second player's proves a
draw against by itself, after some reply, and the claims per kind.
"""

from __future__ import annotations

import argparse
import collections
import functools
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.claims import (  # noqa: E402
    Claim,
    DoubleThreat,
    ForcingLine,
    HandsOver,
    PlanClaim,
    Road,
    states_result,
)
from ai.contracts import result_of  # noqa: E402
from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.exact.choice import core_in_use  # noqa: E402
from ai.explain.checks import stated  # noqa: E402
from ai.explain.explainer import explain_move, explain_position  # noqa: E402
from ai.explain.plan import find_plan  # noqa: E402
from ai.explain.values import Memory  # noqa: E402
from bench.analysis_speed import level_games  # noqa: E402
from bench.testsets import read_set  # noqa: E402
from game import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402
from ui.words.texts import core_words  # noqa: E402

BANDS = ((0, 8), (9, 14), (15, 20), (21, 26), (27, 42))
SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1")
VALUES = ("win", "draw", "loss")


#: The counting fields of :class:`BandCounts`, summed into the last line.
COUNTS = (
    "positions",
    "plans",
    "second_positions",
    "second_plans",
    "reasons",
    "results",
    "dropped",
    "false",
    "timed_out",
)


@dataclass
class BandCounts:
    positions: int = 0
    plans: int = 0
    second_positions: int = 0
    second_plans: int = 0
    reasons: int = 0
    results: int = 0
    dropped: int = 0
    false: int = 0
    timed_out: int = 0
    seconds: list[float] = field(default_factory=list)


def level_positions(count: int) -> list[str]:
    """Every unfinished prefix of ``count`` games between depth 4 and depth 6 (bench/analysis_speed.py's)."""
    return [moves[:length] for moves in level_games(count) for length in range(len(moves))]


def false_claim(game: ConnectFour, claim: Claim, score: int) -> bool:
    """Whether ``claim``'s stated result disagrees with the position's exact ``score`` (side to move); the
    results about a move (a double threat or a forcing line the side to move makes, a move handing a cell
    over) are checked against the move's own score."""
    if claim.result is None:
        return False
    own = result_of(score)
    if isinstance(claim, HandsOver):
        return False  # the move's result: proven in the checks from the move's own score
    if isinstance(claim, DoubleThreat | ForcingLine) and claim.side == game.to_move():
        return own != 1
    return not stated(claim.result, own if claim.side == game.to_move() else -own)


def band_of(empty: int) -> str:
    low, high = next(band for band in BANDS if band[0] <= empty <= band[1])
    return f"{low}-{high}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--per-set", type=int, default=150)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument(
        "--opening-nodes",
        type=int,
        default=400_000,
        help="the plan finder's node budget for the openings (far above the game's, which a bench may spend)",
    )
    parser.add_argument("--real-games", type=int, default=40, help="ladder games in the coverage table")
    parser.add_argument("--coverage-only", action="store_true", help="the coverage table alone")
    parser.add_argument(
        "--sample-seed",
        default="coverage",
        help="the seed that draws the ladder games (another seed: games the explainer was not tuned on)",
    )
    parser.add_argument(
        "--window",
        action="store_true",
        help="the coverage table with each game explained in turn with one memory, as the window does",
    )
    args = parser.parse_args()
    analyzer = ExactAnalyzer()
    analyzer.prepare(ConnectFour())
    games = ladder_games(args.real_games, args.sample_seed) + level_games(args.games)
    print(coverage(analyzer, games, args.seconds, args.window))
    print()
    if args.coverage_only:
        return
    positions: list[tuple[str, int | None]] = [(moves, None) for moves in level_positions(args.games)]
    generator = random.Random("explain")
    for name in SETS:
        rows = read_set(name)
        positions += generator.sample(rows, min(args.per_set, len(rows)))
    table: dict[tuple[str, str], BandCounts] = collections.defaultdict(BandCounts)
    kinds: collections.Counter[str] = collections.Counter()
    dropped_kinds: collections.Counter[str] = collections.Counter()
    for moves, known in positions:
        game = ConnectFour.from_moves(moves)
        score = known if known is not None else analyzer.score(game)
        started = time.perf_counter()
        explanation = explain_position(game, analyzer, seconds=args.seconds, find_plan=find_plan)
        elapsed = time.perf_counter() - started
        value = VALUES[1 - result_of(score)]
        row = table[(band_of(42 - game.ply()), value)]
        row.positions += 1
        row.seconds.append(elapsed)
        row.timed_out += explanation.timed_out
        row.dropped += len(explanation.dropped)
        has_plan = any(isinstance(claim, PlanClaim) for claim in explanation.claims)
        row.plans += has_plan
        if game.to_move() == 0 and result_of(score) <= 0:
            row.second_positions += 1
            row.second_plans += has_plan
        row.reasons += bool(explanation.claims)
        row.results += any(claim.result is not None for claim in explanation.claims)
        row.false += sum(false_claim(game, claim, score) for claim in explanation.claims)
        kinds.update(claim.kind.value for claim in explanation.claims)
        dropped_kinds.update(claim.kind.value for claim in explanation.dropped)
    print(
        "| empty cells | value (side to move) | positions | with a plan "
        "| second player's non-lost with a plan | with a reason | with a reason stating a result "
        "| dropped claims | false claims | timed out "
        "| median s | max s |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    total = BandCounts()
    for band in BANDS:
        for value in VALUES:
            if (band_row := table.get((f"{band[0]}-{band[1]}", value))) is None:
                continue
            print(line(f"{band[0]}-{band[1]}", value, band_row))
            for name in COUNTS:
                setattr(total, name, getattr(total, name) + getattr(band_row, name))
            total.seconds += band_row.seconds
    print(line("all", "all", total))
    small = [row for (band, _), row in table.items() if int(band.split("-")[1]) <= 20]
    held = sum(row.second_plans for row in small)
    print(
        f"\nSecond player's non-lost positions, first player to move, up to 20 empty cells: {held} of "
        f"{sum(row.second_positions for row in small)} with a proven plan "
        f"({share(held, sum(row.second_positions for row in small))})."
    )
    print()
    print(openings_line(analyzer, args.opening_nodes))
    print()
    print("| claim kind | shown | dropped by the checks |")
    print("|---|---:|---:|")
    for kind in sorted(set(kinds) | set(dropped_kinds)):
        print(f"| {kind} | {kinds[kind]} | {dropped_kinds[kind]} |")
    print()
    print(
        f"{machine_line()}; solver core: {core_words(core_in_use())}; {args.games} level games, "
        f"{args.per_set} positions a set"
    )
    print(
        f"RESULT false_claims={total.false} median_s={statistics.median(total.seconds):.4f} "
        f"max_s={max(total.seconds):.3f}"
    )


PLY_BUCKETS = ((0, 8), (9, 16), (17, 24), (25, 32), (33, 42))


def ladder_games(count: int, seed: str = "coverage") -> list[str]:
    """``count`` games of the rating ladder's record (tools/ladder-games-7x6.txt), a sample drawn by
    ``seed``."""
    path = Path(__file__).resolve().parent.parent / "tools" / "ladder-games-7x6.txt"
    games = [line.split()[4] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return random.Random(seed).sample(games, min(count, len(games)))


@dataclass
class PlyCounts:
    positions: int = 0
    reasons: int = 0
    results: int = 0
    roads: int = 0
    plans: int = 0
    changes: int = 0
    changes_explained: int = 0
    changes_with_result: int = 0
    changes_without_road: int = 0
    false: int = 0
    seconds: list[float] = field(default_factory=list)


def coverage(analyzer: ExactAnalyzer, games: list[str], seconds: float, window: bool = False) -> str:
    """The coverage table of real ``games`` by ply (see the module docstring), as Markdown; ``window``: each
    game explained in turn with one memory."""
    buckets = {bucket: PlyCounts() for bucket in PLY_BUCKETS}
    for moves in games:
        memory = Memory() if window else None
        for ply in range(len(moves)):
            game = ConnectFour.from_moves(moves[:ply])
            if game.is_over():
                break
            row = buckets[next(b for b in PLY_BUCKETS if b[0] <= ply <= b[1])]
            score = analyzer.score(game)
            started = time.perf_counter()
            explanation = explain_position(
                game, analyzer, seconds=seconds, find_plan=find_plan, memory=memory
            )
            row.seconds.append(time.perf_counter() - started)
            claims = explanation.claims
            row.positions += 1
            row.reasons += bool(claims)
            row.results += any(states_result(claim) and not isinstance(claim, Road) for claim in claims)
            row.roads += any(isinstance(claim, Road) for claim in claims)
            row.plans += any(isinstance(claim, PlanClaim) for claim in claims)
            row.false += sum(false_claim(game, claim, score) for claim in claims)
            move = int(moves[ply]) - 1
            child = game.copy()
            child.apply(move)
            own = result_of(score)
            after = -result_of(analyzer.score(child)) if not child.is_over() else (1 if child.winner() else 0)
            if after >= own:
                continue
            row.changes += 1
            started = time.perf_counter()
            said = explain_move(
                game, move, analyzer, seconds=seconds, find_plan=find_plan, memory=memory
            ).claims
            row.seconds.append(time.perf_counter() - started)
            row.changes_explained += bool(said)
            row.changes_with_result += any(
                states_result(claim) or (isinstance(claim, HandsOver) and claim.result is not None)
                for claim in said
            )
            row.changes_without_road += any(not isinstance(claim, Road) for claim in said)
    lines = [
        "| plies | positions | any reason | states the result (no road) | road | result, roads included "
        "| plan | result-changing moves | explained | explained with a result | explained without a road "
        "| false claims | median s | p95 s | max s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    total = PlyCounts()
    for (low, high), row in [*buckets.items(), ((0, 42), total)]:
        if row is not total:
            for name in PlyCounts.__dataclass_fields__:
                setattr(total, name, getattr(total, name) + getattr(row, name))
        if not row.positions:
            continue
        with_roads = share(row.results + row.roads, row.positions)
        lines.append(
            f"| {low}-{high} | {row.positions} | {share(row.reasons, row.positions)} | "
            f"{share(row.results, row.positions)} | {share(row.roads, row.positions)} | {with_roads} | "
            f"{share(row.plans, row.positions)} | {row.changes} | "
            f"{share(row.changes_explained, row.changes)} | "
            f"{share(row.changes_with_result, row.changes)} | "
            f"{share(row.changes_without_road, row.changes)} | {row.false} | "
            f"{statistics.median(row.seconds):.3f} | {percentile(row.seconds, 95):.3f} | "
            f"{max(row.seconds):.3f} |"
        )
    way = "in turn, one memory a game (the window)" if window else "each alone (ponder explain)"
    lines.append(
        f"\n{len(games)} games, explained {way}; {machine_line()}; solver core: {core_words(core_in_use())}"
    )
    return "\n".join(lines)


def openings_line(analyzer: ExactAnalyzer, nodes: int) -> str:
    """Which of the first player's six openings off the centre column a plan of the second player's proves
    a draw against by itself: some reply after which the plan finder, with ``nodes`` search nodes, finds a
    plan that passes its checks. Every reply is tried, each within a minute."""
    proven = []
    finder = functools.partial(find_plan, nodes=nodes)
    for opening in "123567":
        for reply in "1234567":
            game = ConnectFour.from_moves(opening + reply)
            claims = explain_position(game, analyzer, seconds=60.0, find_plan=finder).claims
            if any(isinstance(claim, PlanClaim) and claim.side == 1 for claim in claims):
                proven.append(f"{opening} (answered {reply})")
                break
    listed = ", ".join(proven) if proven else "none"
    return (
        f"Non-centre openings whose draw a second player's plan proves alone ({nodes} plan nodes): {listed} "
        "(of 1, 2, 3, 5, 6, 7)."
    )


def percentile(values: list[float], percent: int) -> float:
    """The smallest of ``values`` that at least ``percent`` % of them do not exceed (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * percent // 100) - 1)]


def share(part: int, whole: int) -> str:
    return "-" if whole == 0 else f"{100 * part / whole:.0f}%"


def line(band: str, value: str, row: BandCounts) -> str:
    second = f"{share(row.second_plans, row.second_positions)} of {row.second_positions}"
    return (
        f"| {band} | {value} | {row.positions} | {share(row.plans, row.positions)} | {second} | "
        f"{share(row.reasons, row.positions)} | {share(row.results, row.positions)} | {row.dropped} | "
        f"{row.false} | {row.timed_out} | "
        f"{statistics.median(row.seconds):.4f} | {max(row.seconds):.3f} |"
    )


if __name__ == "__main__":
    main()
