"""The game's data files: the window icon, the sounds, the Connect Four opening book, the levels' ladder, the
puzzles, the translations (:mod:`assets.catalogs` hands them to :mod:`game.language`), and the AppStream
metainfo that lists the game in software centres.

Each is checked before use: the book, the ladder and the puzzles by checksums of their own, the icon and the
sounds by the manifest ``assets.sha256`` (:mod:`assets.manifest`). They are made by the project's own tools
(``tools/make_assets.py``, ``tools/make_book.py``, ``tools/make_ladder.py``, ``tools/make_puzzles.py``; the
metainfo is written by hand) and installed with the game as package data, so :func:`asset_path` finds them the
same way in a checkout, an editable install, an installed wheel and the standalone bundle (PyInstaller puts
them beside this module, ``tools/bundle/``).
(``screenshots/`` is for the README and docs/screenshots.md only and is not installed.)
"""

from __future__ import annotations

import enum
import errno
import os
import stat
from pathlib import Path

from game.problems import Problem

ASSETS_DIR = Path(__file__).resolve().parent
#: The most bytes a data file is read with: far above the largest installed one (the opening book, a few MB),
#: far below what would strain a machine, so a link to ``/dev/zero`` or a giant file is refused unread.
MAX_DATA_BYTES = 64 << 20


def asset_path(name: str) -> Path:
    """Where the data file ``name`` lives (it may be missing: callers fall back and say so)."""
    return ASSETS_DIR / name


class DataFileError(Exception):
    """A data file that cannot be used: ``path`` is the file, ``reason`` says why: a
    :class:`~game.problems.Problem` (a kind and its details, worded by the words package) or, for damage only
    a broken writer makes, a plain English phrase; neither names the file. Its message (English, the full
    path) is for the log; :meth:`brief` names only the file, where a path into the installation is too long
    to read."""

    def __init__(self, path: Path | str, reason: str | Problem) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason

    def located(self) -> Problem:
        """The reason in the file at its full path (for the command line), as a problem to word."""
        return Problem.of(DataFileProblem.IN_FILE, file=str(self.path), reason=self.reason)

    def brief(self) -> Problem:
        """The reason in the file named without its folder (``c4-book-7x6.bin: checksum mismatch``, for the
        window), as a problem to word."""
        return Problem.of(DataFileProblem.IN_FILE, file=self.path.name, reason=self.reason)


class DataFileProblem(enum.Enum):
    """The kind that places a data file's reason in the file (the words package words it)."""

    #: ``reason`` (a problem or a phrase) is what is wrong with the file ``file``.
    IN_FILE = "in the file"


def read_data_file(path: Path, limit: int = MAX_DATA_BYTES) -> bytes:
    """The bytes of the data file ``path``, which must be a regular file (through a link, if it is one) of at
    most ``limit`` bytes. It is opened without waiting, so a named pipe where a data file should be cannot
    block the program, and a device (a link to ``/dev/zero``) or a folder is refused before anything is
    read. Raises OSError saying why not in its ``strerror`` (FileNotFoundError when there is no such file),
    as a plain read would, so that every reader reports it as it reports a missing file."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(handle, "rb") as file:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a pipe, device or folder?)")
        data = file.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"too big (over {limit} bytes)")
    return data
