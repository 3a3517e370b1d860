"""No game is ever lost: the game in progress is kept as it is played, continued from the start screen or
``--continue``, and a game that replaces an unfinished one can be taken back with undo."""

from __future__ import annotations

import json

import pygame
import pytest

from ai.play.levels import Level
from game.language import SOURCE_LANGUAGE, use_language
from game.problems import Problem
from tools.support.fakes import FakeEngine, click, key
from tools.support.waiting import GENEROUS
from ui.app import App
from ui.kit.scene import GoToPlay
from ui.launch import main as window_main
from ui.play.actions import Action
from ui.play.scene import PlayScene
from ui.start.scene import CONTINUE, LEARN, PLAY, PUZZLES, STATS, StartScene
from ui.state.files.current_game import (
    UNFINISHED_FILE,
    CurrentGameError,
    UnfinishedGame,
    UnfinishedGames,
    dump,
    parse,
)
from ui.state.files.store import JsonStore
from ui.state.files.user_data import UserData
from ui.state.files.userfiles import data_dir
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.state.play.notices import NOTICE_SECONDS
from ui.words import play_words as words
from ui.words.problem_words import reason_text

FILE_NAME = UNFINISHED_FILE.file_name

SIZE = (960, 780)
CTRL = pygame.KMOD_LCTRL
TWO_PLAYERS = PlayOptions(mode=Mode.TWO_PLAYERS)
AGAINST_DEPTH_2 = PlayOptions(level=Level(2))


pytestmark = pytest.mark.usefixtures("pygame_ready")


def first_legal(game):
    return 0 if 0 in game.moves() else game.moves()[0]


def store_at(path):
    """The unfinished games' store of ``path`` (None: in memory)."""
    return JsonStore(UNFINISHED_FILE, path)


def kept_at(path):
    """The game a new window would be offered from the file at ``path`` (None: none), its window's name
    cleared for comparing."""
    newest = store_at(path).load().newest()
    return None if newest is None else UnfinishedGame(newest.options, newest.round_number, newest.moves)


def keep(store, unfinished, window="an earlier window"):
    """Keeps ``unfinished`` in ``store`` as the game of ``window``; returns the problem, if any."""
    return store.update(lambda kept: kept.keeping(window, unfinished))


def scene_with(store, options=TWO_PLAYERS, resume=None, engine=None):
    engine = engine or FakeEngine(choose=first_legal)
    return PlayScene(SIZE, options, engine, files=UserData(unfinished=store), resume=resume), engine


def run(scene, engine, seconds=2.0, dt=0.05):
    """Frames for ``seconds``, then waits for the window's game in progress to be written (off its thread)."""
    for _ in range(round(seconds / dt)):
        for message in engine.poll():
            scene.receive(message)
        scene.update(dt)
    written(scene)


def written(scene):
    """Waits for the window's game in progress to be written (off the UI thread)."""
    assert scene.play_state.round.files.unfinished.flush(GENEROUS), "the game in progress was not written"


# --- the file -----------------------------------------------------------------------------------------------


def test_the_file_round_trips_every_choice(tmp_path):
    options = PlayOptions(
        mode=Mode.COMPUTER, level=Level(6), first=FirstPlayer.ALTERNATE, max_seconds=7.0, ponder=False
    )
    options = PlayOptions(**{**options.__dict__, "moves": "44"})
    unfinished = UnfinishedGame(options, 3, "44531")
    store = store_at(tmp_path / FILE_NAME)
    assert keep(store, unfinished, window="w1") is None
    again = store_at(tmp_path / FILE_NAME)
    expected = UnfinishedGames((UnfinishedGame(options, 3, "44531", "w1"),))
    assert again.load() == expected and again.problem is None
    assert parse(json.loads((tmp_path / FILE_NAME).read_text())) == expected


def test_a_file_of_version_1_holding_one_game_is_read_as_that_game(tmp_path):
    game = dump(UnfinishedGames((UnfinishedGame(TWO_PLAYERS, 2, "4453"),)))["games"][0]
    (tmp_path / FILE_NAME).write_text(json.dumps({**game, "version": 1}))
    assert kept_at(tmp_path / FILE_NAME) == UnfinishedGame(TWO_PLAYERS, 2, "4453")


