"""Each key is one entry of a key table (ui/kit/keys.py): the window's (ui/panels/window_keys.py), the play
screen's (ui/play/actions.py), the start screen's (ui/start/start_keys.py) and the statistics screen's. No key
press is claimed by two entries, the window's and the screen's together, on any screen in any situation; the
window's keys leave the moves alone on every board; the help card shows every entry's row."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any

import pygame

from game.catalog import GAMES
from game.language import _
from tools.support.fakes import FakeEngine, key
from ui.app import App
from ui.kit.keys import Chord, HelpRow
from ui.panels.help_card import help_sections
from ui.panels.window_keys import WINDOW_COMMANDS, WindowSituation
from ui.play import move_keys
from ui.play.actions import COMMANDS, Situation
from ui.play.actions import help_sections as play_help
from ui.start.start_keys import START_KEYS
from ui.state.options import PlayOptions
from ui.statistics.scene import STATS_KEYS

#: A table's entries as (name, chords), and the situation its chords are asked in.
Table = tuple[Sequence[tuple[Any, tuple[Chord[Any], ...]]], Any]

MODIFIERS = (
    0,
    pygame.KMOD_LSHIFT,
    pygame.KMOD_LCTRL,
    pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT,
    pygame.KMOD_LMETA,
)
KEYS = sorted({getattr(pygame, name) for name in dir(pygame) if name.startswith("K_")})


def entries(table: Iterable[Any]) -> list[tuple[Any, tuple[Chord[Any], ...]]]:
    return [(entry.action, entry.chords) for entry in table]


def every(situation_type: type) -> list[Any]:
    """Every situation of a type of booleans."""
    names = [field.name for field in fields(situation_type)]
    return [
        situation_type(**dict(zip(names, values, strict=True)))
        for values in itertools.product((False, True), repeat=len(names))
    ]


#: The keys that may type a character not their own, as Shift+/ types "?" on one keyboard, Shift+, on another:
#: the printable ones other than the letters (a letter's key types that letter, in either case).
TYPING_KEYS = [code for code in range(33, 127) if not chr(code).isalpha()]


def presses(chars: Iterable[str]) -> Iterable[tuple[int, int, str]]:
    """Every key press to check (key, modifiers, character typed): every key with every modifier, typing
    nothing a chord asks for; and each of ``chars`` typed by any key that may type it."""
    yield from ((code, mod, "") for code, mod in itertools.product(KEYS, MODIFIERS))
    for char in chars:
        yield from ((code, mod, char) for code in TYPING_KEYS for mod in (0, pygame.KMOD_LSHIFT))


def clashes(tables: Sequence[Table]) -> list[tuple[int, int, str, list[Any]]]:
    """The key presses (key, modifiers, character typed) that more than one entry of ``tables`` claims, each
    table asked in its own situation, with the entries claiming them."""
    chars = {chord.char for table, _situation in tables for _name, chords in table for chord in chords}
    found = []
    for code, mod, char in presses(sorted(char for char in chars if char is not None)):
        claims = [
            name
            for table, situation in tables
            for name, chords in table
            if any(chord.matches(code, mod, situation, char) for chord in chords)
        ]
        if len(claims) > 1:
            found.append((code, mod, char, claims))
    return found


def screens() -> list[tuple[str, list[Table]]]:
    """Each screen in each of its situations: its tables as the window asks them."""
    window = entries(WINDOW_COMMANDS)
    screen_tables = [("start", [(entries(START_KEYS), None)]), ("statistics", [(entries(STATS_KEYS), None)])]
    screen_tables += [
        (f"play {situation}", [(entries(COMMANDS), situation)]) for situation in every(Situation)
    ]
    found: list[tuple[str, list[Table]]] = []
    for (name, tables), over in itertools.product(screen_tables, every(WindowSituation)):
        if over.help_shown or over.settings_shown:
            # The help or the panel takes every key the window's own leave: the screen has none.
            found.append((f"{name}, {over}", [(window, over)]))
        else:
            found.append((f"{name}, {over}", [(window, over), *tables]))
    return found


def test_no_key_press_is_claimed_twice_on_any_screen_in_any_situation():
    checked = screens()
    assert len(checked) == (2 + 64) * 8
    for name, tables in checked:
        assert clashes(tables) == [], name


def test_a_clash_is_found():
    # A screen's entry for M, claimed by the window's sound key too: the check sees it; and the window's
    # F1 beside a screen's F1 that holds only while the review shows, in the review only; and a screen's
    # Shift+/ beside the window's "?", which Shift+/ types on some keyboards.
    screen = [
        ("mute-board", (Chord(pygame.K_m),)),
        ("review-help", (Chord(pygame.K_F1, when=lambda s: s.reviewing),)),
        ("slash", (Chord(pygame.K_SLASH, shift=True),)),
    ]
    window = entries(WINDOW_COMMANDS)
    found = clashes([(window, WindowSituation()), (screen, Situation())])
    assert [(code, mod, char, claims) for code, mod, char, claims in found] == [
        (pygame.K_m, 0, "", ["sound", "mute-board"]),
        (pygame.K_m, pygame.KMOD_LSHIFT, "", ["sound", "mute-board"]),
        (pygame.K_SLASH, pygame.KMOD_LSHIFT, "?", ["help", "slash"]),
    ]
    found = clashes([(window, WindowSituation()), (screen, Situation(reviewing=True))])
    assert {code for code, *_rest in found} == {pygame.K_m, pygame.K_F1, pygame.K_SLASH}
    # While a name is typed the window leaves M to the screen: no clash.
    assert clashes([(window, WindowSituation(typing=True)), (screen, Situation())]) == []


def test_the_window_keys_are_no_move_on_any_board():
    # The play screen's moves are not entries (ui/play/move_keys.py); the window's keys come first.
    codes = {
        chord.key
        for command in WINDOW_COMMANDS
        for chord in command.chords
        if chord.key is not None and not chord.ctrl
    }
    assert {pygame.K_m, pygame.K_t, pygame.K_s, pygame.K_F1, pygame.K_F2} <= codes
    for spec in GAMES.values():
        for width, height in spec.sizes:
            for code in codes:
                assert move_keys.answer(code, width, height, spec.gravity, None) == move_keys.KeyAnswer(None)
                assert move_keys.answer(code, width, height, spec.gravity, 0) == move_keys.KeyAnswer(0)


def test_the_help_card_shows_every_entrys_row():
    card = {title: set(rows) for title, rows in help_sections(play_help())}
    rows: list[HelpRow] = [
        command.help for command in (*COMMANDS, *WINDOW_COMMANDS) if command.help is not None
    ]
    assert len(rows) >= 20
    for row in rows:
        assert (_(row.keys), _(row.text)) in card[_(row.section)], row
    # Each row once: an entry's row is not written twice into the card.
    listed = [row for _title, rows_of in help_sections(play_help()) for row in rows_of]
    assert len(listed) == len(set(listed))


def test_the_window_keys_come_first_and_ctrl_q_quits_over_the_help():
    app = App(FakeEngine, PlayOptions(), start_playing=True)
    app.step([key(pygame.K_QUESTION, unicode="?")], 0.01)
    assert app.help_shown
    app.step([key(pygame.K_q, pygame.KMOD_LCTRL)], 0.01)
    assert not app.running  # the help took every other key, never the window's own Ctrl+Q


def test_f2_and_the_letters_wait_while_a_name_is_typed():
    app = App(FakeEngine, PlayOptions(), start_playing=True)
    app.scene.wants_text = True
    before = app.settings
    app.step([key(pygame.K_F2), key(pygame.K_m, unicode="m"), key(pygame.K_F1)], 0.01)
    assert not app.settings_shown and not app.help_shown and app.settings == before
    app.scene.wants_text = False
    app.step([key(pygame.K_F2)], 0.01)
    assert app.settings_shown
    app.step([key(pygame.K_F1), key(pygame.K_m, unicode="m")], 0.01)  # the panel's: no help, no sound change
    assert app.settings_shown and not app.help_shown and app.settings == before
    app.step([key(pygame.K_F2)], 0.01)
    assert not app.settings_shown
