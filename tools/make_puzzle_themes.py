"""Adds the themes to the shipped puzzles (``assets/c4-puzzles-7x6.txt``, format in :mod:`ai.puzzles`).

Usage: python tools/make_puzzle_themes.py [--file FILE]

Each puzzle's winning move is explained by :func:`ai.explain.themes.puzzle_themes` as the window explains it
(the plan finder and roads included; every claim proven by the exact solver before it counts), and its themes
are written into its line (``themes=...``; ``themes=-`` where
nothing is proven). The puzzles themselves are kept as they are: the file is written atomically and read
back with the game's own loader, which must give the same puzzles.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.explain.plan import find_plan  # noqa: E402
from ai.explain.themes import puzzle_themes  # noqa: E402
from ai.puzzles import PUZZLES_PATH, PuzzleTheme, file_text, load_puzzles  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--file", type=Path, default=PUZZLES_PATH, help="puzzle file to add themes to")
    args = parser.parse_args()
    started = time.monotonic()
    shipped = load_puzzles(args.file)
    analyzer = ExactAnalyzer(threads=1)
    themed = []
    for done, puzzle in enumerate(shipped.puzzles, 1):
        themes = puzzle_themes(puzzle, analyzer, find_plan=find_plan)
        themed.append(dataclasses.replace(puzzle, themes=themes))
        if done % 100 == 0:
            print(f"  {done}/{len(shipped.puzzles)}, {time.monotonic() - started:.0f} s", flush=True)
    partial = args.file.with_name(f"{args.file.name}.{os.getpid()}.tmp")
    partial.write_text(file_text(shipped.ladder, themed))
    os.replace(partial, args.file)
    if load_puzzles(args.file).puzzles != tuple(themed):
        raise RuntimeError(f"{args.file}: read back, the puzzles differ from those written")
    counts = Counter(theme for puzzle in themed for theme in puzzle.themes or ())
    print(f"wrote {args.file}: {len(themed)} puzzles in {time.monotonic() - started:.0f} s")
    print("| theme | puzzles |")
    print("|---|---|")
    for theme in PuzzleTheme:
        print(f"| {theme.value} | {counts[theme]} |")
    print(f"| none | {sum(not puzzle.themes for puzzle in themed)} |")
    print(machine_line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
