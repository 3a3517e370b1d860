"""How fast the program starts and ends.

``--window``: the window, as a player meets it, on a virtual X display (Xvfb): from starting ``ponder
--mode two-players`` (a board at once, no engine thinking) until its window is visible (mapped: xdotool
finds it), until its first frame is drawn (the window loop sets the play screen's title right after its
first frame is flipped, so the title is the sign), and from the window manager's close request, sent once the
first frame is drawn (the last frame), until the process is gone. Each run has an empty config and data
folder of its own (a first start). Targets: :data:`TARGETS`, argued in docs/benchmarks.md.

Without ``--window``: what a whole `analyze` process pays before and around its positions: wall and system
time of `main.py analyze --no-book --threads 1 --table-mb M` on a few end-game positions (almost nothing to
solve, so the time is the start-up: Python, the table) and on a sample of a test set, optionally side by side
with another checkout (another commit's tree with its compiled core built), in alternating rounds.

Usage: python bench/startup.py --window [--rounds 10] [--program CMD] [--display :N]
       python bench/startup.py [--table-mb 1024] [--rounds 5] [--other DIR] [--set FILE] [--count N]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.support.desktop import Desktop, missing_tools, virtual_display  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

#: Seconds a player should wait at most, by measure: the window visible, its first frame, gone after a close.
TARGETS = {"visible": 1.0, "first frame": 1.0, "gone": 0.5}
#: How often the window's state is looked at while waiting (each look runs xdotool: a few ms).
POLL_SECONDS = 0.01

END_GAME = ROOT / "tests" / "data" / "c4-testsets" / "Test_L3_R1"
DEFAULT_SET = ROOT.parent / "shared" / "c4-testsets" / "Test_L2_R2"
T = TypeVar("T")


def run(tree: Path, positions: str, table_mb: int) -> tuple[float, float]:
    """(wall seconds, system seconds) of one whole analyze process of ``tree`` on ``positions``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    subprocess.run(
        [
            sys.executable,
            str(tree / "main.py"),
            "analyze",
            "--no-book",
            "--threads",
            "1",
            "--table-mb",
            str(table_mb),
        ],
        input=positions,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PONDER_REQUIRE_NATIVE": "1"},
    )
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_stime - before.ru_stime


def _wait_for(look: Callable[[], T | None], what: str, timeout: float = 60) -> T:
    """The first value ``look`` gives that is not None or "", looking every POLL_SECONDS."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = look()
        if found:
            return found
        time.sleep(POLL_SECONDS)
    raise TimeoutError(f"no {what} within {timeout} s")


def window_run(program: list[str], desktop: Desktop, folder: Path) -> dict[str, float]:
    """One start and close of the window: the seconds to each measure of :data:`TARGETS`."""
    env = {
        **desktop.env,
        "PONDER_CONFIG_DIR": str(folder / "config"),
        "PONDER_DATA_DIR": str(folder / "data"),
        "SDL_AUDIODRIVER": "dummy",
    }
    started = time.monotonic()
    errors = (folder / "stderr.txt").open("w")
    process = subprocess.Popen(
        [*program, "--mode", "two-players"], env=env, stdout=subprocess.DEVNULL, stderr=errors
    )

    def visible() -> int | None:
        if process.poll() is not None:
            said = (folder / "stderr.txt").read_text()
            raise RuntimeError(f"the window ended with status {process.returncode} before showing: {said}")
        found = desktop._try("xdotool", "search", "--onlyvisible", "--pid", str(process.pid)).split()
        return int(found[-1]) if found else None

    window = _wait_for(visible, "visible window")
    shown = time.monotonic() - started
    # The title "Ponder" is the window's until the loop has flipped its first frame and set the screen's.
    _wait_for(
        lambda: desktop._try("xdotool", "getwindowname", str(window)).strip() not in ("", "Ponder"), "frame"
    )
    drawn = time.monotonic() - started
    closing = time.monotonic()
    desktop.close_request(window)
    _wait_for(lambda: process.poll() is not None, "exit", timeout=30)
    gone = time.monotonic() - closing
    if process.returncode != 0:
        raise RuntimeError(f"the window exited with status {process.returncode}")
    return {"visible": shown, "first frame": drawn, "gone": gone}


def window_bench(rounds: int, program: list[str], display: str | None) -> None:
    if missing_tools():
        raise SystemExit(f"--window needs {', '.join(missing_tools())}")
    samples: dict[str, list[float]] = {name: [] for name in TARGETS}
    with nullcontext(display) if display else virtual_display((960, 780)) as shown_on:
        desktop = Desktop(shown_on)
        for _ in range(rounds):
            with tempfile.TemporaryDirectory() as folder:
                for name, seconds in window_run(program, desktop, Path(folder)).items():
                    samples[name].append(seconds)
    print(machine_line())
    print(f"`{' '.join(program)} --mode two-players` on Xvfb, {rounds} runs, each a first start")
    print("| measure | median | max | target | within |")
    print("|---|---|---|---|---|")
    for name, values in samples.items():
        within = sum(value <= TARGETS[name] for value in values)
        print(
            f"| {name} | {statistics.median(values):.2f} s | {max(values):.2f} s | {TARGETS[name]:.1f} s "
            f"| {within}/{len(values)} |"
        )
    worst = {name: max(values) for name, values in samples.items()}
    print(
        "RESULT " + " ".join(f"{name.replace(' ', '_')}_max_s={value:.2f}" for name, value in worst.items())
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--window", action="store_true", help="time the window's start and end")
    parser.add_argument("--program", help="the command to start (default: this checkout's main.py)")
    parser.add_argument("--display", help="an X display already running (default: a new Xvfb)")
    parser.add_argument("--table-mb", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--other", type=Path, help="another checkout to time in the same rounds")
    parser.add_argument("--set", type=Path, default=DEFAULT_SET)
    parser.add_argument("--count", type=int, default=200)
    args = parser.parse_args()
    if args.window:
        program = args.program.split() if args.program else [sys.executable, str(ROOT / "main.py")]
        window_bench(args.rounds if "--rounds" in sys.argv else 10, program, args.display)
        return
    end_game = "".join(END_GAME.read_text(encoding="utf-8").splitlines(keepends=True)[:3])
    workloads = {"3 end-game positions": end_game}
    if args.set.exists():
        lines = args.set.read_text(encoding="utf-8").splitlines(keepends=True)[: args.count]
        workloads[f"{args.set.name}, first {len(lines)}"] = "".join(lines)
    else:
        print(f"({args.set} not found: the end-game positions only)")
    trees = {"this tree": ROOT} | ({"other": args.other.resolve()} if args.other else {})
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for _ in range(args.rounds):
        for workload, positions in workloads.items():
            for name, tree in trees.items():
                times.setdefault((workload, name), []).append(run(tree, positions, args.table_mb))
    print(machine_line())
    print(f"whole processes, one thread, {args.table_mb} MB table, no book; median of {args.rounds} rounds")
    print("| positions | tree | wall s | system s |")
    print("|---|---|---|---|")
    for (workload, name), samples in times.items():
        wall = statistics.median(sample[0] for sample in samples)
        system = statistics.median(sample[1] for sample in samples)
        print(f"| {workload} | {name} | {wall:.2f} | {system:.2f} |")


if __name__ == "__main__":
    main()
