"""The command line of the window and the main loop, with a fake engine and the dummy video driver."""

from __future__ import annotations

import pygame
import pytest

from ai.play.levels import MAX, Level
from tools.support.fakes import FakeEngine, click, key
from ui import app as app_module
from ui.app import App, build_play_parser, main
from ui.play_scene import PlayScene
from ui.start_scene import StartScene
from ui.state.options import FirstPlayer, Mode, PlayOptions, parse_play_options


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "chess"], "invalid choice: 'chess'"),
        (["--size", "5x5"], "connect4 is not played on 5x5"),
        (["--size", "seven"], "'seven' is not a board size"),
        (["--game", "tictactoe", "--size", "7x6"], "tictactoe is not played on 7x6"),
        (["--level", "3"], "level '3' is not offered for connect4"),
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
    assert scene.game.moves_text() == "44"  # the fake engine's reply went through poll -> receive
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert isinstance(app.scene, StartScene)
    assert len(engines) == 1  # one engine for the whole run
    app.step([pygame.event.Event(pygame.QUIT)], 0.016)
    assert not app.running


def test_options_on_the_command_line_start_the_game_at_once(app_factory):
    app, _ = app_factory(PlayOptions(moves="44"), start_playing=True)
    assert isinstance(app.scene, PlayScene) and app.scene.game.moves_text() == "44"


def test_run_opens_a_window_and_closes_the_engine(monkeypatch):
    engines = []

    def factory():
        engines.append(FakeEngine())
        return engines[-1]

    frames = iter([[], [], [pygame.event.Event(pygame.QUIT)]])
    monkeypatch.setattr(app_module.pygame.event, "get", lambda: next(frames))
    assert main(["--game", "tictactoe"], engine_factory=factory) == 0
    assert engines[0].closed
