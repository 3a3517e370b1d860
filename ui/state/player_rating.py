"""The player's rating against the computer, kept between runs in ``ratings.json`` of the data folder, per
game and board: every finished game against a rated level, the Elo update it made, and the strength its moves
showed.

A game counts for the rating (is *rated*) when the player played it from the empty board to its end, on a
board the ladder rates (Connect Four 7 x 6), without help: no move taken back, no hint, no values of the
analysis overlay on the player's turn, no warning of the coach, and not continued from an earlier sitting or
set up from a pasted or loaded position (what help it had there is not known). Help is welcome; it just makes
the result say less about the player. An unrated game is still listed, with why. The update is Elo's against
the level's measured rating, with a larger step for the first PROVISIONAL_GAMES rated games so that a new
player's rating finds its level quickly.

The file is one :class:`~ui.state.store.JsonStore` of :data:`RATINGS_FILE`. No pygame here.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from types import MappingProxyType

from ai.play.levels import Level
from ai.rating.elo import updated_rating
from ai.rating.ladder import Ladder
from ui.state.store import FileKind, JsonObject

#: Rated games before the step of the update shrinks from K_PROVISIONAL to K.
PROVISIONAL_GAMES = 10
K_PROVISIONAL = 40
K = 20
#: Ratings stay within this many points of zero (what is saved, a later start reads).
MAX_RATING = 9_999
#: Games kept per board (the oldest go first): enough for the plot, far below the settings files' size cap.
MAX_GAMES = 1000
RESULTS = ("win", "draw", "loss")
#: What keeps a game from being rated, in the words the statistics screen uses.
ASSISTS = {
    "take-back": "a move taken back",
    "hint": "a hint",
    "values": "the analysis values",
    "coach": "the coach's warning",
    "set up": "not played from the start here (continued, pasted or loaded)",
}


@dataclass(frozen=True)
class PlayedGame:
    """One finished game against the computer: when (local time, to the minute), the level (its ladder name)
    and its rating, the player's result, the player's rating after it, the assists that kept it unrated (none:
    rated), its moves and the strength the player's moves showed (None until the review has run)."""

    when: str
    level: str
    level_rating: int
    result: str
    rating: int
    assists: tuple[str, ...]
    moves: str
    performance: int | None = None

    @property
    def rated(self) -> bool:
        return not self.assists


def adaptive_level(ladder: Ladder, rating: int) -> Level:
    """The level whose measured rating is nearest the player's ``rating``: the game nearest an even one."""
    return min(ladder.levels(), key=lambda rated: abs(rated[1] - rating))[0]


@dataclass(frozen=True)
class Ratings:
    """Every board's games, oldest first, by board (a variant such as ``"connect4 7x6"``). A value: recording
    a game makes new ratings, so that the store can apply it to what another window recorded meanwhile."""

    boards: Mapping[str, tuple[PlayedGame, ...]] = field(default_factory=lambda: MappingProxyType({}))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ratings) and dict(self.boards) == dict(other.boards)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.boards.items())))

    def games(self, board: str) -> list[PlayedGame]:
        """The games on ``board``, oldest first."""
        return list(self.boards.get(board, ()))

    def rating(self, board: str, start: int) -> int:
        """The player's rating on ``board``: after the last rated game, or ``start`` before any."""
        rated = [game for game in self.boards.get(board, ()) if game.rated]
        return rated[-1].rating if rated else start

    def recording(
        self,
        board: str,
        start: int,
        level: str,
        level_rating: int,
        result: str,
        moves: str,
        assists: set[str],
    ) -> Ratings:
        """These ratings with a finished game added (the last of ``board``; its ``rating`` the player's after
        it). ``start`` is the rating before the first rated game; ``result`` the player's."""
        if result not in RESULTS:
            raise ValueError(f"result {result!r} is not one of {RESULTS}")
        unknown = assists - set(ASSISTS)
        if unknown:
            raise ValueError(f"unknown assists {sorted(unknown)}")
        games = self.boards.get(board, ())
        rating, level_rating = _bounded(self.rating(board, start)), _bounded(level_rating)
        if not assists:
            rated_before = sum(game.rated for game in games)
            step = K_PROVISIONAL if rated_before < PROVISIONAL_GAMES else K
            score = {"win": 1.0, "draw": 0.5, "loss": 0.0}[result]
            rating = _bounded(round(updated_rating(rating, level_rating, score, step)))
        game = PlayedGame(
            when=time.strftime("%Y-%m-%d %H:%M"),
            level=level,
            level_rating=level_rating,
            result=result,
            rating=_bounded(rating),
            assists=tuple(sorted(assists)),
            moves=moves,
        )
        return self._with_games(board, (*games, game)[-MAX_GAMES:])

    def with_performance(self, board: str, moves: str, performance: int) -> Ratings:
        """These ratings with the strength shown in the last game of ``board`` played as ``moves`` noted;
        the same ratings if that game is not the last one (a review of an older game)."""
        games = self.boards.get(board, ())
        if not games or games[-1].moves != moves:
            return self
        return self._with_games(board, (*games[:-1], replace(games[-1], performance=_bounded(performance))))

    def _with_games(self, board: str, games: tuple[PlayedGame, ...]) -> Ratings:
        return Ratings(MappingProxyType({**self.boards, board: games}))


