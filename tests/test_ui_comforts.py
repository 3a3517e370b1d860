"""The play screen's and the window's comforts: save/load keys, sounds, the score tally, themes, animation
speed and click-to-skip, the help overlay, the window's keys and remembered settings, the title."""

from __future__ import annotations

import json

import pygame
import pytest

from ai.play.levels import Level
from tools.support.fakes import FakeEngine, FakeSounds, click, key
from tools.support.waiting import GENEROUS
from ui.app import App
from ui.panels.help_card import draw_help, help_layout, help_sections
from ui.play.actions import Action, Situation, key_action
from ui.play.actions import help_sections as play_help
from ui.play.scene import PlayScene
from ui.sound import Sounds
from ui.start.scene import StartScene
from ui.state.files.settings import SETTINGS_FILE, Settings
from ui.state.files.store import JsonStore
from ui.state.files.tally import TALLY_FILE
from ui.state.files.user_data import UserData
from ui.state.options import Mode, PlayOptions
from ui.theme import CLASSIC, HIGH_CONTRAST, Fonts
from ui.window.window_loop import MIN_WINDOW
from ui.words import play_words as words

SIZE = (960, 780)
CTRL = pygame.KMOD_LCTRL


pytestmark = pytest.mark.usefixtures("pygame_ready")


LEVEL_2 = PlayOptions(level=Level(2))


def make(options=LEVEL_2, theme=CLASSIC, **scene_options):
    engine = FakeEngine(choose=lambda game: 1 if 1 in game.moves() else game.moves()[0])
    return PlayScene(SIZE, options, engine, theme, **scene_options), engine


def run(scene, engine, seconds=2.0, dt=0.05):
    for _ in range(round(seconds / dt)):
        for message in engine.poll():
            scene.receive(message)
        scene.update(dt)


def red_wins(scene, engine):
    """The human (Red) plays column 1 four times; the fake computer answers in column 2."""
    for _ in range(4):
        scene.play_state.try_play(0)
        run(scene, engine)


# --- save, load, copy ---------------------------------------------------------------------------------------


def test_save_and_load_by_keys_round_trip(tmp_path):
    path = tmp_path / "saved.txt"
    scene, engine = make(saved_game_path=path)
    scene.play_state.try_play(3)
    run(scene, engine)
    scene.handle(key(pygame.K_s, CTRL))
    assert path.read_text().splitlines()[1:] == ["game: connect4", "size: 7x6", "moves: 42"]
    assert "Saved 2 moves" in words.status_text(scene.play_state)
    other, engine = make(
        PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.TWO_PLAYERS), saved_game_path=path
    )
    other.handle(key(pygame.K_o, CTRL))
    assert other.play_state.game.variant() == "connect4 7x6" and other.play_state.game.moves_text() == "42"
    assert other.play_state.gravity and other.play_state.options.mode is Mode.TWO_PLAYERS
    assert words.status_text(other.play_state) == "Loaded saved.txt: 2 moves, not rated or counted"
    other.draw(pygame.Surface(SIZE))


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "the file is empty"),
        (b"game: connect4\nsize: 7x6\n", "no 'moves:' line"),
        (b"\x00\x01\x02\xff", "not a text file"),
        (b"game: connect4\nsize: 7x6\nmoves: 1111111\n", "column 1 is full"),
        (b"game: go\nsize: 7x6\nmoves: 1\n", "'go' is not a game"),
    ],
)
def test_loading_a_bad_file_keeps_the_game_and_says_why(tmp_path, content, reason):
    path = tmp_path / "saved.txt"
    path.write_bytes(content)
    sounds = FakeSounds()
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS), saved_game_path=path, sounds=sounds)
    scene.play_state.try_play(2)
    scene.handle(key(pygame.K_o, CTRL))
    assert scene.play_state.game.moves_text() == "3"
    assert words.status_text(scene.play_state).startswith("Cannot load: ") and reason in words.status_text(
        scene.play_state
    )
    assert sounds.played[-1] == "refused"


