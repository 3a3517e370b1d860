"""The player's rating against the computer, kept between runs in ``ratings.json`` of the data folder, per
game and board: every finished game against a rated level, the rating it left (Glicko-2: a rating with its
deviation, :mod:`ai.rating.glicko`), and the strength its moves showed.

A game counts for the rating (is *rated*) when the player played it from the empty board to its end, on a
board the ladder rates (Connect Four 7 x 6), without help: no move taken back, no hint, no values of the
analysis overlay on the player's turn, no warning of the coach, and not continued from an earlier run or
set up from a pasted or loaded position (what help it had there is not known). Help is welcome; it just makes
the result say less about the player. An unrated game is still listed, with why. The update is Glicko-2's
against the level's measured rating: a newcomer starts at the rating given (the level a newcomer meets first)
with a newcomer's deviation, so the first games move the rating far, and it is provisional until the
deviation has shrunk (a game of a file of an older version, without one, counts as a newcomer's).

The file is one :class:`~ui.state.files.store.JsonStore` of :data:`RATINGS_FILE`. No pygame here.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from types import MappingProxyType

from ai.play.levels import Level
from ai.rating.glicko import NEW_DEVIATION, NEW_VOLATILITY, Glicko
from ai.rating.ladder import Ladder
from game.language import N_, _, number
from ui.state.files.store import FileKind, JsonObject

#: How sure a level's measured rating is, as a Glicko deviation (the ladder's gaps are known within about
#: +-90 at 95 %: one deviation is about half of that).
LEVEL_DEVIATION = 45.0
#: The deviation and volatility stay in these bounds (what is saved, a later start reads).
MIN_DEVIATION = 30.0
MIN_VOLATILITY, MAX_VOLATILITY = 0.01, 0.5
#: Ratings stay within this many points of zero (what is saved, a later start reads).
MAX_RATING = 9_999
#: Games kept per board (the oldest go first): enough for the plot, far below the settings files' size cap.
MAX_GAMES = 1000
RESULTS = ("win", "draw", "loss")
#: What keeps a game from being rated, in the words the statistics screen uses.
ASSISTS = {
    "take-back": N_("a move taken back"),
    "hint": N_("a hint"),
    "values": N_("the analysis values"),
    "coach": N_("the coach's warning"),
    "set up": N_("not played from the start here (continued, pasted or loaded)"),
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
    #: The range of ratings the performance is about 95 % likely to lie in (None: not known).
    performance_range: tuple[int, int] | None = None
    deviation: float = NEW_DEVIATION
    volatility: float = NEW_VOLATILITY
    #: The game's id, so that a game recorded again (after a kill, from the journal of finished games, see
    #: :mod:`ui.state.files.game_end`) is recorded once ("": a game of an older version).
    game_id: str = ""

    @property
    def rated(self) -> bool:
        return not self.assists

    @property
    def glicko(self) -> Glicko:
        """The player's rating after this game, with its uncertainty."""
        return Glicko(self.rating, self.deviation, self.volatility)


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
        return round(self.glicko(board, start).rating)

    def glicko(self, board: str, start: int) -> Glicko:
        """The player's rating on ``board`` with its uncertainty: after the last rated game, or ``start`` with
        a newcomer's deviation (provisional: the first games move it far) before any."""
        rated = [game for game in self.boards.get(board, ()) if game.rated]
        return rated[-1].glicko if rated else Glicko(_bounded(start))

    def recording(
        self,
        board: str,
        start: int,
        level: str,
        level_rating: int,
        result: str,
        moves: str,
        assists: set[str],
        game_id: str = "",
    ) -> Ratings:
        """These ratings with a finished game added (the last of ``board``; its ``rating`` the player's after
        it). ``start`` is the rating before the first rated game; ``result`` the player's. The same ratings
        when the game ``game_id`` is recorded already."""
        if game_id and self.counted(game_id):
            return self
        if result not in RESULTS:
            raise ValueError(f"result {result!r} is not one of {RESULTS}")
        unknown = assists - set(ASSISTS)
        if unknown:
            raise ValueError(f"unknown assists {sorted(unknown)}")
        games = self.boards.get(board, ())
        rating, level_rating = self.glicko(board, start), _bounded(level_rating)
        if not assists:
            score = {"win": 1.0, "draw": 0.5, "loss": 0.0}[result]
            rating = rating.after([(level_rating, LEVEL_DEVIATION, score)])
        game = PlayedGame(
            when=time.strftime("%Y-%m-%d %H:%M"),
            level=level,
            level_rating=level_rating,
            result=result,
            rating=_bounded(round(rating.rating)),
            assists=tuple(sorted(assists)),
            moves=moves,
            deviation=min(max(rating.deviation, MIN_DEVIATION), NEW_DEVIATION),
            volatility=min(max(rating.volatility, MIN_VOLATILITY), MAX_VOLATILITY),
            game_id=game_id,
        )
        return self._with_games(board, (*games, game)[-MAX_GAMES:])

    def counted(self, game_id: str) -> bool:
        """Whether the game ``game_id`` is recorded on one of the boards."""
        return any(game.game_id == game_id for games in self.boards.values() for game in games)

    def with_performance(
        self, board: str, moves: str, performance: int, likely: tuple[int, int] | None = None
    ) -> Ratings:
        """These ratings with the strength shown in the last game of ``board`` played as ``moves`` noted (and
        the range it ``likely`` lies in); the same ratings if that game is not the last one (a review of an
        older game)."""
        games = self.boards.get(board, ())
        if not games or games[-1].moves != moves:
            return self
        bounded = None if likely is None else (_bounded(min(likely)), _bounded(max(likely)))
        noted = replace(games[-1], performance=_bounded(performance), performance_range=bounded)
        return self._with_games(board, (*games[:-1], noted))

    def _with_games(self, board: str, games: tuple[PlayedGame, ...]) -> Ratings:
        return Ratings(MappingProxyType({**self.boards, board: games}))


