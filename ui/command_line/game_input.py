"""What the command-line tools read: move strings, one a line, and saved games (the window's Ctrl+S files,
:mod:`ui.state.files.savegame`), so that a game saved in the window is read by every tool as it is.

The games come from the files named as arguments, each a saved game, or else from stdin: stdin is a saved
game when its first line that is not blank starts one (``# Ponder saved game``, ``game: ...``), else a move
string a line (the first word of each line; the rest, such as a score of analyze's, is ignored). Stdin's lines
are read one at a time, so that a tool answers each line as it comes. No pygame here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from pathlib import Path

from game.language import _
from game.problems import Problem
from ui.state.files import savegame


@dataclass(frozen=True)
class GameText:
    """One game or position to answer: ``moves`` in the game's notation, ``where`` it was read for a line
    that names a problem (``line 3``, a file's name), and the saved game's board where it came from a file
    (None for a line of moves, which is played on the tool's board)."""

    moves: str
    where: str
    saved: savegame.SavedGame | None = None


@dataclass(frozen=True)
class Unreadable:
    """An input that holds no game: ``where`` and the ``reason``: a saved game's
    (:class:`~ui.state.files.savegame.SavedGameError`), or a sentence."""

    where: str
    reason: str | Problem


def read_games(files: Sequence[str], stdin: Iterable[str]) -> Iterator[GameText | Unreadable]:
    """The games of the ``files`` named (each a saved game), or of ``stdin`` when none is named."""
    if files:
        for name in files:
            try:
                saved = savegame.read(Path(name))
            except savegame.SavedGameError as error:
                yield Unreadable(name, error.reason)
            else:
                yield GameText(saved.moves, name, saved)
        return
    lines = iter(stdin)
    blank: list[str] = []
    for line in lines:
        if line.strip():
            if savegame.looks_saved(line):
                yield _saved_from_stdin(chain(blank, [line], lines))
                return
            yield from _move_lines(chain(blank, [line], lines))
            return
        blank.append(line)
    yield from _move_lines(blank)


def _saved_from_stdin(lines: Iterable[str]) -> GameText | Unreadable:
    where = _("stdin")
    text = ""
    for line in lines:
        text += line
        if len(text) > savegame.MAX_BYTES:
            return Unreadable(where, _("{name} is too big to be a saved game").format(name=where))
    try:
        saved = savegame.parse(text)
    except savegame.SavedGameError as error:
        return Unreadable(where, error.reason)
    return GameText(saved.moves, where, saved)


def _move_lines(lines: Iterable[str]) -> Iterator[GameText]:
    """Each line's first word (none: the empty board), ``line N`` its place."""
    for number, line in enumerate(lines, start=1):
        words = line.split()
        yield GameText(words[0] if words else "", _("line {number}").format(number=number))
