"""The score tally: wins, draws and losses per game and opponent, kept between runs in ``tally.json``.

Against the computer the tally is kept per board and computer level, from the human's side. In two-player mode
it is kept per board and colour: ``wins`` counts the first player's wins, ``losses`` the second player's (the
view names them by colour). Watch mode is not counted: nobody at the screen won or lost.

Like the settings, a broken tally file is reported once and replaced by an empty tally in memory; the file is
only written again when a result is recorded or the tally is reset.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from pathlib import Path

from ui.state.userfiles import UserFileError, read_json_object, write_json

log = logging.getLogger(__name__)

FILE_NAME = "tally.json"


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


class Tally:
    """The records of every matchup; ``path`` None keeps them in memory only."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.records: dict[str, Record] = {}
        #: Why the file could not be used, for the window to show once; None when all is well.
        self.problem: str | None = None

    def load(self) -> None:
        """Reads the file; any problem logs a warning, sets :attr:`problem` and starts an empty tally."""
        if self.path is None:
            return
        try:
            data = read_json_object(self.path) or {}
            self.records = {key: _record(key, value) for key, value in data.items()}
        except (UserFileError, ValueError) as error:
            self.problem = f"Score tally ignored: {error}"
            log.warning("%s", self.problem)
            self.records = {}

    def get(self, key: str) -> Record:
        return self.records.get(key, Record())

    def add(self, key: str, result: str) -> str | None:
        """Counts one ``result`` ("wins", "draws", "losses") for ``key`` and saves; returns a write error."""
        record = self.get(key)
        counts = asdict(record)
        counts[result] += 1
        self.records[key] = Record(**counts)
        return self._save()

    def reset(self) -> str | None:
        """Forgets every record and saves; returns a write error, else None."""
        self.records = {}
        return self._save()

    def _save(self) -> str | None:
        if self.path is None:
            return None
        try:
            write_json(self.path, {key: asdict(record) for key, record in self.records.items()})
        except OSError as error:
            log.warning("cannot write the score tally to %s: %s", self.path, error)
            return f"Cannot save the score tally: {error.strerror or error}"
        self.problem = None
        return None


def _record(key: str, value: object) -> Record:
    """One record of the file; raises ValueError for anything but an object of non-negative whole counts."""
    if not isinstance(value, dict):
        raise ValueError(f"'{key}' is not an object of counts")
    counts = {}
    for name in ("wins", "draws", "losses"):
        count = value.get(name, 0)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"'{key}': '{name}' is {count!r}, not a count")
        counts[name] = count
    return Record(**counts)