def _bounded(rating: int) -> int:
    """``rating`` within the file's range (what is saved, a later start reads)."""
    return max(-MAX_RATING, min(rating, MAX_RATING))


def parse(data: JsonObject) -> Ratings:
    """The ratings of the file's JSON object; raises ValueError naming the first game that is not well
    formed."""
    return Ratings(MappingProxyType({board: _games(board, games) for board, games in data.items()}))


def salvage(data: JsonObject) -> tuple[JsonObject, JsonObject, list[str]]:
    """The file's games that parse, by board, those that do not (set aside alone, a board that is not a list
    whole), and why each of those does not."""
    good: JsonObject = {}
    damaged: JsonObject = {}
    reasons: list[str] = []
    for board, games in data.items():
        if not isinstance(games, list):
            damaged[board] = games
            reasons.append(_("'{board}' is not a list of games").format(board=board))
            continue
        kept, refused = [], []
        for place, entry in enumerate(games, 1):
            try:
                _game(board, place, entry)
            except ValueError as error:
                refused.append(entry)
                reasons.append(str(error))
            else:
                kept.append(entry)
        if kept:
            good[board] = kept
        if refused:
            damaged[board] = refused
    return good, damaged, reasons


def dump(ratings: Ratings) -> JsonObject:
    return {board: [_game_data(game) for game in games] for board, games in ratings.boards.items()}


def _game_data(game: PlayedGame) -> JsonObject:
    data = asdict(game)
    data["assists"] = list(game.assists)
    data["performance_range"] = None if game.performance_range is None else list(game.performance_range)
    return data


def _games(board: str, value: object) -> tuple[PlayedGame, ...]:
    """One board's games from the file; raises ValueError for anything but a list of well-formed games."""
    if not isinstance(value, list):
        raise ValueError(_("'{board}' is not a list of games").format(board=board))
    return tuple(_game(board, number, entry) for number, entry in enumerate(value[-MAX_GAMES:], 1))


def _game(board: str, number: int, entry: object) -> PlayedGame:
    where = _("'{board}' game {number}").format(board=board, number=number)
    if not isinstance(entry, dict):
        raise ValueError(_("{where} is not an object").format(where=where))

    def text(name: str, limit: int = 64) -> str:
        value = entry.get(name)
        if not isinstance(value, str) or len(value) > limit:
            raise ValueError(_("{where}: '{name}' is not a short text").format(where=where, name=name))
        return value

    def whole(name: str, optional: bool = False) -> int | None:
        value = entry.get(name)
        if optional and value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not -MAX_RATING <= value <= MAX_RATING:
            raise ValueError(
                _("{where}: '{name}' is {value!r}, not a rating").format(where=where, name=name, value=value)
            )
        return value

    result = text("result")
    if result not in RESULTS:
        raise ValueError(
            _("{where}: result '{result}' is not one of {results}").format(
                where=where, result=result, results=", ".join(RESULTS)
            )
        )
    assists = entry.get("assists")
    known = isinstance(assists, list) and all(isinstance(item, str) and item in ASSISTS for item in assists)
    if not known or not isinstance(assists, list):
        raise ValueError(_("{where}: 'assists' is not a list of known assists").format(where=where))
    moves = text("moves", 100)
    if not moves.isdigit() and moves:
        raise ValueError(_("{where}: 'moves' is not a move string").format(where=where))
    level_rating, rating = whole("level_rating"), whole("rating")
    assert level_rating is not None and rating is not None
    deviation = _number(entry, where, "deviation", NEW_DEVIATION, MIN_DEVIATION, NEW_DEVIATION)
    volatility = _number(entry, where, "volatility", NEW_VOLATILITY, MIN_VOLATILITY, MAX_VOLATILITY)
    return PlayedGame(
        when=text("when"),
        level=text("level"),
        level_rating=level_rating,
        result=result,
        rating=rating,
        assists=tuple(sorted(set(assists))),
        moves=moves,
        performance=whole("performance", optional=True),
        performance_range=_range(entry, where),
        deviation=deviation,
        volatility=volatility,
        game_id=text("game_id") if "game_id" in entry else "",
    )


def _range(entry: dict[str, object], where: str) -> tuple[int, int] | None:
    """A game's performance range: two ratings, the lower first; None where the file has none."""
    value = entry.get("performance_range")
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(side) is int and -MAX_RATING <= side <= MAX_RATING for side in value)
        or value[0] > value[1]
    ):
        raise ValueError(
            _("{where}: 'performance_range' is {value!r}, not two ratings, the lower first").format(
                where=where, value=value
            )
        )
    return value[0], value[1]


def _number(
    entry: dict[str, object], where: str, name: str, default: float, low: float, high: float
) -> float:
    """A game's number ``name`` within ``low`` to ``high``; ``default`` where a file of an older version has
    none."""
    value = entry.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ValueError(
            _("{where}: '{name}' is {value!r}, not a number from {low} to {high}").format(
                where=where, name=name, value=value, low=number(low, None), high=number(high, None)
            )
        )
    return float(value)


RATINGS_FILE = FileKind("ratings.json", N_("Ratings"), parse, dump, Ratings, salvage=salvage)
