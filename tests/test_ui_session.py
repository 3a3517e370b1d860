"""The board game without pygame: seats, undo pairs, redo, tokens and the presentation delay."""

from __future__ import annotations

import pytest

from ai.messages import BestMove, Progress
from ai.play.levels import Level
from ai.score import Score, win_in
from tools.support.fakes import FakeEngine, search_result
from ui.command_line.play_arguments import parse_play_options
from ui.state.board.board_game import BoardGame, Refusal
from ui.state.board.engine_request import PRESENTATION_DELAY
from ui.state.options import FirstPlayer, Mode, PlayOptions
from ui.words import texts

LEVEL = Level(4)


def computer_board_game(first=FirstPlayer.HUMAN, **kwargs):
    engine = FakeEngine(**kwargs)
    options = PlayOptions(mode=Mode.COMPUTER, level=LEVEL, first=first)
    return BoardGame(options, engine), engine


def settle(board_game, engine, seconds=PRESENTATION_DELAY + 0.01):
    """Delivers the engine's messages and lets the presentation delay pass; returns the move played."""
    for message in engine.poll():
        board_game.receive(message)
    return board_game.update(seconds)


def test_human_move_then_computer_reply_after_the_presentation_delay():
    board_game, engine = computer_board_game()
    assert board_game.is_human_turn()
    assert engine.last("ponder").moves == ""
    assert engine.last("ponder").limits == LEVEL.limits()  # the computer's level says how deep to ponder
    assert board_game.play(3) is None
    assert engine.last("think").moves == "4"
    for message in engine.poll():
        assert board_game.receive(message)
    # The answer is in, but it waits until the board has been still long enough.
    assert board_game.update(PRESENTATION_DELAY / 2) is None
    assert board_game.game.moves_text() == "4"
    assert board_game.update(PRESENTATION_DELAY / 2 + 0.01) == 3
    assert board_game.game.moves_text() == "44"
    assert board_game.is_human_turn()


def test_delay_counts_only_while_the_board_is_still():
    board_game, engine = computer_board_game()
    board_game.play(3)
    for message in engine.poll():
        board_game.receive(message)
    assert board_game.update(5.0, board_busy=True) is None
    assert board_game.update(PRESENTATION_DELAY + 0.01) == 3


def test_moves_refused_keep_the_turn():
    board_game, engine = computer_board_game(auto_answer=False)
    for _ in range(6):
        board_game.play(0)
        token = engine.last("think").token
        board_game.receive(BestMove(token, search_result(1, Score.estimate(0), (0,), 1, 0.0)))
        board_game.update(1.0)
    assert board_game.game.moves_text() == "111111"
    assert board_game.play(0) is Refusal.ILLEGAL
    assert board_game.is_human_turn() and board_game.game.ply() == 6
    board_game.play(1)
    assert board_game.play(2) is Refusal.NOT_YOUR_TURN
    assert board_game.game.moves_text() == "1111112"


def test_undo_takes_back_the_move_and_the_reply_and_redo_replays_both():
    board_game, engine = computer_board_game()
    board_game.play(3)
    settle(board_game, engine)
    board_game.play(2)
    settle(board_game, engine)
    assert board_game.game.moves_text() == "4434"
    assert board_game.undo() == 2
    assert board_game.game.moves_text() == "44"
    assert board_game.is_human_turn()
    assert board_game.can_redo()
    assert board_game.redo() == 2
    assert board_game.game.moves_text() == "4434"
    assert not board_game.can_redo()


def test_undo_during_a_search_stops_it_and_ignores_the_late_answer():
    board_game, engine = computer_board_game(auto_answer=False)
    board_game.play(3)
    token = engine.last("think").token
    assert board_game.undo() == 1
    assert engine.calls[-2].name == "stop"
    assert board_game.game.moves_text() == ""
    # The answer to the undone position arrives late: it must not be played.
    assert not board_game.receive(BestMove(token, search_result(1, Score.estimate(0), (3,), 1, 0.0)))
    assert not board_game.receive(Progress(token, search_result(5, Score.estimate(0), (3,), 1, 0.0)))
    assert board_game.update(5.0) is None
    assert board_game.game.moves_text() == ""
    # Redo replays the human's move, and the computer thinks again.
    assert board_game.redo() == 1
    assert engine.last("think").moves == "4"


