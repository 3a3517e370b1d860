"""The score tally: wins, draws and losses per game and opponent, kept between runs in ``tally.json``.

Against the computer the tally is kept per board and computer level, from the human's side. In two-player mode
it is kept per board and colour: ``wins`` counts the first player's wins, ``losses`` the second player's (the
view names them by colour). Watch mode is not counted: nobody at the screen won or lost.

The file is one :class:`~ui.state.files.store.JsonStore` of :data:`TALLY_FILE`: a result is counted with
``change(lambda tally: tally.adding(key, result))`` handed to the file's writer (see
:class:`~ui.state.files.user_data.UserData`), which applies it to what the file holds when it writes, so a
result another window counted meanwhile is kept. Each record remembers the ids of the last
:data:`MAX_GAME_IDS` games it counted (``"game_ids"``), so that a finished game counted again (after a kill,
from the journal of finished games, see :mod:`ui.state.files.game_end`) counts once. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.language import N_, _
from ui.state.files.store import FileKind, JsonObject

#: A count stops here (a billion games): far beyond any player, and every count stays a short number.
MAX_COUNT = 10**9
RESULTS = ("wins", "draws", "losses")
#: Ids of counted games a record remembers (the newest): far more than the games a kill could leave to count
#: again, few enough that the file stays a few KB.
MAX_GAME_IDS = 100
#: The longest game id read (the program makes 16 hex digits).
MAX_ID_LENGTH = 64


@dataclass(frozen=True)
class Record:
    """Results of one matchup (see the module docstring for whose wins are which)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    #: The ids of the last games counted here, oldest first (a game without an id is counted unnamed).
    game_ids: tuple[str, ...] = ()

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def matchup_key(variant: str, opponent: str | None) -> str:
    """``"connect4 7x6 vs depth 4"`` against the computer; ``"connect4 7x6 two players"`` when ``opponent`` is
    None."""
    return f"{variant} vs {opponent}" if opponent is not None else f"{variant} two players"


@dataclass(frozen=True)
class Tally:
    """The records of every matchup, by :func:`matchup_key` (a value: changes make a new tally)."""

    records: Mapping[str, Record] = field(default_factory=lambda: MappingProxyType({}))

    def get(self, key: str) -> Record:
        return self.records.get(key, Record())

    def counted(self, game_id: str) -> bool:
        """Whether the game ``game_id`` is counted in one of the records (reset ones too)."""
        return any(game_id in record.game_ids for record in self.records.values())

    def adding(self, key: str, result: str, game_id: str = "") -> Tally:
        """This tally with one more ``result`` ("wins", "draws" or "losses") for ``key`` (a count at
        :data:`MAX_COUNT` stays there), remembering ``game_id``; the same tally when that game is counted
        already."""
        if result not in RESULTS:
            raise ValueError(f"result {result!r} is not one of {', '.join(RESULTS)}")
        if game_id and self.counted(game_id):
            return self
        record = self.get(key)
        counts = {name: getattr(record, name) for name in RESULTS}
        counts[result] = min(counts[result] + 1, MAX_COUNT)
        game_ids = (*record.game_ids, game_id)[-MAX_GAME_IDS:] if game_id else record.game_ids
        return Tally(MappingProxyType({**self.records, key: Record(**counts, game_ids=game_ids)}))

    def moving(self, source: str, target: str) -> Tally:
        """This tally with the counts of ``source`` added to ``target``'s (each at most :data:`MAX_COUNT`)
        and ``source`` gone: a record reset into a key of its own, or brought back from it (its games' ids
        go with it)."""
        moved, kept = self.get(source), self.get(target)
        counts = {name: min(getattr(moved, name) + getattr(kept, name), MAX_COUNT) for name in RESULTS}
        game_ids = (*kept.game_ids, *moved.game_ids)[-MAX_GAME_IDS:]
        records = {key: record for key, record in self.records.items() if key != source}
        return Tally(MappingProxyType({**records, target: Record(**counts, game_ids=game_ids)}))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and dict(self.records) == dict(other.records)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.records.items())))


def parse(data: JsonObject) -> Tally:
    """The tally of the file's JSON object; raises ValueError for anything but objects of counts."""
    return Tally(MappingProxyType({key: _record(key, value) for key, value in data.items()}))


def salvage(data: JsonObject) -> tuple[JsonObject, JsonObject, list[str]]:
    """The file's records that parse, those that do not (set aside alone), and why each of those does not."""
    good, damaged, reasons = {}, {}, []
    for key, value in data.items():
        try:
            _record(key, value)
        except ValueError as error:
            damaged[key] = value
            reasons.append(str(error))
        else:
            good[key] = value
    return good, damaged, reasons


def dump(tally: Tally) -> JsonObject:
    return {key: _record_data(record) for key, record in tally.records.items()}


def _record_data(record: Record) -> JsonObject:
    data: JsonObject = {name: getattr(record, name) for name in RESULTS}
    if record.game_ids:
        data["game_ids"] = list(record.game_ids)
    return data


def _record(key: str, value: object) -> Record:
    """One record of the file; raises ValueError for anything but an object of whole counts up to
    :data:`MAX_COUNT`."""
    if not isinstance(value, dict):
        raise ValueError(_("'{key}' is not an object of counts").format(key=key))
    counts = {}
    for name in RESULTS:
        count = value.get(name, 0)
        if type(count) is not int or not 0 <= count <= MAX_COUNT:
            raise ValueError(
                _("'{key}': '{name}' is {count}, not a count").format(key=key, name=name, count=_short(count))
            )
        counts[name] = count
    game_ids = value.get("game_ids", [])
    if (
        not isinstance(game_ids, list)
        or len(game_ids) > MAX_GAME_IDS
        or not all(isinstance(game, str) and 0 < len(game) <= MAX_ID_LENGTH for game in game_ids)
    ):
        raise ValueError(
            _("'{key}': 'game_ids' is not a list of at most {most} ids").format(key=key, most=MAX_GAME_IDS)
        )
    return Record(**counts, game_ids=tuple(game_ids))


def _short(value: object) -> str:
    """``value`` as a person reads it in a message, cut to a few dozen characters (a count of 4,000 digits
    is not repeated whole)."""
    if type(value) is int and value.bit_length() > 128:
        return _("a number of about {digits} digits").format(digits=round(value.bit_length() * 0.30103))
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


TALLY_FILE = FileKind("tally.json", N_("Score tally"), parse, dump, Tally, salvage=salvage)
