"""Where a closing window keeps what its user's folders would not take (a full disk): a folder in the system's
temporary place, ``ponder-unsaved-<user>``, usually another file system (a tmpfs on many systems) with room
when the home disk has none.

:func:`keep_elsewhere` writes there, atomically, the journal of the finished games whose counts are not all
on disk (so no result is lost) and a copy of each file whose changes were not written (the game in progress,
the tally, the ratings, the settings, for the player to copy back by hand). The next start counts the
journal's games (:func:`kept_games`, see :func:`ui.state.files.game_end.recover`; every file counts a game's
id once) and removes the kept journal once they are in the user's own journal (:func:`forget_kept_games`).
The temporary place is emptied when the computer restarts on many systems: the window says so. No pygame.
"""

from __future__ import annotations

import getpass
import json
import logging
import os
import tempfile
from pathlib import Path

from ui.state.files.current_game import UNFINISHED_FILE
from ui.state.files.finished_games import FINISHED_FILE, FinishedGames
from ui.state.files.learn_record import LEARN_FILE
from ui.state.files.player_rating import RATINGS_FILE
from ui.state.files.puzzle_record import PUZZLE_FILE
from ui.state.files.settings import SETTINGS_FILE
from ui.state.files.store import JsonStore
from ui.state.files.tally import TALLY_FILE
from ui.state.files.user_data import UserData
from ui.state.files.userfiles import write_atomically

log = logging.getLogger(__name__)

#: The kinds of file kept elsewhere.
KINDS = (FINISHED_FILE, UNFINISHED_FILE, TALLY_FILE, RATINGS_FILE, PUZZLE_FILE, LEARN_FILE, SETTINGS_FILE)


def fallback_dir() -> Path:
    """The folder of what could not be saved in the user's folders (``$PONDER_UNSAVED_DIR`` if set, as tests
    set it, like the user's folders; not created here)."""
    override = os.environ.get("PONDER_UNSAVED_DIR")
    if override:
        return Path(override)
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "user"
    name = "".join(letter for letter in user if letter.isalnum() or letter in "-_") or "user"
    return Path(tempfile.gettempdir()) / f"ponder-unsaved-{name}"


def keep_elsewhere(files: UserData, titles: list[str], folder: Path | None = None) -> Path | None:
    """Writes the finished games not all counted on disk, and the files of ``files`` whose changes are not
    written (their ``titles``), as the window knows them, into ``folder`` (default :func:`fallback_dir`);
    returns the folder, or None when nothing could be written there either (the reason is logged)."""
    folder = fallback_dir() if folder is None else folder
    writers = [writer for writer in files.writers() if writer.store.kind.title in titles]
    try:
        journal = files.finished.value
        if journal.games:
            kept = JsonStore(FINISHED_FILE, folder / FINISHED_FILE.file_name)
            kept.load()
            merged = kept.value
            for game in journal.games:
                merged = merged.adding(game)
            _write(folder / FINISHED_FILE.file_name, FINISHED_FILE.dump(merged))
        for writer in writers:
            if writer is not files.finished:
                _write(folder / writer.store.kind.file_name, writer.store.kind.dump(writer.value))
    except OSError as error:
        log.warning("cannot keep the unsaved files in %s either: %s", folder, error.strerror or error)
        return None
    log.warning("the unsaved files are kept in %s", folder)
    return folder


def _write(path: Path, data: object) -> None:
    write_atomically(path, json.dumps(data, indent=2, sort_keys=True) + "\n")


def kept_games(folder: Path | None = None) -> FinishedGames:
    """The finished games a window kept in ``folder`` (default :func:`fallback_dir`) as it closed on a full
    disk; none when there are none or the file cannot be used."""
    store = JsonStore(FINISHED_FILE, (fallback_dir() if folder is None else folder) / FINISHED_FILE.file_name)
    store.load()
    return store.value


def forget(folder: Path | bool | None) -> None:
    """Removes what :func:`keep_elsewhere` wrote in ``folder`` (nothing for a folder not written: False or
    None): everything was saved in the user's folders after all."""
    if not isinstance(folder, Path):
        return
    for kind in KINDS:
        try:
            (folder / kind.file_name).unlink(missing_ok=True)
        except OSError as error:
            log.warning("cannot remove %s: %s", folder / kind.file_name, error.strerror or error)


def forget_kept_games(folder: Path | None = None) -> None:
    """Removes the kept journal of ``folder`` (default :func:`fallback_dir`): its games are in the user's."""
    path = (fallback_dir() if folder is None else folder) / FINISHED_FILE.file_name
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        log.warning("cannot remove %s: %s", path, error.strerror or error)
