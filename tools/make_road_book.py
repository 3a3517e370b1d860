"""Builds the road book (``assets/c4-roads-7x6.txt``, format in :mod:`ai.explain.road_book`): for every
position of the first ``--plies`` moves (a position and its mirror image once), the road to its first proven
reason, searched with time to spend.

Usage: python tools/make_road_book.py [--plies N] [--positions N] [--seconds S] [--jobs N] [--out FILE]
                                      [--progress FILE] [--fresh] [--minutes M]

The search is the explainer's own (:func:`ai.explain.road.find_road`, its finders and checks, a shortest
road of at most 12 stones), wider and longer than an explanation can afford: a losing side may play any of
its slowest losses (:func:`ai.explain.road.every_best_move`), ``--positions`` positions at most, ``--seconds``
a position. A road is kept only once proven whole by :func:`ai.explain.checks.check`; the game proves it
again before it shows it.

The roads of the book at ``--out`` are kept, and only the positions it has no road for are searched (so
``--plies 5`` adds the positions of five stones to the shipped book, and a run with more time may fill what
one with less missed); ``--fresh`` searches every position again (after the finders changed).

Resumable: each position's outcome is appended at once to the progress file
(``tools/road-book-progress-7x6.txt``, a line ``<moves> <line or -> <seconds>``), which a new run goes on
from; a completed run writes the book atomically, reads it back with the game's reader and deletes the
progress file. ``--minutes``: stop searching after that long and write the book of the roads found so far
(a position not searched yet has no road in it: the game searches that one itself), keeping the progress
file for the next run.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.claims import Road  # noqa: E402
from ai.contracts import Budget, SearchStopped  # noqa: E402
from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.exact.book import canonical_key  # noqa: E402
from ai.explain.checks import check  # noqa: E402
from ai.explain.explainer import result_candidates, waiting_plan, without_steady  # noqa: E402
from ai.explain.plan import find_plan  # noqa: E402
from ai.explain.road import every_best_move, find_road  # noqa: E402
from ai.explain.road_book import ROAD_BOOK_PATH, book_text, read_road_book  # noqa: E402
from ai.explain.values import ExactValues  # noqa: E402
from game.connect4 import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

DEFAULT_PROGRESS = ROOT / "tools" / "road-book-progress-7x6.txt"
DEFAULT_PLIES = 4
DEFAULT_POSITIONS = 4000
DEFAULT_SECONDS = 90.0

_analyzer: ExactAnalyzer | None = None


def opening_positions(plies: int) -> list[str]:
    """The move strings of every unfinished position of at most ``plies`` stones, one per position and its
    mirror image (the first move order met, breadth first, columns left to right)."""
    found: list[str] = []
    seen: set[int] = set()
    layer = [""]
    for _ in range(plies + 1):
        following = []
        for moves in layer:
            game = ConnectFour.from_moves(moves)
            key = canonical_key(game.key(), game.width, game.height)
            if key in seen or game.is_over():
                continue
            seen.add(key)
            found.append(moves)
            following += [moves + str(column + 1) for column in range(game.width) if column in game.moves()]
        layer = following
    return found


def road_line(moves: str, positions: int, seconds: float) -> tuple[str, str, float]:
    """The road from the position ``moves``, searched as the module says: (moves, its line as digits or
    ``-`` where none was found in reach, seconds taken)."""
    global _analyzer
    if _analyzer is None:
        _analyzer = ExactAnalyzer(threads=1)
        _analyzer.prepare(ConnectFour())
    began = time.monotonic()
    game = ConnectFour.from_moves(moves)
    values = ExactValues(_analyzer, Budget(deadline=began + seconds), game=game)
    quick = without_steady(find_plan)
    try:
        road = find_road(
            game,
            values,
            lambda position: result_candidates(position, quick, values),
            positions=positions,
            later=lambda position: waiting_plan(position, find_plan, values),
            moves=every_best_move,
        )
        proven = road is not None and check(game, road, ExactValues(_analyzer, game=game))
    except SearchStopped:
        road, proven = None, False
    line = "".join(str(column + 1) for column, _ in road.line) if proven and isinstance(road, Road) else "-"
    return moves, line, time.monotonic() - began


def read_progress(path: Path) -> dict[str, str]:
    """The lines found by earlier runs (position -> line or ``-``)."""
    if not path.exists():
        return {}
    found = {}
    # Only whole lines: what follows the last newline is a line an interrupted run did not finish.
    for text in path.read_text().split("\n")[:-1]:
        moves, line, _ = text.split()
        found["" if moves == "-" else moves] = line
    return found


def book_lines(path: Path, wanted: list[str]) -> dict[str, str]:
    """The roads of the book at ``path`` (position -> line as digits), none where there is no book; a
    position of ``wanted`` under its move string there (the book may have stored another order of it)."""
    if not path.exists():
        return {}
    named = {canonical_key(ConnectFour.from_moves(moves).key(), 7, 6): moves for moves in wanted}
    found = {}
    for key, (moves, line) in read_road_book(path).lines.items():
        found[named.get(key, moves)] = "".join(str(column + 1) for column in line)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--plies", type=int, default=DEFAULT_PLIES, help="positions of at most N stones")
    parser.add_argument("--positions", type=int, default=DEFAULT_POSITIONS, help="a search's most positions")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="a search's most seconds")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="positions searched at once")
    parser.add_argument("--out", type=Path, default=ROAD_BOOK_PATH, help="the book to write")
    parser.add_argument("--progress", type=Path, default=DEFAULT_PROGRESS, help="progress file")
    parser.add_argument("--fresh", action="store_true", help="search the roads the book has again too")
    parser.add_argument("--minutes", type=float, default=None, help="stop searching after this long")
    args = parser.parse_args()
    started = time.monotonic()
    wanted = opening_positions(args.plies)
    found = {} if args.fresh else book_lines(args.out, wanted)
    if found:
        print(f"keeping the {len(found)} roads of {args.out}", flush=True)
    done_before = read_progress(args.progress)
    if done_before:
        print(f"resuming: {len(done_before)} positions searched before", flush=True)
    found.update(done_before)
    waiting = [moves for moves in wanted if moves not in found]
    stop = None if args.minutes is None else started + args.minutes * 60
    with args.progress.open("a") as progress, multiprocessing.Pool(args.jobs) as pool:
        tasks = [(moves, args.positions, args.seconds) for moves in waiting]
        for done, (moves, line, seconds) in enumerate(pool.imap_unordered(_road_line, tasks), 1):
            found[moves] = line
            progress.write(f"{moves or '-'} {line} {seconds:.1f}\n")
            progress.flush()
            if done % 20 == 0:
                print(f"  {done}/{len(waiting)}, {time.monotonic() - started:.0f} s", flush=True)
            if stop is not None and time.monotonic() >= stop:
                pool.terminate()
                break
    roads = {moves: line for moves, line in found.items() if line != "-"}
    partial = args.out.with_name(f"{args.out.name}.{os.getpid()}.tmp")
    partial.write_text(book_text(roads), encoding="utf-8", newline="")
    os.replace(partial, args.out)
    if len(read_road_book(args.out).lines) != len(roads):
        raise RuntimeError(f"{args.out}: read back, the roads differ from those written")
    unsearched = [moves for moves in wanted if moves not in found]
    if unsearched:
        print(f"stopped after {args.minutes} minutes: {len(unsearched)} positions not searched (run again)")
    else:
        args.progress.unlink()
    by_ply: dict[int, list[int]] = {}
    for moves in wanted:
        counts = by_ply.setdefault(len(moves), [0, 0, 0])
        counts[0] += 1
        counts[1] += moves in found
        counts[2] += found.get(moves, "-") != "-"
    print("| stones | positions | searched | with a road |")
    print("|---:|---:|---:|---:|")
    for ply, (total, searched, with_road) in sorted(by_ply.items()):
        print(f"| {ply} | {total} | {searched} | {with_road} |")
    print(f"wrote {args.out}: {len(roads)} roads in {time.monotonic() - started:.0f} s (this run)")
    print(machine_line())
    return 0


def _road_line(task: tuple[str, int, float]) -> tuple[str, str, float]:
    return road_line(*task)


if __name__ == "__main__":
    sys.exit(main())
