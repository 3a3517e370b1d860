"""The command line of the window and the main loop, with a fake engine and the dummy video driver."""

from __future__ import annotations

import time

import pygame
import pytest

import ai.rating.ladder as rating_ladder
from ai.contracts import EnginePart
from ai.engine import Engine
from ai.messages import EngineFailure
from ai.play.levels import MAX, Level
from ai.rating.ladder import LadderFileError
from tools.support.fakes import FakeEngine, click, key
from ui import app as app_module
from ui.app import App
from ui.command_line.play_arguments import build_play_parser, parse_play_options
from ui.kit.scene import GoToPuzzle
from ui.launch import main
from ui.play.scene import PlayScene
from ui.start.scene import StartScene
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.words.texts import FAILURE_WORDS


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "chess"], "invalid choice: 'chess'"),
        (["--size", "5x5"], "connect4 is not played on 5x5"),
        (["--size", "seven"], "'seven' is not a board size"),
        (["--game", "tictactoe", "--size", "7x6"], "tictactoe is not played on 7x6"),
        (["--level", "3"], "level '3' is not offered for connect4"),
        (["--level", "99"], "choose 1, 2, 4, 6, 8, 10 or max, or auto (the level nearest your rating)"),
        (["--level", "99", "--size", "8x7"], "or max; auto is only for playing the computer"),
        (["--level", "9", "--mode", "watch"], "or max; auto is only for playing the computer"),
        (["--level", "2,4"], "only for --mode watch"),
        (["--mode", "solo"], "invalid choice: 'solo'"),
        (["--first", "nobody"], "invalid choice: 'nobody'"),
        (["--seconds", "-1"], "more than 0"),
        (["--seconds", "soon"], "not a number of seconds"),
        (["--moves", "4448"], "move 4 ('8')"),
        (["--moves", "1111111"], "move 7 ('1'): column 1 is full"),
        (["--game", "tictactoe", "--moves", "55"], "move 2 ('5'): cell 5 is taken"),
        (["--moves", "1212121"], "the game is over after '1212121'"),
        (["--bogus"], "unrecognized arguments"),
    ],
)
def test_bad_values_exit_2_with_a_usage_message(argv, message, capsys):
    assert main(argv, engine_factory=FakeEngine) == 2
    error = capsys.readouterr().err
    assert error.startswith("usage:")
    assert message in error
    assert "Traceback" not in error


def test_help_exits_0(capsys):
    assert main(["--help"], engine_factory=FakeEngine) == 0
    assert "--no-ponder" in capsys.readouterr().out


def test_good_options():
    options = parse_play_options(
        [
            "--game",
            "tictactoe",
            "--size",
            "4x4",
            "--mode",
            "computer",
            "--level",
            "max",
            "--first",
            "alternate",
            "--seconds",
            "1.5",
            "--no-ponder",
            "--moves",
            "6a",
        ]
    )
    assert options == PlayOptions(
        game="tictactoe",
        width=4,
        height=4,
        mode=Mode.COMPUTER,
        level=MAX,
        watch_levels=(MAX, MAX),
        first=FirstPlayer.ALTERNATE,
        max_seconds=1.5,
        ponder=False,
        moves="6a",
    )
    watch = parse_play_options(["--mode", "watch", "--level", "2,max", "--size", "9x7"])
    assert watch.watch_levels == (Level(2), MAX) and (watch.width, watch.height) == (9, 7)


def test_the_parser_can_join_another():
    import argparse

    parser = build_play_parser(argparse.ArgumentParser(prog="main.py"))
    assert "--moves" in parser.format_help()


@pytest.fixture
def app_factory():
    pygame.init()
    engines = []

    def make(argv_options=None, start_playing=False):
        def factory():
            engines.append(FakeEngine())
            return engines[-1]

        return App(factory, argv_options or PlayOptions(), start_playing=start_playing), engines

    return make


