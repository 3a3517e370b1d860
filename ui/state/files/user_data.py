"""The user's files as one bundle that the window holds: settings, score tally, unfinished games, puzzle
record, ratings and learning progress, each written off the UI thread by a
:class:`~ui.state.files.background_writer.BackgroundWriter` of its own (the window reads a file's value from
its writer and hands it changes: it never waits for a disk), and the name of this window among the program's
others (whose games the unfinished games keep apart). No pygame here.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.problems import Problem
from ui.state.files.background_writer import BackgroundWriter
from ui.state.files.current_game import UNFINISHED_FILE, UnfinishedGames
from ui.state.files.finished_games import FINISHED_FILE, FinishedGames
from ui.state.files.learn_record import LEARN_FILE, LearnRecord
from ui.state.files.player_rating import RATINGS_FILE, Ratings
from ui.state.files.puzzle_record import PUZZLE_FILE, PuzzleRecord
from ui.state.files.settings import SETTINGS_FILE, Settings
from ui.state.files.store import FileKind, JsonStore, Value
from ui.state.files.tally import TALLY_FILE, Tally
from ui.state.files.userfiles import config_dir, data_dir


def _writer(kind: FileKind[Value], store: JsonStore[Value] | None) -> BackgroundWriter[Value]:
    """The writer of ``store``, or of a store of ``kind`` kept in memory only."""
    return BackgroundWriter(JsonStore(kind, None) if store is None else store)


class UserData:
    """Every user file of one window, each as its writer: :meth:`open` gives the files in the user's folders,
    read; a store left out of the constructor is kept in memory (tests, screenshots).

    A store handed in must be read already (see :meth:`JsonStore.load`): its writer starts from its value,
    and from then on only the writer changes it.
    """

    def __init__(
        self,
        settings: JsonStore[Settings] | None = None,
        tally: JsonStore[Tally] | None = None,
        unfinished: JsonStore[UnfinishedGames] | None = None,
        puzzles: JsonStore[PuzzleRecord] | None = None,
        ratings: JsonStore[Ratings] | None = None,
        finished: JsonStore[FinishedGames] | None = None,
        learning: JsonStore[LearnRecord] | None = None,
    ) -> None:
        self.settings = _writer(SETTINGS_FILE, settings)
        self.tally = _writer(TALLY_FILE, tally)
        #: The unfinished games change after every move.
        self.unfinished = _writer(UNFINISHED_FILE, unfinished)
        self.puzzles = _writer(PUZZLE_FILE, puzzles)
        self.ratings = _writer(RATINGS_FILE, ratings)
        #: The journal of finished games: written first at a game's end (see :mod:`.game_end`).
        self.finished = _writer(FINISHED_FILE, finished)
        #: The progress in learning the first player's win (the Learn trainer).
        self.learning = _writer(LEARN_FILE, learning)
        #: This window's name in the unfinished games' file: new for every run of the program.
        self.window = secrets.token_hex(8)

    @classmethod
    def open(
        cls,
        config: Path | None = None,
        data: Path | None = None,
        settings_read: Callable[[Settings], object] = lambda settings: None,
    ) -> UserData:
        """The files in ``config`` (settings, tally; default :func:`config_dir`) and ``data`` (the rest;
        default :func:`data_dir`), each read once (see :meth:`JsonStore.load`), the settings first:
        ``settings_read`` is called with them before any problem of the files is worded (the window's
        language is chosen there, so that every problem is said in it)."""
        config = config_dir() if config is None else config
        data = data_dir() if data is None else data
        settings = JsonStore(SETTINGS_FILE, config / SETTINGS_FILE.file_name)
        tally = JsonStore(TALLY_FILE, config / TALLY_FILE.file_name)
        unfinished = JsonStore(UNFINISHED_FILE, data / UNFINISHED_FILE.file_name)
        puzzles = JsonStore(PUZZLE_FILE, data / PUZZLE_FILE.file_name)
        ratings = JsonStore(RATINGS_FILE, data / RATINGS_FILE.file_name)
        finished = JsonStore(FINISHED_FILE, data / FINISHED_FILE.file_name)
        learning = JsonStore(LEARN_FILE, data / LEARN_FILE.file_name)
        settings.load(settings_read)
        for store in (tally, unfinished, puzzles, ratings, finished, learning):
            store.load()
        return cls(settings, tally, unfinished, puzzles, ratings, finished, learning)

    def board_writers(self) -> tuple[BackgroundWriter[Any], ...]:
        """The writers of the files a game at the board changes (all but the settings), the journal of
        finished games last (it is let go once the others have written)."""
        return (self.tally, self.unfinished, self.puzzles, self.ratings, self.learning, self.finished)

    def writers(self) -> tuple[BackgroundWriter[Any], ...]:
        return (self.settings, *self.board_writers())

    def unsaved(self) -> tuple[list[str], str | Problem | None]:
        """While a write is refused (a full disk, a folder not writable): the titles of the files whose
        changes are not written yet (a close now would lose them) and the system's reason; none while every
        write lands, however slowly (:meth:`close` waits for those). Never waits."""
        failing = [writer for writer in self.writers() if writer.failing]
        if not failing:
            return [], None
        titles = [writer.store.kind.title for writer in self.writers() if not writer.flush(0)]
        return titles, failing[0].store.failure

    def problems(self) -> list[str | Problem]:
        """Why files could not be used when they were read, one line each, for the window to show once."""
        return [writer.store.problem for writer in self.writers() if writer.store.problem]

    @staticmethod
    def take_problems(writers: tuple[BackgroundWriter[Any], ...]) -> list[str | Problem]:
        """Why each of ``writers`` last failed to write since it was last asked, once (see
        :meth:`BackgroundWriter.take_problem`), for the window to show."""
        return [problem for writer in writers if (problem := writer.take_problem()) is not None]

    def close(self, timeout: float) -> list[str]:
        """Writes what waits in every file and ends the writers' threads, waiting at most ``timeout`` seconds
        in all; returns the titles (see :class:`FileKind`) of the files whose changes were left unwritten,
        none when all was written."""
        deadline = time.monotonic() + timeout
        return [
            writer.store.kind.title
            for writer in self.writers()
            if not writer.close(max(0.0, deadline - time.monotonic()))
        ]
