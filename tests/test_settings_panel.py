"""The settings panel (ui/panels/settings_panel.py, owned by the App): opened by the play screen's Settings
button or F2, every row changes its setting at once and remembers it, and nothing reaches the board
beneath."""

from __future__ import annotations

import pygame
import pytest

from ai.exact.team import window_threads
from ai.play.levels import Level
from tools.support.fakes import FakeEngine, click, key
from tools.support.waiting import GENEROUS
from ui import launch
from ui.app import App
from ui.panels.settings_panel import CLOSE, panel_layout
from ui.play.actions import Action
from ui.play.scene import PlayScene
from ui.state.files.settings import SETTINGS, SETTINGS_FILE, Applies, Settings, thread_counts
from ui.state.files.store import JsonStore
from ui.state.files.user_data import UserData
from ui.state.option_changes import CHANGEABLE
from ui.state.options import PlayOptions

pytestmark = pytest.mark.usefixtures("pygame_ready")


def playing(tmp_path) -> tuple[App, PlayScene, JsonStore[Settings]]:
    store = JsonStore(SETTINGS_FILE, tmp_path / "settings.json")
    store.load()
    app = App(FakeEngine, PlayOptions(level=Level(4)), start_playing=True, files=UserData(settings=store))
    assert isinstance(app.scene, PlayScene)
    return app, app.scene, store


def choose(app: App, key_name: str, text: str) -> None:
    """Clicks the choice ``text`` of the row ``key_name``."""
    rows = app._setting_rows()
    shown = panel_layout(app.scene.size, app.fonts, rows)
    row = next(index for index, row in enumerate(rows) if row.key == key_name)
    button = next(button for button in shown.buttons[row] if button.label == text)
    app.step([click(button.rect.center)], 0.01)


def test_the_toolbar_button_and_f2_open_it_esc_and_a_click_outside_close_it(tmp_path):
    app, scene, _ = playing(tmp_path)
    settings = next(b for b in scene.frame().toolbar.buttons if b.action == Action.SETTINGS)
    app.step([click(settings.rect.center)], 0.01)
    assert app.settings_shown
    app.step([key(pygame.K_ESCAPE)], 0.01)
    assert not app.settings_shown and isinstance(app.scene, PlayScene)  # Esc closed the panel, not the game
    app.step([key(pygame.K_F2)], 0.01)
    assert app.settings_shown
    app.step([click((2, 2))], 0.01)
    assert not app.settings_shown
    app.step([key(pygame.K_F2)], 0.01)
    close = panel_layout(app.scene.size, app.fonts, app._setting_rows()).close
    assert close.action == CLOSE
    app.step([click(close.rect.center)], 0.01)
    assert not app.settings_shown


def test_every_row_applies_at_once_and_is_remembered(tmp_path):
    app, scene, store = playing(tmp_path)
    app.step([key(pygame.K_F2)], 0.01)
    choose(app, "sound", "Off")
    assert not app.settings.sound and not app.sounds.enabled
    choose(app, "theme", "Dark")
    assert app.theme.name == "dark" and scene.theme.name == "dark"
    choose(app, "animation", "Off")
    assert scene.play_state.animation_speed == 0.0
    choose(app, "max_seconds", "10 s")
    assert (
        scene.play_state.options.max_seconds == 10.0
        and scene.play_state.board_game.options.max_seconds == 10.0
    )
    before = scene.play_state.engine.count("ponder")
    choose(app, "coach", "On")
    assert scene.play_state.options.coach and scene.play_state.engine.count("ponder") == before + 1
    assert scene.play_state.engine.last("ponder").analyse  # the coach needs proven values: asked for at once
    assert app.files.settings.flush(GENEROUS)
    remembered = JsonStore(SETTINGS_FILE, store.path).load()
    assert (remembered.sound, remembered.theme, remembered.animation) == (False, "dark", "off")
    assert remembered.play.max_seconds == 10.0 and remembered.play.coach
    # The panel shows the values now set.
    values = {row.key: row.value for row in app._setting_rows()}
    shown = {
        "sound": False,
        "theme": "dark",
        "animation": "off",
        "language": "",
        "max_seconds": 10.0,
        "coach": True,
        "solver_threads": 0,
    }
    assert shown.items() <= values.items()


