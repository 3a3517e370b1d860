"""Options have one owner: the player's settings change only when the player changes them. A puzzle, a
continued, pasted or loaded game brings its own options and never writes the player's settings or names; a
continued game is played with its own options whatever the settings say. Driven as a player does, through the
window's own loop (App.step) with synthetic events, over user files on disk."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from ai.play.levels import Level
from tools.support.fakes import FakeEngine, click, key
from tools.support.waiting import GENEROUS
from ui.app import App
from ui.launch import main as window_main
from ui.play.scene import PlayScene
from ui.start.scene import PUZZLES, STATS, StartScene
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.settings import Settings
from ui.state.files.user_data import UserData
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.words.start_words import rows_for

SIZE = (960, 780)
#: The player's own settings: nothing like a puzzle's (two players with names, depth 4, no coach, 5 s).
PLAYERS_OWN = Settings(
    play=PlayOptions(
        mode=Mode.TWO_PLAYERS, level=Level(4), coach=False, max_seconds=5.0, names=("Ann", "Bob")
    ),
    theme="dark",
)


pytestmark = pytest.mark.usefixtures("pygame_ready")


@pytest.fixture
def files(tmp_path) -> UserData:
    """The user's files on disk, with the player's own settings saved."""
    stored = UserData.open(tmp_path / "config", tmp_path / "data")
    stored.settings.change(lambda settings: PLAYERS_OWN)
    assert stored.close(GENEROUS) == [] and stored.settings.take_problem() is None
    return UserData.open(tmp_path / "config", tmp_path / "data")


def saved_settings(tmp_path, files: UserData) -> Settings:
    """The settings on file once ``files`` have written every change handed over."""
    assert files.settings.flush(GENEROUS)
    return UserData.open(tmp_path / "config", tmp_path / "data").settings.value


def test_a_puzzle_left_with_esc_leaves_the_players_settings_and_names_as_they_were(tmp_path, files):
    app = App(FakeEngine, files.settings.value.play, start_playing=False, size=SIZE, files=files)
    puzzles = next(b for b in app.scene.buttons()[-1] if b.action == PUZZLES)
    app.step([click(puzzles.rect.center)], 0.01)
    assert isinstance(app.scene, PlayScene) and app.scene.play_state.puzzle is not None
    app.step([key(pygame.K_ESCAPE)], 0.01)
    assert isinstance(app.scene, StartScene)
    assert app.scene.options == PLAYERS_OWN.play  # the menu offers the player's settings, not the puzzle's
    assert saved_settings(tmp_path, files) == PLAYERS_OWN
    app.step([key(pygame.K_RETURN)], 0.01)  # and playing from the menu plays the player's own game
    assert isinstance(app.scene, PlayScene) and app.scene.play_state.options.names == ("Ann", "Bob")
    assert saved_settings(tmp_path, files) == PLAYERS_OWN


def choose(app: App, key_name: str, value: object) -> None:
    """Clicks the start screen's button for ``value`` in the row of ``key_name``, as the player does."""
    rows = rows_for(app.scene.options, app.scene.theme)
    index = next(number for number, row in enumerate(rows) if row.key == key_name)
    choice = [value for value, _text in rows[index].choices].index(value)
    app.step([click(app.scene.buttons()[index][choice].rect.center)], 0.01)


def test_the_start_screens_choices_stay_whichever_screen_is_visited(tmp_path, files):
    app = App(FakeEngine, files.settings.value.play, start_playing=False, size=SIZE, files=files)
    for key_name, value in (
        ("mode", Mode.COMPUTER),
        ("size", (6, 5)),
        ("first", FirstPlayer.COMPUTER),
        ("level", Level(2)),
        ("coach", True),
    ):
        choose(app, key_name, value)
    made = app.scene.options
    assert (made.width, made.first, made.level, made.coach) == (6, FirstPlayer.COMPUTER, Level(2), True)
    for button in (PUZZLES, STATS):
        go = next(b for b in app.scene.buttons()[-1] if b.action == button)
        app.step([click(go.rect.center)], 0.01)
        assert not isinstance(app.scene, StartScene)
        app.step([key(pygame.K_ESCAPE)], 0.01)
        assert isinstance(app.scene, StartScene) and app.scene.options == made
    assert saved_settings(tmp_path, files).play == made


