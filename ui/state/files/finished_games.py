"""The journal of finished games, ``finished-games.json`` of the data folder: each game that has ended, with
what it counts for, written before anything counts it and let go once every file that counts it has it.

A finished game changes several files (the score tally, the ratings, the unfinished games), each written by a
writer of its own: a program killed between two of those writes would leave the game counted in one file and
not another. The journal is the one change that says the game has ended; the other files follow it (see
:mod:`ui.state.files.game_end`), each remembering the game's id so that a game counted again counts once.
The file is one :class:`~ui.state.files.store.JsonStore` of :data:`FINISHED_FILE`. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.language import N_, _
from ui.state.files.player_rating import ASSISTS
from ui.state.files.player_rating import RESULTS as RATING_RESULTS
from ui.state.files.store import FileKind, JsonObject
from ui.state.files.tally import MAX_ID_LENGTH
from ui.state.files.tally import RESULTS as TALLY_RESULTS

VERSION = 1
#: Games the journal holds at once (the oldest go): a game stays only while its counts are on their way.
MAX_PENDING = 64


@dataclass(frozen=True)
class RatedResult:
    """What the ratings record of a finished game against the computer (the arguments of
    :meth:`~ui.state.files.player_rating.Ratings.recording`)."""

    board: str
    start: int
    level: str
    level_rating: int
    result: str
    moves: str
    assists: tuple[str, ...]


@dataclass(frozen=True)
class FinishedGame:
    """A game that has ended: its id, its line in the tally (the record's key and "wins", "draws" or
    "losses"; None: not counted there) and its record in the ratings (None: not rated)."""

    game_id: str
    tally: tuple[str, str] | None
    rating: RatedResult | None


@dataclass(frozen=True)
class FinishedGames:
    """The finished games whose counts may not all be on disk yet, oldest first."""

    games: tuple[FinishedGame, ...] = ()

    def adding(self, game: FinishedGame) -> FinishedGames:
        kept = tuple(known for known in self.games if known.game_id != game.game_id)
        return FinishedGames((*kept, game)[-MAX_PENDING:])

    def dropping(self, game_id: str) -> FinishedGames:
        return FinishedGames(tuple(game for game in self.games if game.game_id != game_id))


def _game_data(game: FinishedGame) -> JsonObject:
    rating = game.rating
    return {
        "id": game.game_id,
        "tally": None if game.tally is None else {"key": game.tally[0], "result": game.tally[1]},
        "rating": None
        if rating is None
        else {
            "board": rating.board,
            "start": rating.start,
            "level": rating.level,
            "level_rating": rating.level_rating,
            "result": rating.result,
            "moves": rating.moves,
            "assists": list(rating.assists),
        },
    }


def _text(data: dict[str, object], name: str, limit: int = 200) -> str:
    value = data.get(name)
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(_("'{name}' is not a short text").format(name=name))
    return value


def _whole(data: dict[str, object], name: str) -> int:
    value = data.get(name)
    if type(value) is not int or abs(value) > 100_000:
        raise ValueError(_("'{name}' is not a whole number").format(name=name))
    return value


def _game(data: object) -> FinishedGame:
    if not isinstance(data, dict):
        raise ValueError(_("a finished game is not an object"))
    game_id = _text(data, "id", MAX_ID_LENGTH)
    if not game_id:
        raise ValueError(_("a finished game has no id"))
    tally_data, rating_data = data.get("tally"), data.get("rating")
    tally = None
    if tally_data is not None:
        if not isinstance(tally_data, dict) or _text(tally_data, "result") not in TALLY_RESULTS:
            raise ValueError(_("'tally' is not a key and a result"))
        tally = (_text(tally_data, "key"), _text(tally_data, "result"))
    rating = None
    if rating_data is not None:
        if not isinstance(rating_data, dict):
            raise ValueError(_("'rating' is not an object"))
        assists = rating_data.get("assists")
        named = isinstance(assists, list) and all(isinstance(item, str) for item in assists)
        if not named or not isinstance(assists, list) or not set(assists) <= set(ASSISTS):
            raise ValueError(_("'assists' is not a list of known assists"))
        result, moves = _text(rating_data, "result"), _text(rating_data, "moves")
        if result not in RATING_RESULTS or (moves and not moves.isdigit()):
            raise ValueError(_("'rating' is not a game's result and moves"))
        rating = RatedResult(
            _text(rating_data, "board"),
            _whole(rating_data, "start"),
            _text(rating_data, "level"),
            _whole(rating_data, "level_rating"),
            result,
            moves,
            tuple(assists),
        )
    return FinishedGame(game_id, tally, rating)


def parse(data: JsonObject) -> FinishedGames:
    """The journal of the file's JSON object; raises ValueError naming what is wrong."""
    if data.get("version") != VERSION:
        raise ValueError(
            _("version {version!r} is not {expected}").format(version=data.get("version"), expected=VERSION)
        )
    games = data.get("games")
    if not isinstance(games, list) or len(games) > MAX_PENDING:
        raise ValueError(_("'games' is not a list of at most {most} games").format(most=MAX_PENDING))
    return FinishedGames(tuple(_game(game) for game in games))


def dump(journal: FinishedGames) -> JsonObject:
    return {"version": VERSION, "games": [_game_data(game) for game in journal.games]}


FINISHED_FILE = FileKind("finished-games.json", N_("Finished games"), parse, dump, FinishedGames)
