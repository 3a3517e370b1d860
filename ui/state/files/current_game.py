"""The games in progress, kept in ``current-game.json`` of the user's data directory so that none is lost.

What is kept of a game is everything needed to sit down at the same board again: the play options (game,
size, mode, levels, who starts, think time, pondering), the start position, the round (with "alternate", it
says who has which colour) and every move played. The side to move, and so whether the computer's move is
pending, follows from those. Each window keeps its own game in the file (:class:`UnfinishedGames`), so two
windows on one data folder never replace each other's. The file is one
:class:`~ui.state.files.store.JsonStore` of
:data:`UNFINISHED_FILE`, written after every change; reading it checks every value and replays the moves, so
a broken or foreign file is refused with a reason and never half-used. This module imports no pygame.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from game.catalog import new_game
from game.language import N_, _
from game.problems import Problem
from game.protocol import Game, IllegalMove
from ui.state.files.settings import SettingsError, play_from_json, play_to_json
from ui.state.files.store import FileKind, JsonObject
from ui.state.files.userfiles import RefusedValue
from ui.state.options import PlayOptions

#: Written into the file; a file of another version is refused rather than guessed at (version 1, which held
#: one game, is read as that game).
VERSION = 2
#: Unfinished games kept at once: one per window, for as many windows as a player might open.
MAX_KEPT = 8
#: The highest round number kept (what is saved, a later start reads).
MAX_ROUND = 1_000_000
#: The longest move string kept (a board of 9 x 7 has 63 cells, and Connect Four writes a digit a move).
MAX_MOVES_TEXT = 200


class CurrentGameError(RefusedValue):
    """The file holds no game that can be continued; ``reason`` says why: a problem
    (:class:`UnfinishedGameProblem`) where it wraps a refusal of the rules, else the reader's sentence."""


class UnfinishedGameProblem(enum.Enum):
    """What makes the file of unfinished games unusable, where it wraps another problem (the words package
    words it); the value is its English name."""

    #: The game's moves are refused: ``reason`` (a problem of the rules).
    MOVES = "bad moves"
    #: Game ``number`` of the file cannot be continued: ``reason`` (a problem, or the reader's sentence).
    GAME = "bad game"


@dataclass(frozen=True)
class UnfinishedGame:
    """A game to sit down at again: ``options`` (whose ``moves`` is the position the game started from: a
    start position, a pasted or loaded game; continued, the game is a set-up one, and the next game at that
    board begins at the empty board), the round number (1, 2, ...) and ``moves``, the whole move string from
    the empty board (usually the start position and more; undo may have gone below it). The position after
    ``moves`` is legal and not over. ``window`` names the window that plays it (see :class:`UnfinishedGames`;
    "" for a game of no window, as one written by an older version); ``game_id`` names the game from its first
    move to its end, where the tally and the ratings remember it (see :mod:`ui.state.files.game_end`; "": a
    game of an older version); ``after_end``, that the game reached its end, counted, and an undo took it back
    (its next end does not count again)."""

    options: PlayOptions
    round_number: int
    moves: str
    window: str = ""
    game_id: str = ""
    after_end: bool = False

    def position(self) -> Game:
        """The board with every move played."""
        game = new_game(self.options.game, self.options.width, self.options.height)
        game.play_text(self.moves)
        return game


@dataclass(frozen=True)
class UnfinishedGames:
    """The unfinished games kept, newest first: at most one per window, so that two windows on one data
    folder never replace each other's game. A window keeps its game with :meth:`keeping`; the start screen and
    ``--continue`` offer the newest."""

    games: tuple[UnfinishedGame, ...] = ()

    def newest(self) -> UnfinishedGame | None:
        return self.games[0] if self.games else None

    def ended(self, game_id: str) -> UnfinishedGames:
        """These games but the game ``game_id``, which has ended (one kept after an undo of its end stays)."""
        return UnfinishedGames(
            tuple(game for game in self.games if game.game_id != game_id or game.after_end)
        )

    def offered(self, window: str) -> UnfinishedGame | None:
        """The game to offer ``window`` to continue: its own, else the newest."""
        return next((game for game in self.games if game.window == window), self.newest())

    def keeping(
        self, window: str, unfinished: UnfinishedGame | None, superseded: UnfinishedGame | None = None
    ) -> UnfinishedGames:
        """These games with ``window``'s game now ``unfinished`` (None: it has none; a finished game is not
        kept), and ``superseded`` gone if it is still kept as it was: the game this window's game continued or
        replaced, at the player's word (Continue, or New game with the offer to bring it back). Another
        window's game is otherwise never touched. The oldest beyond :data:`MAX_KEPT` go."""
        kept = [game for game in self.games if game.window != window and game != superseded]
        if unfinished is not None:
            kept.insert(0, replace(unfinished, window=window))
        return UnfinishedGames(tuple(kept[:MAX_KEPT]))


