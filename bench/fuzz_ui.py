"""A seeded fuzzer for the window: random input thrown at every screen, with the real engine thread behind it.

Usage: python bench/fuzz_ui.py [--seeds N] [--first-seed S] [--events E] [--draw P] [--full]

Each seed drives :class:`ui.app.App` headless through :meth:`App.step` (the real main loop without the
display) with random mouse moves, clicks (on the board, the buttons, anywhere, off the window), keys (digits,
arrows, Enter, Space, Ctrl+Z/Y/N, Esc, H, A, M, F1, ...), window resizes and quit requests. A quit ends the
app; the fuzzer closes its engine, checks that the engine's thread ended, and starts a new app on a random
screen (the start screen, or playing any game, size and mode). The engine is the real ``ai.engine.Engine``
with pondering on, made shallow (depth 2 at most, 50 ms for the max level) so that games finish and the input
meets every state: thinking, pondering, an answer waiting for its presentation, a finished game.

``--full`` runs the engine at the game's own strength instead (:class:`FullEngine`): every level of every
game, the max level with its normal think time, the exact solver, reviews, the analysis overlay and hints,
with the player waiting up to seconds between events so that searches finish, and quits, new games and undos
landing in the middle of exact solves. The fuzzer counts the searches it cut short, and the exact solves
among them.

After every event the fuzzer checks (:class:`Checker`):

* no exception, in the loop or in drawing;
* the board equals a fresh game replaying the move history, and the side to move is the one the history says;
* every change of the history is explained by one of the play state's acts (a human move, the computer's move,
  undo, redo, new game, next round), each of which kept its rules: no move on a finished game, no human move
  while the computer is to move or in watch mode, no computer move on a human's turn, the computer's move is
  the answer of a ``think`` about exactly the position it is played in (never a stale answer), undo and redo
  leave the human to move against the computer and do nothing in watch mode;
* the engine is asked for what the turn needs: a computer to move has a think running (else the game would
  hang), a human against the computer has a ponder running, a finished game has no search;
* after a quit the engine's worker thread has ended.

Engine answers arrive asynchronously, so two runs of one seed do not interleave exactly alike; the events
themselves depend only on the seed and the screen (at full strength also on whether the engine is busy), and
the checks must hold for every interleaving. A failure
names the seed (``FUZZ_SEED=...``), the event number, the last events and the traceback.

The fuzzer keeps the user's files out of reach: PONDER_CONFIG_DIR, PONDER_DATA_DIR and the XDG directories
point into a temporary directory while it runs (settings, the score tally and saved games live there).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter, deque
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from ai.contracts import Limits  # noqa: E402
from ai.engine import Engine  # noqa: E402
from ai.play.levels import DEFAULT_MAX_SECONDS, MAX, Level, levels_for  # noqa: E402
from ai.request import Request  # noqa: E402
from game.catalog import GAME_NAMES, SIZES, new_game  # noqa: E402
from tools.support.fuzz_checks import Checker, FuzzFailure, record_thinks  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402
from ui.app import App  # noqa: E402
from ui.play.scene import PlayScene  # noqa: E402
from ui.start.scene import StartScene  # noqa: E402
from ui.state.options import FirstPlayer, Mode, PlayOptions  # noqa: E402
from ui.state.play.learn_drill import LEARN_TREE_THREAD  # noqa: E402

#: The seed when FUZZ_SEED is not set.
DEFAULT_SEED = 20261122
#: The shallow engine: at most this depth, and this long for the max level.
SHALLOW_DEPTH = 2
SHALLOW_SECONDS = 0.05
#: The fuzzer's own levels (the start screen may still pick deeper ones; the engine caps them).
FUZZ_LEVELS = (Level(1), Level(2), MAX)
#: Window sizes a person can make, including silly ones.
WINDOW_SIZES = (
    (960, 780),
    (640, 480),
    (1280, 800),
    (400, 300),
    (320, 240),
    (1920, 1080),
    (200, 200),
    (800, 1200),
)
#: Events shown with a failure.
LOG_TAIL = 40
#: At full strength the player waits this long (seconds, uniform) between some events, so that searches end.
FULL_WAIT = (0.05, 1.5)
#: At full strength, the chance that an event is a quit when the engine is busy (quits mid-search).
FULL_BUSY_QUIT = 0.02


def fuzz_seed() -> int:
    """The seed from the FUZZ_SEED environment variable, else :data:`DEFAULT_SEED`."""
    text = os.environ.get("FUZZ_SEED", "").strip()
    return int(text) if text else DEFAULT_SEED


def shallow(limits: Limits | None) -> Limits:
    """``limits`` capped to the shallow engine's depth and time."""
    if limits is None:
        return Limits(depth=SHALLOW_DEPTH)
    depth = None if limits.depth is None else min(limits.depth, SHALLOW_DEPTH)
    seconds = None if limits.seconds is None else min(limits.seconds, SHALLOW_SECONDS)
    if depth is None and seconds is None:
        depth = SHALLOW_DEPTH
    return Limits(depth=depth, seconds=seconds)