def test_a_kept_games_refused_moves_reach_the_notice_typed_and_are_worded_in_the_language_shown(tmp_path):
    """The file's reader words no refusal of the rules: the notice carries it as a problem (the game, its
    moves, the move, the full column), and the words package words it in the language in use."""
    playable = dump(UnfinishedGames((UnfinishedGame(TWO_PLAYERS, 1, "445"),)))["games"][0]
    broken = {**playable, "moves": "4444444"}
    (tmp_path / FILE_NAME).write_text(json.dumps({"version": 2, "games": [playable, broken]}))
    store = store_at(tmp_path / FILE_NAME)
    assert store.load().newest() is not None
    problem = store.problem
    assert isinstance(problem, Problem) and isinstance(problem.details["reason"], Problem)
    english = reason_text(problem)
    assert "(game 2: moves: move 7 ('4'): column 4 is full)" in english
    try:
        use_language("de")
        assert "Spiel 2: " in reason_text(problem) and "Spalte 4 ist voll" in reason_text(problem)
    finally:
        use_language(SOURCE_LANGUAGE)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"version": 3}, "version"),
        ({"moves": "4444444"}, "moves"),
        ({"moves": "1212121"}, "over"),
        ({"start": "1212121", "moves": "44"}, "already over at its start position"),
        ({"round": 0}, "round"),
        ({"round": True}, "round"),
        ({"moves": 7}, "move strings"),
        ({"size": "3x3"}, "size"),
        ({"level": "99"}, "level"),
    ],
)
def test_a_broken_file_is_refused_with_the_reason_and_set_aside(tmp_path, change, words):
    data = dump(UnfinishedGames((UnfinishedGame(TWO_PLAYERS, 1, "445"),)))
    if "version" in change:
        data |= change
    else:
        data["games"][0] |= change  # type: ignore[index]
    path = tmp_path / FILE_NAME
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(CurrentGameError, match=words):
        parse(data)
    store = store_at(path)
    assert store.load().newest() is None and words in reason_text(store.problem)
    (aside,) = tmp_path.glob("current-game.damaged-*.json")
    assert aside.read_bytes() == before and aside.name in reason_text(store.problem)


@pytest.mark.parametrize("content", [b"", b"{", b"\xff\xfe", b"[]", b"null", b"x" * 3_000_000])
def test_garbage_is_no_game_to_continue(tmp_path, content):
    path = tmp_path / FILE_NAME
    path.write_bytes(content)
    store = store_at(path)
    assert store.load().newest() is None and store.problem
    (aside,) = tmp_path.glob("current-game.damaged-*.json")
    assert aside.read_bytes() == content


# --- kept as it is played -----------------------------------------------------------------------------------


def test_every_move_is_kept_and_a_finished_game_is_not(tmp_path):
    store = store_at(tmp_path / FILE_NAME)
    scene, engine = scene_with(store)
    for move in (0, 1, 0, 1, 0, 1):
        scene.play_state.try_play(move)
        run(scene, engine, 0.1)
        kept = kept_at(tmp_path / FILE_NAME)
        assert kept is not None and kept.moves == scene.play_state.game.moves_text()
    scene.play_state.try_play(0)  # four in column 1: Red wins
    run(scene, engine, 0.1)
    assert scene.play_state.game.is_over() and kept_at(tmp_path / FILE_NAME) is None
    scene.act(Action.UNDO)
    run(scene, engine, 0.1)
    assert kept_at(tmp_path / FILE_NAME).moves == "121212"


def test_the_computers_reply_is_kept_too(tmp_path):
    store = store_at(tmp_path / FILE_NAME)
    scene, engine = scene_with(store, AGAINST_DEPTH_2)
    scene.play_state.try_play(3)
    run(scene, engine)
    assert scene.play_state.game.moves_text() == "41"
    assert kept_at(tmp_path / FILE_NAME) == UnfinishedGame(AGAINST_DEPTH_2, 1, "41")


def test_a_game_nobody_has_played_on_does_not_replace_the_kept_one(tmp_path):
    store = store_at(tmp_path / FILE_NAME)
    kept = UnfinishedGame(TWO_PLAYERS, 1, "4453")
    keep(store, kept)
    computer_first = PlayOptions(level=Level(2), first=FirstPlayer.COMPUTER)
    scene, engine = scene_with(store, computer_first)
    run(scene, engine)
    assert scene.play_state.game.moves_text() == "1"  # the computer has moved; the player has not
    assert kept_at(tmp_path / FILE_NAME) == kept
    scene.play_state.try_play(3)
    run(scene, engine, 0.1)
    assert kept_at(tmp_path / FILE_NAME).moves.startswith("14")