def _game_to_json(unfinished: UnfinishedGame) -> JsonObject:
    return {
        **play_to_json(unfinished.options),
        "start": unfinished.options.moves,
        "round": unfinished.round_number,
        "moves": unfinished.moves,
        "window": unfinished.window,
        "id": unfinished.game_id,
        "after_end": unfinished.after_end,
    }


def _game_from_json(data: JsonObject) -> UnfinishedGame:
    """One unfinished game of the file; raises CurrentGameError naming what is wrong."""
    try:
        options = play_from_json(data)
    except SettingsError as error:
        raise CurrentGameError(error.reason) from None
    start, moves, round_number = data.get("start"), data.get("moves"), data.get("round")
    window, game_id = data.get("window", ""), data.get("id", "")
    if not isinstance(start, str) or not isinstance(moves, str) or len(moves) > MAX_MOVES_TEXT:
        raise CurrentGameError(_("'start' and 'moves' should be move strings"))
    if type(round_number) is not int or not 1 <= round_number <= MAX_ROUND:
        raise CurrentGameError(
            _("'round' {round_number!r} is not a round number").format(round_number=round_number)
        )
    if not isinstance(window, str) or len(window) > 64:
        raise CurrentGameError(_("'window' is not a window's name"))
    if not isinstance(game_id, str) or len(game_id) > 64:
        raise CurrentGameError(_("'id' is not a game's id"))
    after_end = data.get("after_end", False)
    if not isinstance(after_end, bool):
        raise CurrentGameError(_("'after_end' is not true or false"))
    try:
        start_position = new_game(options.game, options.width, options.height)
        start_position.play_text(start)
        if start_position.is_over():
            raise CurrentGameError(_("the game is already over at its start position"))
        game = new_game(options.game, options.width, options.height)
        game.play_text(moves)
    except IllegalMove as error:
        raise CurrentGameError(Problem.of(UnfinishedGameProblem.MOVES, reason=error.problem)) from None
    if game.is_over():
        raise CurrentGameError(_("the game is already over"))
    return UnfinishedGame(replace(options, moves=start), round_number, moves, window, game_id, after_end)


def dump(kept: UnfinishedGames) -> JsonObject:
    """The file's JSON object for the kept games."""
    return {"version": VERSION, "games": [_game_to_json(game) for game in kept.games]}


def parse(data: JsonObject) -> UnfinishedGames:
    """The kept games of the file's JSON object (of this version, or the single game of version 1); raises
    CurrentGameError naming what is wrong."""
    if data.get("version") == 1:
        return UnfinishedGames((_game_from_json(data),))
    if data.get("version") != VERSION:
        raise CurrentGameError(
            _("version {version!r} is not {expected}").format(version=data.get("version"), expected=VERSION)
        )
    games = data.get("games")
    if not isinstance(games, list) or len(games) > MAX_KEPT:
        raise CurrentGameError(_("'games' is not a list of at most {most} games").format(most=MAX_KEPT))
    found = []
    for place, game in enumerate(games, 1):
        if not isinstance(game, dict):
            raise CurrentGameError(_("game {number} is not an object").format(number=place))
        try:
            found.append(_game_from_json(game))
        except CurrentGameError as error:
            raise CurrentGameError(_in_game(place, error)) from None
    return UnfinishedGames(tuple(found))


def _in_game(place: int, error: CurrentGameError) -> Problem:
    """Why game ``place`` (counted from 1) of the file cannot be continued: ``error``'s reason."""
    return Problem.of(UnfinishedGameProblem.GAME, number=place, reason=error.reason)


def salvage(data: JsonObject) -> tuple[JsonObject, JsonObject, list[str | Problem]]:
    """The file's games that can be continued, those that cannot (set aside alone), and why each of those
    cannot; raises CurrentGameError for a file of another version or shape."""
    games = data.get("games")
    if data.get("version") != VERSION or not isinstance(games, list) or len(games) > MAX_KEPT:
        raise CurrentGameError(_("not a file of unfinished games of this version"))
    good, damaged = [], []
    reasons: list[str | Problem] = []
    for place, game in enumerate(games, 1):
        try:
            if not isinstance(game, dict):
                raise CurrentGameError(_("game {number} is not an object").format(number=place))
            _game_from_json(game)
        except CurrentGameError as error:
            damaged.append(game)
            reasons.append(_in_game(place, error))
        else:
            good.append(game)
    return {**data, "games": good}, {**data, "games": damaged}, reasons


UNFINISHED_FILE = FileKind(
    "current-game.json", N_("The unfinished game"), parse, dump, UnfinishedGames, salvage=salvage
)
