""" "Show me" in the review (ui/state/review/show_me.py and the play screen): the best line from the move
shown, found one proven move at a time, played forward by itself, stepped by hand, and back to the review."""

from __future__ import annotations

import time

import pygame
import pytest

from ai.exact.analysis import ExactAnalyzer
from ai.heuristic.search import Searcher
from ai.heuristic.table import TranspositionTable
from ai.messages import Progress, ReviewMark
from ai.play.levels import MAX
from ai.play.review import review_game
from ai.score import Score, win_in
from game.connect4 import ConnectFour
from tests.conftest import require_compiled_core
from tools.support.fakes import FakeEngine, key, search_result
from ui.play.actions import Action
from ui.play.scene import PlayScene
from ui.state.options import Mode, PlayOptions
from ui.state.review.show_me import STEP_SECONDS, BestLine
from ui.words import play_words as words

SIZE = (960, 780)
#: Red wins with four in column 1 once it plays there again.
GAME = "1212121"


pytestmark = pytest.mark.usefixtures("pygame_ready")


def proven(scores: dict[int, int], exact: bool = True):
    move_scores = tuple((move, Score(score, exact)) for move, score in scores.items())
    best = max(scores, key=lambda move: scores[move])
    return search_result(9, Score(scores[best], exact), (best,), 10, 0.1, move_scores)


def reviewing(moves: str = GAME, size: tuple[int, int] = (7, 6)) -> tuple[PlayScene, FakeEngine]:
    engine = FakeEngine(auto_answer=False)
    options = PlayOptions(mode=Mode.TWO_PLAYERS, width=size[0], height=size[1], moves=moves)
    scene = PlayScene(SIZE, options, engine)
    scene.act(Action.REVIEW)
    return scene, engine


def test_the_line_grows_one_proven_move_at_a_time_and_only_from_proven_values():
    scene, engine = reviewing()
    scene.play_state.step_review(7)  # Red's winning move, shown: the line starts before it
    scene.handle(key(pygame.K_b))
    line = scene.play_state.review.line
    assert line is not None and line.start.moves_text() == "121212"
    ask = engine.last("ponder")
    assert ask.analyse and ask.moves == "121212" and ask.limits is None
    # An estimate gives the line nothing; a proof gives it the best move (the lowest among equals).
    scene.receive(Progress(ask.token, proven({0: 300, 1: 5}, exact=False)))
    assert line.moves == []
    scene.receive(Progress(ask.token, proven({0: win_in(1), 1: 0, 2: 0})))
    assert line.moves == [0] and line.done and line.value == Score(win_in(1)) and line.value.exact
    assert engine.last("ponder").token == ask.token  # the game is over: nothing more to ask


def test_the_line_plays_forward_by_itself_steps_by_hand_and_goes_back_to_the_review():
    scene, engine = reviewing("4455")
    scene.play_state.step_review(3)
    scene.act(Action.SHOW_ME)
    line = scene.play_state.review.line
    assert line is not None and line.start.moves_text() == "44"
    for step in range(3):
        ask = engine.last("ponder")
        assert ask.moves == "44" + "".join(str(m + 1) for m in line.moves)
        scene.receive(Progress(ask.token, proven({3: 0, 2: -5, 4: -5} if step % 2 else {2: 0, 3: -5})))
    assert [m + 1 for m in line.moves] == [3, 4, 3]
    scene.update(STEP_SECONDS / 2)
    assert (
        line.shown == 1 and scene.play_state.browser.line_animation is not None
    )  # the first found shows at once, dropping
    scene.update(STEP_SECONDS)
    assert line.shown == 2
    assert words.status_text(scene.play_state) == "Best line from move 3, draw: c [d] c \u2026"
    assert "B or Esc: back to the review" in words.detail_text(scene.play_state)
    picture = scene.picture().board
    assert picture.cells == line.position().cells() and picture.last_move == line.position().last_cell()
    # A step by hand stops the playing; Home and End go to the line's start and its end.
    scene.handle(key(pygame.K_LEFT))
    assert line.shown == 1 and not line.playing
    scene.update(5.0)
    assert line.shown == 1
    scene.handle(key(pygame.K_END))
    assert line.shown == 3
    scene.handle(key(pygame.K_HOME))
    assert line.shown == 0 and scene.picture().board.cells == line.start.cells()
    # Esc goes back to the review (not to the game), whose missing marks are asked for again.
    reviews = engine.count("review")
    scene.handle(key(pygame.K_ESCAPE))
    assert scene.play_state.review is not None and scene.play_state.review.line is None
    assert engine.count("review") == reviews + 1
    assert scene.play_state.game.moves_text() == "4455"  # the game itself never changed


