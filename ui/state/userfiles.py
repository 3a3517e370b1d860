"""Where the game keeps the user's files, and how it reads and writes them without ever leaving half a file.

Settings and the score tally live in ``platformdirs.user_config_dir("ponder")``, saved games in
``user_data_dir("ponder")``. The environment variables ``PONDER_CONFIG_DIR`` and ``PONDER_DATA_DIR`` move them
elsewhere: tests point them at a temporary directory so they never touch the real ones. This module imports no
pygame.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import platformdirs

APP_NAME = "ponder"
#: The settings and the score tally are a few KB at most; a bigger file is refused unread.
MAX_BYTES = 1 << 20
#: A temporary file of :func:`write_atomically` this old (in seconds) was left by a writer that was killed.
STALE_SECONDS = 600


def config_dir() -> Path:
    """The directory of settings and the score tally (``$PONDER_CONFIG_DIR`` if set). Not created here."""
    override = os.environ.get("PONDER_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    """The directory of saved games (``$PONDER_DATA_DIR`` if set). Not created here."""
    override = os.environ.get("PONDER_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


class UserFileError(Exception):
    """A user's file exists but cannot be used; the message says which file and why, for a person."""


def read_json_object(path: Path) -> dict | None:
    """The JSON object in ``path``, or None when the file does not exist (a first run, not an error).

    Raises UserFileError when the file cannot be read, is bigger than :data:`MAX_BYTES` (ours are a few KB; a
    huge file is not one of them and is not read into memory whole), is not UTF-8 JSON (a byte order mark, as
    some editors write, is allowed), is nested too deeply to parse, or holds something other than an object.
    """
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise UserFileError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:
        raise UserFileError(f"{path} is too big (over {MAX_BYTES // 1024} KB) to be this program's file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UserFileError(f"cannot read {path}: {error}") from None
    try:
        parsed = json.loads(text)
    except RecursionError:
        raise UserFileError(f"{path} is not valid JSON (nested too deeply)") from None
    except ValueError as error:
        # JSONDecodeError, and also a number too long for Python to convert (int_max_str_digits).
        raise UserFileError(f"{path} is not valid JSON ({error})") from None
    if not isinstance(parsed, dict):
        raise UserFileError(f"{path} holds a {type(parsed).__name__}, not a JSON object")
    return parsed


def write_atomically(path: Path, text: str) -> None:
    """Replaces ``path`` by ``text`` in one step: a reader sees the old file or the new one, never a mix, even
    if the program is killed at any moment (tests/test_crash_consistency.py kills it mid-write, many times).

    The text goes to a temporary file in the same directory (so ``os.replace`` stays on one file system), is
    flushed to disk, then renamed over ``path``; the directory is flushed too where the system allows it, so
    the new name survives a power cut as well. Temporaries that a killed writer left behind (older than
    :data:`STALE_SECONDS`) are removed. Creates the directory if needed; raises OSError on failure, leaving
    ``path`` as it was.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        # Whatever went wrong, no stray temporary file is left behind.
        Path(temporary).unlink(missing_ok=True)
        raise
    _flush_directory(path.parent)
    _remove_stale_temporaries(path)


def _flush_directory(directory: Path) -> None:
    """Flushes ``directory``'s entries to disk (POSIX); a no-op where directories cannot be opened."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # Windows: a directory cannot be opened, and its renames are flushed with the file
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems refuse to flush a directory; the rename itself is still atomic
    finally:
        os.close(handle)


def _remove_stale_temporaries(path: Path) -> None:
    """Removes ``path``'s temporaries older than :data:`STALE_SECONDS`: left by a writer killed mid-write
    (a younger one may be another running copy's, about to be renamed)."""
    now = time.time()
    for temporary in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            if now - temporary.stat().st_mtime > STALE_SECONDS:
                temporary.unlink()
        except OSError:
            pass  # gone already, or not ours to remove


def write_json(path: Path, data: dict) -> None:
    """Writes ``data`` as indented JSON, atomically (see :func:`write_atomically`)."""
    write_atomically(path, json.dumps(data, indent=2, sort_keys=True) + "\n")
