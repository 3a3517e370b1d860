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

#: The public Connect Four benchmark positions, beside the repository (tests may read them; the game may not).
TESTSETS = ROOT.parent / "shared" / "c4-testsets"


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def private_user_dirs(tmp_path_factory, monkeypatch):
    """No test reads or writes the real user's settings, score tally or saved games (see ui/userfiles.py)."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("PONDER_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("PONDER_DATA_DIR", str(base / "data"))
