"""The coach (ui/state/play/coach.py and the play screen): it speaks before a move that changes the player's
result under best play, exactly then, only on proven values, never for the computer; the player takes the move
back with one key or plays it anyway."""

from __future__ import annotations

import random

import pygame
import pytest

from ai.contracts import SearchResult
from ai.exact.analysis import ExactAnalyzer
from ai.messages import Progress
from ai.play.levels import Level
from ai.score import Score, from_child, win_in
from game.connect4 import ConnectFour
from tests.conftest import require_compiled_core
from tests.test_ui_analysis import end_game_positions, search_until_proven
from tools.support.fakes import Call, FakeEngine, key, search_result
from ui.play.scene import PlayScene
from ui.state.board.board_game import Refusal
from ui.state.board.followed_search import FollowedSearch
from ui.state.options import Mode, PlayOptions
from ui.state.play import coach
from ui.state.play.coach import CoachWarning
from ui.words import play_words as words

SIZE = (960, 780)
WIN, DRAW, LOSS = win_in(5), 0, from_child(win_in(3))


pytestmark = pytest.mark.usefixtures("pygame_ready")


def proven(scores: dict[int, int], exact: bool = True) -> SearchResult:
    """A ponder's result valuing every move of ``scores`` ({move: score}), the best first in its line."""
    move_scores = tuple((move, Score(score, exact)) for move, score in scores.items())
    best = max(scores, key=lambda move: scores[move])
    return search_result(5, Score(scores[best], exact), (best,), 10, 0.1, move_scores)


def outcome(score: int) -> int:
    """The result a proven score says (see :attr:`ai.score.Score.known_result`)."""
    result = Score(score).known_result
    assert result is not None
    return result


def thinking(scores: dict[int, int], exact: bool = True, player: int = 0) -> FollowedSearch:
    return FollowedSearch(player, True, proven(scores, exact))


#: Column 4 wins, column 3 draws, every other column loses.
ONE_WIN = {move: (WIN if move == 3 else DRAW if move == 2 else LOSS) for move in range(7)}
#: What the coach says of column 1 in ONE_WIN.
THROWN_TO_A_LOSS = "Coach: column a throws the win away (a loss now)."


def test_the_coach_speaks_exactly_when_the_result_changes():
    rng = random.Random(30)
    for _ in range(2000):
        scores = {move: rng.choice([WIN, DRAW, LOSS, win_in(1), -win_in(2)]) for move in range(7)}
        move = rng.randrange(7)
        said = coach.warning(thinking(scores), 0, move)
        results = {valued: outcome(score) for valued, score in scores.items()}
        best = max(results.values())
        if results[move] < best:
            assert said == CoachWarning(move, best, results[move])
        else:
            assert said is None


def test_the_coach_is_silent_where_a_value_is_not_proven_or_the_search_is_about_the_other_side():
    assert coach.warning(thinking({0: WIN, 1: 40}, exact=False), 0, 1) is None
    mixed = thinking({0: WIN, 1: LOSS})
    assert coach.warning(mixed, 1, 1) is None  # a search about the other player's turn
    assert coach.warning(None, 0, 1) is None
    assert coach.warning(mixed, 0, 1) == CoachWarning(1, 1, -1)


def coached_scene(mode: Mode = Mode.COMPUTER) -> tuple[PlayScene, FakeEngine]:
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(SIZE, PlayOptions(level=Level(4), mode=mode, coach=True), engine)
    return scene, engine


def test_the_coach_asks_for_proven_values_on_the_players_turn_in_every_mode_with_a_player():
    for mode in (Mode.COMPUTER, Mode.TWO_PLAYERS):
        scene, engine = coached_scene(mode)
        assert engine.last("ponder").analyse


