"""The game in progress, kept in ``current-game.json`` of the user's data directory so that it is never lost.

What is kept is everything needed to sit down at the same board again: the play options (game, size, mode,
levels, who starts, think time, pondering), the start position, the round (with "alternate", it says who has
which colour) and every move played. The side to move, and so whether the computer's move is pending, follows
from those. The file is JSON, written atomically after every change; reading it checks every value and replays
the moves, so a broken or foreign file is refused with a reason and never half-used. This module imports no
pygame.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from pathlib import Path

from game.catalog import GAME_TITLES, new_game
from game.protocol import Game, IllegalMove
from ui.state import texts
from ui.state.options import Mode, PlayOptions
from ui.state.settings import SettingsError, play_from_json, play_to_json
from ui.state.userfiles import UserFileError, read_json_object, write_json

log = logging.getLogger(__name__)

FILE_NAME = "current-game.json"
#: Written into the file; a file of another version is refused rather than guessed at.
VERSION = 1
#: The longest move string kept (a board of 9 x 7 has 63 cells, and Connect Four writes a digit a move).
MAX_MOVES_TEXT = 200


class CurrentGameError(ValueError):
    """The file holds no game that can be continued; the message says why, for a person."""


@dataclass(frozen=True)
class UnfinishedGame:
    """A game to sit down at again: ``options`` (whose ``moves`` is the start position, where a new game of
    this sitting begins), the round number (1, 2, ...) and ``moves``, the whole move string from the empty
    board (usually the start position and more; undo may have gone below it). The position after ``moves`` is
    legal and not over."""

    options: PlayOptions
    round_number: int
    moves: str

    def position(self) -> Game:
        """The board with every move played."""
        game = new_game(self.options.game, self.options.width, self.options.height)
        game.play_text(self.moves)
        return game

    def description(self) -> str:
        """``"Connect Four 7×6, two players, 12 moves"``: what the player would continue."""
        options = self.options
        if options.mode is Mode.TWO_PLAYERS:
            who = "two players"
        else:
            who = f"against {options.level.label}"
        played = texts.count(self.position().ply(), "move")
        return f"{GAME_TITLES[options.game]} {options.width}\u00d7{options.height}, {who}, {played}"


def to_json(unfinished: UnfinishedGame) -> dict:
    """The file's JSON object for ``unfinished``."""
    return {
        "version": VERSION,
        **play_to_json(unfinished.options),
        "start": unfinished.options.moves,
        "round": unfinished.round_number,
        "moves": unfinished.moves,
    }


def from_json(data: dict) -> UnfinishedGame:
    """The unfinished game of the file's JSON object; raises CurrentGameError naming what is wrong."""
    if data.get("version") != VERSION:
        raise CurrentGameError(f"version {data.get('version')!r} is not {VERSION}")
    try:
        options = play_from_json(data)
    except SettingsError as error:
        raise CurrentGameError(str(error)) from None
    start, moves, round_number = data.get("start"), data.get("moves"), data.get("round")
    if not isinstance(start, str) or not isinstance(moves, str) or len(moves) > MAX_MOVES_TEXT:
        raise CurrentGameError("'start' and 'moves' should be move strings")
    if type(round_number) is not int or not 1 <= round_number <= 1_000_000:
        raise CurrentGameError(f"'round' {round_number!r} is not a round number")
    try:
        start_position = new_game(options.game, options.width, options.height)
        start_position.play_text(start)
        if start_position.is_over():
            raise CurrentGameError("the start position is already over")
        game = new_game(options.game, options.width, options.height)
        game.play_text(moves)
    except IllegalMove as error:
        raise CurrentGameError(f"moves: {error}") from None
    if game.is_over():
        raise CurrentGameError("the game is already over")
    return UnfinishedGame(replace(options, moves=start), round_number, moves)


class CurrentGameStore:
    """The file of the game in progress: read once, then written whenever the game kept changes.

    ``path`` None keeps it in memory only (tests). :attr:`current` is the game the file holds (None: no game
    to continue); :attr:`problem` says why the file was not usable, once, for the window to show. A broken
    file is left as it was until a game replaces it.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.current: UnfinishedGame | None = None
        self.problem: str | None = None

    def load(self) -> UnfinishedGame | None:
        """Reads the file; a broken one is logged, named in :attr:`problem`, and counts as no game."""
        if self.path is None:
            return self.current
        try:
            data = read_json_object(self.path)
            self.current = None if data is None else from_json(data)
        except (UserFileError, CurrentGameError) as error:
            self.problem = f"The unfinished game could not be read: {error}"
            log.warning("%s (%s)", self.problem, self.path)
            self.current = None
        return self.current

    def keep(self, unfinished: UnfinishedGame | None) -> str | None:
        """Makes ``unfinished`` the game to continue (None: there is none, the file goes); writes only on a
        change. Returns why the file could not be written, else None."""
        if unfinished == self.current:
            return None
        self.current = unfinished
        if self.path is None:
            return None
        try:
            if unfinished is None:
                self.path.unlink(missing_ok=True)
            else:
                write_json(self.path, to_json(unfinished))
        except OSError as error:
            log.warning("cannot keep the game in progress in %s: %s", self.path, error)
            return f"Cannot keep the game in progress: {error.strerror or error}"
        self.problem = None
        return None
