"""Copies the benchmark positions the unit tests need from ``../shared/c4-testsets`` into ``tests/data``.

The tests must run in a fresh clone with nothing beside it, so they read this seeded subset, shipped in the
repository; only the benchmarks (``bench/``) read the full public sets. Positions and their exact scores are
facts, so the subset is data, not code. Run again only to change the sample:

    python tools/make_test_positions.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "c4-testsets"
TARGET = ROOT / "tests" / "data" / "c4-testsets"

#: Positions kept per set: the first ``FIRST`` (some tests read a set's first lines) plus a seeded sample.
SAMPLE_SIZES = {
    "Test_L3_R1": 300,
    "Test_L2_R1": 300,
    "Test_L1_R1": 100,
    "Test_L2_R2": 50,
    "Test_L1_R2": 24,
    "Test_L1_R3": 8,
}
FIRST = {"Test_L3_R1": 150, "Test_L2_R1": 20, "Test_L2_R2": 10, "Test_L1_R2": 4, "Test_L1_R3": 4}


def subset(lines: list[str], name: str) -> list[str]:
    """The set's first lines, then a seeded sample of the rest, in the file's order."""
    first = FIRST.get(name, 0)
    rest = random.Random(f"tests-{name}").sample(range(first, len(lines)), SAMPLE_SIZES[name] - first)
    return [lines[index] for index in [*range(first), *sorted(rest)]]


def main() -> int:
    if not SOURCE.is_dir():
        print(f"error: the public test sets are not at {SOURCE}", file=sys.stderr)
        return 1
    TARGET.mkdir(parents=True, exist_ok=True)
    for name in SAMPLE_SIZES:
        lines = [line for line in (SOURCE / name).read_text().splitlines() if line.strip()]
        (TARGET / name).write_text("\n".join(subset(lines, name)) + "\n")
        print(f"{name}: {SAMPLE_SIZES[name]} of {len(lines)} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
