"""Frame times of the real pygame main loop, headless, while the engine searches flat out and while it idles.

Usage: python bench/frames.py [--seconds S]

Four phases of S seconds each; every frame makes the window's picture, and draws it when it changed (the mouse
sweeps over the board, so the ghost disc moves from column to column, and a search's count ticks):
  idle      two players on one screen, no search at all;
  ponder    against the max level, the human to move: the engine ponders without a deadline;
  think     computer against computer at the max level: the engine thinks all the time;
  compiled  two players on one screen while the compiled solver core solves a hard position on another
            thread (it runs without the GIL: frames should match the idle phase).
The ponder and think phases play on the 8 x 7 board, where no opening book answers, so the search works.
A frame time is the time from one frame's start to the next (the loop asks for 60 frames a second, 16.7 ms).
Beside the frames, the search's own speed (nodes per second from its progress reports), so that smoothness is
not bought by starving the search. Last line: RESULT p95_ms=<ponder+think p95> max_ms=<ponder+think max>.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from ai.contracts import Budget, SearchStopped  # noqa: E402
from ai.engine import Engine  # noqa: E402
from ai.exact.compiled_core import NativeConnectFourSolver, native_built  # noqa: E402
from ai.messages import Progress  # noqa: E402
from ai.play.levels import MAX  # noqa: E402
from ai.stop_flag import StopFlag  # noqa: E402
from ai.switch_interval import SWITCH_INTERVAL  # noqa: E402
from game import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402
from ui.app import App  # noqa: E402
from ui.state.options import Mode, PlayOptions  # noqa: E402
from ui.window.window_loop import FPS, MAX_FRAME_SECONDS  # noqa: E402

SIZE = (960, 780)


class CountingEngine(Engine):
    """The real engine, remembering the search speed its progress messages report."""

    def __init__(self) -> None:
        super().__init__()
        self.rates: list[float] = []

    def poll(self):
        messages = super().poll()
        for message in messages:
            if isinstance(message, Progress) and message.result.seconds > 0.05:
                self.rates.append(message.result.nodes / message.result.seconds)
        return messages


def solve_hard_position(stop: StopFlag, rates: list[float]) -> None:
    """Solves a hard opening position with the compiled core until ``stop`` (the frames' background load)."""
    solver = NativeConnectFourSolver(table_slots=1 << 24)
    game = ConnectFour.from_moves("13712")  # Test_L1_R3's first position: seconds of solving
    started = time.perf_counter()
    try:
        while True:
            solver.solve(game.stones(game.to_move()), game.occupied(), game.ply(), budget=Budget(stop=stop))
            solver.clear()
    except SearchStopped:
        rates.append(solver.nodes / (time.perf_counter() - started))


def run_phase(options: PlayOptions, seconds: float, background=None) -> tuple[list[float], list[float]]:
    """Frame times (ms) and search speeds (nodes/s) of one phase; ``background(stop, rates)`` runs on a thread
    of its own meanwhile, if given."""
    engine_holder: list[CountingEngine] = []

    def factory() -> CountingEngine:
        engine_holder.append(CountingEngine())
        return engine_holder[0]

    app = App(factory, options, start_playing=True, size=SIZE)
    stop, background_rates = StopFlag(), []
    worker = threading.Thread(target=background, args=(stop, background_rates)) if background else None
    if worker is not None:
        worker.start()
    surface = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    clock = pygame.time.Clock()
    frames: list[float] = []
    started = last = time.perf_counter()
    frame = 0
    drawn: object = None
    try:
        while time.perf_counter() - started < seconds and app.running:
            dt = min(clock.tick(FPS) / 1000, MAX_FRAME_SECONDS)
            now = time.perf_counter()
            if frame > 0:
                frames.append((now - last) * 1000)
            last = now
            frame += 1
            # Sweep the mouse over the board, as a player hovering columns does: the ghost disc redraws.
            x = 180 + (frame * 9) % 600
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 400), rel=(9, 0), buttons=(0, 0, 0))
            )
            app.step(pygame.event.get(), dt)
            app.scene.resize(surface.get_size())
            # As the window's loop does: the picture is made every frame, drawn when it differs.
            picture = app.picture()
            if picture != drawn:
                app.render(surface, picture)
                pygame.display.flip()
                drawn = picture
    finally:
        app.engine.close()
        if worker is not None:
            stop.set()
            worker.join()
    return frames, engine_holder[0].rates + background_rates


def describe(frames: list[float]) -> tuple[float, float, float]:
    ordered = sorted(frames)
    return statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))], ordered[-1]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    big = {"width": 8, "height": 7}
    phases = {
        "idle (no search)": (PlayOptions(mode=Mode.TWO_PLAYERS, ponder=False), None),
        "ponder (human to move, max level, 8 x 7)": (
            PlayOptions(mode=Mode.COMPUTER, level=MAX, moves="44", **big),
            None,
        ),
        "think (computer vs computer, max, 8 x 7)": (
            PlayOptions(mode=Mode.WATCH, watch_levels=(MAX, MAX), moves="4", **big),
            None,
        ),
    }
    if native_built():
        phases["compiled solver flat out (two players)"] = (
            PlayOptions(mode=Mode.TWO_PLAYERS, ponder=False),
            solve_hard_position,
        )
    # The engine lowers the interpreter's switch interval when it starts: report the one the phases ran with.
    print(
        f"Frame times at {FPS} fps target ({1000 / FPS:.1f} ms), {args.seconds:g} s per phase, "
        f"switch interval {min(sys.getswitchinterval(), SWITCH_INTERVAL) * 1000:g} ms"
    )
    print("| phase | frames | median ms | p95 ms | max ms | search nodes/s (median) |")
    print("|---|---|---|---|---|---|")
    searching: list[float] = []
    for name, (options, background) in phases.items():
        frames, rates = run_phase(options, args.seconds, background)
        median, p95, worst = describe(frames)
        rate = f"{statistics.median(rates):,.0f}" if rates else "-"
        print(f"| {name} | {len(frames)} | {median:.1f} | {p95:.1f} | {worst:.1f} | {rate} |", flush=True)
        if "idle" not in name:
            searching += frames
    pygame.quit()
    _, p95, worst = describe(searching)
    print(f"\nMachine: {machine_line()}")
    print(f"RESULT p95_ms={p95:.1f} max_ms={worst:.1f}")


if __name__ == "__main__":
    main()
