"""The user's files as one bundle that the window holds: settings, score tally, unfinished games, puzzle
record and ratings, each a :class:`~ui.state.store.JsonStore` of its kind, and the name of this window among
the program's others (whose games the unfinished games keep apart). No pygame here.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path

from ui.state.background_writer import BackgroundWriter
from ui.state.current_game import UNFINISHED_FILE, UnfinishedGames
from ui.state.player_rating import RATINGS_FILE, Ratings
from ui.state.puzzle_record import PUZZLE_FILE, PuzzleRecord
from ui.state.settings import SETTINGS_FILE, Settings
from ui.state.store import FileKind, JsonStore, Value
from ui.state.tally import TALLY_FILE, Tally
from ui.state.userfiles import config_dir, data_dir


def _in_memory(kind: FileKind[Value]) -> JsonStore[Value]:
    return JsonStore(kind, None)


@dataclass
class UserData:
    """Every user file of one window. :meth:`open` gives the files in the user's folders, read; the
    constructor's defaults keep everything in memory (tests, screenshots)."""

    settings: JsonStore[Settings] = field(default_factory=lambda: _in_memory(SETTINGS_FILE))
    tally: JsonStore[Tally] = field(default_factory=lambda: _in_memory(TALLY_FILE))
    unfinished: JsonStore[UnfinishedGames] = field(default_factory=lambda: _in_memory(UNFINISHED_FILE))
    puzzles: JsonStore[PuzzleRecord] = field(default_factory=lambda: _in_memory(PUZZLE_FILE))
    ratings: JsonStore[Ratings] = field(default_factory=lambda: _in_memory(RATINGS_FILE))
    #: This window's name in the unfinished games' file: new for every run of the program.
    window: str = field(default_factory=lambda: secrets.token_hex(8))
    #: The unfinished games change after every move: written off the UI thread, by this window's one writer.
    unfinished_writer: BackgroundWriter[UnfinishedGames] = field(init=False)

    def __post_init__(self) -> None:
        self.unfinished_writer = BackgroundWriter(self.unfinished)

    @classmethod
    def open(cls, config: Path | None = None, data: Path | None = None) -> UserData:
        """The files in ``config`` (settings, tally; default :func:`config_dir`) and ``data`` (the rest;
        default :func:`data_dir`), each read once (see :meth:`JsonStore.load`)."""
        config = config_dir() if config is None else config
        data = data_dir() if data is None else data
        settings = JsonStore(SETTINGS_FILE, config / SETTINGS_FILE.file_name)
        tally = JsonStore(TALLY_FILE, config / TALLY_FILE.file_name)
        unfinished = JsonStore(UNFINISHED_FILE, data / UNFINISHED_FILE.file_name)
        puzzles = JsonStore(PUZZLE_FILE, data / PUZZLE_FILE.file_name)
        ratings = JsonStore(RATINGS_FILE, data / RATINGS_FILE.file_name)
        # Read before the writer of the unfinished games is made, which starts from what its store holds.
        for store in (settings, tally, unfinished, puzzles, ratings):
            store.load()
        return cls(settings, tally, unfinished, puzzles, ratings)

    def stores(
        self,
    ) -> tuple[
        JsonStore[Settings],
        JsonStore[Tally],
        JsonStore[UnfinishedGames],
        JsonStore[PuzzleRecord],
        JsonStore[Ratings],
    ]:
        return (self.settings, self.tally, self.unfinished, self.puzzles, self.ratings)

    def problems(self) -> list[str]:
        """Why files could not be used when they were read, one line each, for the window to show once."""
        return [store.problem for store in self.stores() if store.problem]
