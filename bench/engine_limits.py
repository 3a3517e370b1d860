"""The engine thread's limits: how fast stop() is obeyed, and how much memory a long ponder takes.

Usage: python bench/engine_limits.py [--stops N] [--ponder-minutes M]

Stop latency: the engine thinks (deep) or ponders (max level) on random four-move openings, of 7 x 6 (the
exact solver runs) and of 9 x 7 (only the heuristic search in Python runs); after a random 0.05-0.5 s, stop()
is called and the time until the worker is idle is measured. The same for the compiled solver core alone: a
solve on another thread, its stop flag set, the time until the solve has returned. Memory: the engine ponders
an 8 x 7 opening (no book there, so it keeps searching) for M minutes (default 10) with its default tables;
the process's resident memory is sampled.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.contracts import Budget, Limits, SearchStopped  # noqa: E402
from ai.engine import Engine  # noqa: E402
from ai.exact.compiled_core import NativeConnectFourSolver, native_built  # noqa: E402
from ai.stop_flag import StopFlag  # noqa: E402
from game import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402


def resident_megabytes() -> float:
    with open("/proc/self/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def stop_latencies(count: int) -> list[float]:
    rng = random.Random(3)
    engine = Engine()
    # As the window does for a new game: the worker reads its book and makes its solver tables (about half a
    # second); a request sent meanwhile waits for that, and so would its stop.
    engine.start_game(ConnectFour())
    while not engine.is_idle():
        time.sleep(0.01)
    latencies = []
    try:
        for index in range(count):
            if index % 3 == 2:
                # 9 x 7 has no exact solver: the heuristic search in Python, with its own check points.
                game = ConnectFour.from_moves("".join(rng.choice("123456789") for _ in range(4)), 9, 7)
            else:
                game = ConnectFour.from_moves("".join(rng.choice("1234567") for _ in range(4)))
            if index % 3:
                engine.think(game, Limits(depth=30))
            else:
                engine.ponder(game)
            time.sleep(rng.uniform(0.05, 0.5))
            started = time.perf_counter()
            engine.stop()
            while not engine.is_idle():
                time.sleep(0.0002)
            latencies.append((time.perf_counter() - started) * 1000)
    finally:
        engine.close()
    return latencies


def native_stop_latencies(count: int) -> list[float]:
    """Milliseconds from setting a compiled solve's stop flag to the solve having returned, on its thread."""
    rng = random.Random(4)
    solver = NativeConnectFourSolver()
    latencies = []
    for _ in range(count):
        game = ConnectFour.from_moves("".join(rng.choice("1234567") for _ in range(4)))
        stop = StopFlag()

        def solve(game: ConnectFour, stop: StopFlag) -> None:
            try:
                solver.solve(
                    game.stones(game.to_move()), game.occupied(), game.ply(), budget=Budget(stop=stop)
                )
            except SearchStopped:
                pass

        thread = threading.Thread(target=solve, args=(game, stop))
        thread.start()
        time.sleep(rng.uniform(0.05, 0.5))
        started = time.perf_counter()
        stop.set()
        thread.join()
        latencies.append((time.perf_counter() - started) * 1000)
    solver.release()
    return latencies


def ponder_memory(minutes: float) -> list[tuple[float, float]]:
    engine = Engine()
    samples = [(0.0, resident_megabytes())]
    try:
        game = ConnectFour.from_moves("44", 8, 7)
        engine.start_game(game)
        engine.ponder(game)
        started = time.monotonic()
        next_sample = 60.0
        while time.monotonic() - started < minutes * 60:
            engine.poll()
            time.sleep(0.5)
            if time.monotonic() - started >= next_sample:
                samples.append((next_sample / 60, resident_megabytes()))
                next_sample += 60.0
        samples.append((minutes, resident_megabytes()))
        idle = engine.is_idle()
    finally:
        engine.close()
    print(f"(pondering still running at the end: {not idle})")
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--stops", type=int, default=40)
    parser.add_argument("--ponder-minutes", type=float, default=10.0)
    args = parser.parse_args()
    latencies = stop_latencies(args.stops)
    print(
        f"Stop latency over {len(latencies)} stops (think and ponder): "
        f"median {statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms"
    )
    native = native_stop_latencies(args.stops) if native_built() else []
    if native:
        print(
            f"Compiled core, stop flag to solve returned, over {len(native)} stops: median "
            f"{statistics.median(native):.2f} ms, max {max(native):.2f} ms"
        )
    samples = ponder_memory(args.ponder_minutes)
    print("| minutes pondering | resident memory |")
    print("|---|---|")
    for minute, megabytes in samples:
        print(f"| {minute:g} | {megabytes:.0f} MB |")
    print(f"\nMachine: {machine_line()}")
    print(
        f"RESULT stop_median_ms={statistics.median(latencies):.1f} stop_max_ms={max(latencies):.1f} "
        f"ponder_rss_mb={samples[-1][1]:.0f}"
    )


if __name__ == "__main__":
    main()
