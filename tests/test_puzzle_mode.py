"""The Puzzles mode (the start screen's Puzzles button): the puzzle on the board against the perfect
defender, a wrong move shown and retried, the streak and the puzzle rating kept between runs
(ui/state/files/puzzle_record.py)."""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace

import pygame
import pytest

from ai.claims import Result, Road, WinNow
from ai.messages import BestMove, Explained, Progress
from ai.puzzles import Puzzle, PuzzleTheme, load_puzzles
from ai.score import Score, from_child, win_in
from tests.conftest import require_compiled_core
from tools.support.fakes import FakeEngine, click, key, search_result
from tools.support.waiting import GENEROUS, wait_until
from ui.app import App
from ui.play.actions import Action
from ui.play.frame import match_bar
from ui.play.scene import PlayScene
from ui.start.scene import PUZZLES
from ui.state.board.board_game import Refusal
from ui.state.files.puzzle_record import (
    NEAR,
    PUZZLE_FILE,
    RETRY_EVERY,
    START_RATING,
    PuzzleRecord,
    choose_puzzle,
    puzzle_options,
    puzzle_rating,
)
from ui.state.files.store import JsonStore
from ui.state.files.user_data import UserData
from ui.state.play.puzzle_theme import ThemeChoice, offered_themes
from ui.words import play_words as words
from ui.words.problem_words import reason_text
from ui.words.texts import PUZZLE_SOLVED
from ui.words.why_words import THEME_WORDS, move_reason

SIZE = (960, 780)


pytestmark = pytest.mark.usefixtures("pygame_ready")


@pytest.fixture(scope="module")
def shipped() -> tuple[Puzzle, ...]:
    return load_puzzles().puzzles


def proven_values(puzzle: Puzzle) -> tuple[tuple[int, Score], ...]:
    """Move values as the engine proves them: the puzzle's column wins, every other move loses."""
    return tuple(
        (move, Score(win_in(2 * puzzle.win_in - 1) if move == puzzle.column - 1 else from_child(win_in(1))))
        for move in range(7)
    )


def test_the_start_screens_puzzles_button_opens_a_puzzle_for_the_players_rating(tmp_path):
    store = JsonStore(PUZZLE_FILE, tmp_path / "puzzles.json")
    store.load()
    files = UserData(puzzles=store)
    app = App(
        FakeEngine,
        puzzle_options(load_puzzles().puzzles[0]),
        start_playing=False,
        files=files,
    )
    button = next(b for b in app.scene.buttons()[-1] if b.action == PUZZLES)
    app.step([click(button.rect.center)], 0.01)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.play_state.puzzle is not None
    assert (
        scene.play_state.game.moves_text() == scene.play_state.puzzle.moves
        and scene.play_state.board_game.is_human_turn()
    )
    mover = scene.play_state.piece_names[scene.play_state.game.to_move()]
    assert (
        words.status_text(scene.play_state)
        == f"Puzzle: {mover} to play and win in {scene.play_state.puzzle.win_in}"
    )
    assert scene.play_state.puzzle.win_in == 2  # a new player's first puzzle is the shortest there is


