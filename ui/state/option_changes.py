"""The options a game at the board may change as it goes, without changing the game. No pygame here."""

from __future__ import annotations

from dataclasses import replace
from typing import TypedDict

from ui.state.options import PlayOptions


class OptionChanges(TypedDict, total=False):
    """The options a game at the board may change as it goes (the settings panel, the match bar's names)."""

    max_seconds: float
    coach: bool
    names: tuple[str, str]


#: The options a game at the board may change as it goes (:class:`OptionChanges`'s keys, for untyped callers).
CHANGEABLE = OptionChanges.__optional_keys__


def changed(options: PlayOptions, changes: OptionChanges) -> PlayOptions:
    """``options`` with ``changes``; raises ValueError for any option not :data:`CHANGEABLE` (an untyped
    caller's), which would change the game."""
    unknown = set(changes) - CHANGEABLE
    if unknown:
        raise ValueError(f"options {sorted(unknown)} cannot change during a game")
    return replace(options, **changes)