def test_options_on_the_command_line_are_for_that_run_and_never_the_start_screens(
    tmp_path, files, monkeypatch
):
    for variable, folder in (("PONDER_CONFIG_DIR", "config"), ("PONDER_DATA_DIR", "data")):
        monkeypatch.setenv(variable, str(tmp_path / folder))
    seen: list[App] = []
    monkeypatch.setattr(App, "run", lambda app: seen.append(app) or 0)
    for argv in (
        ["--level", "1"],
        ["--level", "2", "--moves", "44"],
        ["--mode", "computer", "--level", "auto"],
    ):
        seen.clear()
        assert window_main(argv, engine_factory=FakeEngine) == 0
        (app,) = seen
        assert isinstance(app.scene, PlayScene) and app.scene.play_state.options.mode is Mode.COMPUTER
        app.step([key(pygame.K_ESCAPE)], 0.01)
        # The start screen offers the player's own choices, and the settings keep them.
        assert isinstance(app.scene, StartScene) and app.scene.options == PLAYERS_OWN.play
        app.files.close(GENEROUS)
        assert saved_settings(tmp_path, files) == PLAYERS_OWN
    # The next run without options opens on the player's choices.
    seen.clear()
    assert window_main([], engine_factory=FakeEngine) == 0
    assert isinstance(seen[0].scene, StartScene) and seen[0].scene.options == PLAYERS_OWN.play


def test_a_think_time_chosen_in_a_puzzle_is_the_one_setting_that_changes(tmp_path, files):
    app = App(FakeEngine, files.settings.value.play, start_playing=False, size=SIZE, files=files)
    puzzles = next(b for b in app.scene.buttons()[-1] if b.action == PUZZLES)
    app.step([click(puzzles.rect.center)], 0.01)
    # The settings panel's think-time row, as a click on it applies it.
    app._apply_setting("max_seconds", 10.0)
    assert app.scene.play_state.options.max_seconds == 10.0
    expected = replace(PLAYERS_OWN, play=replace(PLAYERS_OWN.play, max_seconds=10.0))
    assert saved_settings(tmp_path, files) == expected and app.settings == expected


def test_a_continued_tictactoe_game_is_played_with_its_own_options_whatever_the_settings_say(
    tmp_path, monkeypatch
):
    """The settings say Connect Four against depth 4; the kept game is Tic-tac-toe against depth 2. Before,
    the board was drawn as a Connect Four board, and with the real engine H (a hint) crashed the window."""
    monkeypatch.setenv("PONDER_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("PONDER_DATA_DIR", str(tmp_path / "data"))
    stored = UserData.open()
    stored.settings.change(lambda settings: PLAYERS_OWN)
    tictactoe = PlayOptions(game="tictactoe", width=3, height=3, level=Level(2))
    stored.unfinished.change(lambda kept: kept.keeping("earlier", UnfinishedGame(tictactoe, 1, "5")))
    assert stored.close(GENEROUS) == []
    seen: dict[str, object] = {}

    def play_instead(app: App) -> int:
        scene = app.scene
        assert isinstance(scene, PlayScene)
        for _ in range(20):  # the computer's reply to the kept move
            app.step([], 0.05)
        app.step([key(pygame.K_h, unicode="h")], 0.05)  # a hint on the 3 x 3 board
        for _ in range(20):
            app.step([], 0.05)
        surface = pygame.Surface(SIZE)
        app.render(surface)
        seen.update(
            options=scene.play_state.options,
            moves=scene.play_state.game.moves_text(),
            view=type(scene.view).__name__,
            files=app.files,
        )
        return 0

    monkeypatch.setattr(App, "run", play_instead)
    assert window_main(["--continue"], engine_factory=FakeEngine) == 0
    assert seen["options"] == replace(tictactoe, moves="")
    assert seen["view"] == "TicTacToeView" and str(seen["moves"]).startswith("5")
    files = seen["files"]
    assert isinstance(files, UserData) and saved_settings(tmp_path, files) == PLAYERS_OWN


def test_renaming_a_player_remembers_the_name_and_nothing_else_of_the_game(tmp_path, files):
    continued = UnfinishedGame(PlayOptions(mode=Mode.TWO_PLAYERS, names=("Xe", "Yo")), 3, "44")
    app = App(FakeEngine, continued.options, True, size=SIZE, files=files, resume=continued)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    scene.renaming, scene.name_draft = 0, "Zoe"
    scene.finish_renaming(keep=True)
    app.step([], 0.01)
    assert scene.play_state.options.names == ("Zoe", "Yo")
    expected = replace(PLAYERS_OWN, play=replace(PLAYERS_OWN.play, names=("Zoe", "Bob")))
    assert saved_settings(tmp_path, files) == expected
