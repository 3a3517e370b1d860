"""The start screen with synthetic mouse and key events."""

from __future__ import annotations

import pygame
import pytest
from fakes import click, key, motion

from ai.levels import MAX, Level, levels_for
from ui.options import FirstPlayer, Mode, PlayOptions
from ui.scene import GoToPlay, Quit
from ui.start_scene import StartScene, rows_for
from ui.theme import CLASSIC

SIZE = (960, 780)


@pytest.fixture(autouse=True)
def pygame_ready():
    pygame.init()
    yield


def button(scene, label, row_key=None):
    """The button showing ``label`` (in the row ``row_key`` when labels repeat)."""
    rows = rows_for(scene.options, CLASSIC)
    for index, row_buttons in enumerate(scene.buttons()):
        if row_key is not None and (index >= len(rows) or rows[index].key != row_key):
            continue
        for candidate in row_buttons:
            if candidate.label == label:
                return candidate
    raise AssertionError(f"no button {label!r} in {row_key or 'any row'}")


def test_keyboard_changes_settings_and_enter_plays():
    scene = StartScene(SIZE, PlayOptions())
    scene.handle(key(pygame.K_DOWN))
    scene.handle(key(pygame.K_DOWN))
    scene.handle(key(pygame.K_RIGHT))  # Mode: two players
    assert scene.options.mode is Mode.TWO_PLAYERS
    scene.handle(key(pygame.K_UP))
    scene.handle(key(pygame.K_RIGHT))  # Board: 6 x 5
    assert (scene.options.width, scene.options.height) == (6, 5)
    scene.handle(key(pygame.K_RETURN))
    assert scene.request == GoToPlay(scene.options)
    assert scene.request.options.mode is Mode.TWO_PLAYERS


def test_mouse_chooses_game_level_and_plays():
    scene = StartScene(SIZE, PlayOptions())
    scene.handle(click(button(scene, "Tic-tac-toe").rect.center))
    assert (scene.options.game, scene.options.width, scene.options.height) == ("tictactoe", 3, 3)
    assert [b.label for b in scene.buttons()[1]] == ["3 \u00d7 3", "4 \u00d7 4"]
    scene.handle(click(button(scene, "max").rect.center))
    assert scene.options.level == MAX
    scene.handle(click(button(scene, "Computer", "first").rect.center))
    assert scene.options.first is FirstPlayer.COMPUTER
    scene.handle(click(button(scene, "Off", "ponder").rect.center))
    assert scene.options.ponder is False
    scene.handle(click(button(scene, "Play").rect.center))
    assert isinstance(scene.request, GoToPlay) and scene.request.options.level == MAX


def test_levels_are_shown_as_depths_and_max():
    scene = StartScene(SIZE, PlayOptions())
    labels = [b.label for b in scene.buttons()[4]]
    assert labels == [level.label for level in levels_for("connect4")]
    assert labels[0] == "depth 1" and labels[-1] == "max"


def test_watch_mode_has_a_level_per_side():
    scene = StartScene(SIZE, PlayOptions())
    scene.handle(click(button(scene, "Computer vs computer").rect.center))
    keys = [row.key for row in rows_for(scene.options, CLASSIC)]
    assert keys == ["game", "size", "mode", "watch0", "watch1", "first"]
    scene.handle(click(button(scene, "depth 2", "watch0").rect.center))
    scene.handle(click(button(scene, "max", "watch1").rect.center))
    assert scene.options.watch_levels == (Level(2), MAX)


def test_switching_game_keeps_only_offered_levels():
    scene = StartScene(SIZE, PlayOptions(level=Level(10)))
    scene.handle(click(button(scene, "Tic-tac-toe").rect.center))
    assert scene.options.level in levels_for("tictactoe")


def test_ctrl_q_quits_and_every_size_draws():
    scene = StartScene(SIZE, PlayOptions(moves="44"))
    assert scene.options.moves == ""  # a start position belongs to the command line, not to the menu
    for size in ((960, 780), (400, 320), (1800, 1000)):
        scene.resize(size)
        scene.handle(motion((size[0] // 2, size[1] // 2)))
        scene.draw(pygame.Surface(size))
        for row in scene.buttons():
            for b in row:
                assert 0 <= b.rect.left and b.rect.right <= size[0], (size, b.label)
    scene.handle(key(pygame.K_ESCAPE))
    assert scene.request is None  # Esc left the play screen; a second press must not close the game
    scene.handle(key(pygame.K_q, pygame.KMOD_LCTRL))
    assert isinstance(scene.request, Quit)