def test_the_player_takes_the_move_back_with_one_key_and_nothing_else_changes():
    scene, engine = coached_scene()
    scene.receive(Progress(engine.last("ponder").token, proven(ONE_WIN)))
    calls = list(engine.calls)
    asked_before = scene.play_state.board_game.thinking
    assert scene.play_state.try_play(0) is Refusal.COACHED
    assert scene.play_state.game.history() == () and scene.play_state.round.coach.spoke == 1
    assert words.status_text(scene.play_state).startswith(
        THROWN_TO_A_LOSS
    ) and "Backspace: choose again" in words.status_text(scene.play_state)
    # The warning asks why the move throws the win away; nothing else is asked.
    assert engine.calls[len(calls) :] == [Call("explain", engine.last("explain").token, move=0)]
    calls = list(engine.calls)
    scene.handle(key(pygame.K_BACKSPACE))
    assert scene.play_state.round.coach.warning is None and scene.play_state.game.history() == ()
    # The position, the search on the player's time and its clock go on as they were: no new request.
    assert engine.calls == calls and scene.play_state.board_game.thinking is asked_before
    assert words.status_text(scene.play_state).startswith("Taken back")
    # A move that keeps the win is played at once; the coach never speaks for the computer's move.
    assert scene.play_state.try_play(3) is None and scene.play_state.game.history() == (3,)
    assert scene.play_state.try_play(0) is Refusal.NOT_YOUR_TURN and scene.play_state.round.coach.spoke == 1


def test_esc_takes_the_warned_move_back_rather_than_leaving_the_game():
    scene, engine = coached_scene()
    scene.receive(Progress(engine.last("ponder").token, proven(ONE_WIN)))
    assert scene.play_state.try_play(0) is Refusal.COACHED
    scene.handle(key(pygame.K_ESCAPE))
    assert scene.play_state.round.coach.warning is None and scene.request is None
    scene.handle(key(pygame.K_ESCAPE))  # no warning stands: Esc is the way back to the start screen
    assert scene.request is not None


def test_the_same_move_again_plays_it_anyway_and_another_move_is_judged_afresh():
    scene, engine = coached_scene()
    scene.receive(Progress(engine.last("ponder").token, proven(ONE_WIN)))
    assert scene.play_state.try_play(2) is Refusal.COACHED  # a win thrown to a draw
    assert "throws the win away (a draw now)" in words.status_text(scene.play_state)
    assert (
        scene.play_state.try_play(0) is Refusal.COACHED and scene.play_state.round.coach.spoke == 2
    )  # another move: warned afresh
    assert scene.play_state.try_play(0) is None and scene.play_state.game.history() == (
        0,
    )  # the same again: played anyway
    assert scene.play_state.round.coach.warning is None


def test_without_the_coach_every_move_is_played_at_once():
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(SIZE, PlayOptions(level=Level(4)), engine)
    assert not engine.last("ponder").analyse
    scene.receive(Progress(engine.last("ponder").token, proven(ONE_WIN)))
    assert scene.play_state.try_play(0) is None


def losing_move(moves: str) -> tuple[str, int] | None:
    """A position (of the benchmark's end games) and one of its moves that changes the mover's result."""
    values = ExactAnalyzer(solver_slots=1 << 16).move_values(ConnectFour.from_moves(moves))
    results = {move: outcome(value.value) for move, value in enumerate(values) if value is not None}
    best = max(results.values())
    worse = [move for move, result in results.items() if result < best]
    return (moves, worse[0]) if worse else None


def test_the_coach_with_the_real_engine_speaks_before_a_move_that_throws_the_result_away():
    require_compiled_core()
    from ai.engine import Engine

    found = next(found for found in map(losing_move, end_game_positions(12)) if found is not None)
    moves, bad = found
    engine = Engine(table_entries=1 << 16, solver_slots=1 << 18, seed=3)
    try:
        options = PlayOptions(mode=Mode.TWO_PLAYERS, moves=moves, coach=True)
        scene = PlayScene(SIZE, options, engine)
        search_until_proven(scene, engine)
        assert (
            scene.play_state.try_play(bad) is Refusal.COACHED
            and scene.play_state.game.history() == ConnectFour.from_moves(moves).history()
        )
        assert scene.play_state.try_play(bad) is None and scene.play_state.game.ply() == len(moves) + 1
    finally:
        engine.close()


def test_how_often_the_coach_spoke_is_told_under_the_result():
    scene, engine = coached_scene(Mode.TWO_PLAYERS)
    scene.receive(Progress(engine.last("ponder").token, proven(ONE_WIN)))
    assert scene.play_state.try_play(0) is Refusal.COACHED and scene.play_state.try_play(0) is None
    # Red makes four in column 1; the coach has no proven values for these positions, so it stays silent.
    for move in (1, 0, 1, 0, 1, 0):
        assert scene.play_state.try_play(move) is None
    assert scene.play_state.game.is_over() and words.result_text(scene.play_state)[1].endswith(
        "The coach spoke 1 time."
    )
    scene.play_state.new_round(next_round=False)
    assert scene.play_state.round.coach.spoke == 0