def test_a_wrong_move_is_shown_and_retried_and_breaks_the_streak_once(tmp_path, shipped):
    puzzle = next(p for p in shipped if p.win_in >= 3)
    store = JsonStore(PUZZLE_FILE, tmp_path / "puzzles.json")
    assert store.update(lambda record: PuzzleRecord(streak=4, best_streak=4)) is None
    files = UserData(puzzles=store)
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(SIZE, puzzle_options(puzzle), engine, puzzle=puzzle, files=files)
    wrong = next(move for move in scene.play_state.game.moves() if move != puzzle.column - 1)
    # Before the values are proven no move is judged, and none is played.
    assert (
        scene.play_state.try_play(wrong) is Refusal.COACHED
        and scene.play_state.game.moves_text() == puzzle.moves
    )
    assert words.status_text(scene.play_state).startswith("A moment")
    ask = engine.last("ponder")
    assert ask.analyse
    scene.receive(
        Progress(ask.token, search_result(9, Score(1), (puzzle.column - 1,), 10, 0.1, proven_values(puzzle)))
    )
    assert (
        scene.play_state.try_play(wrong) is Refusal.COACHED
        and scene.play_state.game.moves_text() == puzzle.moves
    )
    # Shown on the board.
    assert scene.play_state.feedback.refusal is not None and scene.play_state.selection == wrong
    assert words.status_text(scene.play_state).startswith(
        "Not this one"
    ) and "Try again" in words.status_text(scene.play_state)
    assert scene.play_state.try_play(wrong) is Refusal.COACHED  # a second miss counts once
    assert files.puzzles.flush(GENEROUS)
    kept = json.loads((tmp_path / "puzzles.json").read_text())
    assert kept["streak"] == 0 and kept["failed"] == 1 and kept["best_streak"] == 4
    assert scene.play_state.try_play(puzzle.column - 1) is None  # the retry with the winning move is played


def test_solving_against_the_perfect_defender_counts_the_streak_between_runs(tmp_path, shipped):
    require_compiled_core()
    from ai.engine import Engine

    puzzle = next(p for p in shipped if p.win_in == 2)
    path = tmp_path / "puzzles.json"
    store = JsonStore(PUZZLE_FILE, path)
    store.load()
    files = UserData(puzzles=store)
    engine = Engine(seed=4)
    try:
        scene = PlayScene(SIZE, puzzle_options(puzzle), engine, puzzle=puzzle, files=files)
        deadline = time.monotonic() + 60
        while not scene.play_state.game.is_over():
            assert time.monotonic() < deadline, scene.play_state.game.moves_text()
            for message in engine.poll():
                scene.receive(message)
            if scene.play_state.board_game.is_human_turn() and scene.play_state.animation is None:
                for move in scene.play_state.game.moves():  # the winning move when there is one now
                    trial = scene.play_state.game.copy()
                    trial.apply(move)
                    if trial.is_over():
                        break
                else:
                    move = puzzle.column - 1
                if scene.play_state.try_play(move) is Refusal.COACHED:
                    assert words.status_text(scene.play_state).startswith(
                        "A moment"
                    )  # still proving: try again soon
            scene.update(0.2)
            time.sleep(0.01)
        scene.update(5.0)
        assert scene.play_state.board_game.seats[scene.play_state.game.winner()].is_human
        # The result stays in the match bar (the record), not as a score of the match that the next
        # puzzle's board would drop.
        bar = scene.frame().match
        # The theme chosen, then the record, in every form down to the theme alone.
        assert bar.standing[0].startswith("F: any theme \u00b7 streak 1 (best 1)") and bar.wins == (0, 0)
        assert bar.standing[-1] == "F: any theme"
        assert (
            words.result_text(scene.play_state)[0] == "Solved!"
            and "streak 1" in words.result_text(scene.play_state)[1]
        )
        assert files.puzzles.flush(GENEROUS)
        record = files.puzzles.value
        assert JsonStore(PUZZLE_FILE, path).load() == PuzzleRecord().after(puzzle, clean=True) == record
        assert (record.streak, record.best_streak, record.solved) == (1, 1, 1)
        assert record.rating > START_RATING
        scene.handle(key(pygame.K_RETURN))
        assert scene.request is not None and type(scene.request).__name__ == "GoToPuzzle"
    finally:
        engine.close()


def prove(scene: PlayScene, engine: FakeEngine, puzzle: Puzzle) -> None:
    """The engine proves the values of the puzzle's moves on the player's turn."""
    ask = engine.last("ponder")
    assert ask.analyse and ask.moves == scene.play_state.game.moves_text()
    scene.receive(
        Progress(ask.token, search_result(9, Score(1), (puzzle.column - 1,), 10, 0.1, proven_values(puzzle)))
    )


