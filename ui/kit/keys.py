"""What a key table is made of, for the window's keys (:mod:`ui.panels.window_keys`) and a screen's
(:mod:`ui.play.actions`) alike: a :class:`Chord` (a key press that asks for a command, in the situations where
it does) and a :class:`HelpRow` (the command's row on the help card).

Each table is declared once and resolved in one place; tests/test_ui_keys.py checks that no key press is
claimed by two entries of the window's table and a screen's in any situation, and that the help card shows
every entry's row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

#: Ctrl on most systems, Cmd on a Mac: a key held with it is a command, never a move or a letter typed.
COMMAND_KEYS = pygame.KMOD_CTRL | pygame.KMOD_META

#: What a chord's meaning depends on: the table's own situation type (the play screen's, the window's).
S = TypeVar("S")
#: What a table's entry asks for: the table's own action type.
A = TypeVar("A")


def is_command(mod: int) -> bool:
    """True when Ctrl (or Cmd) is held in the modifiers ``mod``."""
    return bool(mod & COMMAND_KEYS)


@dataclass(frozen=True)
class Chord(Generic[S]):
    """A key press that asks for a command: the ``key`` (or, where ``char`` is given, whichever key types
    that character, as "?" is Shift+/ on one keyboard and a key of its own on another), whether Ctrl (Cmd on a
    Mac) is held, whether Shift must be (True) or must not be (False) held (None: either; not checked for a
    ``char``), and ``when`` it means the command (None: in every situation)."""

    key: int | None = None
    ctrl: bool = False
    shift: bool | None = None
    when: Callable[[S], bool] | None = None
    char: str | None = None

    def matches(self, key: int, mod: int, situation: S, char: str = "") -> bool:
        """The key ``key``, typing ``char``, pressed with the modifiers ``mod`` in ``situation`` is this
        chord."""
        if self.char is not None:
            pressed = char == self.char
        else:
            shift = bool(mod & pygame.KMOD_SHIFT)
            pressed = key == self.key and self.shift in (None, shift)
        return pressed and is_command(mod) == self.ctrl and (self.when is None or self.when(situation))


@dataclass(frozen=True)
class HelpRow:
    """A command's row on the help card: its ``section``, the ``keys`` as a player reads them, and what the
    command does (one row may name two commands, as "undo  /  redo": the second then has none). All three
    untranslated (``N_``)."""

    section: str
    keys: str
    text: str


#: A section of the help card: its title, and its rows of (keys, what they do), untranslated.
Section = tuple[str, tuple[tuple[str, str], ...]]


@dataclass(frozen=True)
class KeyEntry(Generic[A, S]):
    """An entry of a key table whose entries are keys and nothing else (the window's, the start screen's):
    the ``action`` asked for, the ``chords`` that ask for it, and its ``help`` row (None: on no help card, or
    named in another entry's row). The play screen's :class:`~ui.play.actions.Command` has these three and
    more."""

    action: A
    chords: tuple[Chord[S], ...]
    help: HelpRow | None = None


def claimant(
    entries: Iterable[tuple[A, tuple[Chord[S], ...]]], key: int, mod: int, situation: S, char: str = ""
) -> A | None:
    """The action of the first of ``entries`` (action, chords) with a chord that the key ``key``, typing
    ``char``, with the modifiers ``mod`` is in ``situation`` (see :meth:`Chord.matches`); None: no entry
    claims it. A table is made so that no two entries claim one press (tests/test_ui_keys.py)."""
    return next(
        (
            action
            for action, chords in entries
            if any(chord.matches(key, mod, situation, char) for chord in chords)
        ),
        None,
    )