def test_a_missing_save_file_and_a_finished_game_saved_and_loaded_into_its_review(tmp_path):
    path = tmp_path / "saved.txt"
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS), saved_game_path=path)
    scene.handle(key(pygame.K_o, CTRL))
    assert "cannot read" in words.status_text(scene.play_state)
    for column in (0, 1, 0, 1, 0, 1, 0):
        scene.play_state.try_play(column)
    assert scene.play_state.game.is_over()
    scene.handle(key(pygame.K_s, CTRL))
    assert words.status_text(scene.play_state) == f"Saved 7 moves to {path}"
    assert path.read_text().splitlines()[1:] == ["game: connect4", "size: 7x6", "moves: 1212121"]
    # Loaded back on another board, the finished game comes with its review open, as a pasted one does.
    other, _ = make(
        PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.TWO_PLAYERS), saved_game_path=path
    )
    other.handle(key(pygame.K_o, CTRL))
    assert other.play_state.game.moves_text() == "1212121" and other.play_state.game.is_over()
    assert other.play_state.options.game == "connect4" and other.play_state.review is not None


def test_copy_puts_the_moves_on_the_clipboard_or_shows_them():
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS))
    for column in (3, 3, 4):
        scene.play_state.try_play(column)
    scene.handle(key(pygame.K_c, CTRL))
    # Headless there may be no clipboard; either way the player learns the move string.
    assert "445" in words.status_text(scene.play_state)


# --- sounds and the tally -----------------------------------------------------------------------------------


def test_sounds_for_landing_refusal_and_results():
    sounds = FakeSounds()
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS), sounds=sounds)
    scene.play_state.try_play(0)
    assert sounds.played == []  # the disc is still falling
    run(scene, engine, 1.0)
    assert sounds.played == ["drop"]
    for column in (1, 0, 1, 0, 1, 0):
        scene.play_state.try_play(column)
    run(scene, engine, 1.0)
    assert sounds.played[-1] == "win"
    scene.act(Action.NEW)
    for _ in range(6):
        scene.play_state.try_play(0)
    scene.play_state.try_play(0)
    assert sounds.played[-1] == "refused"


def test_the_computers_win_sounds_like_a_loss_and_is_counted_once():
    sounds, files = FakeSounds(), UserData()
    scene, engine = make(sounds=sounds, files=files)
    engine.choose = lambda game: 1
    for column in (0, 2, 0, 3):  # the computer stacks column 2 and wins
        scene.play_state.try_play(column)
        run(scene, engine)
    assert scene.play_state.game.winner() == 1 and sounds.played[-1] == "lose"
    assert files.tally.value.get("connect4 7x6 vs depth 2").losses == 1
    assert "0 won \u00b7 0 drawn \u00b7 1 lost" in words.tally_text(scene.play_state)
    scene.handle(key(pygame.K_z, CTRL))  # taking back the lost ending and losing again counts nothing more
    scene.play_state.try_play(5)
    run(scene, engine)
    assert files.tally.value.get("connect4 7x6 vs depth 2").games == 1
    scene.draw(pygame.Surface(SIZE))


