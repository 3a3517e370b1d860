"""The review on the play screen: opening and closing it, stepping, marks as they come, stale work dropped,
the game and the tally untouched, and the strip drawn at every window size."""

from __future__ import annotations

import pygame
import pytest

from ai.contracts import MoveReview, Verdict
from ai.exact.analysis import ExactAnalyzer
from ai.heuristic.search import Searcher
from ai.heuristic.table import TranspositionTable
from ai.messages import ReviewMark
from ai.play.levels import Level
from ai.play.review import review_game
from ai.score import Score, win_in
from game.connect4 import ConnectFour
from tools.support.fakes import FakeEngine, click, key, scripted
from tools.support.waiting import GENEROUS
from ui.play.actions import Action
from ui.play.review_view import slots
from ui.play.scene import PlayScene
from ui.state.files.store import JsonStore
from ui.state.files.tally import TALLY_FILE
from ui.state.files.user_data import UserData
from ui.state.options import Mode, PlayOptions
from ui.state.play import finished_round
from ui.state.review.game_review import GameReview
from ui.words import play_words as words
from ui.words.review_words import mark_text

SIZE = (960, 780)
#: Red (the human) throws a won game away with move 15; Yellow wins with move 18.
LOST_GAME = "444447562366621351"


pytestmark = pytest.mark.usefixtures("pygame_ready")


def run(scene, engine, seconds=2.0, dt=0.05):
    for _ in range(round(seconds / dt)):
        for message in engine.poll():
            scene.receive(message)
        scene.update(dt)


def lost_game(tmp_path=None, size=SIZE):
    engine = scripted(LOST_GAME)
    tally = None
    if tmp_path:
        tally = JsonStore(TALLY_FILE, tmp_path / "tally.json")
        tally.load()
    files = UserData(tally=tally)
    scene = PlayScene(size, PlayOptions(level=Level(4)), engine, files=files)
    while not scene.play_state.game.is_over():
        if scene.play_state.board_game.is_human_turn():
            scene.play_state.try_play(
                scene.play_state.game.text_to_move(LOST_GAME[scene.play_state.game.ply()])
            )
        run(scene, engine, 1.5)
    run(scene, engine, 1.0)  # the result banner's delay
    assert files.tally.flush(GENEROUS)  # the result is on file
    return scene, engine


def deliver_marks(scene, engine, token=None):
    """The real review of the scene's game, delivered as the engine would (``token``: the request's)."""
    token = engine.last("review").token if token is None else token
    marks = list(review_game(scene.play_state.game, ExactAnalyzer(), Searcher(TranspositionTable(1 << 16))))
    for mark in marks:
        engine.deliver(ReviewMark(token, mark))
    run(scene, engine, 0.1)
    return marks


def test_r_opens_the_review_and_the_marks_fill_in_without_touching_the_game(tmp_path):
    scene, engine = lost_game(tmp_path)
    history, tally_file = scene.play_state.game.moves_text(), (tmp_path / "tally.json").read_text()
    assert (
        scene.play_state.files.tally.value.get(finished_round.tally_key(scene.play_state.board_game)).losses
        == 1
    )
    scene.handle(key(pygame.K_r))
    assert scene.play_state.review is not None and engine.last("review").moves == LOST_GAME
    assert scene.play_state.review.cursor == len(LOST_GAME) and "working it out" in words.status_text(
        scene.play_state
    )
    marks = deliver_marks(scene, engine)
    assert scene.play_state.review.complete() and len(marks) == len(LOST_GAME)
    blunder = scene.play_state.review.marks[15]
    assert blunder.verdict is Verdict.BLUNDER and blunder.mover == 0
    scene.handle(key(pygame.K_HOME))
    assert scene.play_state.review.cursor == 1
    for _ in range(14):
        scene.handle(key(pygame.K_RIGHT))
    assert scene.play_state.review.cursor == 15
    assert "Red in column a throws the win away (a loss now)" in words.status_text(scene.play_state)
    scene.handle(key(pygame.K_END))
    scene.handle(key(pygame.K_RIGHT))
    assert scene.play_state.review.cursor == len(LOST_GAME)
    assert scene.play_state.review.position().moves_text() == LOST_GAME[:-1]
    scene.draw(pygame.Surface(SIZE))
    scene.handle(key(pygame.K_ESCAPE))
    assert (
        scene.play_state.review is None
        and scene.play_state.game.moves_text() == history
        and scene.play_state.game.is_over()
    )
    assert scene.play_state.files.tally.flush(GENEROUS)
    assert (tmp_path / "tally.json").read_text() == tally_file
    run(scene, engine, 1.0)
    assert scene.play_state.files.tally.flush(GENEROUS)
    assert (tmp_path / "tally.json").read_text() == tally_file and scene.frame().banner is not None


