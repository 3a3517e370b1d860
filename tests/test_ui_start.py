"""The start screen with synthetic mouse and key events."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from ai.play.levels import MAX, Level, levels_for
from ai.rating.ladder import read_ladder
from game.catalog import SIZES
from game.language import SOURCE_LANGUAGE, use_language
from tools.support.fakes import FakeEngine, click, key, motion
from tools.support.waiting import GENEROUS
from ui.app import App
from ui.kit.scene import GoToPlay
from ui.kit.toast import Toast
from ui.start.scene import MIN_TOAST_BAND, StartScene
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.settings import SETTINGS_FILE
from ui.state.files.store import JsonStore
from ui.state.files.user_data import UserData
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.theme import CLASSIC, HIGH_CONTRAST, Fonts
from ui.window.window_loop import MIN_WINDOW
from ui.words.start_words import MODE_TEXT, rows_for
from ui.words.texts import GAME_TITLES

SIZE = (960, 780)


pytestmark = pytest.mark.usefixtures("pygame_ready")


def button(scene, label, row_key=None):
    """The button showing ``label`` (in the row ``row_key`` when labels repeat); a level's button may add its
    measured rating ("depth 4 \u00b7 1450")."""
    rows = rows_for(scene.options, CLASSIC)
    for index, row_buttons in enumerate(scene.buttons()):
        if row_key is not None and (index >= len(rows) or rows[index].key != row_key):
            continue
        for candidate in row_buttons:
            if candidate.label == label or candidate.label.startswith(f"{label} \u00b7 "):
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


def test_levels_are_shown_as_depths_and_max_with_their_measured_ratings_and_auto():
    scene = StartScene(SIZE, PlayOptions())
    labels = [b.label for b in scene.buttons()[4]]
    ladder = read_ladder()
    rated = [f"{level.label} \u00b7 {ladder.rating_of(level)}" for level in levels_for("connect4")]
    assert labels == [*rated, "auto"]
    assert labels[0].startswith("depth 1 \u00b7 ") and labels[-2].startswith("max \u00b7 ")
    scene.handle(click(button(scene, "auto", "level").rect.center))
    assert scene.options.adaptive and scene.buttons()[4][-1].selected
    scene.handle(click(button(scene, "depth 2", "level").rect.center))
    assert not scene.options.adaptive and scene.options.level == Level(2)


def test_boards_without_a_ladder_show_plain_levels_and_no_auto():
    scene = StartScene(SIZE, PlayOptions().with_game("connect4", 8, 7))
    labels = [b.label for b in scene.buttons()[4]]
    assert labels == [level.label for level in levels_for("connect4")]


def test_watch_mode_has_a_level_per_side():
    scene = StartScene(SIZE, PlayOptions())
    scene.handle(click(button(scene, "Computer vs computer").rect.center))
    keys = [row.key for row in rows_for(scene.options, CLASSIC)]
    assert keys == ["game", "size", "mode", "first", "watch0", "watch1", "coach", "seconds"]
    scene.handle(click(button(scene, "depth 2", "watch0").rect.center))
    scene.handle(click(button(scene, "max", "watch1").rect.center))
    assert scene.options.watch_levels == (Level(2), MAX)


def test_switching_game_keeps_only_offered_levels():
    scene = StartScene(SIZE, PlayOptions(level=Level(10)))
    scene.handle(click(button(scene, "Tic-tac-toe").rect.center))
    assert scene.options.level in levels_for("tictactoe")


def test_ctrl_q_quits_and_every_size_draws():
    app = App(FakeEngine, PlayOptions(), start_playing=False)
    app.step([key(pygame.K_q, pygame.KMOD_LCTRL)], 0.01)
    assert not app.running  # the window's key, on the start screen too
    scene = StartScene(SIZE, PlayOptions(moves="44"))
    assert scene.options.moves == ""  # a start position belongs to the command line, not to the menu
    for size in ((960, 780), MIN_WINDOW, (1800, 1000)):
        scene.resize(size)
        scene.handle(motion((size[0] // 2, size[1] // 2)))
        scene.draw(pygame.Surface(size))
        for row in scene.buttons():
            for b in row:
                assert pygame.Rect((0, 0), size).contains(b.rect), (size, b.label)
    scene.handle(key(pygame.K_ESCAPE))
    assert scene.request is None  # Esc left the play screen; a second press must not close the game


# --- a layout that stays put --------------------------------------------------------------------------------


def every_game_and_mode(base: PlayOptions):
    for game in GAME_TITLES:
        for size in SIZES[game]:
            for mode in Mode:
                yield replace(base.with_game(game, *size), mode=mode)


def placement(scene):
    """Where the rows are (each row's first button and the label column's edge) and the Play button."""
    buttons = scene.buttons()
    return [row[0].rect.topleft for row in buttons[:-1]], buttons[-1][0].rect


# The smallest window and a large one: the rows' spacing is worked out the same way between them.
@pytest.mark.parametrize("size", [MIN_WINDOW, (1800, 1000)])
@pytest.mark.parametrize("level", [Level(4), MAX])
def test_play_stays_in_place_and_a_choice_moves_no_row_above_its_own(size, level):
    """Every choice of every row in every game, mode and board: the row chosen in and the rows above it keep
    their places, and Play keeps its own."""
    base = PlayOptions(level=level, watch_levels=(level, Level(2)))
    plays = set()
    for options in every_game_and_mode(base):
        scene = StartScene(size, options)
        rows, play = placement(scene)
        plays.add(tuple(play))
        assert len(rows) == 8 and play.bottom <= size[1]
        for index, row in enumerate(rows_for(options, CLASSIC)):
            for choice in range(len(row.choices)):
                chosen = StartScene(size, options)
                chosen._choose(index, choice)
                chosen_rows, chosen_play = placement(chosen)
                assert chosen_rows[: index + 1] == rows[: index + 1], (options, row.key, choice)
                assert chosen_play == play
    assert len(plays) == 1, plays


@pytest.mark.parametrize("size", [(960, 780), (640, 480), MIN_WINDOW, (1800, 1000)])
def test_the_rows_follow_each_other_without_an_empty_line(size):
    """The room another mode's longer rows need (watch mode's two levels) is never left empty among the
    rows: the space between one row's last line and the next row is the same everywhere."""
    for options in every_game_and_mode(PlayOptions()):
        buttons = StartScene(size, options).buttons()[:-1]
        spaces = {
            below[0].rect.top - max(button.rect.bottom for button in row)
            for row, below in zip(buttons, buttons[1:], strict=False)
        }
        assert len(spaces) == 1, (options, spaces)