def test_a_game_where_only_the_computer_has_moved_is_kept_when_it_replaces_none(tmp_path):
    store = store_at(tmp_path / FILE_NAME)
    computer_first = PlayOptions(level=Level(2), first=FirstPlayer.COMPUTER)
    scene, engine = scene_with(store, computer_first)
    run(scene, engine)
    assert scene.play_state.game.moves_text() == "1"
    assert kept_at(tmp_path / FILE_NAME) == UnfinishedGame(computer_first, 1, "1")


# --- continue -----------------------------------------------------------------------------------------------


def test_continuing_sits_down_at_the_same_turn_with_the_computers_move_pending(tmp_path):
    # Round 2 of "alternate": the computer has Red; after "445" it is Yellow's turn, the human's.
    options = PlayOptions(level=Level(3), first=FirstPlayer.ALTERNATE)
    human_to_move = UnfinishedGame(options, 2, "445")
    scene, engine = scene_with(store_at(None), resume=human_to_move)
    assert scene.play_state.game.moves_text() == "445" and scene.play_state.board_game.is_human_turn()
    computer_to_move = UnfinishedGame(options, 2, "44")
    scene, engine = scene_with(store_at(None), resume=computer_to_move)
    assert scene.play_state.board_game.is_computer_turn() and engine.count("think") == 1
    run(scene, engine)
    assert scene.play_state.game.moves_text() == "441"


def test_the_start_screen_offers_continue_first_until_a_setting_changes():
    unfinished = UnfinishedGame(TWO_PLAYERS, 1, "4453")
    scene = StartScene(SIZE, PlayOptions(), unfinished=unfinished)
    actions = [button.action for button in scene.buttons()[-1]]
    assert actions == [CONTINUE, PLAY, PUZZLES, LEARN, STATS] and scene.buttons()[-1][0].selected
    scene.handle(key(pygame.K_RETURN))
    assert scene.request == GoToPlay(unfinished.options, resume=unfinished)
    scene.request = None
    scene.handle(key(pygame.K_RIGHT))  # the game row: Tic-tac-toe
    scene.handle(key(pygame.K_RETURN))
    assert scene.request.resume is None and scene.request.options.game == "tictactoe"
    scene.draw(pygame.Surface(SIZE))


def test_continue_is_a_button_to_click():
    unfinished = UnfinishedGame(TWO_PLAYERS, 1, "4453")
    scene = StartScene(SIZE, PlayOptions(), unfinished=unfinished)
    continue_button = scene.buttons()[-1][0]
    scene.handle(click(continue_button.rect.center))
    assert scene.request.resume == unfinished
    assert StartScene(SIZE, PlayOptions()).buttons()[-1][0].action == PLAY


def test_the_window_goes_from_the_menu_to_the_kept_game():
    store = store_at(None)
    engine = FakeEngine(choose=first_legal)
    app = App(lambda: engine, TWO_PLAYERS, start_playing=True, size=SIZE, files=UserData(unfinished=store))
    app.scene.play_state.try_play(3)
    app.step([key(pygame.K_ESCAPE)], 0.05)
    assert isinstance(app.scene, StartScene) and app.scene.unfinished.moves == "4"
    app.step([key(pygame.K_RETURN)], 0.05)
    assert isinstance(app.scene, PlayScene) and app.scene.play_state.game.moves_text() == "4"


def test_continue_on_the_command_line_without_a_game_says_so(capsys):
    assert window_main(["--continue"], engine_factory=FakeEngine) == 1
    assert "no unfinished game" in capsys.readouterr().err


def test_continue_takes_no_other_play_option(capsys):
    assert window_main(["--continue", "--level", "3"], engine_factory=FakeEngine) == 2
    assert "--continue takes no other" in capsys.readouterr().err


def test_continue_on_the_command_line_opens_the_kept_game(monkeypatch):
    keep(store_at(data_dir() / FILE_NAME), UnfinishedGame(TWO_PLAYERS, 1, "4453"))
    opened = {}

    def run_instead(app):
        opened["moves"] = app.scene.play_state.game.moves_text()
        return 0

    monkeypatch.setattr(App, "run", run_instead)
    assert window_main(["--continue"], engine_factory=FakeEngine) == 0
    assert opened["moves"] == "4453"


# --- replacing an unfinished game can be taken back ---------------------------------------------------------


def test_a_new_game_that_replaces_a_kept_game_says_undo_brings_it_back(tmp_path):
    store = store_at(tmp_path / FILE_NAME)
    keep(store, UnfinishedGame(TWO_PLAYERS, 1, "4453"))
    scene, _ = scene_with(store, AGAINST_DEPTH_2)
    assert "Ctrl+Z brings back" in words.status_text(scene.play_state)
    scene.handle(key(pygame.K_z, CTRL))
    assert scene.play_state.game.moves_text() == "4453" and scene.play_state.options.mode is Mode.TWO_PLAYERS