def test_the_banner_offers_the_review_and_a_click_on_a_mark_shows_that_move():
    scene, engine = lost_game()
    buttons = [button for button in scene.frame().banner[1] if button.action == Action.REVIEW]
    assert buttons
    scene.handle(click(buttons[0].rect.center))
    assert scene.play_state.review is not None
    deliver_marks(scene, engine)
    layout = scene.layout()
    graph = layout.review
    fifth = [rect for rect in slots(graph, len(LOST_GAME))][4]
    scene.handle(click((fifth.centerx, graph.bottom - 2)))
    assert scene.play_state.review.cursor == 5
    # A click on the board under review plays nothing.
    scene.handle(click(layout.cell_centre(0, 0)))
    assert scene.play_state.game.moves_text() == LOST_GAME


def test_a_new_game_closes_the_review_and_its_late_marks_are_dropped():
    scene, engine = lost_game()
    scene.act(Action.REVIEW)
    token = engine.last("review").token
    scene.handle(key(pygame.K_n, pygame.KMOD_LCTRL))
    assert scene.play_state.review is None and scene.play_state.game.ply() == 0
    deliver_marks(scene, engine, token)
    assert scene.play_state.review is None
    # A review opened later ignores marks of the earlier one.
    scene.play_state.try_play(3)
    run(scene, engine)
    scene.act(Action.REVIEW)
    stale = review_game(scene.play_state.game, ExactAnalyzer(), Searcher(TranspositionTable(1 << 10)))
    engine.deliver(ReviewMark(token, next(stale)))
    run(scene, engine, 0.1)
    assert scene.play_state.review.marks == {}


def test_reviewing_during_the_computers_turn_holds_its_move_until_back():
    engine = scripted("4444444")
    engine.auto_answer = False
    scene = PlayScene(SIZE, PlayOptions(level=Level(4)), engine)
    scene.play_state.try_play(3)
    run(scene, engine, 1.0)
    assert scene.play_state.board_game.is_computer_turn()
    scene.act(Action.REVIEW)
    assert engine.last("review").moves == "4"
    run(scene, engine, 2.0)
    assert scene.play_state.game.ply() == 1
    scene.act(Action.REVIEW)
    assert scene.play_state.review is None and engine.calls[-1].name == "think"


def test_nothing_to_review_before_the_first_move():
    scene = PlayScene(SIZE, PlayOptions(level=Level(4)), FakeEngine())
    scene.act(Action.REVIEW)
    assert scene.play_state.review is None and "Nothing to review" in words.status_text(scene.play_state)


@pytest.mark.parametrize("size", [(320, 260), (480, 360), (960, 780), (1600, 1000), (2400, 700)])
@pytest.mark.parametrize("game", ["connect4", "tictactoe"])
def test_the_review_draws_at_every_window_size(size, game):
    options = PlayOptions(game=game, width=None, height=None, mode=Mode.TWO_PLAYERS)
    scene = PlayScene(size, options, FakeEngine())
    for move in (3, 4, 3, 4, 2) if game == "connect4" else (4, 0, 8):
        scene.play_state.try_play(move)
        run(scene, scene.play_state.engine, 0.5)
    scene.act(Action.REVIEW)
    deliver_marks(scene, scene.play_state.engine)
    layout = scene.layout()
    assert layout.review.height > 0 and layout.review.bottom <= layout.status.top
    assert layout.frame.bottom <= layout.review.top
    for ply in range(1, len(scene.play_state.review.moves) + 1):
        scene.play_state.step_review(ply)
        scene.draw(pygame.Surface(size))
    rects = slots(layout.review, len(scene.play_state.review.moves))
    assert all(layout.review.contains(rect) for rect in rects)