class ShallowEngine:
    """The real engine thread with every request capped to shallow limits; remembers what each think was
    about.

    Any other call of the façade (the ones later issues add) goes to the real engine unchanged.
    """

    def __init__(self, seed: int) -> None:
        self.engine = Engine(table_entries=1 << 14, solver_slots=1 << 12, seed=seed)
        #: The move history each think token was asked about.
        self.thinks = record_thinks(self)

    def think(self, game, limits: Limits) -> Request:
        return self.engine.think(game, shallow(limits))

    def ponder(self, game, limits: Limits | None = None, analyse: bool = False) -> Request:
        if limits is not None and limits.depth is None:
            # The max level ponders without a deadline up to the exact solver; the shallow engine stops at
            # once. An analysis is not asked for either: it would prove every move, however long that takes.
            limits = Limits(depth=SHALLOW_DEPTH)
        return self.engine.ponder(game, None if limits is None else shallow(limits))

    def __getattr__(self, name: str):
        return getattr(self.engine, name)


class FullEngine:
    """The game's own engine at its own strength (the default tables, no request capped), counting what it is
    asked and the searches cut short: a stop of the latest request, a new game or a close while its worker is
    busy, and among those the ones that cut an exact solve. Remembers what each think was about, as
    :class:`ShallowEngine` does."""

    def __init__(self, seed: int, counts: Counter[str]) -> None:
        self.engine = Engine(seed=seed)
        self.counts = counts
        #: The token of the latest request: only its stop can cut a search (an older one's was superseded).
        self._latest = 0
        #: Exact solves running on the worker thread (nested calls count each); read by the UI thread for the
        #: statistics only, so a stale read is harmless.
        self._solving = 0
        analyzer = self.engine._thinker.analyzer
        for name in ("score", "move_scores", "move_values", "proven_move"):
            self._count_solves(analyzer, name)
        self.thinks = record_thinks(self)

    def _count_solves(self, analyzer, name: str) -> None:
        original = getattr(analyzer, name)

        def solving(*args, **kwargs):
            self._solving += 1
            try:
                return original(*args, **kwargs)
            finally:
                self._solving -= 1

        setattr(analyzer, name, solving)

    def _cutting(self, what: str) -> None:
        if not self.engine.is_idle():
            self.counts[f"searches cut by {what}"] += 1
            if self._solving:
                self.counts["exact solves cut"] += 1

    def _counted(self, request: Request) -> Request:
        """The handle on ``request``, whose stop counts as a search cut while the request is the latest."""
        self._latest = request.token

        def stop() -> None:
            if request.token == self._latest:
                self._cutting("stop")
            request.stop()

        return Request(request.token, stop)

    def think(self, game, limits: Limits) -> Request:
        self.counts["think requests"] += 1
        return self._counted(self.engine.think(game, limits))

    def ponder(self, game, limits: Limits | None = None, analyse: bool = False) -> Request:
        self.counts["analysis requests" if analyse else "ponder requests"] += 1
        return self._counted(self.engine.ponder(game, limits, analyse))

    def review(self, game, seconds_per_position: float | None = None) -> Request:
        self.counts["review requests"] += 1
        return self._counted(self.engine.review(game, seconds_per_position))

    def start_game(self, game=None) -> None:
        self._cutting("new game")
        self.engine.start_game(game)

    def close(self, timeout: float = 2.0) -> None:
        self._cutting("quit")
        self.engine.close(timeout)

    def __getattr__(self, name: str):
        return getattr(self.engine, name)


