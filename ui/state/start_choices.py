"""How a choice of the start screen changes the :class:`PlayOptions`: a :class:`Row` of choices (the rows
themselves, in words, and which of them apply in each mode are :mod:`ui.words.start_words`'), and the
options after a choice. The screen (:mod:`ui.start.scene`) lays the rows out and draws them; this module
imports no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai.play.levels import Level
from game.catalog import SIZES
from ui.state.options import FirstPlayer, Mode, PlayOptions

#: The level row's choice of the adaptive level (see :func:`ui.state.files.player_rating.adaptive_level`).
AUTO = "auto"


@dataclass(frozen=True)
class Row:
    """One setting: its ``key``, a label, and the (value, text) choices, ``selected`` being an index.

    A row that does not apply to the chosen mode is shown but not ``enabled`` (greyed, not clickable).
    """

    key: str
    label: str
    choices: tuple[tuple[object, str], ...]
    selected: int
    enabled: bool = True


def apply_choice(options: PlayOptions, key: str, value: object) -> PlayOptions:
    """``options`` with the setting ``key`` set to ``value`` (one of the row's choices, see
    :func:`ui.words.start_words.rows_for`); raises ValueError for a value the row does not offer."""
    match key, value:
        case "game", str(game) if game in SIZES:
            width, height = SIZES[game][0]
            return options.with_game(game, width, height)
        case "size", (int(width), int(height)):
            return options.with_game(options.game, width, height)
        case "level", _ if value == AUTO:
            return replace(options, adaptive=True)
        case "level", Level() as level:
            return replace(options, level=level, adaptive=False)
        case "watch0", Level() as level:
            return replace(options, watch_levels=(level, options.watch_levels[1]))
        case "watch1", Level() as level:
            return replace(options, watch_levels=(options.watch_levels[0], level))
        case "mode", Mode() as mode:
            return replace(options, mode=mode)
        case "first", FirstPlayer() as first:
            return replace(options, first=first)
        case "ponder", bool(ponder):
            return replace(options, ponder=ponder)
        case "coach", bool(coach):
            return replace(options, coach=coach)
        case "seconds", int() | float() as seconds:
            return replace(options, max_seconds=float(seconds))
    raise ValueError(f"the start screen offers no {value!r} for {key!r}")