def test_stale_best_move_after_new_game_is_ignored():
    board_game, engine = computer_board_game(first=FirstPlayer.COMPUTER, auto_answer=False)
    old = engine.last("think").token
    board_game.restart()
    assert not board_game.receive(BestMove(old, search_result(1, Score.estimate(0), (0,), 1, 0.0)))
    new = engine.last("think").token
    assert new != old
    assert board_game.receive(BestMove(new, search_result(1, Score.estimate(0), (3,), 1, 0.0)))
    assert board_game.update(1.0) == 3


def test_computer_first_cannot_undo_its_opening_alone():
    board_game, engine = computer_board_game(first=FirstPlayer.COMPUTER)
    settle(board_game, engine)
    assert board_game.game.ply() == 1
    assert not board_game.can_undo()
    assert board_game.undo() == 0


def test_alternate_swaps_who_starts_each_round():
    board_game, engine = computer_board_game(first=FirstPlayer.ALTERNATE)
    assert board_game.seats[0].is_human
    board_game.next_round()
    assert not board_game.seats[0].is_human and board_game.seats[1].is_human
    assert board_game.is_computer_turn()
    board_game.restart()
    assert board_game.seats[0].is_human


def test_first_human_from_a_start_position_gives_the_human_the_side_to_move():
    engine = FakeEngine()
    board_game = BoardGame(PlayOptions(moves="4", first=FirstPlayer.HUMAN), engine)
    assert board_game.is_human_turn() and board_game.game.to_move() == 1


def test_progress_updates_thinking_and_pondering_never_plays():
    board_game, engine = computer_board_game(auto_answer=False)
    ponder = engine.last("ponder").token
    assert board_game.receive(Progress(ponder, search_result(7, Score.estimate(-2), (3, 3), 5000, 0.5)))
    assert board_game.thinking.pondering and board_game.thinking.result.depth == 7
    with pytest.raises(RuntimeError):
        board_game.receive(BestMove(ponder, search_result(1, Score.estimate(0), (3,), 1, 0.0)))


def test_an_illegal_answer_from_the_engine_is_an_error():
    board_game, engine = computer_board_game(auto_answer=False)
    board_game.play(3)
    with pytest.raises(RuntimeError):
        board_game.receive(
            BestMove(engine.last("think").token, search_result(1, Score.estimate(0), (42,), 1, 0.0))
        )


def test_no_ponder_option():
    engine = FakeEngine()
    board_game = BoardGame(PlayOptions(ponder=False), engine)
    assert engine.count("ponder") == 0
    board_game.play(3)
    assert engine.count("think") == 1


@pytest.mark.parametrize(
    ("mode", "ponder", "analysis_wanted", "searched"),
    [
        (Mode.COMPUTER, True, False, True),
        (Mode.COMPUTER, True, True, True),
        (Mode.COMPUTER, False, False, False),
        (Mode.COMPUTER, False, True, True),
        (Mode.TWO_PLAYERS, True, False, False),
        (Mode.TWO_PLAYERS, False, True, True),
    ],
)
def test_the_board_game_decides_when_the_humans_position_is_pondered(mode, ponder, analysis_wanted, searched):
    engine = FakeEngine()
    board_game = BoardGame(PlayOptions(mode=mode, ponder=ponder, level=LEVEL), engine)
    board_game.want_analysis(analysis_wanted)
    assert board_game.is_human_turn()
    # Pondering already: asking for the analysis renews the ponder as one that proves the values.
    renewed = mode is Mode.COMPUTER and ponder and analysis_wanted
    assert engine.count("ponder") == (2 if renewed else 1 if searched else 0)
    assert (board_game.thinking is not None and board_game.thinking.pondering) == searched
    if searched:
        assert engine.last("ponder").analyse == analysis_wanted


