"""The writer of the crash-consistency test (tests/test_crash_consistency.py): writes one of the program's own
files through the program's own code, a new generation each time, as fast as it can, until it is killed.

Run as ``python -m tools.support.crash_writer``: a fork server. It imports the program once and prints
"serving"; then for each line ``KIND PATH FIRST`` read from its input it forks a writer, which writes
generation FIRST, prints one line ("ready PID", its process id) once that is on disk, then writes FIRST + 1,
FIRST + 2, ... until killed. (A fresh interpreter per kill spent the test's time importing, not writing.) The
server reaps its killed writers itself and ends when its input closes. :func:`read` is the other side: the
program's own loader, and the generation the file holds.

Each kind encodes the generation in a field its loader checks, so a file that is neither the old nor the new
complete content (torn, empty, a mix) cannot read back as a valid generation.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, TextIO

from game.catalog import new_game
from ui.state.files import savegame
from ui.state.files.current_game import UNFINISHED_FILE, UnfinishedGame, UnfinishedGames
from ui.state.files.finished_games import FINISHED_FILE, FinishedGame, FinishedGames
from ui.state.files.player_rating import RATINGS_FILE, Ratings
from ui.state.files.puzzle_record import PUZZLE_FILE, PuzzleRecord
from ui.state.files.settings import SETTINGS_FILE
from ui.state.files.store import FileKind, JsonStore
from ui.state.files.tally import TALLY_FILE, Record, Tally
from ui.state.options import PlayOptions

#: The files the program writes, by the name the test uses.
KINDS = ("settings", "tally", "current-game", "saved-game", "ratings", "puzzle-record", "finished-games")
#: The tally's record the tally writer counts up.
TALLY_KEY = "connect4 7x6 vs depth 4"
#: The board whose games the ratings writer records.
BOARD = "connect4 7x6"
#: Generations stay below this: a saved game writes one as base-7 columns, at most five stones (never over).
MAX_GENERATION = 7**5


class BrokenFile(AssertionError):
    """The file exists but its loader refused it: the write was not atomic."""


def _moves(generation: int) -> str:
    """A distinct legal opening of at most five stones for ``generation`` (its base-7 digits as columns)."""
    digits = ""
    while True:
        generation, digit = divmod(generation, 7)
        digits += str(digit + 1)
        if generation == 0:
            return digits


#: The user files written through their store: how generation ``n`` is set in a value.
STORED: dict[str, tuple[FileKind[Any], Callable[[Any, int], Any], Callable[[Any], int]]] = {
    "settings": (
        SETTINGS_FILE,
        lambda old, n: replace(old, window=(640 + n % 1000, 540 + n // 1000)),
        lambda settings: settings.window[0] - 640 + 1000 * (settings.window[1] - 540),
    ),
    "tally": (
        TALLY_FILE,
        lambda old, n: Tally(MappingProxyType({TALLY_KEY: Record(wins=n)})),
        lambda tally: tally.get(TALLY_KEY).wins,
    ),
    "current-game": (
        UNFINISHED_FILE,
        lambda old, n: UnfinishedGames((UnfinishedGame(PlayOptions(), n + 1, "44", "writer"),)),
        lambda kept: kept.games[0].round_number - 1,
    ),
    "ratings": (
        RATINGS_FILE,
        lambda old, n: Ratings().recording(BOARD, n, "4", 1900, "draw", "44", {"hint"}),
        lambda ratings: ratings.games(BOARD)[-1].rating,
    ),
    "puzzle-record": (
        PUZZLE_FILE,
        # n + 1: generation 0 must differ from the default record, which the store never writes.
        lambda old, n: replace(PuzzleRecord(), solved=n + 1),
        lambda record: record.solved - 1,
    ),
    "finished-games": (
        FINISHED_FILE,
        lambda old, n: FinishedGames((FinishedGame(f"game-{n}", (TALLY_KEY, "wins"), None),)),
        lambda journal: int(journal.games[0].game_id.removeprefix("game-")),
    ),
}


def write(kind: str, path: Path, generation: int) -> None:
    """Writes ``generation`` of ``kind`` to ``path`` through the program's own store."""
    if kind == "saved-game":
        game = new_game("connect4", 7, 6)
        game.play_text(_moves(generation))
        savegame.write(path, game)
        return
    file_kind, setting, _ = STORED[kind]
    problem = JsonStore(file_kind, path).update(lambda old: setting(old, generation))
    if problem:
        raise OSError(problem)


def read(kind: str, path: Path) -> int | None:
    """The generation in ``path`` by the program's own loader; None when there is no file. Raises BrokenFile
    when the loader refuses the file (which it then sets aside)."""
    if not path.exists():
        return None
    if kind == "saved-game":
        try:
            saved = savegame.read(path)
        except savegame.SavedGameError as error:
            raise BrokenFile(str(error)) from None
        return next(generation for generation in range(MAX_GENERATION) if _moves(generation) == saved.moves)
    file_kind, _, generation_of = STORED[kind]
    store = JsonStore(file_kind, path)
    value = store.load()
    if store.problem:
        raise BrokenFile(str(store.problem))
    return int(generation_of(value))


def write_until_killed(kind: str, path: Path, first: int) -> None:
    """Writes generation ``first``, says "ready PID", then the next generations until it is killed."""
    generation = first
    write(kind, path, generation)
    print(f"ready {os.getpid()}", flush=True)
    while generation < MAX_GENERATION - 1:
        generation += 1
        write(kind, path, generation)


def serve(requests: TextIO) -> None:
    """Forks a writer (:func:`write_until_killed`) for each line ``KIND PATH FIRST`` of ``requests``."""
    # Killed writers are reaped by the system at once: the test sees a writer's pid vanish when it ends.
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    print("serving", flush=True)
    for line in requests:
        kind, path, first = line.split()
        if os.fork() == 0:
            try:
                write_until_killed(kind, Path(path), int(first))
            finally:
                os._exit(0)


if __name__ == "__main__":
    serve(sys.stdin)
