"""The program whose end of a game the kill-and-slow test (tests/test_game_end_kills.py) kills: the window's
own model (a :class:`~ui.state.play.play_state.PlayState` with the user's files of the folders given, through
their own writers, stores and atomic writes) against a scripted engine, no window.

``python -m tools.support.game_end_child play CONFIG DATA SLOW`` reads the files as the program's start does
(counting what a killed run left, :func:`~ui.state.files.game_end.recover`), plays a game against depth 2 to
the move before its end (Red, the human, plays column 1 four times, the computer column 2), waits until that
position is on disk, prints ``before <game id> <moves>``, then plays the deciding move and prints
``decided``, and ``settled`` once every write that can go has gone. From the deciding move on, every write
of a user file is printed as ``wrote NAME`` once on disk, except the writes named in ``SLOW`` (``NAME#N``:
the N-th write of that file from the deciding move on; several separated by commas), which never happen: each
prints ``slow NAME#N`` and blocks, as on a disk that does not answer, until the test kills the process.
``-`` slows none.

``python -m tools.support.game_end_child check CONFIG DATA`` starts as the program does, prints the game the
start screen offers to continue (``offered <game id> <moves>`` or ``offered -``), continues that game, if it
is one, with its deciding move, waits for every write, and prints the counts as one JSON line.
"""

from __future__ import annotations

import json
import sys
import threading
from collections import Counter
from pathlib import Path

from ai.play.levels import Level
from tools.support import waiting
from tools.support.fakes import FakeEngine
from tools.support.waiting import GENEROUS
from ui.state.files import game_end, store
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.user_data import UserData
from ui.state.options import PlayOptions
from ui.state.play.play_state import PlayState

#: The game played: Red (the human) against depth 2, which the ladder rates.
OPTIONS = PlayOptions(level=Level(2))
#: Its tally record and its ratings board.
TALLY_KEY = "connect4 7x6 vs depth 2"
BOARD = "connect4 7x6"
HUMAN_COLUMN = 0

_print_lock = threading.Lock()
#: The files whose write is blocked now (their writer is stuck in it for good).
BLOCKED: set[str] = set()


def say(line: str) -> None:
    with _print_lock:
        print(line, flush=True)


def slow_writes(slow: str) -> threading.Event:
    """Hooks the stores' atomic write: once the returned event is set, each write is said when on disk, and
    the write ``slow`` (``NAME#N``) blocks for ever instead."""
    real_write = store.write_atomically
    armed = threading.Event()
    counts: Counter[str] = Counter()

    def write(path: Path, text: str) -> None:
        if not armed.is_set():
            real_write(path, text)
            return
        with _print_lock:
            counts[path.name] += 1
            name = f"{path.name}#{counts[path.name]}"
        if name in slow.split(","):
            with _print_lock:
                BLOCKED.add(path.name)
            say(f"slow {name}")
            threading.Event().wait()  # a disk that never answers: the test kills the process here
        real_write(path, text)
        say(f"wrote {name}")

    store.write_atomically = write
    return armed


def begin_play(files: UserData, resume: UnfinishedGame | None = None) -> tuple[PlayState, FakeEngine]:
    engine = FakeEngine(choose=lambda game: 1 if 1 in game.moves() else game.moves()[0])
    options = OPTIONS if resume is None else resume.options
    play_state = PlayState(
        options,
        engine,
        ("Red", "Yellow"),
        lambda row, column: 0.0,
        files=files,
        animation="off",
        resume=resume,
    )
    return play_state, engine


def move(play_state: PlayState, engine: FakeEngine) -> None:
    """The human's move in column 1, and the computer's answer if the game goes on."""
    play_state.try_play(HUMAN_COLUMN)
    while play_state.board_game.is_computer_turn():
        for message in engine.poll():
            play_state.receive(message)
        play_state.update(0.05)


def start(config: Path, data: Path) -> UserData:
    """The files as the program's start reads them (see ui/launch.py)."""
    files = UserData.open(config, data)
    game_end.recover(files)
    return files


def play(config: Path, data: Path, slow: str) -> None:
    armed = slow_writes(slow)
    files = start(config, data)
    play_state, engine = begin_play(files)
    for _ in range(3):
        move(play_state, engine)
    if not files.unfinished.flush(GENEROUS):
        raise SystemExit("the unfinished game was not written")
    say(f"before {play_state.round.autosave.game_id} {play_state.game.moves_text()}")
    armed.set()
    move(play_state, engine)
    assert play_state.game.is_over(), play_state.game.moves_text()
    say("decided")
    # Every write that can go has gone: each writer settled (the slow one's write blocks for ever).
    waiting.wait_until(
        lambda: all(
            writer.settled
            for writer in files.writers()
            if writer.store.path is None or writer.store.path.name not in BLOCKED
        ),
        "the writers to settle",
    )
    say("settled")
    threading.Event().wait()  # the test kills the process


def check(config: Path, data: Path) -> None:
    files = start(config, data)
    offered = files.unfinished.value.offered(files.window)
    say("offered -" if offered is None else f"offered {offered.game_id} {offered.moves}")
    if offered is not None:
        play_state, engine = begin_play(files, offered)
        move(play_state, engine)
    for writer in files.writers():
        if not writer.flush(GENEROUS):
            raise SystemExit(f"{writer.store.kind.title} was not written")
    # The journal lets a game go once the others are written: on the writer's thread, after their flush.
    files.finished.flush(GENEROUS)
    tally = files.tally.value.get(TALLY_KEY)
    ratings = files.ratings.value.games(BOARD)
    counts = {
        "wins": tally.wins,
        "games": tally.games,
        "tally_ids": list(tally.game_ids),
        "rated_ids": [game.game_id for game in ratings],
        "unfinished": [game.game_id for game in files.unfinished.value.games],
        "journal": [game.game_id for game in files.finished.value.games],
    }
    say(json.dumps(counts))


if __name__ == "__main__":
    command, config_dir, data_dir = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    if command == "play":
        play(config_dir, data_dir, sys.argv[4])
    else:
        check(config_dir, data_dir)