def test_the_tally_counts_wins_per_level_and_colour_and_resets_one_record_on_request(tmp_path):
    tally = JsonStore(TALLY_FILE, tmp_path / "tally.json")
    tally.load()
    files = UserData(tally=tally)
    scene, engine = make(files=files)
    red_wins(scene, engine)
    scene.act(Action.NEXT)
    assert files.tally.value.get("connect4 7x6 vs depth 2").wins == 1
    two, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS), files=files)
    for column in (0, 1, 0, 1, 0, 1, 0):
        two.play_state.try_play(column)
    run(two, engine)
    assert words.tally_text(two.play_state) == "Tally: Red 1 \u00b7 draws 0 \u00b7 Yellow 0"
    assert files.tally.flush(GENEROUS)
    assert json.loads((tmp_path / "tally.json").read_text())["connect4 7x6 two players"]["wins"] == 1

    # Ctrl+R asks first, naming the record of this board and mode: nothing is reset yet.
    two.handle(key(pygame.K_r, CTRL))
    assert words.status_text(two.play_state).startswith(
        "Reset the record of Connect Four 7\u00d76, two players (1 won, 0 drawn, 0 lost)?"
    )
    assert files.tally.value.get("connect4 7x6 two players").wins == 1
    # Again while the question shows: only this record goes, into a copy kept in the file.
    two.handle(key(pygame.K_r, CTRL))
    assert words.status_text(two.play_state).startswith("Record of Connect Four 7\u00d76, two players reset")
    assert files.tally.flush(GENEROUS)
    on_file = json.loads((tmp_path / "tally.json").read_text())
    (kept,) = [name for name in on_file if name.startswith("connect4 7x6 two players (reset ")]
    assert on_file[kept]["wins"] == 1 and "connect4 7x6 two players" not in on_file
    assert on_file["connect4 7x6 vs depth 2"]["wins"] == 1  # another board and mode keeps its record
    # Ctrl+Z while the reset shows brings the record back (and takes back no move).
    moves = two.play_state.game.moves_text()
    two.handle(key(pygame.K_z, CTRL))
    assert (
        words.status_text(two.play_state) == "The record is back"
        and two.play_state.game.moves_text() == moves
    )
    assert files.tally.flush(GENEROUS)
    on_file = json.loads((tmp_path / "tally.json").read_text())
    # Each record remembers the id of the game it counted, so that a game counted again counts once.
    assert {key: len(record.pop("game_ids")) for key, record in on_file.items()} == {
        "connect4 7x6 two players": 1,
        "connect4 7x6 vs depth 2": 1,
    }
    assert on_file == {
        "connect4 7x6 two players": {"wins": 1, "draws": 0, "losses": 0},
        "connect4 7x6 vs depth 2": {"wins": 1, "draws": 0, "losses": 0},
    }


def test_ctrl_r_once_resets_nothing_and_a_question_gone_needs_asking_again(tmp_path):
    files = UserData(tally=JsonStore(TALLY_FILE, None))
    files.tally.change(lambda tally: tally.adding("connect4 7x6 two players", "wins"))
    two, _engine = make(PlayOptions(mode=Mode.TWO_PLAYERS), files=files)
    two.handle(key(pygame.K_r, CTRL))
    two.play_state.feedback.notify("something else")  # the question is no longer on show
    two.handle(key(pygame.K_r, CTRL))
    assert files.tally.value.get("connect4 7x6 two players").wins == 1
    assert words.status_text(two.play_state).startswith("Reset the record of")


# --- themes, shapes, animation ------------------------------------------------------------------------------