def _bounded(rating: int) -> int:
    """``rating`` within the file's range (what is saved, a later start reads)."""
    return max(-MAX_RATING, min(rating, MAX_RATING))


def parse(data: JsonObject) -> Ratings:
    """The ratings of the file's JSON object; raises ValueError naming the first game that is not well
    formed."""
    return Ratings(MappingProxyType({board: _games(board, games) for board, games in data.items()}))


def dump(ratings: Ratings) -> JsonObject:
    return {board: [_game_data(game) for game in games] for board, games in ratings.boards.items()}


def _game_data(game: PlayedGame) -> JsonObject:
    data = asdict(game)
    data["assists"] = list(game.assists)
    return data


def _games(board: str, value: object) -> tuple[PlayedGame, ...]:
    """One board's games from the file; raises ValueError for anything but a list of well-formed games."""
    if not isinstance(value, list):
        raise ValueError(f"'{board}' is not a list of games")
    return tuple(_game(board, number, entry) for number, entry in enumerate(value[-MAX_GAMES:], 1))


def _game(board: str, number: int, entry: object) -> PlayedGame:
    where = f"'{board}' game {number}"
    if not isinstance(entry, dict):
        raise ValueError(f"{where} is not an object")

    def text(name: str, limit: int = 64) -> str:
        value = entry.get(name)
        if not isinstance(value, str) or len(value) > limit:
            raise ValueError(f"{where}: '{name}' is not a short text")
        return value

    def whole(name: str, optional: bool = False) -> int | None:
        value = entry.get(name)
        if optional and value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not -MAX_RATING <= value <= MAX_RATING:
            raise ValueError(f"{where}: '{name}' is {value!r}, not a rating")
        return value

    result = text("result")
    if result not in RESULTS:
        raise ValueError(f"{where}: result '{result}' is not one of {', '.join(RESULTS)}")
    assists = entry.get("assists")
    known = isinstance(assists, list) and all(isinstance(item, str) and item in ASSISTS for item in assists)
    if not known or not isinstance(assists, list):
        raise ValueError(f"{where}: 'assists' is not a list of known assists")
    moves = text("moves", 100)
    if not moves.isdigit() and moves:
        raise ValueError(f"{where}: 'moves' is not a move string")
    level_rating, rating = whole("level_rating"), whole("rating")
    assert level_rating is not None and rating is not None
    return PlayedGame(
        when=text("when"),
        level=text("level"),
        level_rating=level_rating,
        result=result,
        rating=rating,
        assists=tuple(sorted(set(assists))),
        moves=moves,
        performance=whole("performance", optional=True),
    )


RATINGS_FILE = FileKind("ratings.json", "Ratings", parse, dump, Ratings)