def press_column(scene: PlayScene, column: int) -> None:
    """The player presses the digit key of ``column`` (1-based): the way a move is typed."""
    scene.handle(key(pygame.K_0 + column, unicode=str(column)))


def answer(scene: PlayScene, engine: FakeEngine, move: int) -> None:
    """The engine answers its last ``think`` with ``move``, and the board settles."""
    ask = engine.last("think")
    scene.receive(BestMove(ask.token, search_result(5, Score.estimate(0), (move,))))
    for _ in range(10):
        scene.update(0.5)


def test_each_right_move_is_acknowledged_and_the_title_counts_the_moves_left(tmp_path, shipped):
    puzzle = next(p for p in shipped if p.win_in >= 6)
    store = JsonStore(PUZZLE_FILE, tmp_path / "puzzles.json")
    store.load()
    files = UserData(puzzles=store)
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(SIZE, puzzle_options(puzzle), engine, puzzle=puzzle, files=files)
    assert words.toolbar_titles(scene.play_state)[0] == f"Puzzle \u00b7 {puzzle.win_in} moves left to win"
    prove(scene, engine, puzzle)
    press_column(scene, puzzle.column)
    assert scene.play_state.game.moves_text() == puzzle.moves + str(puzzle.column)
    assert words.status_text(scene.play_state) == f"Right: that keeps the win. {puzzle.win_in - 1} more to go"
    assert words.toolbar_titles(scene.play_state)[0] == f"Puzzle \u00b7 {puzzle.win_in - 1} moves left to win"
    assert (
        not scene.play_state.round.attempt.solved and files.puzzles.value == PuzzleRecord()
    )  # not solved yet
    answer(scene, engine, next(move for move in scene.play_state.game.moves()))
    assert scene.play_state.board_game.is_human_turn()  # the player's next move is asked for, not shown
    assert words.toolbar_titles(scene.play_state)[0] == f"Puzzle \u00b7 {puzzle.win_in - 1} moves left to win"
    scene.handle(key(pygame.K_z, pygame.KMOD_CTRL))  # an undo goes back to the moves left then
    assert scene.play_state.game.moves_text() == puzzle.moves
    assert words.toolbar_titles(scene.play_state)[0] == f"Puzzle \u00b7 {puzzle.win_in} moves left to win"


def test_a_record_that_cannot_be_written_says_so_after_the_refusal(tmp_path, shipped):
    puzzle = next(p for p in shipped if p.win_in >= 3)
    (tmp_path / "a file").write_text("not a folder")
    files = UserData(puzzles=JsonStore(PUZZLE_FILE, tmp_path / "a file" / PUZZLE_FILE.file_name))
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(SIZE, puzzle_options(puzzle), engine, puzzle=puzzle, files=files)
    prove(scene, engine, puzzle)
    wrong = next(move for move in scene.play_state.game.moves() if move != puzzle.column - 1)
    assert scene.play_state.try_play(wrong) is Refusal.COACHED
    assert words.status_text(scene.play_state).startswith("Not this one")
    wait_until(lambda: files.puzzles.failing, "the failed write")
    scene.update(0.05)
    assert words.status_text(scene.play_state).startswith(f"{PUZZLE_FILE.title} not saved")
    assert files.puzzles.value.failed == 1  # the miss still counts in the window