def test_a_pasted_game_is_set_up_and_reviewed(monkeypatch):
    import ui.play.actions

    scene = PlayScene(SIZE, PlayOptions(level=Level(4)), FakeEngine())
    monkeypatch.setattr(ui.play.actions, "paste_text", lambda: LOST_GAME + " -1\n")
    scene.handle(key(pygame.K_v, pygame.KMOD_LCTRL))
    assert scene.play_state.game.moves_text() == LOST_GAME and scene.play_state.review is not None
    assert scene.play_state.review.moves == tuple(
        scene.play_state.game.history()
    ) and "Pasted 18 moves" in words.status_text(scene.play_state)


@pytest.mark.parametrize(
    ("clipboard", "moves", "told"),
    [
        ("4 4 5 3", "4453", "Pasted 4 moves, not rated or counted"),
        ("44 53\n", "4453", "Pasted 4 moves, not rated or counted"),
        (" 4453\t-2 (Red)\n7", "4453", "Pasted 4 moves (ignored: '-2 (Red)'), not rated or counted"),
        ("4 4 five", "44", "Pasted 2 moves (ignored: 'five'), not rated or counted"),
    ],
)
def test_a_paste_reads_the_moves_it_shows_and_names_what_it_ignored(monkeypatch, clipboard, moves, told):
    import ui.play.actions

    scene = PlayScene(SIZE, PlayOptions(level=Level(4)), FakeEngine())
    monkeypatch.setattr(ui.play.actions, "paste_text", lambda: clipboard)
    scene.handle(key(pygame.K_v, pygame.KMOD_LCTRL))
    assert scene.play_state.game.moves_text() == moves and words.status_text(scene.play_state) == told


@pytest.mark.parametrize(
    ("clipboard", "reason"),
    [
        (None, "Nothing to paste"),
        ("hello", "Cannot paste: move 1 ('h')"),
        ("4" * 7, "Cannot paste"),
        ("4 4 4 4 4 4 4", "Cannot paste: move 7 ('4'): column 4 is full"),
        ("4 " * 300, "Cannot paste: 300 characters are too many"),
    ],
)
def test_pasting_what_is_no_game_keeps_the_game_and_says_why(monkeypatch, clipboard, reason):
    import ui.play.actions

    scene = PlayScene(SIZE, PlayOptions(level=Level(4)), FakeEngine())
    scene.play_state.try_play(3)
    monkeypatch.setattr(ui.play.actions, "paste_text", lambda: clipboard)
    scene.handle(key(pygame.K_v, pygame.KMOD_LCTRL))
    assert (
        scene.play_state.game.moves_text() == "4"
        and scene.play_state.review is None
        and reason in words.status_text(scene.play_state)
    )


def test_a_saved_games_text_pasted_is_set_up_on_its_own_board(monkeypatch, tmp_path):
    import ui.play.actions
    from game.catalog import new_game
    from ui.state.files import savegame

    game = new_game("tictactoe", 3, 3)
    game.play_text("14253")
    saved = savegame.to_text(game)
    scene = PlayScene(SIZE, PlayOptions(level=Level(4)), FakeEngine())
    monkeypatch.setattr(ui.play.actions, "paste_text", lambda: saved)
    scene.handle(key(pygame.K_v, pygame.KMOD_LCTRL))
    play_state = scene.play_state
    assert (play_state.options.game, play_state.game.moves_text()) == ("tictactoe", "14253")
    assert (
        play_state.review is not None
        and words.status_text(play_state) == "Pasted 5 moves, not rated or counted"
    )
    # A damaged one is refused with the file's reason, and the game goes on.
    monkeypatch.setattr(ui.play.actions, "paste_text", lambda: "game: connect4\nsize: 7x6\n")
    scene.handle(key(pygame.K_v, pygame.KMOD_LCTRL))
    assert "Cannot paste: the file has no 'moves:' line" in words.status_text(play_state)
    assert play_state.game.moves_text() == "14253"


