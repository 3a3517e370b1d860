"""The start screen's keys, each declared once in :data:`START_KEYS` (what they do is
:class:`~ui.start.scene.StartScene`'s): Enter or Space starts the default button, Up and Down (or Shift+Tab
and Tab) move between the rows, Left and Right change the focused row. With Ctrl held a key is a command,
none of these (Ctrl+Q, the window's, quits). The window's keys come first (:mod:`ui.panels.window_keys`);
none of these is one of them (tests/test_ui_keys.py).
"""

from __future__ import annotations

import enum

import pygame

from ui.kit.keys import Chord, KeyEntry, claimant


class StartAction(str, enum.Enum):
    """Something the player asks of the start screen by a key."""

    #: The default button: Continue, or Play.
    START = "start"
    PREVIOUS_ROW = "previous-row"
    NEXT_ROW = "next-row"
    #: The focused row's choice to the left (on the buttons' row: the button to the left becomes the default).
    LEFT = "left"
    RIGHT = "right"


#: Every key of the start screen; its meaning depends on no situation (the focused row is the scene's).
START_KEYS: tuple[KeyEntry[StartAction, None], ...] = (
    KeyEntry(StartAction.START, (Chord(pygame.K_RETURN), Chord(pygame.K_KP_ENTER), Chord(pygame.K_SPACE))),
    KeyEntry(StartAction.PREVIOUS_ROW, (Chord(pygame.K_UP), Chord(pygame.K_TAB, shift=True))),
    KeyEntry(StartAction.NEXT_ROW, (Chord(pygame.K_DOWN), Chord(pygame.K_TAB, shift=False))),
    KeyEntry(StartAction.LEFT, (Chord(pygame.K_LEFT),)),
    KeyEntry(StartAction.RIGHT, (Chord(pygame.K_RIGHT),)),
)


def start_action(key: int, mod: int) -> StartAction | None:
    """The start screen's action that ``key`` with the modifiers ``mod`` asks for; None: none."""
    return claimant(((entry.action, entry.chords) for entry in START_KEYS), key, mod, None)
