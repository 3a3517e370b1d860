"""The writer of the crash-consistency test (tests/test_crash_consistency.py): writes one of the program's own
files through the program's own code, a new generation each time, as fast as it can, until it is killed.

Run as ``python -m tools.support.crash_writer KIND PATH FIRST``: it writes generation FIRST, prints one line
("ready") once that is on disk, then writes FIRST + 1, FIRST + 2, ... until killed. :func:`read` is the other
side: the program's own loader, and the generation the file holds.

Each kind encodes the generation in a field its loader checks, so a file that is neither the old nor the new
complete content (torn, empty, a mix) cannot read back as a valid generation.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from game.catalog import new_game
from ui.state import savegame
from ui.state.current_game import CurrentGameStore, UnfinishedGame
from ui.state.options import PlayOptions
from ui.state.settings import Settings, SettingsStore
from ui.state.tally import Record, Tally

#: The files the program writes, by the name the test uses.
KINDS = ("settings", "tally", "current-game", "saved-game")
#: The tally's record the tally writer counts up.
TALLY_KEY = "connect4 7x6 vs depth 4"
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


def write(kind: str, path: Path, generation: int) -> None:
    """Writes ``generation`` of ``kind`` to ``path`` through the program's own store."""
    if kind == "settings":
        store = SettingsStore(path)
        store.save(replace(Settings(), window=(640 + generation % 1000, 540 + generation // 1000)))
    elif kind == "tally":
        tally = Tally(path)
        tally.records = {TALLY_KEY: Record(wins=generation - 1)}
        tally.add(TALLY_KEY, "wins")
    elif kind == "current-game":
        CurrentGameStore(path).keep(UnfinishedGame(PlayOptions(), generation + 1, "44"))
    elif kind == "saved-game":
        game = new_game("connect4", 7, 6)
        game.play_text(_moves(generation))
        savegame.write(path, game)
    else:
        raise ValueError(f"no such kind {kind!r}")


def read(kind: str, path: Path) -> int | None:
    """The generation in ``path`` by the program's own loader; None when there is no file. Raises BrokenFile
    when the loader refuses the file."""
    if not path.exists():
        return None
    if kind == "settings":
        store = SettingsStore(path)
        settings = store.load()
        if store.problem:
            raise BrokenFile(store.problem)
        return settings.window[0] - 640 + 1000 * (settings.window[1] - 540)
    if kind == "tally":
        tally = Tally(path)
        tally.load()
        if tally.problem:
            raise BrokenFile(tally.problem)
        return tally.get(TALLY_KEY).wins
    if kind == "current-game":
        keeper = CurrentGameStore(path)
        unfinished = keeper.load()
        if keeper.problem or unfinished is None:
            raise BrokenFile(keeper.problem or "no game")
        return unfinished.round_number - 1
    if kind == "saved-game":
        try:
            saved = savegame.read(path)
        except savegame.SavedGameError as error:
            raise BrokenFile(str(error)) from None
        return next(generation for generation in range(MAX_GENERATION) if _moves(generation) == saved.moves)
    raise ValueError(f"no such kind {kind!r}")


def main(arguments: list[str]) -> None:
    kind, path, first = arguments[0], Path(arguments[1]), int(arguments[2])
    generation = first
    write(kind, path, generation)
    print("ready", flush=True)
    while generation < MAX_GENERATION - 1:
        generation += 1
        write(kind, path, generation)


if __name__ == "__main__":
    main(sys.argv[1:])