def test_undo_closes_the_review():
    engine = scripted("4343434")
    scene = PlayScene(SIZE, PlayOptions(level=Level(4), mode=Mode.TWO_PLAYERS), engine)
    for move in (3, 2, 3):
        scene.play_state.try_play(move)
        run(scene, engine, 0.5)
    scene.act(Action.REVIEW)
    scene.handle(key(pygame.K_z, pygame.KMOD_LCTRL))
    assert scene.play_state.review is None and scene.play_state.game.moves_text() == "43"


def test_a_move_that_wins_is_called_the_winning_move_and_a_missed_one_wins_at_once():
    # Red's seventh move completes column 1; in the second game Red plays 3 instead and Yellow wins with 2.
    names = ("Red", "Yellow")
    for moves, ply, said in (
        ("1212121", 7, "Move 7: Red in column a, the winning move"),
        ("12121232", 7, "column c throws the win away (a loss now); best: 1 (Red wins at once)"),
        ("12121232", 8, "Move 8: Yellow in column b, the winning move"),
    ):
        game = ConnectFour()
        game.play_text(moves)
        review = GameReview(game)
        for mark in review_game(game, ExactAnalyzer(), Searcher(TranspositionTable(1 << 16))):
            review.receive(mark)
        review.select(ply)
        text = mark_text(review, names, game.move_to_text)
        assert said in text and "next move" not in text


def reviewed(moves: str) -> tuple[ConnectFour, GameReview]:
    """The game of ``moves`` and its review, every move's mark proven by the exact analyzer."""
    game = ConnectFour()
    game.play_text(moves)
    review = GameReview(game)
    for mark in review_game(game, ExactAnalyzer(), Searcher(TranspositionTable(1 << 16))):
        review.receive(mark)
    return game, review


def test_a_move_that_changes_the_result_is_said_by_what_it_did_and_what_it_gives_back():
    """Yellow's move 6 throws its win away (a draw); Red's move 7 throws the draw away, so Yellow has its win
    back: said in plain words, not as a grade ("a mistake") nor as "gives back Yellow's move 6"."""
    game, review = reviewed("2577713147446472")
    names = ("Red", "Yellow")
    review.select(6)
    assert mark_text(review, names, game.move_to_text).startswith(
        "Move 6: Yellow in column a throws the win away (a draw now); best: "
    )
    review.select(7)
    assert mark_text(review, names, game.move_to_text) == (
        "Move 7: Red in column c throws the draw away; best: 5 (draw); "
        "Yellow gets back what move 6 threw away"
    )


def crafted(marks: list[tuple[int, int]]) -> GameReview:
    """A review of the first moves of a game whose marks change the result as ``marks`` say: for each move,
    (the result of its best move, of the move played), from its mover's side (1 win, 0 draw, -1 loss)."""
    game = ConnectFour()
    game.play_text("4444444"[: len(marks)])
    review = GameReview(game)
    value = {1: Score(win_in(30)), 0: Score(0), -1: Score(-win_in(30))}
    for ply, (best, played) in enumerate(marks, start=1):
        verdict = (Verdict.BEST, Verdict.MISTAKE, Verdict.BLUNDER)[best - played]
        assert review.receive(MoveReview(ply, (ply - 1) % 2, 3, value[played], value[best], (3,), verdict))
    return review


@pytest.mark.parametrize(
    ("marks", "given_back"),
    [
        ([(0, 0), (1, 0), (0, -1)], "Yellow gets back what move 2 threw away"),
        ([(0, 0), (1, -1), (1, 0)], "Yellow gets back part of what move 2 threw away"),
        ([(0, 0), (0, -1), (1, -1)], "Yellow gets back more than move 2 threw away"),
    ],
)
def test_what_a_move_gives_back_is_measured_against_the_opponents_result_before_its_own_change(
    marks, given_back
):
    review = crafted(marks)
    review.select(3)
    text = mark_text(review, ("Red", "Yellow"), str)
    assert text.endswith(f"; {given_back}"), text
