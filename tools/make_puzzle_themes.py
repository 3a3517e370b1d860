"""Adds the themes to the shipped puzzles (``assets/c4-puzzles-7x6.txt``, format in :mod:`ai.puzzles`).

Usage: python tools/make_puzzle_themes.py [--file FILE] [--seconds S] [--progress FILE]

Each puzzle's winning move is explained by :func:`ai.explain.themes.explain_puzzle` as the window explains
it (the plan finder with its steady plans, and roads; every claim proven by the exact solver before it
counts), only with more time (``--seconds``, default 10 s a puzzle, against the window's 2 s: the tool runs
once, and a loaded machine should not cost a puzzle its theme), and its themes are written into its line
(``themes=...``; ``themes=-`` where nothing is proven). The puzzles themselves are kept as they are: the file
is written atomically and read back with the game's own loader, which must give the same puzzles.

Resumable: each puzzle's verdict is appended at once to a progress file
(``tools/puzzle-themes-progress-7x6.txt``, a line ``<moves> <outcome> <time limit> <seconds taken> <themes>
<kinds of the proven claims>``), which a new run reads instead of explaining again: every verdict reached
with the same ``--seconds``, and with more seconds the themes found with fewer (the explainer's candidates
come in a fixed order, so more time finds the same claims where those were proven in time; a longer run
over the puzzles left without a theme is the same as a run with the longer limit over all of them). A
completed run deletes it. The outcome says why a puzzle has no theme: ``themed``, ``unproven`` (the
explanation ended in time, and no proven claim names a theme: no road to a reason within the road's limits,
or the road's search ran out of the time) or ``timeout`` (the explanation itself ran out of time and was
dropped whole).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.explain.plan import find_plan  # noqa: E402
from ai.explain.themes import explain_puzzle, themes_of  # noqa: E402
from ai.puzzles import (  # noqa: E402
    PUZZLES_PATH,
    Puzzle,
    PuzzleTheme,
    file_text,
    load_puzzles,
    parse_themes,
)
from tools.support.machine import machine_line  # noqa: E402

DEFAULT_PROGRESS = ROOT / "tools" / "puzzle-themes-progress-7x6.txt"
DEFAULT_SECONDS = 10.0


@dataclasses.dataclass(frozen=True)
class ThemeVerdict:
    """One puzzle's themes, why it has none (``outcome``), the explainer's time limit (``limit``), the
    seconds its explanation took and the kinds of its proven claims (names of :class:`ai.claims.Kind`)."""

    outcome: str
    limit: float
    seconds: float
    themes: frozenset[PuzzleTheme]
    kinds: tuple[str, ...]

    def line(self, moves: str) -> str:
        names = ",".join(sorted(theme.value for theme in self.themes)) or "-"
        kinds = ",".join(self.kinds) or "-"
        return f"{moves} {self.outcome} {self.limit} {self.seconds:.2f} themes={names} {kinds}\n"

    def holds_for(self, limit: float) -> bool:
        """Whether a run with ``limit`` seconds a puzzle would reach this verdict."""
        return self.limit == limit or (self.outcome == "themed" and self.limit <= limit)


def read_progress(path: Path, limit: float) -> dict[str, ThemeVerdict]:
    """The verdicts of earlier runs that a run with ``limit`` seconds a puzzle would reach too."""
    if not path.exists():
        return {}
    verdicts = {}
    # Only whole lines: what follows the last newline is a line an interrupted run did not finish.
    for line in path.read_text().split("\n")[:-1]:
        moves, outcome, limit_text, taken, themes, kinds = line.split()
        kind_names = () if kinds == "-" else tuple(kinds.split(","))
        verdict = ThemeVerdict(outcome, float(limit_text), float(taken), parse_themes(themes), kind_names)
        if verdict.holds_for(limit):
            verdicts[moves] = verdict
    return verdicts


def explained(moves: str, verdict: ThemeVerdict, progress: TextIO) -> ThemeVerdict:
    """``verdict``, appended to the progress file at once."""
    progress.write(verdict.line(moves))
    progress.flush()
    return verdict


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--file", type=Path, default=PUZZLES_PATH, help="puzzle file to add themes to")
    parser.add_argument(
        "--seconds", type=float, default=DEFAULT_SECONDS, help="the explainer's time limit a puzzle"
    )
    parser.add_argument("--progress", type=Path, default=DEFAULT_PROGRESS, help="progress file")
    args = parser.parse_args()
    started = time.monotonic()
    shipped = load_puzzles(args.file)
    verdicts = read_progress(args.progress, args.seconds)
    if verdicts:
        print(f"resuming: {len(verdicts)} puzzles explained before", flush=True)
    analyzer = ExactAnalyzer(threads=1)
    with args.progress.open("a") as progress:
        for done, puzzle in enumerate(shipped.puzzles, 1):
            if puzzle.moves not in verdicts:
                began = time.monotonic()
                explanation = explain_puzzle(puzzle, analyzer, seconds=args.seconds, find_plan=find_plan)
                themes = themes_of(explanation.claims, len(puzzle.moves) % 2)
                outcome = "themed" if themes else "timeout" if explanation.timed_out else "unproven"
                kinds = tuple(claim.kind.value for claim in explanation.claims)
                verdict = ThemeVerdict(outcome, args.seconds, time.monotonic() - began, themes, kinds)
                verdicts[puzzle.moves] = explained(puzzle.moves, verdict, progress)
            if done % 100 == 0:
                print(f"  {done}/{len(shipped.puzzles)}, {time.monotonic() - started:.0f} s", flush=True)
    themed = [dataclasses.replace(puzzle, themes=verdicts[puzzle.moves].themes) for puzzle in shipped.puzzles]
    partial = args.file.with_name(f"{args.file.name}.{os.getpid()}.tmp")
    partial.write_text(file_text(shipped.ladder, themed))
    os.replace(partial, args.file)
    if load_puzzles(args.file).puzzles != tuple(themed):
        raise RuntimeError(f"{args.file}: read back, the puzzles differ from those written")
    args.progress.unlink()
    report(shipped.puzzles, themed, list(verdicts.values()))
    print(f"wrote {args.file}: {len(themed)} puzzles in {time.monotonic() - started:.0f} s (this run)")
    print(machine_line())
    return 0


def report(before: Sequence[Puzzle], after: Sequence[Puzzle], verdicts: list[ThemeVerdict]) -> None:
    """The themes' table (before and after), the outcomes, and the explanations' total time."""
    counts_before = Counter(theme for puzzle in before for theme in puzzle.themes or ())
    counts_after = Counter(theme for puzzle in after for theme in puzzle.themes or ())
    print("| theme | before | after |")
    print("|---|---|---|")
    for theme in PuzzleTheme:
        print(f"| {theme.value} | {counts_before[theme]} | {counts_after[theme]} |")
    print(f"| none | {sum(not puzzle.themes for puzzle in before)} | {sum(not p.themes for p in after)} |")
    outcomes = Counter(verdict.outcome for verdict in verdicts)
    print("outcomes: " + ", ".join(f"{outcome} {count}" for outcome, count in sorted(outcomes.items())))
    print(f"explaining took {sum(verdict.seconds for verdict in verdicts):.0f} s in all")


if __name__ == "__main__":
    sys.exit(main())
