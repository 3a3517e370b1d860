"""Test set-up: pygame runs headless everywhere, whatever the machine has."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: A seeded subset of the public Connect Four benchmark positions with their exact scores, shipped with the tests
#: so that they run in a fresh clone (made by tools/make_test_positions.py; the benchmarks read the full sets).
TESTSETS = ROOT / "tests" / "data" / "c4-testsets"


def read_positions(name: str) -> list[tuple[str, int]]:
    """``(moves, exact score)`` for each position of the shipped subset of the test set ``name``."""
    rows = [line.split() for line in (TESTSETS / name).read_text().splitlines() if line.strip()]
    return [(moves, int(score)) for moves, score in rows]


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def private_user_dirs(tmp_path_factory, monkeypatch):
    """No test reads or writes the real user's settings, score tally or saved games (see ui/userfiles.py)."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("PONDER_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("PONDER_DATA_DIR", str(base / "data"))