def test_the_loop_goes_from_menu_to_play_and_back(app_factory):
    app, engines = app_factory()
    assert isinstance(app.scene, StartScene)
    app.step([key(pygame.K_RETURN)], 0.016)
    assert isinstance(app.scene, PlayScene)
    scene = app.scene
    app.step([click(scene.layout().ghost_centre(3))], 0.016)
    for _ in range(60):
        app.step([], 0.05)
    assert scene.play_state.game.moves_text() == "44"  # the fake engine's reply went through poll -> receive
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert isinstance(app.scene, StartScene)
    assert len(engines) == 1  # one engine for the whole run
    app.step([pygame.event.Event(pygame.QUIT)], 0.016)
    assert not app.running


def test_options_on_the_command_line_start_the_game_at_once(app_factory):
    app, _ = app_factory(PlayOptions(moves="44"), start_playing=True)
    assert isinstance(app.scene, PlayScene) and app.scene.play_state.game.moves_text() == "44"


def test_run_opens_a_window_and_closes_the_engine(monkeypatch):
    engines = []

    def factory():
        engines.append(FakeEngine())
        return engines[-1]

    frames = iter([[], [], [pygame.event.Event(pygame.QUIT)]])
    monkeypatch.setattr(app_module.pygame.event, "get", lambda: next(frames))
    assert main(["--game", "tictactoe"], engine_factory=factory) == 0
    assert engines[0].closed


def test_an_engine_failure_is_told_in_words_and_the_computer_still_moves(
    book_with_a_changed_header, tmp_path
):
    """The real engine with its opening book's header changed (the deepest ply): the window tells the player
    the book is not used, in words, and the computer moves all the same."""
    pygame.init()
    options = PlayOptions(first=FirstPlayer.COMPUTER, level=Level(2))
    engine = Engine(table_entries=1 << 14, seed=1, solver_slots=1 << 17)
    app = App(lambda: engine, options, start_playing=True)
    try:
        deadline = time.monotonic() + 30
        while app.scene.play_state.game.ply() == 0 and time.monotonic() < deadline:
            app.step([], 0.5)
            time.sleep(0.01)
        assert app.scene.play_state.game.ply() == 1
        assert app.toast.text is not None
        assert app.toast.text.startswith("The opening book could not be used (")
        assert "corrupt" in app.toast.text and "Traceback" not in app.toast.text
        # The file's name, not its path into the installation: a toast must be short enough to read.
        assert "(c4-book-7x6.bin: corrupt" in app.toast.text and str(tmp_path) not in app.toast.text
    finally:
        engine.close()


def test_a_damaged_puzzle_file_is_told_by_its_name_and_the_start_screen_stays(
    app_factory, tmp_path, monkeypatch
):
    damaged = tmp_path / "c4-puzzles-7x6.txt"
    damaged.write_bytes(b"ponder-puzzles 2 7x6 levels=1 count=0 crc32=00000000\n")
    monkeypatch.setattr("ai.puzzles.PUZZLES_PATH", damaged)
    app, _ = app_factory()
    app.scene.request = GoToPuzzle()
    app.step([], 0.016)
    assert isinstance(app.scene, StartScene)
    # The file's name, not its path into the installation: a toast must be short enough to read.
    assert app.toast.text == "No puzzles: c4-puzzles-7x6.txt: checksum mismatch: the file is damaged"


def test_every_engine_failure_reaches_the_window_as_words(app_factory):
    app, engines = app_factory(PlayOptions(moves="44"), start_playing=True)
    for part in EnginePart:
        engines[0].deliver(EngineFailure(7, part, "why"))
        app.step([], 0.016)
        assert app.toast.text == FAILURE_WORDS[part].format(reason="why")
    assert app.scene.play_state.game.moves_text() == "44"


def test_level_auto_with_a_broken_ladder_names_the_file_not_the_board(monkeypatch, capsys):
    damaged = LadderFileError("c4-ladder-7x6.txt", "checksum mismatch (the file is damaged)")
    monkeypatch.setattr(rating_ladder, "shipped_ladder", lambda: damaged)
    assert main(["--level", "auto"], engine_factory=FakeEngine) == 2
    error = capsys.readouterr().err
    assert "rating ladder, which cannot be used: c4-ladder-7x6.txt: checksum mismatch" in error
    assert "the rated board" not in error
    assert main(["--level", "auto", "--game", "tictactoe"], engine_factory=FakeEngine) == 2
    assert "Connect Four 7x6 (the rated board)" in capsys.readouterr().err