def test_a_stop_reaches_only_the_request_the_board_game_holds():
    """The board game stops its own request through its handle, and the reviews its review's."""
    board_game, engine = computer_board_game(auto_answer=False)
    board_game.play(3)
    think = engine.last("think")
    board_game.undo()
    assert engine.last("stop").token == think.token
    ponder = engine.last("ponder")
    board_game.open_review()
    assert engine.last("stop").token == ponder.token
    review = engine.last("review")
    board_game.close_review()
    assert engine.count("stop") == 3 and engine.last("stop").token == review.token


def test_with_pondering_off_only_the_view_or_a_new_position_ends_an_analysis():
    engine = FakeEngine(auto_answer=False)
    board_game = BoardGame(PlayOptions(ponder=False, level=LEVEL), engine)
    board_game.want_analysis(True)
    analysis = engine.last("ponder").token
    stops = engine.count("stop")
    assert board_game.receive(Progress(analysis, search_result(3, Score.estimate(0), (3,), 100, 0.1)))
    board_game.update(1.0)
    board_game.want_analysis(True)
    assert engine.count("stop") == stops and engine.last("ponder").token == analysis
    board_game.play(3)  # a new position: the computer's think supersedes the analysis
    assert engine.count("stop") == stops and engine.calls[-1].name == "think"
    board_game.undo()
    renewed = engine.last("ponder")
    assert renewed.token != analysis and renewed.moves == ""
    board_game.want_analysis(False)
    assert engine.calls[-1].name == "stop"


def test_watch_mode_plays_to_the_end_and_pauses():
    engine = FakeEngine()
    board_game = BoardGame(PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.WATCH), engine)
    board_game.toggle_pause()
    assert settle(board_game, engine) is None
    board_game.toggle_pause()
    for _ in range(9):
        settle(board_game, engine)
    assert board_game.game.is_over()
    assert not board_game.can_undo()


@pytest.mark.parametrize("first", [FirstPlayer.HUMAN, FirstPlayer.COMPUTER])
def test_the_computer_is_found_in_its_seat_and_only_against_the_human(first):
    board_game, _ = computer_board_game(first)
    player = 1 if first is FirstPlayer.HUMAN else 0
    assert board_game.computer() == (player, LEVEL) and board_game.seats[1 - player].is_human
    for mode in (Mode.WATCH, Mode.TWO_PLAYERS):
        other = BoardGame(PlayOptions(mode=mode, watch_levels=(LEVEL, Level(2))), FakeEngine())
        assert other.computer() is None


# --- what is proven of the position -------------------------------------------------------------------------

NAMES = ("Red", "Yellow")


def test_a_proven_value_of_the_humans_move_is_what_the_status_says_on_the_computers_turn():
    board_game, engine = computer_board_game(auto_answer=False)
    # The ponder proves every move of the human (Red): column 4 wins in 7 of Red's moves, the others less.
    values = tuple((move, Score(win_in(13)) if move == 3 else Score.estimate(-5)) for move in range(7))
    board_game.receive(
        Progress(engine.last("ponder").token, search_result(30, Score(win_in(13)), (3,), 9, 0.1, values))
    )
    board_game.play(3)
    think = engine.last("think").token
    # Red used one move of the seven: the computer's position (Yellow to move) is Red's win in 6.
    assert (
        texts.status_text(board_game, NAMES, moving_player=None, hint=None)
        == "Computer is thinking: Red wins in 6"
    )
    # The computer's own search, two plies deep, thinks the position even: the proof still speaks.
    board_game.receive(Progress(think, search_result(2, Score.estimate(4), (3, 3), 50, 0.01)))
    assert (
        texts.status_text(board_game, NAMES, moving_player=None, hint=None)
        == "Computer is thinking: Red wins in 6"
    )
    # One voice: the line under it says what "6" counts, and the depth-2 search's line as that search's own
    # view (its d loses nothing here, but a line of a shallow search is never offered as the best line).
    detail = texts.detail_parts(board_game, NAMES, overlay_shown=False, selection=None, gravity=True)
    assert detail[:2] == ["in 6 of Red's own moves", "depth 2 looks at d d"]
    assert not any("best line" in part or "+" in part or "estimate" in part for part in detail), detail
    analysis = texts.detail_parts(board_game, NAMES, overlay_shown=True, selection=None, gravity=True)
    assert analysis[:2] == ["Analysis: Red wins in 6", "in 6 of Red's own moves"]
    assert "depth 2 looks at d d" in analysis and not any("best line" in part for part in analysis)