def test_a_puzzle_is_solved_once_the_win_cannot_slip_and_the_rest_is_shown(tmp_path, shipped):
    puzzle = next(p for p in shipped if p.win_in == 3)
    path = tmp_path / "puzzles.json"
    store = JsonStore(PUZZLE_FILE, path)
    store.load()
    files = UserData(puzzles=store)
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(SIZE, puzzle_options(puzzle), engine, puzzle=puzzle, files=files)
    # The record stands in the match bar from the first puzzle on, with how sure the rating is.
    before = scene.frame().match.standing[0]
    assert before.startswith(
        "F: any theme \u00b7 streak 0 (best 0) \u00b7 puzzle rating 1200 \u00b1 "
    ) and before.endswith("provisional")
    prove(scene, engine, puzzle)
    press_column(scene, puzzle.column)  # leaves a win in 2 more moves: the win cannot slip
    play_state = scene.play_state
    assert play_state.round.attempt.solved and words.status_text(play_state) == PUZZLE_SOLVED
    assert words.toolbar_titles(play_state)[0] == "Puzzle \u00b7 solved"
    # Counted at once, before the game is over, and shown where it stays.
    assert not play_state.game.is_over()
    assert files.puzzles.flush(GENEROUS)
    solved = PuzzleRecord().after(puzzle, clean=True)
    assert JsonStore(PUZZLE_FILE, path).load() == solved == files.puzzles.value
    assert scene.frame().match.standing[0].startswith("F: any theme \u00b7 streak 1 (best 1)")
    # The rest plays out by itself: the computer moves for the player too, and the player's keys play nothing.
    reply = play_state.game.moves()[0]
    answer(scene, engine, reply)
    assert play_state.game.moves_text() == puzzle.moves + f"{puzzle.column}{reply + 1}"
    assert (
        engine.last("think").moves == play_state.game.moves_text()
        and not play_state.board_game.is_human_turn()
    )
    press_column(scene, 1)
    assert play_state.game.moves_text() == puzzle.moves + f"{puzzle.column}{reply + 1}"
    answer(scene, engine, play_state.game.moves()[0])
    assert len(play_state.game.moves_text()) == len(puzzle.moves) + 3
    assert not play_state.can_undo()  # the solve is not taken back
    assert files.puzzles.value == solved  # counted once


def test_a_broken_record_is_reported_once_and_a_new_one_used(tmp_path):
    path = tmp_path / "puzzles.json"
    path.write_text('{"streak": "many"}', encoding="utf-8")
    store = JsonStore(PUZZLE_FILE, path)
    assert store.load() == PuzzleRecord() and "streak" in reason_text(store.problem or "")
    [aside] = tmp_path.glob("puzzles.damaged-*.json")
    assert reason_text(store.problem or "").startswith(
        "Puzzle record could not be used"
    ) and aside.name in reason_text(store.problem)
    assert aside.read_text(encoding="utf-8") == '{"streak": "many"}'  # kept for the player to look at
    assert not path.exists()
    # Reported once: the next start finds no broken file.
    again = JsonStore(PUZZLE_FILE, path)
    assert again.load() == PuzzleRecord() and again.problem is None


def test_puzzles_are_chosen_near_the_players_rating(shipped):
    rng = random.Random(5)
    for rating in (900, 1200, 1600, 2200):
        settled = PuzzleRecord(rating=rating, solved=10, deviation=60.0)
        chosen = [choose_puzzle(shipped, settled, rng) for _ in range(20)]
        nearest = min(abs(puzzle_rating(p) - rating) for p in shipped)
        assert all(abs(puzzle_rating(p) - rating) <= max(NEAR, nearest) for p in chosen)


def test_a_newcomers_first_puzzles_win_in_two_whatever_the_seed(shipped):
    assert min(p.win_in for p in shipped) == 2  # a win in 1 is no puzzle: the file starts at 2
    for seed in range(30):
        first = choose_puzzle(shipped, PuzzleRecord(), random.Random(seed))
        assert first.win_in == 2 and first.grade == "easy"


def test_a_newcomers_puzzles_grow_as_they_are_solved_and_stay_short_while_missed(shipped):
    rng = random.Random(3)
    record, lengths = PuzzleRecord(), []
    for _ in range(8):
        puzzle = choose_puzzle(shipped, record, rng)
        lengths.append(puzzle.win_in)
        record = record.after(puzzle, clean=True)
    assert lengths[0] == 2 and lengths[-1] >= 5 and max(lengths[:2]) <= 3
    # A provisional rating is never given a puzzle rated above it.
    assert all(
        puzzle_rating(choose_puzzle(shipped, PuzzleRecord(rating=1375), rng)) <= 1375 for _ in range(20)
    )
    record = PuzzleRecord()
    for _ in range(5):
        puzzle = choose_puzzle(shipped, record, rng)
        assert puzzle.win_in == 2
        record = record.after(puzzle, clean=False)