def test_choosing_two_players_leaves_play_under_the_mouse():
    scene = StartScene(SIZE, PlayOptions())
    play = button(scene, "Play").rect.center
    for mode in (Mode.TWO_PLAYERS, Mode.WATCH, Mode.COMPUTER):
        scene.handle(click(button(scene, MODE_TEXT[mode]).rect.center))
        assert scene.options.mode is mode
        assert button(scene, "Play").rect.center == play
    scene.handle(click(button(scene, "Tic-tac-toe").rect.center))
    scene.handle(click(button(scene, "Two players").rect.center))
    scene.handle(click(play))  # the next click, where Play was a moment ago, still plays
    assert isinstance(scene.request, GoToPlay) and scene.request.options.mode is Mode.TWO_PLAYERS


def test_rows_that_do_not_apply_are_disabled_and_skipped():
    scene = StartScene(SIZE, PlayOptions())
    scene.handle(click(button(scene, "Two players").rect.center))
    enabled = {row.key: row.enabled for row in rows_for(scene.options, CLASSIC)}
    assert enabled == {
        "game": True,
        "size": True,
        "mode": True,
        "first": True,  # whose name starts
        "level": False,
        "ponder": False,
        "coach": True,
        "seconds": False,
    }
    # A click on a disabled choice changes nothing.
    scene.handle(click(button(scene, "max", "level").rect.center))
    assert scene.options.level != MAX
    # The keyboard goes from Mode to who starts, past the disabled rows to the coach, then to Play, and back.
    scene.focus = 2
    scene.handle(key(pygame.K_DOWN))
    assert scene.focus == 3
    scene.handle(key(pygame.K_DOWN))
    assert scene.focus == 6
    scene.handle(key(pygame.K_DOWN))
    assert scene.focus == 8
    scene.handle(key(pygame.K_UP))
    scene.handle(key(pygame.K_UP))
    scene.handle(key(pygame.K_UP))
    assert scene.focus == 2
    scene.draw(pygame.Surface(SIZE))