def test_the_keyboard_moves_between_rows_and_changes_them(tmp_path):
    app, scene, _ = playing(tmp_path)
    app.step([key(pygame.K_F2), key(pygame.K_DOWN), key(pygame.K_RIGHT)], 0.01)  # the theme row, next theme
    assert app.theme.name == "dark"
    app.step([key(pygame.K_LEFT)], 0.01)
    assert app.theme.name == "classic"


def test_nothing_reaches_the_board_while_the_panel_shows(tmp_path):
    app, scene, _ = playing(tmp_path)
    app.step([key(pygame.K_F2)], 0.01)
    sound = app.settings.sound
    app.step([key(pygame.K_4, unicode="4"), key(pygame.K_m, unicode="m")], 0.01)
    assert scene.play_state.game.ply() == 0 and app.settings_shown and app.settings.sound == sound
    # A click outside the card (on the board where the card leaves some) only closes the panel; a click on
    # the board then plays.
    card, layout = panel_layout(scene.size, app.fonts, app._setting_rows()).card, scene.layout()
    board = [layout.cell_centre(row, column) for row in range(6) for column in range(7)]
    outside = next((point for point in board if not card.collidepoint(point)), (card.left - 4, card.centery))
    app.step([click(outside)], 0.01)
    assert scene.play_state.game.ply() == 0 and not app.settings_shown
    app.step([click(board[3])], 0.01)
    assert scene.play_state.game.ply() >= 1


def test_on_the_start_screen_f2_shows_the_windows_settings_only(tmp_path):
    store = JsonStore(SETTINGS_FILE, tmp_path / "settings.json")
    store.load()
    app = App(FakeEngine, PlayOptions(), start_playing=False, files=UserData(settings=store))
    app.step([key(pygame.K_F2)], 0.01)
    keys = [row.key for row in app._setting_rows()]
    # The think time and the coach are the game's on the board: on the start screen, its own rows show them.
    assert app.settings_shown and keys[:4] == ["sound", "theme", "animation", "language"]
    assert "solver_threads" in keys and not {"max_seconds", "coach"} & set(keys)
    surface = pygame.Surface(app.scene.size)
    app.render(surface)  # draws over the start screen without trouble


def test_the_solver_threads_are_a_setting_kept_for_the_next_start(tmp_path):
    store = JsonStore(SETTINGS_FILE, tmp_path / "settings.json")
    store.load()
    app = App(FakeEngine, PlayOptions(), start_playing=False, files=UserData(settings=store))
    app.step([key(pygame.K_F2)], 0.01)
    row = next(row for row in app._setting_rows() if row.key == "solver_threads")
    assert row.value == 0 and row.choices[0][1].startswith("Auto (") and (1, "1") in row.choices
    app._apply_setting("solver_threads", 1)  # as a click on the row's "1" applies it
    assert app.files.settings.flush(GENEROUS)
    assert JsonStore(SETTINGS_FILE, tmp_path / "settings.json").load().solver_threads == 1
    assert "from the next start" in (app.toast.text or "")


def test_the_threads_row_offers_every_power_of_two_up_to_the_cores_and_the_cores():
    assert thread_counts(0, 12) == (0, 1, 2, 4, 8, 12)
    assert thread_counts(3, 2) == (0, 1, 2, 3)  # a count set by hand stays


def test_the_window_starts_its_engine_with_the_threads_set(monkeypatch):
    import ai.engine

    made = {}

    class Recording:
        def __init__(self, **keywords):
            made.update(keywords)

    monkeypatch.setattr(ai.engine, "Engine", Recording)
    launch.real_engine(3)
    assert made["solver_threads"] == 3
    launch.real_engine(0)
    assert made["solver_threads"] == window_threads()


def test_every_setting_of_the_board_may_change_during_a_game():
    """A setting that applies to the game on the board is one the board game lets change as it goes (else
    choosing it on the panel would be refused there)."""
    board = {setting.key for setting in SETTINGS if setting.applies is Applies.BOARD}
    assert board and board <= CHANGEABLE


def test_the_panel_makes_its_rows_again_only_when_what_they_show_changed(tmp_path):
    store = JsonStore(SETTINGS_FILE, tmp_path / "settings.json")
    store.load()
    app = App(FakeEngine, PlayOptions(), start_playing=True, files=UserData(settings=store))
    app.step([key(pygame.K_F2)], 0.01)
    rows = app._setting_rows()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))], 0.01)
    assert app._setting_rows() is rows
    app.step([key(pygame.K_RIGHT)], 0.01)  # the focused row's next choice: the sound off
    assert not app.settings.sound
    assert app._setting_rows() is not rows and app._setting_rows() != rows
