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
from pathlib import Path

import platformdirs

APP_NAME = "ponder"


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

    Raises UserFileError when the file cannot be read, is not UTF-8 JSON, or holds something other than an
    object.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise UserFileError(f"cannot read {path}: {error}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise UserFileError(f"{path} is not valid JSON ({error})") from None
    if not isinstance(data, dict):
        raise UserFileError(f"{path} holds a {type(data).__name__}, not a JSON object")
    return data


def write_atomically(path: Path, text: str) -> None:
    """Replaces ``path`` by ``text`` in one step: a reader sees the old file or the new one, never a mix.

    The text goes to a temporary file in the same directory (so ``os.replace`` stays on one file system), is
    flushed to disk, then renamed over ``path``. Creates the directory if needed; raises OSError on failure,
    leaving ``path`` as it was.
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


def write_json(path: Path, data: dict) -> None:
    """Writes ``data`` as indented JSON, atomically (see :func:`write_atomically`)."""
    write_atomically(path, json.dumps(data, indent=2, sort_keys=True) + "\n")