def test_an_estimate_never_replaces_a_proven_value_of_the_same_position_and_an_undo_drops_it():
    board_game, engine = computer_board_game(auto_answer=False)
    board_game.play(3)
    think = engine.last("think").token
    status = lambda: texts.status_text(board_game, NAMES, moving_player=None, hint=None)  # noqa: E731
    board_game.receive(Progress(think, search_result(5, Score.estimate(win_in(11)), (3, 3), 50, 0.01)))
    assert status() == "Computer is thinking: Yellow wins in 6"
    board_game.receive(Progress(think, search_result(6, Score.estimate(250), (3, 3), 90, 0.02)))
    assert status() == "Computer is thinking: Yellow wins in 6"
    # The computer plays its proven move: the human's position is Yellow's win in 5, and the ponder's early
    # estimates do not say otherwise; the ponder's line may repeat what the computer's has told.
    board_game.receive(BestMove(think, search_result(6, Score.estimate(win_in(11)), (3, 3), 90, 0.02)))
    assert board_game.update(PRESENTATION_DELAY + 0.01) == 3
    assert board_game.proven is not None and board_game.proven.score == Score(-win_in(10))
    board_game.receive(
        Progress(engine.last("ponder").token, search_result(2, Score.estimate(30), (2,), 40, 0.01))
    )
    assert texts.detail_parts(board_game, NAMES, overlay_shown=True, selection=None, gravity=True)[0] == (
        "Analysis: Yellow wins in 5"
    )
    ponder = texts.detail_parts(board_game, NAMES, overlay_shown=False, selection=None, gravity=True)
    assert ponder[0] == "Thinking on your time: Yellow wins in 5 (proven)"
    # Undo goes back to the empty board: nothing proven there, the estimate speaks again.
    assert board_game.undo() == 2
    assert board_game.proven is None or board_game.proven.score is None
    board_game.receive(
        Progress(engine.last("ponder").token, search_result(2, Score.estimate(30), (2,), 40, 0.01))
    )
    board_game.want_analysis(True)
    board_game.receive(
        Progress(engine.last("ponder").token, search_result(2, Score.estimate(30), (2,), 40, 0.01))
    )
    assert texts.detail_parts(board_game, NAMES, overlay_shown=True, selection=None, gravity=True)[0] == (
        "Analysis: Red is better (estimate)"
    )


def test_a_proof_the_computer_has_not_told_stays_unsaid_on_the_humans_turn():
    board_game, engine = computer_board_game(auto_answer=False)
    board_game.receive(
        Progress(engine.last("ponder").token, search_result(30, Score(-win_in(20)), (3,), 9, 0.1))
    )
    ponder = texts.detail_parts(board_game, NAMES, overlay_shown=False, selection=None, gravity=True)
    assert ponder[
        0
    ] == "Thinking on your time: it knows how this ends, and keeps it to itself" and "wins" not in " ".join(
        ponder
    )


@pytest.mark.parametrize(
    ("moves", "first", "computer_moves_now"),
    [("4", "computer", True), ("4", "human", False), ("44", "computer", True), ("44", "human", False)],
)
def test_first_from_the_command_line_is_who_moves_first_from_the_moves_position(
    moves, first, computer_moves_now
):
    options = parse_play_options(["--moves", moves, "--first", first])
    engine = FakeEngine(auto_answer=False)
    board_game = BoardGame(options, engine)
    assert board_game.is_computer_turn() is computer_moves_now
    assert engine.count("think") == computer_moves_now
    if computer_moves_now:
        assert engine.last("think").moves == moves
