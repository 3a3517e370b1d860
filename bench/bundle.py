"""The standalone bundle beside the installed game: its size, and the start-up of each, in alternating rounds
on one machine: a whole ``ponder analyze`` process on one position (from the opening book: the time is the
start-up), and the time from starting ``ponder`` until its window is mapped on an X display (Xvfb; the
first frame is drawn right after).

Build both first: ``make bundle`` (``dist/ponder``, and ``.venv-bundle``, where the game is installed as its
wheel would be, not editable). Needs Xvfb and xdotool for the window.

Usage: python bench/bundle.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.support.desktop import Desktop, virtual_display  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

PROGRAMS = {
    "bundle": ROOT / "dist" / "ponder" / "ponder",
    "installed": ROOT / ".venv-bundle" / "bin" / "ponder",
}
#: What the installed game adds to a Python: its packages and its libraries.
INSTALLED = ("ai", "game", "ui", "assets", "main.py", "pygame", "pygame_ce.libs", "platformdirs")
MEASURES = {"analyze": "`ponder analyze`, one position", "window": "until the window is mapped"}


def analyze_seconds(program: Path, env: dict[str, str]) -> float:
    """Wall time of one ``analyze`` process on one position."""
    started = time.monotonic()
    done = subprocess.run([str(program), "analyze"], input="4453\n", capture_output=True, text=True, env=env)
    elapsed = time.monotonic() - started
    if done.stdout != "4453 -2\n":
        raise RuntimeError(f"{program} analyze answered {done.stdout!r} {done.stderr!r}")
    return elapsed


def window_seconds(program: Path, env: dict[str, str], desktop: Desktop) -> float:
    """Time from starting the window until it is mapped; then it is closed as a window manager would."""
    started = time.monotonic()
    window = subprocess.Popen([str(program)], env={**env, "DISPLAY": desktop.display})
    found = desktop.window_of(window.pid)
    elapsed = time.monotonic() - started
    desktop.close_request(found)
    window.wait(timeout=10)
    return elapsed


def size_mb(*paths: Path) -> float:
    files = (path for top in paths for path in ([top] if top.is_file() else top.rglob("*")))
    return sum(path.stat().st_size for path in files if path.is_file() and not path.is_symlink()) / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    # No PATH and no Python variables: the bundle must need neither; the installed script names its Python.
    env = {
        "PONDER_CONFIG_DIR": str(folder / "config"),
        "PONDER_DATA_DIR": str(folder / "data"),
        "PONDER_REQUIRE_NATIVE": "1",
    }
    times: dict[tuple[str, str], list[float]] = {}
    with virtual_display() as display:
        desktop = Desktop(display)
        for _ in range(args.rounds):
            for name, program in PROGRAMS.items():
                times.setdefault(("analyze", name), []).append(analyze_seconds(program, env))
                times.setdefault(("window", name), []).append(window_seconds(program, env, desktop))
    site = next((ROOT / ".venv-bundle" / "lib").glob("python3*/site-packages"))
    installed = [site / name for name in INSTALLED]
    print(machine_line())
    print(f"median of {args.rounds} rounds, alternating")
    print("| | bundle | installed wheel |")
    print("|---|---|---|")
    print(
        f"| size | {size_mb(PROGRAMS['bundle'].parent):.0f} MB, Python included | "
        f"{size_mb(*installed):.0f} MB, beside a Python |"
    )
    for what, label in MEASURES.items():
        cells = [f"{statistics.median(times[(what, name)]):.2f} s" for name in PROGRAMS]
        print(f"| {label} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
