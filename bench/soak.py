"""Soak: many computer-against-computer games through the window's loop, with undos and new games mid-search.

Usage: python bench/soak.py [--games N] [--seconds S] [--games-per-app K] [--seed S]

The games run through :class:`ui.app.App` (headless, :meth:`App.step` with synthetic events) with the real
engine at its real size (``ui.launch.real_engine``) and pondering on. Matches cycle over every level of
Connect Four and Tic-tac-toe (each against a random level, on a random board size), half of them in watch mode
(the engine plays both sides) and half against the computer, where a small search on the soak's own thread
(depth 1-4) plays the human's seat by clicking and pressing digit keys, after a pause in which the engine
ponders. Each app plays K finished games (Enter starts the next round) and is then closed with a QUIT event,
its engine's thread must end.

While a search runs, the soak now and then (a few times per game at most) presses Ctrl+Z (undo: against the
computer it takes back the pair), Ctrl+N (new game), Esc then Enter (to the start screen and back: a new play
screen on the same engine), or Space (pause and resume, watch mode). The checks of ``bench/fuzz_ui.py`` run
after every frame (the board is the replay of its history, no move on a finished game or by the wrong side, no
stale answer, the search the turn needs is running).

Reported: games finished, games abandoned by a new game or the menu, exceptions (must be 0), failed checks
(must be 0), stuck games (no end within --stuck-seconds), peak memory (ru_maxrss), threads alive at the end
(must be 1), and the machine.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import threading
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from ai.contracts import Limits  # noqa: E402
from ai.play.levels import Level, levels_for  # noqa: E402
from ai.play.thinker import Thinker  # noqa: E402
from game.catalog import SIZES  # noqa: E402
from tools.support.fuzz_checks import Checker, FuzzFailure, record_thinks  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402
from ui.app import App  # noqa: E402
from ui.launch import real_engine  # noqa: E402
from ui.play.scene import PlayScene  # noqa: E402
from ui.state.options import FirstPlayer, Mode, PlayOptions  # noqa: E402

#: Window time per frame: the presentation delay (0.6 s) passes in a few frames.
FRAME_DT = 0.1
#: Wall-clock pause per frame, so the engine's thread gets the CPU as it would under a 60 fps loop.
FRAME_SLEEP = 0.002
#: Chance per frame, while a search runs, of each disruption. Frames are short, so each game also has a cap on
#: its disruptions: without one, games at the deeper levels (a few seconds each) would be undone or restarted
#: faster than they move and never finish.
UNDO_CHANCE = 0.01
NEW_GAME_CHANCE = 0.004
MENU_CHANCE = 0.002
PAUSE_CHANCE = 0.005
#: At most this many undos, and one new game or menu trip, per game.
UNDOS_PER_GAME = 3
SIZE = (960, 780)


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def click(position: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=position, button=1, touch=False)


def peak_megabytes() -> int:
    """The process's peak resident memory so far (ru_maxrss, kilobytes on Linux), in MB."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


@dataclass
class Match:
    game: str
    level: Level
    partner: Level
    mode: Mode
    size: tuple[int, int]