def test_when_the_computer_moves_first_its_thinking_line_takes_over_from_the_new_game_notice(tmp_path):
    store = store_at(tmp_path / FILE_NAME)
    keep(store, UnfinishedGame(TWO_PLAYERS, 1, "4453"))
    engine = FakeEngine(auto_answer=False)
    scene, _ = scene_with(store, PlayOptions(level=Level(2), first=FirstPlayer.COMPUTER), engine=engine)
    assert "Ctrl+Z brings back" in words.status_text(scene.play_state)
    run(scene, engine, seconds=NOTICE_SECONDS + 0.1)
    assert words.status_text(scene.play_state) == "Computer is thinking..."
    # On the human's turn the notice stands its whole time.
    scene, engine = scene_with(store, AGAINST_DEPTH_2)
    run(scene, engine, seconds=NOTICE_SECONDS + 0.1)
    assert "Ctrl+Z brings back" in words.status_text(scene.play_state)


def test_undo_right_after_a_new_game_brings_the_unfinished_one_back(tmp_path):
    store = store_at(tmp_path / FILE_NAME)
    scene, engine = scene_with(store, AGAINST_DEPTH_2)
    scene.play_state.try_play(3)
    run(scene, engine)
    scene.handle(key(pygame.K_n, CTRL))
    assert scene.play_state.game.moves_text() == "" and "Ctrl+Z brings back" in words.status_text(
        scene.play_state
    )
    assert scene.frame().toolbar.buttons[0].enabled
    scene.handle(key(pygame.K_z, CTRL))
    assert scene.play_state.game.moves_text() == "41" and "Back to your game" in words.status_text(
        scene.play_state
    )
    scene.handle(key(pygame.K_z, CTRL))
    assert scene.play_state.game.moves_text() == ""  # now an ordinary undo


def test_paste_then_menu_keeps_the_pasted_game_on_the_board_and_the_old_one_on_file(tmp_path, monkeypatch):
    import ui.play.actions

    store = store_at(tmp_path / FILE_NAME)
    scene, engine = scene_with(store, PlayOptions(mode=Mode.TWO_PLAYERS, moves="4453"))
    scene.play_state.try_play(3)
    monkeypatch.setattr(ui.play.actions, "paste_text", lambda: "44")
    scene.handle(key(pygame.K_v, CTRL))
    scene.handle(key(pygame.K_ESCAPE))  # closes the review the paste opened
    assert scene.play_state.review is None and scene.play_state.game.moves_text() == "44"
    written(scene)
    assert kept_at(tmp_path / FILE_NAME).moves == "44534"
    scene.handle(key(pygame.K_5))
    run(scene, engine, 0.1)
    assert kept_at(tmp_path / FILE_NAME).moves == "445"


def test_a_watched_game_is_not_kept(tmp_path):
    store = store_at(tmp_path / FILE_NAME)
    watch = PlayOptions(mode=Mode.WATCH, watch_levels=(Level(1), Level(1)))
    scene, engine = scene_with(store, watch)
    run(scene, engine, 3)
    assert scene.play_state.game.ply() > 0 and kept_at(tmp_path / FILE_NAME) is None


def test_a_game_undone_below_its_start_position_is_kept_and_continued_as_it_is(tmp_path):
    store = store_at(tmp_path / FILE_NAME)
    scene, engine = scene_with(store, PlayOptions(mode=Mode.TWO_PLAYERS, moves="4453"))
    for _ in range(3):
        scene.act(Action.UNDO)
    scene.play_state.try_play(1)
    run(scene, engine, 0.1)
    assert scene.play_state.game.moves_text() == "42"
    kept = kept_at(tmp_path / FILE_NAME)
    assert kept is not None and kept.moves == "42" and kept.options.moves == "4453"
    again, _ = scene_with(store_at(None), resume=store_at(tmp_path / FILE_NAME).load().newest())
    assert again.play_state.game.moves_text() == "42"
    # The start position was the earlier run's (--moves): continued, its game is a set-up one, and the next
    # game at this board begins at the empty board.
    assert again.play_state.board_game.set_up() and again.play_state.board_game.start == "4453"
    again.act(Action.NEW)
    assert again.play_state.game.moves_text() == "" and not again.play_state.board_game.set_up()
