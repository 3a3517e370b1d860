"""Every game counts unless the player says otherwise: after a paste or a load, New game gives the empty board
again and its game is rated and counted; a game that will not be rated says so when it starts; a paste keeps
the match's score. Driven through the play screen's keys over the user's files on disk."""

from __future__ import annotations

import pygame
import pytest

from ai.play.levels import Level
from tools.support.fakes import FakeEngine, key
from tools.support.waiting import GENEROUS
from ui.play.actions import Action
from ui.play.scene import PlayScene
from ui.state.files.current_game import UNFINISHED_FILE, UnfinishedGame
from ui.state.files.player_rating import RATINGS_FILE
from ui.state.files.store import JsonStore
from ui.state.files.tally import TALLY_FILE
from ui.state.files.user_data import UserData
from ui.state.options import PlayOptions
from ui.state.play.notices import NotRated
from ui.theme import CLASSIC
from ui.words import play_words as words

SIZE = (960, 780)
LEVEL_2 = PlayOptions(level=Level(2))
RECORD = "connect4 7x6 vs depth 2"

pytestmark = pytest.mark.usefixtures("pygame_ready")


def files_in(tmp_path) -> UserData:
    stores = {
        "tally": JsonStore(TALLY_FILE, tmp_path / "tally.json"),
        "unfinished": JsonStore(UNFINISHED_FILE, tmp_path / "current-game.json"),
        "ratings": JsonStore(RATINGS_FILE, tmp_path / "ratings.json"),
    }
    for store in stores.values():
        store.load()
    return UserData(**stores)


def make(files: UserData, options: PlayOptions = LEVEL_2, **scene_options) -> tuple[PlayScene, FakeEngine]:
    engine = FakeEngine(choose=lambda game: 1 if 1 in game.moves() else game.moves()[0])
    return PlayScene(SIZE, options, engine, CLASSIC, files=files, **scene_options), engine


def run(scene: PlayScene, engine: FakeEngine, seconds: float = 2.0, dt: float = 0.05) -> None:
    for _ in range(round(seconds / dt)):
        for message in engine.poll():
            scene.receive(message)
        scene.update(dt)


def red_wins(scene: PlayScene, engine: FakeEngine) -> None:
    """The human (Red) plays column a four times; the fake computer answers in column b."""
    for _ in range(4):
        scene.play_state.try_play(0)
        run(scene, engine)
    assert scene.play_state.game.winner() == 0


def on_file(tmp_path) -> tuple[int, list[bool]]:
    """The tally's wins against depth 2, and whether each recorded game was rated, as the files hold them."""
    tally = JsonStore(TALLY_FILE, tmp_path / "tally.json").load().get(RECORD).wins
    games = JsonStore(RATINGS_FILE, tmp_path / "ratings.json").load().games("connect4 7x6")
    return tally, [game.rated for game in games]


def test_after_a_paste_new_game_gives_the_empty_board_and_a_rated_counted_game(tmp_path, monkeypatch):
    import ui.play.actions

    files = files_in(tmp_path)
    scene, engine = make(files)
    red_wins(scene, engine)
    monkeypatch.setattr(ui.play.actions, "paste_text", lambda: "4453")
    scene.handle(key(pygame.K_v, pygame.KMOD_LCTRL))
    play_state = scene.play_state
    # The pasted game says at once that it will not count, and the match's score goes on.
    assert play_state.game.moves_text() == "4453" and play_state.board_game.set_up()
    assert words.status_text(play_state) == "Pasted 4 moves, not rated or counted"
    assert scene.frame().match.wins == (1, 0)
    scene.handle(key(pygame.K_ESCAPE))  # out of the review opened on the pasted game
    for _ in range(2):  # every New game, not only the first after the paste
        scene.act(Action.NEW)
        assert play_state.game.moves_text() == "" and not play_state.board_game.set_up()
        assert not isinstance(play_state.notice and play_state.notice.said, NotRated)
        red_wins(scene, engine)
    assert scene.frame().match.wins == (3, 0)
    assert files.close(GENEROUS) == []
    # All three games from the empty board are counted and rated; the pasted one was never finished.
    assert on_file(tmp_path) == (3, [True, True, True])


def test_a_pasted_game_played_to_its_end_is_neither_rated_nor_counted(tmp_path, monkeypatch):
    import ui.play.actions

    files = files_in(tmp_path)
    scene, engine = make(files)
    monkeypatch.setattr(ui.play.actions, "paste_text", lambda: "7")  # one move: Yellow (the human) to move
    scene.handle(key(pygame.K_v, pygame.KMOD_LCTRL))
    scene.handle(key(pygame.K_ESCAPE))
    # Who starts follows from the pasted position: the human moves first from it.
    assert scene.play_state.board_game.is_human_turn()
    for _ in range(4):
        scene.play_state.try_play(0)
        run(scene, engine)
    assert scene.play_state.game.winner() == 1 and scene.frame().match.wins == (0, 1)
    assert files.close(GENEROUS) == []
    assert on_file(tmp_path) == (0, [False])


def test_a_continued_game_and_a_start_positions_game_say_at_their_start_that_they_are_not_rated(tmp_path):
    files = files_in(tmp_path)
    scene, _engine = make(files, resume=UnfinishedGame(LEVEL_2, 1, "44"))
    assert scene.play_state.notice is not None and scene.play_state.notice.said is NotRated.CONTINUED
    assert words.status_text(scene.play_state) == "A continued game counts in the tally but is not rated"
    scene, _engine = make(files, PlayOptions(level=Level(2), moves="44"))
    assert scene.play_state.notice is not None and scene.play_state.notice.said is NotRated.SET_UP
    scene.act(Action.NEW)  # a start position chosen for the run (--moves) is every game's start
    assert scene.play_state.game.moves_text() == "44"
    assert scene.play_state.notice is not None and scene.play_state.notice.said is NotRated.SET_UP