def test_a_long_line_says_its_result_first_and_lists_the_moves_around_the_one_shown():
    scene, engine = reviewing("4455")
    scene.play_state.step_review(1)
    scene.act(Action.SHOW_ME)
    line = scene.play_state.review.line
    for step in range(16):
        # Columns 1 to 6 in turn, then again: no four in a row among their first 16 stones; Yellow wins.
        best = step % 6
        value = -win_in(24 - step) if step % 2 == 0 else win_in(23 - step)
        scene.receive(Progress(engine.last("ponder").token, proven({best: value, 6: -win_in(1)})))
    assert len(line.moves) == 16
    line.to_end(False)
    line.step(8)
    status = words.status_text(scene.play_state)
    # Ten of the 16 moves, the eighth (on the board) among them, the others left out on either side.
    assert status == "Best line from move 1, Yellow wins in 12: \u2026 d e f a [b] c d e f a \u2026"


def test_a_complete_review_is_not_asked_again_and_a_late_answer_is_ignored():
    scene, engine = reviewing("44")
    review = scene.play_state.review
    analyzer = ExactAnalyzer(solver_slots=1 << 16)
    for mark in review_game(scene.play_state.game, analyzer, Searcher(TranspositionTable(1 << 12))):
        scene.receive(ReviewMark(review.request.token, mark))
    assert review.complete()
    scene.act(Action.SHOW_ME)
    token = engine.last("ponder").token
    reviews = engine.count("review")
    scene.act(Action.SHOW_ME)
    assert engine.count("review") == reviews and review.line is None
    scene.receive(Progress(token, proven({3: 0})))  # the line's late answer: nobody wants it
    assert review.line is None


def test_show_me_says_why_on_a_board_the_review_does_not_prove():
    scene, engine = reviewing("4455", size=(8, 7))
    scene.act(Action.SHOW_ME)
    assert (
        scene.play_state.review.line is None
        and "7 \u00d7 6, 6 \u00d7 5 and Tic-tac-toe" in words.status_text(scene.play_state)
    )


def test_the_line_alone_is_pure_state():
    line = BestLine(ConnectFour.from_moves("44"))
    assert line.frontier().moves_text() == "44" and not line.done
    assert not line.advance(1.0)  # nothing found yet
    line.receive(proven({2: 0, 3: -3}))
    assert line.advance(0.0) and line.shown == 1  # found after a wait: shown at once


def test_show_me_with_the_real_engine_plays_perfect_play_to_the_end():
    require_compiled_core()
    from ai.engine import Engine

    engine = Engine(table_entries=1 << 16, solver_slots=1 << 18, seed=3)
    try:
        # Near the end of a game on 7 x 6: the line is found to the game's end in well under a second.
        moves = "444447562366621351"
        scene = PlayScene(SIZE, PlayOptions(level=MAX, moves=moves, mode=Mode.TWO_PLAYERS), engine)
        scene.act(Action.REVIEW)
        scene.play_state.step_review(15)
        scene.act(Action.SHOW_ME)
        line = scene.play_state.review.line
        deadline = time.monotonic() + 30
        while not line.done:
            assert time.monotonic() < deadline, line.moves
            for message in engine.poll():
                scene.receive(message)
            time.sleep(0.005)
        analyzer = ExactAnalyzer(solver_slots=1 << 16)
        board = line.start.copy()
        value = analyzer.move_values(board)
        best = max(v for v in value if v is not None)
        for move in line.moves:  # every move of the line keeps the start's value: perfect play
            values = analyzer.move_values(board)
            assert values[move] == max(v for v in values if v is not None)
            board.apply(move)
        assert line.value == best and line.value.exact
    finally:
        engine.close()
