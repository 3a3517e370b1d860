"""How fast the window goes away: from Ctrl+Q, or a window manager's close request, to the process ended.

Usage: python bench/quit_time.py [--runs N] [--program CMD]

Each run starts the game on a virtual X display (Xvfb) as ``--size 8x7 --level max --seconds 30 --first
computer``: the computer thinks about its first move on a board without a book, the exact solver and the
heuristic search both at work. After a random 1-6 s, Ctrl+Q is pressed (a real key event through xdotool)
or WM_DELETE_WINDOW is sent, alternately; the time until the process has exited is measured (so it counts
everything: the window loop noticing, the engine stopping, the tables freed, the interpreter ending).
Target: at most 0.5 s. ``--program`` runs another command (e.g. an installed ``ponder``) instead of this
checkout's ``main.py``. Needs Xvfb, xdotool, xclip and xprop (see tools/support/desktop.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.support.desktop import Desktop, missing_tools, virtual_display  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

TARGET_SECONDS = 0.5
ARGS = ["--size", "8x7", "--level", "max", "--seconds", "30", "--first", "computer"]


def one_run(desktop: Desktop, program: list[str], how: str, wait: float, home: Path) -> float:
    """Seconds from the quit request to the process's end."""
    env = {"PONDER_CONFIG_DIR": str(home / "config"), "PONDER_DATA_DIR": str(home / "data")}
    process = desktop.start([*program, *ARGS], env, home)
    window = desktop.window_of(process.pid)
    desktop.focus(window)
    time.sleep(wait)
    if process.poll() is not None:
        raise RuntimeError(f"the window ended by itself: {process.communicate()}")
    start = time.monotonic()
    if how == "ctrl+q":
        desktop.keys("ctrl+q", pause=0)
    else:
        desktop.close_request(window)
    process.wait(timeout=30)
    return time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs of each way to quit (default 10)")
    parser.add_argument("--program", help="the command to start (default: this checkout's main.py)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    missing = missing_tools()
    if missing:
        print(f"skipped: missing {', '.join(missing)}")
        return 0
    program = args.program.split() if args.program else [sys.executable, str(ROOT / "main.py")]
    rng = random.Random(args.seed)
    times: dict[str, list[float]] = {"ctrl+q": [], "close request": []}
    with virtual_display() as display, tempfile.TemporaryDirectory() as home:
        desktop = Desktop(display)
        for _ in range(args.runs):
            for how in times:
                times[how].append(one_run(desktop, program, how, rng.uniform(1, 6), Path(home)))
    print("| quit by | runs | median | max | within 0.5 s |")
    print("|---|---|---|---|---|")
    for how, seconds in times.items():
        within = sum(s <= TARGET_SECONDS for s in seconds)
        print(
            f"| {how} | {len(seconds)} | {statistics.median(seconds):.3f} s | {max(seconds):.3f} s "
            f"| {within}/{len(seconds)} |"
        )
    print(machine_line())
    worst = max(max(seconds) for seconds in times.values())
    print(f"RESULT quit_max_s={worst:.3f} target={TARGET_SECONDS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
