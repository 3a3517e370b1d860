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

from pathlib import Path

ASSETS_DIR = Path(__file__).resolve().parent


def asset_path(name: str) -> Path:
    """Where the data file ``name`` lives (it may be missing: callers fall back and say so)."""
    return ASSETS_DIR / name


class DataFileError(Exception):
    """A data file that cannot be used: ``path`` is the file, ``reason`` says why (a phrase that does not name
    the file). Its message names the full path, for the command line and the log; :meth:`brief` names only
    the file, for the window, where a path into the installation is too long to read."""

    def __init__(self, path: Path | str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason

    def brief(self) -> str:
        """The file's name and the reason, without the folder: ``"c4-book-7x6.bin: checksum mismatch"``."""
        return f"{self.path.name}: {self.reason}"