def test_high_contrast_names_the_shapes_and_draws_a_square_disc():
    scene, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS), theme=HIGH_CONTRAST)
    assert words.status_text(scene.play_state) == "Blue square to move"
    square = scene.view.disc_sprite(0, 100)
    circle = scene.view.disc_sprite(1, 100)
    # Just above the square's flat top edge the round disc is still solid: the outlines differ.
    above = (square.get_width() // 2, square.get_height() // 2 - 35)
    assert square.get_at(above).a < 50 and circle.get_at(above).a > 200
    for column in (0, 1, 0, 1, 0, 1, 0):
        scene.play_state.try_play(column)
    assert words.status_text(scene.play_state) == "Blue square wins"


def test_switching_theme_redraws_with_new_sprites():
    scene, engine = make()
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    before = surface.get_at((5, SIZE[1] // 2))
    drawn = scene.picture()
    scene.set_theme(HIGH_CONTRAST)
    assert scene.picture() != drawn
    scene.draw(surface)
    assert surface.get_at((5, SIZE[1] // 2)) != before


def test_animation_off_shows_stones_at_once_and_the_computer_still_waits():
    sounds = FakeSounds()
    scene, engine = make(animation="off", sounds=sounds)
    scene.play_state.try_play(3)
    assert scene.play_state.animation is None and sounds.played == ["drop"]
    run(scene, engine, 0.3)
    assert scene.play_state.game.ply() == 1  # the presentation delay still holds the reply
    run(scene, engine, 1.0)
    assert scene.play_state.game.ply() == 2


def test_slow_animation_takes_longer_and_a_click_finishes_it():
    normal, engine = make(PlayOptions(mode=Mode.TWO_PLAYERS))
    slow, slow_engine = make(PlayOptions(mode=Mode.TWO_PLAYERS), animation="slow")
    for scene, eng in ((normal, engine), (slow, slow_engine)):
        scene.play_state.try_play(3)
        run(scene, eng, 0.8)
    assert normal.play_state.animation is None and slow.play_state.animation is not None
    layout = slow.layout()
    slow.handle(click((layout.grid.left - 10, layout.grid.centery)))  # off the board: only skips
    assert slow.play_state.animation is None and slow.play_state.game.moves_text() == "4"


def test_the_title_tells_the_state():
    scene, engine = make()
    assert scene.caption() == "Ponder \u2014 Connect Four 7\u00d76 \u2014 your turn"
    scene.play_state.try_play(3)
    assert scene.caption().endswith("computer thinking")
    scene, engine = make()
    red_wins(scene, engine)
    assert scene.caption().endswith("Red wins")


# --- the window: help, keys, remembered settings ------------------------------------------------------------


def app_with(tmp_path, start_playing=True, settings_bytes=None):
    path = tmp_path / SETTINGS_FILE.file_name
    if settings_bytes is not None:
        path.write_bytes(settings_bytes)
    store = JsonStore(SETTINGS_FILE, path)
    store.load()
    files = UserData(settings=store)
    app = App(FakeEngine, PlayOptions(level=Level(2)), start_playing=start_playing, files=files)
    return app, path


def saved_settings(app: App, path) -> Settings:
    """The settings on file at ``path`` once ``app`` has written every change it handed over."""
    assert app.files.settings.flush(GENEROUS)
    return JsonStore(SETTINGS_FILE, path).load()


def test_help_opens_with_f1_or_question_mark_and_swallows_input(tmp_path):
    app, _ = app_with(tmp_path)
    drawn = app.picture()
    app.step([key(pygame.K_F1)], 0.01)
    assert app.help_shown and app.picture() != drawn
    surface = pygame.Surface(SIZE)
    app.render(surface)
    app.step([key(pygame.K_4), click(app.scene.layout().ghost_centre(2))], 0.01)
    assert app.scene.play_state.game.ply() == 0  # neither the key nor the click played
    assert not app.help_shown  # the click closed the help
    app.step([key(pygame.K_SLASH, pygame.KMOD_LSHIFT, unicode="?")], 0.01)
    assert app.help_shown
    app.step([key(pygame.K_ESCAPE)], 0.01)
    assert not app.help_shown and app.scene.__class__ is PlayScene  # Esc closed the help, not the game
    for size in ((360, 300), (1600, 500)):
        app.help_shown = True
        app.scene.resize(size)
        app.render(pygame.Surface(size))


def test_the_letters_the_help_names_are_the_letters_handled(tmp_path):
    # A key is written as a capital letter alone ("R", "Space or P"); "a" in a phrase is a word.
    sections = help_sections(play_help())
    words_of_keys = (
        word for _, rows in sections for keys, _ in rows for word in keys.replace("/", " ").split()
    )
    named = {word for word in words_of_keys if len(word) == 1 and word.isupper()}
    app, _ = app_with(tmp_path)
    handled = set()
    for code in range(pygame.K_a, pygame.K_z + 1):
        on_board = key_action(code, 0, Situation(game_over=True, watching=True))
        before = app.settings
        # The window's own letters change a setting, whatever the screen.
        app.step([key(code, unicode=chr(code))], 0.01)
        if on_board or key_action(code, 0, Situation(reviewing=True)) or app.settings != before:
            handled.add(chr(code).upper())
    assert named == handled
    assert "B" in named  # show me, in the review


def test_the_help_card_names_every_way_to_play_undo_rename_and_answer_the_coach():
    keys = " ".join(keys for _, rows in help_sections(play_help()) for keys, _ in rows)
    for named in ("Space or \u2193", "Ctrl+Shift+Z", "Click a name", "Backspace or Esc"):
        assert named in keys
    # What they name, done: Space and Down drop the stone chosen; Ctrl+Shift+Z redoes.
    scene = PlayScene(SIZE, PlayOptions(mode=Mode.TWO_PLAYERS), FakeEngine())
    scene.handle(key(pygame.K_RIGHT))
    scene.handle(key(pygame.K_SPACE))
    scene.handle(key(pygame.K_DOWN))
    assert scene.play_state.game.ply() == 2
    scene.handle(key(pygame.K_z, pygame.KMOD_LCTRL))
    scene.handle(key(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    assert scene.play_state.game.ply() == 2


def test_in_the_smallest_window_f1_turns_the_help_cards_pages_and_every_section_is_shown(tmp_path):
    app, _ = app_with(tmp_path)
    app.scene.resize(MIN_WINDOW)
    pages = help_layout(MIN_WINDOW, app.fonts, play_help()).pages
    assert len(pages) > 1 and [title for page in pages for title, _ in page] == [
        _t for _t, _ in help_sections(play_help())
    ]
    for page in range(len(pages)):
        app.step([key(pygame.K_F1)], 0.01)
        assert app.help_shown and app.help_page == page
        app.render(pygame.Surface(MIN_WINDOW))
    app.step([key(pygame.K_F1)], 0.01)
    assert not app.help_shown
    app.step([key(pygame.K_F1), key(pygame.K_ESCAPE)], 0.01)
    assert not app.help_shown and app.help_page == 0


def test_the_help_card_hides_the_screen_behind_it():
    surface = pygame.Surface(SIZE)
    surface.fill((255, 0, 255))
    card = draw_help(surface, CLASSIC, Fonts(), play_help())
    # Left of the keys column, below the title: only the card's own colour.
    assert surface.get_at((card.left + 6, card.centery))[:3] == CLASSIC.panel


def test_window_keys_change_and_remember_settings(tmp_path):
    app, path = app_with(tmp_path)
    assert not path.exists()
    app.step([key(pygame.K_m)], 0.01)
    assert not app.sounds.enabled and saved_settings(app, path).sound is False
    app.step([key(pygame.K_t), key(pygame.K_t)], 0.01)
    assert app.scene.theme.name == "high-contrast" and app.toast.text == "Theme: High contrast"
    app.step([key(pygame.K_s)], 0.01)
    assert app.settings.animation == "fast" and app.scene.play_state.animation_speed == 2.0
    saved = saved_settings(app, path)
    assert (saved.sound, saved.theme, saved.animation) == (False, "high-contrast", "fast")
    app.render(pygame.Surface(SIZE))


def test_the_start_screens_choices_are_remembered(tmp_path):
    app, path = app_with(tmp_path, start_playing=False)
    assert isinstance(app.scene, StartScene)
    app.step([key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RIGHT), key(pygame.K_RETURN)], 0.01)
    assert isinstance(app.scene, PlayScene)
    assert saved_settings(app, path).play.mode is Mode.TWO_PLAYERS


def test_a_corrupt_settings_file_is_shown_once_and_kept_aside(tmp_path):
    app, path = app_with(tmp_path, settings_bytes=b"{broken")
    [aside] = tmp_path.glob("settings.damaged-*.json")
    assert "Settings could not be used (" in app.toast.text and "not valid JSON" in app.toast.text
    assert f"kept as {aside.name}" in app.toast.text
    assert app.settings == Settings()
    app.step([], 10.0)
    assert app.toast.text is None
    assert aside.read_bytes() == b"{broken"  # the player's bytes are not lost
    app.step([key(pygame.K_t)], 0.01)  # the user changes a setting: now a new file is written
    assert app.files.settings.flush(GENEROUS)
    assert json.loads(path.read_text())["theme"] == "dark"
    assert aside.read_bytes() == b"{broken"


def test_the_sound_key_says_when_there_is_no_audio_device(tmp_path, monkeypatch):
    app, _ = app_with(tmp_path)
    app.step([key(pygame.K_m)], 0.01)
    assert "No audio device" in app.toast.text  # the sounds were never started: nothing to hear
    started = Sounds()
    monkeypatch.setattr(started, "_sounds", {"drop": object()})
    app.sounds = started
    app.step([key(pygame.K_m)], 0.01)
    assert app.toast.text == "Sound on"


def test_opening_the_audio_device_prints_nothing_of_the_libraries(capfd):
    import os

    from ui.sound import _stderr_to_log

    with _stderr_to_log():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    assert capfd.readouterr().err == ""


# --- a result kept the moment it is decided ---------------------------------------------------------------


def closing_files(tmp_path) -> UserData:
    """The tally, ratings and unfinished games in files, as the window has them."""
    from ui.state.files.current_game import UNFINISHED_FILE
    from ui.state.files.player_rating import RATINGS_FILE

    stores = {
        "tally": JsonStore(TALLY_FILE, tmp_path / "tally.json"),
        "unfinished": JsonStore(UNFINISHED_FILE, tmp_path / "current-game.json"),
        "ratings": JsonStore(RATINGS_FILE, tmp_path / "ratings.json"),
    }
    for store in stores.values():
        store.load()
    return UserData(**stores)


def on_disk(tmp_path, name: str) -> dict:
    path = tmp_path / name
    return json.loads(path.read_text()) if path.exists() else {}


def test_a_win_counts_when_its_move_is_played_not_when_its_disc_lands(tmp_path):
    files = closing_files(tmp_path)
    scene, engine = make(files=files)
    for _ in range(3):
        scene.play_state.try_play(0)
        run(scene, engine)
    assert files.tally.value.get("connect4 7x6 vs depth 2").games == 0
    scene.play_state.try_play(0)  # the winning move: its disc is still falling
    assert scene.play_state.animation is not None and scene.play_state.game.winner() == 0
    # The window closes now (Ctrl+Q, a close request, SIGTERM): what was decided is in the files.
    assert files.close(GENEROUS) == []
    assert on_disk(tmp_path, "tally.json")["connect4 7x6 vs depth 2"]["wins"] == 1
    assert len(on_disk(tmp_path, "ratings.json")) == 1
    assert on_disk(tmp_path, "current-game.json").get("games", []) == []  # nothing left to continue
    # Had the window stayed, the landing counts nothing more.
    run(scene, engine)
    assert files.tally.value.get("connect4 7x6 vs depth 2").wins == 1


def test_the_computers_winning_move_counts_as_it_is_played_so_quitting_dodges_no_loss(tmp_path):
    files = closing_files(tmp_path)
    scene, engine = make(files=files)
    engine.choose = lambda game: 1
    for column in (0, 2, 0):
        scene.play_state.try_play(column)
        run(scene, engine)
    scene.play_state.try_play(3)
    # The computer answers with its fourth stone in column 2: counted once its move is played.
    for _ in range(500):
        for message in engine.poll():
            scene.receive(message)
        scene.update(0.01)
        if scene.play_state.game.is_over():
            break
    assert scene.play_state.game.winner() == 1 and scene.play_state.animation is not None
    assert files.close(GENEROUS) == []
    assert on_disk(tmp_path, "tally.json")["connect4 7x6 vs depth 2"]["losses"] == 1
