"""The score tally: wins, draws and losses per game and opponent, kept between runs in ``tally.json``.

Against the computer the tally is kept per board and computer level, from the human's side. In two-player mode
it is kept per board and colour: ``wins`` counts the first player's wins, ``losses`` the second player's (the
view names them by colour). Watch mode is not counted: nobody at the screen won or lost.

The file is one :class:`~ui.state.files.store.JsonStore` of :data:`TALLY_FILE`: a result is counted with
``change(lambda tally: tally.adding(key, result))`` handed to the file's writer (see
:class:`~ui.state.files.user_data.UserData`), which applies it to what the file holds when it writes, so a
result another window counted meanwhile is kept. No pygame here.
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


@dataclass(frozen=True)
class Record:
    """Results of one matchup (see the module docstring for whose wins are which)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

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

    def adding(self, key: str, result: str) -> Tally:
        """This tally with one more ``result`` ("wins", "draws" or "losses") for ``key`` (a count at
        :data:`MAX_COUNT` stays there)."""
        if result not in RESULTS:
            raise ValueError(f"result {result!r} is not one of {', '.join(RESULTS)}")
        record = self.get(key)
        counts = {name: getattr(record, name) for name in RESULTS}
        counts[result] = min(counts[result] + 1, MAX_COUNT)
        return Tally(MappingProxyType({**self.records, key: Record(**counts)}))

    def moving(self, source: str, target: str) -> Tally:
        """This tally with the counts of ``source`` added to ``target``'s (each at most :data:`MAX_COUNT`)
        and ``source`` gone: a record reset into a key of its own, or brought back from it."""
        moved, kept = self.get(source), self.get(target)
        counts = {name: min(getattr(moved, name) + getattr(kept, name), MAX_COUNT) for name in RESULTS}
        records = {key: record for key, record in self.records.items() if key != source}
        return Tally(MappingProxyType({**records, target: Record(**counts)}))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and dict(self.records) == dict(other.records)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.records.items())))


def parse(data: JsonObject) -> Tally:
    """The tally of the file's JSON object; raises ValueError for anything but objects of counts."""
    return Tally(MappingProxyType({key: _record(key, value) for key, value in data.items()}))


def dump(tally: Tally) -> JsonObject:
    return {key: {name: getattr(record, name) for name in RESULTS} for key, record in tally.records.items()}


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
    return Record(**counts)


def _short(value: object) -> str:
    """``value`` as a person reads it in a message, cut to a few dozen characters (a count of 4,000 digits
    is not repeated whole)."""
    if type(value) is int and value.bit_length() > 128:
        return _("a number of about {digits} digits").format(digits=round(value.bit_length() * 0.30103))
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


TALLY_FILE = FileKind("tally.json", N_("Score tally"), parse, dump, Tally)