_PLAIN_KEYS = (
    [getattr(pygame, f"K_{n}") for n in range(10)]
    + [getattr(pygame, f"K_KP{n}") for n in range(10)]
    + [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN]
    + [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_TAB, pygame.K_p, pygame.K_ESCAPE]
    + [
        pygame.K_h,
        pygame.K_a,
        pygame.K_m,
        pygame.K_F1,
        pygame.K_s,
        pygame.K_BACKSPACE,
        pygame.K_q,
        pygame.K_z,
    ]
)
# Keys that do most, weighted up: moves and the cursor, play, the command keys.
_FREQUENT_KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_DOWN, pygame.K_UP]
# Undo and redo come often (they need each other to do anything), a new game less so.
# At full strength, the keys that start the engine's heavier work: the hint, the analysis overlay (Shift+A on
# boards whose letters are cells), the review and its stepping.
_ANALYSIS_KEYS = (
    [(pygame.K_h, 0), (pygame.K_a, 0), (pygame.K_a, pygame.KMOD_LSHIFT)]
    + [(pygame.K_r, 0)] * 3
    + [(pygame.K_HOME, 0), (pygame.K_END, 0), (pygame.K_LEFT, 0), (pygame.K_RIGHT, 0)]
)
_COMMANDS = (
    [(pygame.K_z, pygame.KMOD_LCTRL)] * 4
    + [(pygame.K_y, pygame.KMOD_LCTRL)] * 3
    + [(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT), (pygame.K_z, pygame.KMOD_LMETA)]
    + [(pygame.K_n, pygame.KMOD_LCTRL), (pygame.K_s, pygame.KMOD_LCTRL), (pygame.K_o, pygame.KMOD_LCTRL)]
)


def describe(event: pygame.event.Event) -> str:
    """An event as one short line for the failure log (enough to write it again)."""
    name = pygame.event.event_name(event.type)
    if event.type == pygame.KEYDOWN:
        return f"{name} key={pygame.key.name(event.key)!r} mod={event.mod:#x}"
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return f"{name} pos={event.pos} button={event.button}"
    if event.type == pygame.MOUSEMOTION:
        return f"{name} pos={event.pos}"
    if event.type == pygame.VIDEORESIZE:
        return f"{name} size={event.size}"
    if event.type == pygame.WINDOWSIZECHANGED:
        return f"{name} x={event.x} y={event.y}"
    return name


class InputMaker:
    """Random events for a scene; they depend only on the random stream, the scene's kind and its size."""

    def __init__(self, rng: random.Random, full: bool = False) -> None:
        self.rng = rng
        self.full = full

    def event(self, scene, busy: bool = False) -> pygame.event.Event:
        """The next event for ``scene``; ``busy`` says the engine is searching (at full strength a quit then
        comes more often, to cut solves short)."""
        rng = self.rng
        if self.full and rng.random() < FULL_BUSY_QUIT and busy:
            quit_request = pygame.event.Event(pygame.QUIT)
            return quit_request if rng.random() < 0.5 else _key(pygame.K_q, pygame.KMOD_LCTRL)
        if self.full and rng.random() < 0.08:
            return _key(*rng.choice(_ANALYSIS_KEYS))
        roll = rng.random()
        if roll < 0.002:
            return pygame.event.Event(pygame.QUIT)
        if roll < 0.003:
            return _key(pygame.K_q, pygame.KMOD_LCTRL)
        if roll < 0.04:
            return self.resize()
        if roll < 0.05:
            kind = rng.choice([pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST])
            return pygame.event.Event(kind, window=None)
        if roll < 0.27:
            return pygame.event.Event(
                pygame.MOUSEMOTION, pos=self.point(scene), rel=(0, 0), buttons=(0, 0, 0), touch=False
            )
        if roll < 0.55:
            button = 1 if rng.random() < 0.9 else rng.choice([2, 3, 4, 5])
            kind = pygame.MOUSEBUTTONDOWN if rng.random() < 0.9 else pygame.MOUSEBUTTONUP
            return pygame.event.Event(kind, pos=self.point(scene), button=button, touch=False)
        if roll < 0.62:
            return _key(*rng.choice(_COMMANDS))
        if roll < 0.75:
            return _key(rng.choice(_FREQUENT_KEYS))
        return _key(rng.choice(_PLAIN_KEYS), rng.choice([0, 0, 0, 0, pygame.KMOD_LSHIFT, pygame.KMOD_LALT]))

    def resize(self) -> pygame.event.Event:
        rng = self.rng
        if rng.random() < 0.8:
            width, height = rng.choice(WINDOW_SIZES)
        else:
            width, height = rng.randint(1, 2600), rng.randint(1, 1700)
        if rng.random() < 0.75:
            return pygame.event.Event(pygame.VIDEORESIZE, size=(width, height), w=width, h=height)
        return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height, window=None)

    def point(self, scene) -> tuple[int, int]:
        """Where the mouse goes: on a button, on the board, anywhere in the window, or just outside it."""
        rng = self.rng
        width, height = scene.size
        roll = rng.random()
        if isinstance(scene, StartScene) and roll < 0.6:
            rows = scene.buttons()
            # The Play button (the last row) ends the start screen: not every time.
            row = rng.choice(rows if rng.random() < 0.3 else rows[:-1] or rows)
            return rng.choice(row).rect.center
        if isinstance(scene, PlayScene):
            layout = scene.layout()
            if roll < 0.5:
                row, column = rng.randrange(layout.rows), rng.randrange(layout.columns)
                if layout.gravity and rng.random() < 0.5:
                    return layout.ghost_centre(column)
                return layout.cell_centre(row, column)
            if roll < 0.7:
                bar = layout.toolbar
                # The buttons sit at the toolbar's right end.
                return rng.randint(bar.centerx, max(bar.centerx, bar.right - 1)), rng.randint(
                    bar.top, bar.bottom
                )
        if roll < 0.95:
            return rng.randrange(max(1, width)), rng.randrange(max(1, height))
        return rng.randint(-50, width + 50), rng.randint(-50, height + 50)