def test_a_missed_puzzle_comes_back_and_goes_once_solved(shipped):
    rng = random.Random(1)
    missed = next(p for p in shipped if p.win_in > 5)
    record = PuzzleRecord(solved=5, deviation=60.0).after(missed, clean=False)
    assert record.missed == (missed.moves,)
    chosen = []
    for _ in range(RETRY_EVERY):
        puzzle = choose_puzzle(shipped, record, rng)
        chosen.append(puzzle)
        record = record.after(puzzle, clean=puzzle != missed or len(chosen) > 1)
    assert missed in chosen and record.missed == ()


def test_the_puzzle_rating_is_provisional_at_first_and_settles(shipped):
    record, rng = PuzzleRecord(), random.Random(2)
    assert record.glicko.provisional
    for number in range(40):  # puzzles near the player's rating, solved about half the time
        record = record.after(choose_puzzle(shipped, record, rng), clean=number % 2 == 0)
    assert not record.glicko.provisional


def test_a_clean_solve_raises_the_rating_and_a_miss_lowers_it(shipped):
    puzzle = shipped[0]
    record = PuzzleRecord()
    assert record.after(puzzle, clean=True).rating > record.rating
    assert record.after(puzzle, clean=False).rating < record.rating
    assert record.after(puzzle, clean=False).streak == 0


def test_a_wrong_moves_word_stays_until_the_player_moves_on_and_a_returning_puzzle_says_so(tmp_path, shipped):
    puzzle = next(p for p in shipped if p.win_in >= 3)
    store = JsonStore(PUZZLE_FILE, tmp_path / "puzzles.json")
    assert store.update(lambda record: PuzzleRecord(failed=1, missed=(puzzle.moves,))) is None
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(SIZE, puzzle_options(puzzle), engine, puzzle=puzzle, files=UserData(puzzles=store))
    mover = scene.play_state.piece_names[scene.play_state.game.to_move()]
    task = f"{mover} to play and win in {puzzle.win_in}"
    assert words.status_text(scene.play_state) == f"Puzzle again, missed before: {task}"
    ask = engine.last("ponder")
    scene.receive(
        Progress(ask.token, search_result(9, Score(1), (puzzle.column - 1,), 10, 0.1, proven_values(puzzle)))
    )
    wrong = next(move for move in scene.play_state.game.moves() if move != puzzle.column - 1)
    assert scene.play_state.try_play(wrong) is Refusal.COACHED
    explained = words.status_text(scene.play_state)
    assert explained.startswith("Not this one")
    for _ in range(120):  # a minute: long enough to read it twice over
        scene.update(0.5)
    assert words.status_text(scene.play_state) == explained
    assert scene.play_state.try_play(puzzle.column - 1) is None
    assert not words.status_text(scene.play_state).startswith("Not this one")


def test_a_wrong_move_in_a_puzzle_is_told_why_once_the_explainer_answers(shipped):
    puzzle = next(p for p in shipped if p.win_in >= 3)
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(SIZE, puzzle_options(puzzle), engine, puzzle=puzzle)
    ask = engine.last("ponder")
    scene.receive(
        Progress(ask.token, search_result(9, Score(1), (puzzle.column - 1,), 10, 0.1, proven_values(puzzle)))
    )
    wrong = next(move for move in scene.play_state.game.moves() if move != puzzle.column - 1)
    game = scene.play_state.game.copy()
    assert scene.play_state.try_play(wrong) is Refusal.COACHED
    asked = engine.last("explain")
    assert (asked.moves, asked.move) == (puzzle.moves, wrong)
    assert scene.picture().status.why == ""  # until the answer comes
    mover = game.to_move()
    road = Road(1 - mover, (), Result.WIN, line=((0, 0),), then=WinNow(1 - mover, ((1, 0),)))
    scene.receive(Explained(asked.token, puzzle.moves, wrong, (road,)))
    assert scene.picture().status.why == move_reason((road,), mover, scene.play_state.player_names)
    assert scene.picture().status.why.startswith("Best play: a1; ")