class Soak:
    def __init__(
        self,
        games: int,
        max_seconds: float,
        games_per_app: int,
        seed: int,
        stuck_seconds: float,
        max_problems: int,
    ) -> None:
        self.games = games
        self.max_seconds = max_seconds
        self.games_per_app = games_per_app
        self.rng = random.Random(seed)
        self.stuck_seconds = stuck_seconds
        self.max_problems = max_problems
        self.stats: Counter[str] = Counter()
        #: Finished games per (game, level of the engine's side 0 / the computer).
        self.rows: Counter[tuple[str, str, str]] = Counter()
        self.problems: list[str] = []
        self.bot = Thinker(table_entries=1 << 14, seed=seed)
        #: Disruptions left to the game being played (see UNDOS_PER_GAME).
        self.undos_left = UNDOS_PER_GAME
        self.restart_left = True

    def problem(self, text: str) -> None:
        """Records a problem and shows it at once (a long soak should not hide its first failure)."""
        self.problems.append(text)
        print(f"PROBLEM: {text}", file=sys.stderr, flush=True)

    def matches(self):
        ladder = [(game, level) for game in ("connect4", "tictactoe") for level in levels_for(game)]
        index = 0
        while True:
            # Every level meets both modes early: watch and against the computer take turns.
            game, level = ladder[(index // 2) % len(ladder)]
            mode = Mode.WATCH if index % 2 == 0 else Mode.COMPUTER
            size = SIZES[game][0] if self.rng.random() < 0.7 else self.rng.choice(SIZES[game])
            yield Match(game, level, self.rng.choice(levels_for(game)), mode, size)
            index += 1

    def run(self) -> None:
        pygame.display.init()
        pygame.font.init()
        for match in self.matches():
            if self.stats["games finished"] >= self.games or len(self.problems) >= self.max_problems:
                return
            self.play_match(match)

    def play_match(self, match: Match) -> None:
        options = PlayOptions(
            game=match.game,
            width=match.size[0],
            height=match.size[1],
            mode=match.mode,
            level=match.level,
            watch_levels=(match.level, match.partner),
            first=FirstPlayer.ALTERNATE,
            max_seconds=self.max_seconds,
            ponder=True,
        )
        thinks: dict[int, tuple[int, ...]] = {}

        def engine_factory():
            engine = real_engine()
            # Before the app's first think: the checker must know every think's position.
            record_thinks(engine, thinks)
            return engine

        app = App(engine_factory, options, start_playing=True, size=SIZE)
        self.undos_left, self.restart_left = UNDOS_PER_GAME, True
        engine = app.engine
        self.stats["apps"] += 1
        checker: Checker | None = None
        finished = 0
        game_started = time.monotonic()
        human_ready_at: float | None = None
        row = (match.game, match.mode.value, match.level.label)
        try:
            while finished < self.games_per_app and self.stats["games finished"] < self.games:
                scene = app.scene
                if isinstance(scene, PlayScene) and (checker is None or checker.scene is not scene):
                    checker = Checker(scene, thinks)
                    human_ready_at = None
                events: list[pygame.event.Event] = []
                if isinstance(scene, PlayScene):
                    board_game = scene.play_state.board_game
                    if scene.play_state.game.is_over() and scene.play_state.animation is None:
                        finished += 1
                        self.stats["games finished"] += 1
                        self.rows[row] += 1
                        winner = scene.play_state.game.winner()
                        self.stats["draws" if winner is None else f"wins of player {winner}"] += 1
                        # A long soak shows its progress (on stderr, so the report on stdout stays a table).
                        print(
                            f"game {self.stats['games finished']}: {match.game} {match.mode.value} "
                            f"{match.level.label} vs {match.partner.label}, "
                            f"{scene.play_state.game.ply()} moves in "
                            f"{time.monotonic() - game_started:.0f} s, peak {peak_megabytes()} MB",
                            file=sys.stderr,
                            flush=True,
                        )
                        game_started = time.monotonic()
                        self.undos_left, self.restart_left = UNDOS_PER_GAME, True
                        events.append(key(pygame.K_RETURN))  # the next round
                    elif time.monotonic() - game_started > self.stuck_seconds:
                        self.stats["stuck games"] += 1
                        self.problem(
                            f"stuck: {match} at {scene.play_state.game.history()} ({board_game.thinking})"
                        )
                        events.append(key(pygame.K_n, pygame.KMOD_LCTRL))
                        game_started = time.monotonic()
                    elif board_game.is_human_turn():
                        if human_ready_at is None:
                            # The human thinks a while; the engine ponders meanwhile.
                            human_ready_at = time.monotonic() + self.rng.choice([0, 0.01, 0.05, 0.2])
                        elif time.monotonic() >= human_ready_at:
                            events.append(self.human_move(scene))
                            human_ready_at = None
                    if board_game.thinking is not None and not events:
                        events.extend(self.disruption(scene, match.mode))
                    if any(event.type == pygame.KEYDOWN and event.key == pygame.K_n for event in events):
                        game_started = time.monotonic()
                else:
                    events.append(key(pygame.K_RETURN))  # the start screen: play again
                app.step(events, FRAME_DT)
                if checker is not None and app.scene is checker.scene:
                    checker.check()
                time.sleep(FRAME_SLEEP)
            app.step([pygame.event.Event(pygame.QUIT)], FRAME_DT)
            if app.running:
                self.problem(f"a QUIT event did not stop the app: {match}")
                self.stats["failed checks"] += 1
        except FuzzFailure as failure:
            self.stats["failed checks"] += 1
            self.problem(f"check failed in {match}: {failure}")
        except Exception:  # noqa: BLE001 - counted and shown: the soak's point is that there are none
            self.stats["exceptions"] += 1
            self.problem(f"exception in {match}:\n{traceback.format_exc()}")
        finally:
            if checker is not None:
                self.stats.update(checker.counts)
            engine.close()
            if engine.is_alive():
                self.stats["engine threads left running"] += 1
                self.problem(f"the engine's thread outlived close(): {match}")

    def human_move(self, scene: PlayScene) -> pygame.event.Event:
        """The human seat's move: a shallow search's choice (sometimes a random move), as a click or a key."""
        game = scene.play_state.game
        if self.rng.random() < 0.3:
            move = self.rng.choice(game.moves())
        else:
            depth = self.rng.randint(1, 4)
            *_, result = self.bot.think(game.copy(), Limits(depth=depth))
            move = result.best_move
        layout = scene.layout()
        if scene.play_state.gravity:
            if move < 9 and self.rng.random() < 0.5:
                return key(getattr(pygame, f"K_{move + 1}"))
            return click(layout.ghost_centre(move))
        return click(layout.cell_centre(*divmod(move, game.width)))

    def disruption(self, scene: PlayScene, mode: Mode) -> list[pygame.event.Event]:
        roll = self.rng.random()
        if roll < UNDO_CHANCE and self.undos_left:
            self.undos_left -= 1
            self.stats["undos pressed"] += 1
            return [key(pygame.K_z, pygame.KMOD_LCTRL)]
        roll -= UNDO_CHANCE
        if roll < NEW_GAME_CHANCE and self.restart_left:
            self.restart_left = False
            self.stats["new games mid-search"] += 1
            return [key(pygame.K_n, pygame.KMOD_LCTRL)]
        roll -= NEW_GAME_CHANCE
        if roll < MENU_CHANCE and self.restart_left:
            self.restart_left = False
            self.stats["menu and back mid-search"] += 1
            return [key(pygame.K_ESCAPE)]
        roll -= MENU_CHANCE
        if roll < PAUSE_CHANCE and mode is Mode.WATCH:
            self.stats["pauses"] += 1
            return [key(pygame.K_SPACE), key(pygame.K_SPACE)]
        return []


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="finished games to play (default 200)")
    parser.add_argument(
        "--seconds", type=float, default=0.2, help="think time of the max level (default 0.2)"
    )
    parser.add_argument("--games-per-app", type=int, default=4, help="games per app and engine (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stuck-seconds", type=float, default=180.0, help="a game taking longer is stuck")
    parser.add_argument("--max-problems", type=int, default=10, help="stop after this many problems")
    args = parser.parse_args()
    started = time.perf_counter()
    soak = Soak(
        args.games, args.seconds, args.games_per_app, args.seed, args.stuck_seconds, args.max_problems
    )
    soak.run()
    seconds = time.perf_counter() - started
    # Closed engines' threads have been joined; anything else still running is a leak.
    threads = threading.active_count()
    peak_mb = peak_megabytes()
    stats = soak.stats
    print(
        f"Soak: {args.games} games over every level, pondering on, max level {args.seconds:g} s, "
        f"{args.games_per_app} games per app"
    )
    print("| game | mode | level (side 0 / the computer) | games finished |")
    print("|---|---|---|---|")
    for (game, mode, level), count in sorted(soak.rows.items()):
        print(f"| {game} | {mode} | {level} | {count} |")
    print()
    print("| measure | value |")
    print("|---|---|")
    for name, value in (
        ("games finished", stats["games finished"]),
        (
            "wins of the first player / second / draws",
            f"{stats['wins of player 0']} / {stats['wins of player 1']} / {stats['draws']}",
        ),
        ("apps (engines) opened and closed", stats["apps"]),
        ("human-seat moves / computer moves", f"{stats['human moves']} / {stats['computer moves']}"),
        ("undos pressed mid-search / taken", f"{stats['undos pressed']} / {stats['undos']}"),
        ("new games mid-search", stats["new games mid-search"]),
        ("menu and back mid-search", stats["menu and back mid-search"]),
        ("pauses (watch mode)", stats["pauses"]),
        ("exceptions", stats["exceptions"]),
        ("failed checks", stats["failed checks"]),
        ("stuck games", stats["stuck games"]),
        ("engine threads left running after close", stats["engine threads left running"]),
        ("peak memory (ru_maxrss)", f"{peak_mb:.0f} MB"),
        ("threads alive at the end", threads),
        ("wall time", f"{seconds:.0f} s"),
    ):
        print(f"| {name} | {value} |")
    print()
    print(f"Machine: {machine_line()}")
    healthy = not soak.problems and stats["exceptions"] == 0 and threads == 1
    print(
        f"RESULT games={stats['games finished']} exceptions={stats['exceptions']} "
        f"failed_checks={stats['failed checks']} peak_mb={peak_mb:.0f} threads={threads}"
    )
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