def _key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def random_options(rng: random.Random, full: bool = False) -> PlayOptions:
    """Any game, size and mode, pondering on (nearly always), sometimes a start position, sometimes the coach;
    shallow levels, or at ``full`` strength any level and the max level's normal think time."""
    game = rng.choice(GAME_NAMES)
    width, height = rng.choice(SIZES[game])
    mode = rng.choice(list(Mode))
    levels = [level for level in levels_for(game) if full or level in FUZZ_LEVELS]
    moves = ""
    if rng.random() < 0.2:
        start = new_game(game, width, height)
        for _ in range(rng.randint(1, 5)):
            start.apply(rng.choice(start.moves()))
            if start.is_over():
                start.undo()
                break
        moves = start.moves_text()
    return PlayOptions(
        game=game,
        width=width,
        height=height,
        mode=mode,
        level=rng.choice(levels),
        watch_levels=(rng.choice(levels), rng.choice(levels)),
        first=rng.choice(list(FirstPlayer)),
        max_seconds=DEFAULT_MAX_SECONDS if full else SHALLOW_SECONDS,
        ponder=rng.random() < 0.9,
        moves=moves,
        coach=rng.random() < 0.3,
    )


# --- the run ------------------------------------------------------------------------------------------------


class UIFuzzer:
    """Throws ``events`` random events at apps, one after another, checking after every event.

    ``draw`` is the chance that a frame which needs drawing is drawn (drawing is most of the time a frame
    takes); ``full`` runs the engine at the game's strength (see the module's docstring). Raises
    :class:`FuzzFailure` at the first failed check or exception.
    """

    def __init__(self, seed: int, events: int, draw: float = 1.0, full: bool = False) -> None:
        self.seed = seed
        self.events = events
        self.draw = draw
        self.full = full
        self.rng = random.Random(seed)
        self.input = InputMaker(self.rng, full)
        self.log: deque[str] = deque(maxlen=LOG_TAIL)
        self.stats: Counter[str] = Counter()
        self._surfaces: dict[tuple[int, int], pygame.Surface] = {}
        self.app: App | None = None
        #: The app's picture drawn last (None: none yet).
        self._drawn: object = None
        self.engine: ShallowEngine | FullEngine | None = None
        self.checker: Checker | None = None
        self._scene: PlayScene | StartScene | None = None
        self._board_game = None
        self.app_description = ""

    def run(self) -> Counter[str]:
        pygame.display.init()
        pygame.font.init()
        threads_before = threading.active_count()
        started = time.perf_counter()
        try:
            with tempfile.TemporaryDirectory(prefix="ponder-fuzz-") as home:
                saved = {name: os.environ.get(name) for name in _USER_DIRS}
                os.environ.update({name: str(Path(home) / name.lower()) for name in _USER_DIRS})
                try:
                    self._run()
                finally:
                    self._close_app()
                    for name, value in saved.items():
                        if value is None:
                            os.environ.pop(name, None)
                        else:
                            os.environ[name] = value
        finally:
            self.stats["seconds"] = round(time.perf_counter() - started, 1)
        if threading.active_count() != threads_before:
            names = [thread.name for thread in threading.enumerate()]
            self._fail(
                f"{threading.active_count()} threads alive after the run, {threads_before} before: {names}"
            )
        return self.stats

    def _run(self) -> None:
        while self.stats["events"] < self.events:
            if self.app is None:
                self._start_app()
            assert self.app is not None
            busy = self.engine is not None and not self.engine.is_idle()
            event = self.input.event(self.app.scene, busy)
            self.stats["events"] += 1
            self.stats[pygame.event.event_name(event.type)] += 1
            self.log.append(f"#{self.stats['events']} {describe(event)}")
            self._frame([event], self.rng.uniform(0.0, 0.05))
            if not self.app.running:
                self.stats["quits"] += 1
                self._close_app()
                continue
            # Now and then the player waits: time passes (the computer's move lands) with no input at all.
            if self.full:
                if self.rng.random() < 0.2:
                    self._wait(self.rng.uniform(*FULL_WAIT))
            elif self.rng.random() < 0.2:
                for _ in range(self.rng.randint(1, 12)):
                    time.sleep(self.rng.choice([0, 0, 0.001, 0.003]))
                    self._frame([], self.rng.uniform(0.02, 0.1))

    def _wait(self, seconds: float) -> None:
        """The player does nothing for ``seconds`` of real time, at about the window's frame rate."""
        deadline = time.monotonic() + seconds
        last = time.monotonic()
        while self.app is not None and self.app.running and time.monotonic() < deadline:
            time.sleep(0.01)
            now = time.monotonic()
            self._frame([], now - last)
            last = now

    def _start_app(self) -> None:
        options = random_options(self.rng, self.full)
        start_playing = self.rng.random() < 0.75
        size = self.rng.choice(WINDOW_SIZES)
        self.app_description = f"App(start_playing={start_playing}, size={size}, options={options})"
        self.log.append(f"new {self.app_description}")

        def factory() -> ShallowEngine | FullEngine:
            seed = self.rng.randrange(1 << 30)
            return FullEngine(seed, self.stats) if self.full else ShallowEngine(seed=seed)

        self.app = App(factory, options, start_playing=start_playing, size=size)
        self._drawn = None
        self.engine = self.app.engine  # type: ignore[assignment]
        self.stats["apps"] += 1
        self._follow_scene()

    def _close_app(self) -> None:
        if self.app is None:
            return
        engine = self.engine
        self.app, self.engine, self.checker = None, None, None
        assert engine is not None
        engine.close()
        if engine.is_alive():
            self._fail("the engine's thread is still alive after close() (a deadlock on quit)")
        # The Learn trainer's tree is read once per window on a thread of its own (a fraction of a second,
        # never waited for by the window): an app quit at once may leave it reading. It ends by itself.
        for thread in threading.enumerate():
            if thread.name == LEARN_TREE_THREAD:
                thread.join()

    def _frame(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame as App.run does it (step, then draw if the picture changed), followed by the checks."""
        app = self.app
        assert app is not None
        try:
            app.step(events, dt)
            picture = app.picture() if app.running else None
            if picture is not None and picture != self._drawn and self.rng.random() < self.draw:
                app.render(self._surface(app.scene.size), picture)
                self._drawn = picture
                app.scene.caption()
                self.stats["draws"] += 1
        except Exception:  # noqa: BLE001 - every exception is a finding; it is reported with the seed
            self._fail(f"exception:\n{traceback.format_exc()}")
        self._follow_scene()
        if self.checker is not None:
            try:
                self.checker.check()
            except FuzzFailure as failure:
                self._fail(str(failure))

    def _follow_scene(self) -> None:
        scene = self.app.scene if self.app is not None and self.app.running else None
        # Loading a saved game seats a new board game in the same play scene: it needs a checker of its own.
        board_game = scene.play_state.board_game if isinstance(scene, PlayScene) else None
        if scene is self._scene and board_game is self._board_game:
            return
        self._scene = scene
        self._board_game = board_game
        if self.checker is not None:
            self._collect(self.checker)
            self.checker = None
        if isinstance(scene, PlayScene):
            self.stats["play scenes"] += 1
            self.stats[f"play {scene.play_state.options.game} {scene.play_state.options.mode.value}"] += 1
            try:
                self.checker = Checker(scene, self.engine.thinks)  # type: ignore[union-attr]
            except FuzzFailure as failure:
                self._fail(str(failure))
        elif isinstance(scene, StartScene):
            self.stats["start scenes"] += 1

    def _collect(self, checker: Checker) -> None:
        self.stats.update(checker.counts)
        checker.counts.clear()

    def finish_stats(self) -> Counter[str]:
        if self.checker is not None:
            self._collect(self.checker)
        return self.stats

    def _surface(self, size: tuple[int, int]) -> pygame.Surface:
        size = (max(1, size[0]), max(1, size[1]))
        if size not in self._surfaces:
            if len(self._surfaces) > 8:
                self._surfaces.clear()
            self._surfaces[size] = pygame.Surface(size)
        return self._surfaces[size]

    def _fail(self, text: str) -> None:
        if self.checker is not None:
            self._collect(self.checker)
        events = "\n  ".join(self.log)
        raise FuzzFailure(
            f"FUZZ_SEED={self.seed} failed at event {self.stats['events']}: {text}\n"
            f"in {self.app_description}\n"
            f"last events (oldest first):\n  {events}\n"
            f"replay: FUZZ_SEED={self.seed} python -m pytest tests/test_fuzz_ui.py "
            f"(or python bench/fuzz_ui.py --first-seed {self.seed} --seeds 1 --events {self.events})"
        )


_USER_DIRS = (
    "PONDER_CONFIG_DIR",
    "PONDER_DATA_DIR",
    "XDG_CONFIG_HOME",
    "XDG_DATA_HOME",
    "XDG_STATE_HOME",
    "XDG_CACHE_HOME",
)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=5, help="how many seeds (default 5)")
    parser.add_argument(
        "--first-seed", type=int, default=fuzz_seed(), help="the first seed (default FUZZ_SEED)"
    )
    parser.add_argument("--events", type=int, default=20_000, help="events per seed (default 20000)")
    parser.add_argument("--draw", type=float, default=1.0, help="chance a frame that needs drawing is drawn")
    parser.add_argument(
        "--full", action="store_true", help="the engine at the game's own strength (default: shallow)"
    )
    args = parser.parse_args()
    columns = [
        ("seed", "seed"),
        ("events", "events"),
        ("apps", "apps"),
        ("quits", "quits"),
        ("play scenes", "plays"),
        ("start scenes", "menus"),
        ("human moves", "human moves"),
        ("computer moves", "computer moves"),
        ("undos", "undos"),
        ("redos", "redos"),
        ("new games", "new games"),
        ("next rounds", "next rounds"),
        ("VideoResize", "resizes"),
        ("draws", "draws"),
    ]
    if args.full:
        columns += [
            ("review requests", "reviews"),
            ("searches cut by stop", "cut by stop"),
            ("searches cut by new game", "cut by new game"),
            ("searches cut by quit", "cut by quit"),
            ("exact solves cut", "exact solves cut"),
        ]
    columns += [
        ("seconds", "seconds"),
        ("result", "result"),
    ]
    strength = "at the game's own strength" if args.full else f"capped at depth {SHALLOW_DEPTH}"
    print(f"UI fuzzer: {args.events} events per seed, real engine {strength}, pondering on")
    print("| " + " | ".join(title for _, title in columns) + " |")
    print("|" + "---|" * len(columns))
    failures = []
    totals: Counter[str] = Counter()
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        fuzzer = UIFuzzer(seed, args.events, draw=args.draw, full=args.full)
        try:
            fuzzer.run()
            result = "ok"
        except FuzzFailure as failure:
            failures.append(str(failure))
            result = "FAILED"
        stats = fuzzer.finish_stats()
        stats["seed"] = seed
        stats["result"] = result  # type: ignore[assignment]
        totals.update({key: value for key, value in stats.items() if isinstance(value, (int, float))})
        print("| " + " | ".join(str(stats[key]) for key, _ in columns) + " |", flush=True)
    print()
    print(
        f"total: {totals['events']} events over {args.seeds} seeds, {totals['human moves']} human and "
        f"{totals['computer moves']} computer moves, {totals['apps']} apps, {len(failures)} failed seeds"
    )
    print(f"Machine: {machine_line()}")
    for failure in failures:
        print("\n" + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
