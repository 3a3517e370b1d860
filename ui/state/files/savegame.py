"""Saved games: a small text file with the game, the board size and the moves, read strictly.

The format (one ``key: value`` per line, ``#`` starts a comment line, blank lines are ignored)::

    # Ponder saved game
    game: connect4
    size: 7x6
    moves: 4453

``moves`` is the game's own notation (Connect Four: one column digit per move, the notation of the standard
benchmark positions) and may be empty; the game may be finished (the window saves a game to review it later).
It is the one format of a game between the window and the tools: Ctrl+S writes it, Ctrl+O and ``--load`` read
it, and so do the tools (``ponder review FILE``, ``rate``, ``explain``, ``analyze``, ``move``, as an argument
or on stdin: :mod:`ui.command_line.game_input`) and the window's paste. Every line is checked: an unknown or
repeated key, a missing one, bytes that are not text, a size the game is not played on or an illegal move is
refused with a message that says what is wrong, so the window can keep the current game and show it. Nothing
is ever evaluated or unpickled. This module imports no pygame (the command line uses it).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from game.catalog import GAME_NAMES, SIZES, new_game, parse_size
from game.language import _
from game.problems import BadBoard, Problem
from game.protocol import Game, IllegalMove
from ui.state.files.userfiles import (
    RefusedValue,
    UnreadableFile,
    UserFileError,
    read_regular_file,
    write_atomically,
)

FILE_NAME = "saved-game.txt"
#: A saved game is a few dozen bytes; anything much bigger is not one (and is not read into memory whole).
MAX_BYTES = 4096
KEYS = ("game", "size", "moves")


class SavedGameError(RefusedValue):
    """The file is not a playable saved game; ``reason`` says why: a problem where the rules refuse its size
    or moves (:class:`SavedGameProblem`), else a sentence the reader worded."""


class SavedGameProblem(enum.Enum):
    """What the rules refuse in a saved game (the words package words it); the value is its English name."""

    #: The ``size:`` line's ``reason`` (a problem of the rules).
    SIZE = "bad size"
    #: The ``moves:`` line's ``reason`` (a problem of the rules).
    MOVES = "bad moves"


@dataclass(frozen=True)
class SavedGame:
    """A parsed, checked saved game: the position after ``moves`` is legal (it may be over)."""

    game: str
    width: int
    height: int
    moves: str

    def position(self) -> Game:
        """The game with every move played."""
        game = new_game(self.game, self.width, self.height)
        game.play_text(self.moves)
        return game

    def board(self) -> str:
        """The game and its board as a person reads them: ``"connect4 7x6"``."""
        return f"{self.game} {self.width}x{self.height}"


def looks_saved(line: str) -> bool:
    """True when ``line`` (the first line of a text that is not blank) starts a saved game rather than a move
    string: a comment, or one of the format's keys and a colon. The tools and the paste read such a text whole
    with :func:`parse`."""
    stripped = line.strip()
    key, colon, _value = stripped.partition(":")
    return stripped.startswith("#") or (bool(colon) and key.strip().lower() in KEYS)


def to_text(game: Game) -> str:
    """``game`` in the saved-game format."""
    return (
        f"# Ponder saved game\ngame: {game.name}\nsize: {game.width}x{game.height}\n"
        f"moves: {game.moves_text()}\n"
    )


def parse(text: str) -> SavedGame:
    """Reads a saved game from ``text``; raises SavedGameError naming the line and the problem."""
    if not text.strip():
        raise SavedGameError(_("the file is empty"))
    values: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not line.isprintable():
            raise SavedGameError(_("line {number} holds characters that are not text").format(number=number))
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon or key not in KEYS:
            # Translators: game:, size: and moves: are the file's keys, never translated.
            expected = _("line {number}: expected 'game:', 'size:' or 'moves:', found '{found}'")
            raise SavedGameError(expected.format(number=number, found=line[:40]))
        if key in values:
            raise SavedGameError(_("line {number}: '{key}' is given twice").format(number=number, key=key))
        values[key] = value.strip()
    missing = [key for key in KEYS if key not in values]
    if missing:
        raise SavedGameError(_("the file has no '{key}:' line (is it cut short?)").format(key=missing[0]))
    name = values["game"]
    if name not in GAME_NAMES:
        unknown = _("'{name}' is not a game this program plays ({games})")
        raise SavedGameError(unknown.format(name=name, games=", ".join(GAME_NAMES)))
    try:
        width, height = parse_size(values["size"])
    except BadBoard as error:
        raise SavedGameError(Problem.of(SavedGameProblem.SIZE, reason=error.problem)) from None
    # Checked before the board is made: only the sizes on offer, never whatever a file asks for.
    if (width, height) not in SIZES[name]:
        offered = ", ".join(f"{w}x{h}" for w, h in SIZES[name])
        not_offered = _("{name} is not played on {width}x{height} (choose {offered})")
        raise SavedGameError(not_offered.format(name=name, width=width, height=height, offered=offered))
    game = new_game(name, width, height)
    try:
        game.play_text(values["moves"])
    except IllegalMove as error:
        raise SavedGameError(Problem.of(SavedGameProblem.MOVES, reason=error.problem)) from None
    return SavedGame(name, width, height, values["moves"])


def read(path: Path) -> SavedGame:
    """Reads and checks the saved game in ``path``; raises SavedGameError (with the reason) on any problem."""
    try:
        data = read_regular_file(path, MAX_BYTES)
    except UserFileError as error:
        unreadable = isinstance(error, UnreadableFile)
        if unreadable:
            why = _("cannot read {path}: {reason}").format(path=path, reason=error)
        else:
            why = _("{name} is too big to be a saved game").format(name=path.name)
        raise SavedGameError(why) from None
    if data is None:
        raise SavedGameError(_("cannot read {path}: No such file or directory").format(path=path))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SavedGameError(_("{name} is not a text file").format(name=path.name)) from None
    if "\x00" in text:
        raise SavedGameError(_("{name} is not a text file").format(name=path.name))
    return parse(text)


def write(path: Path, game: Game) -> None:
    """Saves ``game`` (under way or over) to ``path`` atomically; raises OSError on failure."""
    write_atomically(path, to_text(game))