# A theme chosen.


def test_the_next_puzzle_has_the_theme_chosen_near_the_rating_or_the_nearest(shipped):
    rng = random.Random(4)
    for theme in offered_themes(shipped):
        of_theme = [p for p in shipped if p.has_theme(theme)]
        for rating in (900, 1500, 2200):
            record = PuzzleRecord(rating=rating, solved=10, deviation=60.0)
            nearest = min(abs(puzzle_rating(p) - rating) for p in of_theme)
            for _ in range(5):
                chosen = choose_puzzle(shipped, record, rng, theme)
                assert chosen.has_theme(theme) and abs(puzzle_rating(chosen) - rating) <= max(NEAR, nearest)
    # A missed puzzle of another theme waits while a theme is chosen.
    theme = offered_themes(shipped)[0]
    missed = next(p for p in shipped if not p.has_theme(theme))
    record = PuzzleRecord(solved=RETRY_EVERY - 2, deviation=60.0).after(missed, clean=False)
    assert record.tried % RETRY_EVERY == RETRY_EVERY - 1  # the retry's turn
    assert choose_puzzle(shipped, record, rng) == missed
    assert choose_puzzle(shipped, record, rng, theme).has_theme(theme)
    # A file without themes: any puzzle, whatever theme is asked for.
    unthemed = [replace(p, themes=None) for p in shipped]
    assert offered_themes(unthemed) == ()
    assert choose_puzzle(unthemed, PuzzleRecord(), rng, theme) in unthemed


def test_the_theme_key_cycles_through_any_and_the_offered_themes():
    choice = ThemeChoice()
    choice.offer((PuzzleTheme.DOUBLE_THREAT, PuzzleTheme.ZUGZWANG))
    seen = []
    for _ in range(3):
        choice.advance()
        seen.append(choice.theme)
    assert seen == [PuzzleTheme.DOUBLE_THREAT, PuzzleTheme.ZUGZWANG, None]
    choice.advance()
    choice.offer((PuzzleTheme.ZUGZWANG,))  # a theme no longer offered falls back to any
    assert choice.theme is None


def test_f_in_puzzle_mode_chooses_the_theme_shown_and_the_next_puzzle_has_it(tmp_path, shipped):
    store = JsonStore(PUZZLE_FILE, tmp_path / "puzzles.json")
    store.load()
    app = App(FakeEngine, puzzle_options(shipped[0]), start_playing=False, files=UserData(puzzles=store))
    button = next(b for b in app.scene.buttons()[-1] if b.action == PUZZLES)
    app.step([click(button.rect.center)], 0.01)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    assert match_bar(scene.play_state, None).standing[0].startswith("F: any theme \u00b7 streak 0")
    app.step([key(pygame.K_f)], 0.01)
    first = offered_themes(shipped)[0]
    assert scene.play_state.theme_choice.theme is first
    assert match_bar(scene.play_state, None).standing[0].startswith(f"F: {THEME_WORDS[first]} \u00b7 ")
    scene.act(Action.MENU)
    app.step([], 0.01)
    for _ in range(5):
        button = next(b for b in app.scene.buttons()[-1] if b.action == PUZZLES)
        app.step([click(button.rect.center)], 0.01)
        puzzle = app.scene.play_state.puzzle
        assert puzzle is not None and puzzle.has_theme(first)
        app.scene.act(Action.MENU)
        app.step([], 0.01)