def test_the_max_levels_think_time_is_chosen_on_the_start_screen_and_remembered(tmp_path):
    store = JsonStore(SETTINGS_FILE, tmp_path / "settings.json")
    store.load()
    app = App(FakeEngine, PlayOptions(level=Level(4)), start_playing=False, files=UserData(settings=store))
    scene = app.scene
    assert not rows_for(scene.options, CLASSIC)[-1].enabled  # only the max level has a think time
    scene.handle(click(button(scene, "max", "level").rect.center))
    assert rows_for(scene.options, CLASSIC)[-1].enabled
    scene.handle(click(button(scene, "10 s", "seconds").rect.center))
    assert scene.options.max_seconds == 10.0
    app.step([key(pygame.K_RETURN)], 0.01)
    assert app.scene.play_state.options.max_seconds == 10.0
    assert app.files.settings.flush(GENEROUS)
    assert JsonStore(SETTINGS_FILE, tmp_path / "settings.json").load().play.max_seconds == 10.0
    # Watch mode: enabled when either side plays at max.
    options = PlayOptions(mode=Mode.WATCH, watch_levels=(Level(2), MAX), max_seconds=7.5)
    seconds = rows_for(options, HIGH_CONTRAST)[-1]
    assert seconds.enabled and seconds.choices[seconds.selected] == (7.5, "7.5 s")


@pytest.mark.parametrize("size", [MIN_WINDOW, (800, 600), SIZE, (1280, 720), (1600, 900), (2600, 700)])
def test_the_windows_note_never_covers_the_unfinished_games_line_or_a_button(size):
    unfinished = UnfinishedGame(PlayOptions(mode=Mode.TWO_PLAYERS), 1, "4453")
    scene = StartScene(size, PlayOptions(), unfinished=unfinished)
    toast = Toast()
    toast.show("Theme: high-contrast")
    card = toast.card(Fonts(), scene.toast_area())
    assert card is not None
    line = scene.unfinished_line()
    assert line is not None and line[0].startswith("Unfinished: ")
    assert not card[0].colliderect(line[2]), size
    assert not any(card[0].colliderect(button.rect) for row in scene.buttons() for button in row), size
    assert scene.toast_area().height >= MIN_TOAST_BAND and pygame.Rect((0, 0), size).contains(card[0])


def test_the_start_picture_changes_exactly_when_the_screen_would_look_different():
    """The window draws the start screen when its picture differs from the last: the picture stays equal
    while nothing happens, and differs after a mouse move onto a button, a focus move, a choice, or a change
    of language (its texts are in the language in use)."""
    scene = StartScene(SIZE, PlayOptions())
    first = scene.picture()
    assert scene.picture() == first
    scene.update(1.0)
    assert scene.picture() == first
    scene.handle(motion(button(scene, "Play").rect.center))
    hovered = scene.picture()
    assert hovered != first and hovered.hovered == "play"
    scene.handle(motion((1, 1)))
    assert scene.picture() == first
    scene.handle(key(pygame.K_DOWN))
    assert scene.picture() != first and scene.picture().rows[1].focused
    scene.handle(key(pygame.K_RIGHT))
    assert scene.picture().rows[1].buttons != first.rows[1].buttons
    english = scene.picture()
    try:
        use_language("de")
        german = scene.picture()
        assert german != english and german.rows[0].label != english.rows[0].label
    finally:
        use_language(SOURCE_LANGUAGE)
    assert scene.picture() == english


def test_the_start_row_shows_the_button_enter_presses():
    """On the start buttons' row, Left and Right choose what Enter starts, and the picture selects it."""
    scene = StartScene(SIZE, PlayOptions())
    scene.focus = len(scene.buttons()) - 1
    scene.handle(key(pygame.K_RIGHT))
    assert scene.default == "puzzles"
    selected = [b.action for b in scene.picture().starts if b.selected]
    assert selected == ["puzzles"] == [b.action for b in scene.buttons()[-1] if b.selected]
