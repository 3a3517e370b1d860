"""The window's own keys, each declared once in :data:`WINDOW_COMMANDS`: its name (a :class:`WindowAction`),
the keys that ask for it, in which :class:`WindowSituation`, and its row of the help card. What each does is
``App._window_act``'s (:mod:`ui.app`: the window's settings, its help and panel are the window's).

They work on every screen, and come before the screen's keys: the window resolves a key press here first and
hands it to the screen only when no entry claims it. An entry claims no key a screen's table claims in any
situation (tests/test_ui_keys.py), so which table comes first matters only for a screen's keys outside its
table: the moves, the start screen's and the statistics screen's, which leave the window's keys alone (the
same test). While the screen takes typed text (a name), the window's one-key shortcuts leave the keys to it;
while the help or the settings panel shows, that layer takes every key the window's entries do not.

Adding a key of the window: a value of :class:`WindowAction`, an entry of :data:`WINDOW_COMMANDS`, and its
case in ``App._window_act`` (:mod:`ui.app`; docs/development.md).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

from game.language import N_
from ui.kit.keys import Chord, HelpRow, KeyEntry, Section, claimant

#: The help card's section of the window's keys.
WINDOW = N_("Window")


class WindowAction(str, enum.Enum):
    """Something the player asks of the window, whatever the screen."""

    #: Opens the help, turns its pages, closes it after the last.
    HELP = "help"
    CLOSE_HELP = "close-help"
    #: Opens or closes the settings panel.
    SETTINGS = "settings"
    SOUND = "sound"
    THEME = "theme"
    ANIMATION = "animation"
    QUIT = "quit"


@dataclass(frozen=True)
class WindowSituation:
    """What a window key's meaning depends on: the help shows, the settings panel shows, the screen takes
    typed text."""

    help_shown: bool = False
    settings_shown: bool = False
    typing: bool = False


def _nothing_over_the_screen(situation: WindowSituation) -> bool:
    """The screen takes keys: no help, no panel over it, and it is not taking typed text."""
    return not (situation.help_shown or situation.settings_shown or situation.typing)


def _help_can_show(situation: WindowSituation) -> bool:
    return not (situation.settings_shown or situation.typing)


def _help_shows(situation: WindowSituation) -> bool:
    return situation.help_shown


def _panel_can_show(situation: WindowSituation) -> bool:
    return not (situation.help_shown or situation.typing)


#: One key of the window (see the module's docstring).
WindowCommand = KeyEntry[WindowAction, WindowSituation]


#: Every key of the window, in the help card's order.
WINDOW_COMMANDS: tuple[WindowCommand, ...] = (
    WindowCommand(
        WindowAction.SETTINGS,
        (Chord(pygame.K_F2, when=_panel_can_show),),
        HelpRow(WINDOW, N_("F2"), N_("settings: sound, theme, animations, think time, coach")),
    ),
    WindowCommand(
        WindowAction.SOUND,
        (Chord(pygame.K_m, when=_nothing_over_the_screen),),
        HelpRow(WINDOW, N_("M"), N_("sound on / off")),
    ),
    WindowCommand(
        WindowAction.THEME,
        (Chord(pygame.K_t, when=_nothing_over_the_screen),),
        HelpRow(WINDOW, N_("T"), N_("theme: classic, dark, high contrast")),
    ),
    WindowCommand(
        WindowAction.ANIMATION,
        (Chord(pygame.K_s, when=_nothing_over_the_screen),),
        HelpRow(WINDOW, N_("S"), N_("animation speed: off, slow, normal, fast")),
    ),
    WindowCommand(
        WindowAction.HELP,
        (
            Chord(pygame.K_F1, when=_help_can_show),
            Chord(pygame.K_QUESTION, when=_help_can_show),
            # "?" is Shift+/ on many keyboards: the character typed asks, whichever key typed it.
            Chord(char="?", when=_help_can_show),
        ),
        HelpRow(WINDOW, N_("F1 or ?"), N_("this help")),
    ),
    # The help card's footer names it ("Esc closes this help").
    WindowCommand(WindowAction.CLOSE_HELP, (Chord(pygame.K_ESCAPE, when=_help_shows),)),
    WindowCommand(
        WindowAction.QUIT,
        (Chord(pygame.K_q, ctrl=True),),
        HelpRow(WINDOW, N_("Ctrl+Q"), N_("quit")),
    ),
)

#: The help card's rows of the window that are not keys, each before the command whose row it precedes.
OTHER_ROWS: tuple[tuple[WindowAction, HelpRow], ...] = (
    (WindowAction.HELP, HelpRow(WINDOW, N_("Click during a move"), N_("finish the animation"))),
)


def window_action(key: int, mod: int, char: str, situation: WindowSituation) -> WindowAction | None:
    """The window's action that ``key``, typing ``char``, with the modifiers ``mod`` asks for in
    ``situation``; None: the key is not the window's (the layer shown, else the screen, has it)."""
    return claimant(
        ((command.action, command.chords) for command in WINDOW_COMMANDS), key, mod, situation, char
    )


def window_section() -> Section:
    """The help card's section of the window's keys (untranslated): each command's row, and the other rows
    (:data:`OTHER_ROWS`) in their places."""
    rows: list[tuple[str, str]] = []
    for command in WINDOW_COMMANDS:
        rows.extend((row.keys, row.text) for before, row in OTHER_ROWS if before is command.action)
        if command.help is not None:
            rows.append((command.help.keys, command.help.text))
    return WINDOW, tuple(rows)
