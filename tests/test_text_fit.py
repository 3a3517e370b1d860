"""Every word whole, in every language, at the smallest window and a large one, on every screen: checked
through the screens' own drawing, which reports each text to :func:`ui.kit.widgets.recording_texts` with what
was drawn of it. A text fails when it was cut to fit (drawn shorter than asked, with an ellipsis), when its
glyphs as rendered reach outside its box (the button, the column, the line it belongs to) or the window, when
its letters are smaller than :data:`ui.theme.MIN_TEXT`, and when a translation shrinks a screen's text well
below the English text of the same screen (a line too long is laid out anew instead: wrapped, reworded)."""

from __future__ import annotations

import functools
import json
import statistics as stats_of
from collections.abc import Callable

import pygame
import pytest

from ai.contracts import Verdict
from ai.exact.analysis import ExactAnalyzer
from ai.explain.explainer import explain_move, explain_position
from ai.explain.plan import find_plan
from ai.file_problems import LadderProblem
from ai.messages import EngineFailure, EnginePart, Progress
from ai.play.levels import Level
from ai.puzzles import PuzzleTheme, load_puzzles
from ai.rating.ladder import LADDER_PATH, LadderFileError, read_ladder
from ai.score import Score, win_in
from game.connect4 import ConnectFour
from game.language import LANGUAGES, SOURCE_LANGUAGE, _, use_language
from game.problems import Problem
from tests.test_learn_trainer import ROOT as LEARN_ROOT
from tests.test_learn_trainer import TREE_MOVE, leaf_after, small_tree
from tests.test_why import NAMES, SENTENCES, TWO_THREATS, YELLOWS_PLAN, proven_progress
from tools.support.fakes import FakeEngine, deliver_review, key, scripted, search_result, settle
from ui.kit.toast import Toast
from ui.kit.widgets import DrawnText, recording_texts
from ui.panels.help_card import draw_help
from ui.panels.settings_panel import draw_panel, panel_rows
from ui.play.actions import Action
from ui.play.actions import help_sections as play_help
from ui.play.analysis_overlay import value_box
from ui.play.frame import match_bar
from ui.play.match_bar import match_geometry
from ui.play.scene import PlayScene
from ui.play.status_view import status_stack
from ui.play.toolbar import toolbar
from ui.start.scene import StartScene
from ui.state.board.board_game import Refusal
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.learn_record import LEARNED_BOX, BranchProgress
from ui.state.files.player_rating import Ratings
from ui.state.files.puzzle_record import PuzzleRecord, puzzle_options
from ui.state.files.settings import SETTING, SETTINGS_FILE, Settings
from ui.state.files.store import JsonStore
from ui.state.files.tally import TALLY_FILE
from ui.state.options import Mode, PlayOptions
from ui.state.play.finished_round import start_rating
from ui.state.play.learn_notices import (
    LearnHint,
    LearnLeaf,
    LearnMissed,
    LearnOtherWin,
    LearnRunEnded,
    LearnRunStart,
    LearnStartsAt,
)
from ui.state.play.named_move import NamedMove
from ui.state.play.notices import (
    AutoLevel,
    BackToGame,
    CannotLoad,
    CannotPaste,
    CannotSave,
    CoachWarned,
    CopiedMoves,
    Loaded,
    MoveRefused,
    NoSuchColumn,
    NothingToReset,
    Pasted,
    PasteTooLong,
    PuzzleMissed,
    PuzzleRight,
    RecordReset,
    ResetAsked,
    Said,
    Saved,
    Told,
)
from ui.state.play.puzzle_theme import ThemeChoice
from ui.state.stats import rating_stats
from ui.statistics.scene import StatsScene
from ui.theme import CLASSIC, MIN_TEXT, Fonts
from ui.window.window_loop import MIN_WINDOW
from ui.words.learn_words import no_tree_text, reading_tree_text
from ui.words.notice_words import notice_text
from ui.words.play_words import status_text
from ui.words.problem_words import reason_text
from ui.words.review_words import CHANGE_WORDS
from ui.words.texts import failure_text
from ui.words.why_words import chosen_theme, move_reason

SIZES = [MIN_WINDOW, (1600, 1000)]
#: (language, window size): every language at the smallest window and at a large one.
LANGUAGE_SIZES = [(code, size) for code in LANGUAGES for size in SIZES]
#: How many pixels smaller than the English text a translation's text may be on one screen: the middle size
#: of its texts, and the smallest.
MIDDLE_SHRINK, SMALLEST_SHRINK = 1, 2


pytestmark = pytest.mark.usefixtures("pygame_ready")


def played(size, script: str, options: PlayOptions, **scene_options) -> tuple[PlayScene, FakeEngine]:
    """A game played to the end of ``script`` (the options' own moves included), the banner up."""
    engine = scripted(script)
    scene = PlayScene(size, options, engine, fonts=FONTS, **scene_options)
    while scene.play_state.game.ply() < len(script) and not scene.play_state.game.is_over():
        if scene.play_state.board_game.is_human_turn():
            scene.play_state.try_play(scene.play_state.game.text_to_move(script[scene.play_state.game.ply()]))
        settle(scene, engine)
    settle(scene, engine)
    return scene, engine


FONTS = Fonts()
Screen = Callable[[tuple[int, int]], Callable[[pygame.Surface], None]]


def start(size):
    unfinished = UnfinishedGame(PlayOptions(level=Level(6)), 1, "4453362")
    return StartScene(size, PlayOptions(), fonts=FONTS, unfinished=unfinished).draw


def start_two_players(size):
    options = PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.TWO_PLAYERS, names=("Ann", "Bo"))
    return StartScene(size, options, fonts=FONTS).draw


def banner_won(size):
    return played(size, "73426531765522677", PlayOptions(level=Level(4)))[0].draw


def banner_not_rated(size):
    """A game continued from moves given at the start: the banner's long "Not rated" line."""
    return played(size, "73426531765522677", PlayOptions(level=Level(4), moves="734265"))[0].draw


def named_players(size):
    options = PlayOptions(mode=Mode.TWO_PLAYERS, names=("Bartholomew Longname", "Maximiliana Doe"))
    return played(size, "4455443", options)[0].draw


def overlay(size):
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(size, PlayOptions(level=Level(2), moves="4435524644"), engine, fonts=FONTS)
    settle(scene, engine, 0.5)
    scene.handle(key(pygame.K_a, unicode="a"))
    scores = tuple((move, Score(-1000 + 7 * move)) for move in range(7))
    engine.deliver(
        Progress(engine.last("ponder").token, search_result(30, Score(993), (0,), 9_999_999, 12.0, scores))
    )
    settle(scene, engine, 0.5)
    return scene.draw


def proven_overlay(size, width: int = 7, height: int = 6) -> PlayScene:
    """The analysis overlay with every move's value proven: the labels (two digits, and a draw) drawn
    beside the winners' marks."""
    engine = FakeEngine(auto_answer=False)
    options = PlayOptions(width=width, height=height, level=Level(2), moves="4435524644")
    scene = PlayScene(size, options, engine, fonts=FONTS)
    settle(scene, engine, 0.5)
    scene.handle(key(pygame.K_a, unicode="a"))
    scores = [(move, Score(win_in(19 + 2 * move) * (-1) ** move)) for move in range(width)]
    scores[width // 2] = (width // 2, Score(0))
    engine.deliver(
        Progress(engine.last("ponder").token, search_result(30, scores[0][1], (0,), 99, 1.0, tuple(scores)))
    )
    settle(scene, engine, 0.5)
    return scene


def overlay_proven(size):
    return proven_overlay(size).draw


def overlay_proven_wide_board(size):
    return proven_overlay(size, 9, 7).draw


def reviewed(size) -> PlayScene:
    scene, engine = played(size, "444447562366621351", PlayOptions(level=Level(8)))
    scene.act(Action.REVIEW)
    deliver_review(engine, scene.play_state.game)
    settle(scene, engine, 0.5)
    scene.play_state.step_review(15)
    return scene


def review(size):
    return reviewed(size).draw


def longest_claim():
    """The claim whose reason is the longest sentence the window tells, in the language in use."""
    return max((claim for claim, _ in SENTENCES), key=lambda claim: len(move_reason((claim,), 0, NAMES)))


def review_mistake(size):
    """The review on the mistake or blunder of the longest sentence, the longest reason under it."""
    scene, engine = played(size, "444447562366621351", PlayOptions(level=Level(8)))
    claim = longest_claim()
    engine.reasons = lambda game, move: (claim,)
    scene.act(Action.REVIEW)
    deliver_review(engine, scene.play_state.game)
    settle(scene, engine, 0.5)
    review = scene.play_state.review
    assert review is not None
    wrong = [ply for ply, mark in review.marks.items() if mark.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)]

    def sentence(ply: int) -> str:
        scene.play_state.step_review(ply)
        return status_text(scene.play_state)

    scene.play_state.step_review(max(wrong, key=lambda ply: len(sentence(ply))))
    settle(scene, engine, 0.5)
    assert scene.picture().status.why, "the mistake has its reason"
    return scene.draw


def review_given_back(size):
    """The review's longest sentence of a move that changed the result: Red's move 7 throws the draw away and
    Yellow gets back what its move 6 threw away."""
    scene, engine = played(size, "2577713147446472", PlayOptions(mode=Mode.TWO_PLAYERS))
    scene.act(Action.REVIEW)
    deliver_review(engine, scene.play_state.game)
    settle(scene, engine, 0.5)
    scene.play_state.step_review(7)
    return scene.draw


def computer_turn(size, overlay: bool) -> PlayScene:
    """The computer's turn at depth 2, the position proven (Red wins in 6) and the search's own line long:
    the line under the status says what the 6 counts and what depth 2 looks at."""
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(size, PlayOptions(level=Level(2)), engine, fonts=FONTS)
    if overlay:
        scene.handle(key(pygame.K_a, unicode="a"))
    values = tuple((move, Score(win_in(13)) if move == 3 else Score.estimate(-5)) for move in range(7))
    engine.deliver(
        Progress(engine.last("ponder").token, search_result(30, Score(win_in(13)), (3,), 9, 0.1, values))
    )
    settle(scene, engine, 0.5)
    scene.play_state.try_play(3)
    settle(scene, engine, 0.5)
    line = (3, 3, 2, 4, 2, 4, 1, 5)
    engine.deliver(
        Progress(engine.last("think").token, search_result(2, Score.estimate(4), line, 123_456, 12.5))
    )
    settle(scene, engine, 0.25)
    return scene


def computer_turn_proven(size):
    return computer_turn(size, overlay=False).draw


def computer_turn_analysis(size):
    return computer_turn(size, overlay=True).draw


#: A game whose review's "show me" is asked from its first move: a line of many moves, and a result.
SHOW_ME_GAME = "4444447562366621351"


def show_me(size):
    """The review's "show me" from move 1, its line grown to 34 moves (each the first that ends nothing)
    and proven to end in a win: the status line with the moves, the one on the board, and the result."""
    engine = FakeEngine(auto_answer=False)
    options = PlayOptions(mode=Mode.TWO_PLAYERS, moves=SHOW_ME_GAME)
    scene = PlayScene(size, options, engine, fonts=FONTS)
    scene.act(Action.REVIEW)
    scene.play_state.step_review(1)
    scene.act(Action.SHOW_ME)
    line = scene.play_state.review.line
    assert line is not None
    for step in range(34):
        frontier = line.frontier()
        best = next(move for move in frontier.moves() if not ended_by(frontier, move))
        value = Score(win_in(41 - step) if step % 2 == 0 else -win_in(40 - step))
        scores = tuple((move, value if move == best else Score(-win_in(1))) for move in frontier.moves())
        engine.deliver(
            Progress(engine.last("ponder").token, search_result(30, value, (best,), 99, 1.0, scores))
        )
        settle(scene, engine, 0.25)
    settle(scene, engine, 2.0)
    return scene.draw


def ended_by(game, move: int) -> bool:
    """True when ``move`` ends ``game``."""
    after = game.copy()
    after.apply(move)
    return after.is_over()


def puzzle(size):
    chosen = next(p for p in load_puzzles().puzzles if p.win_in == 4)
    engine = FakeEngine(auto_answer=False)
    from ui.state.files.puzzle_record import puzzle_options

    # The theme of the longest name chosen, so that the longest form of the match bar is the one measured.
    choice = ThemeChoice(PuzzleTheme.STACKED_THREATS, tuple(PuzzleTheme))
    scene = PlayScene(size, puzzle_options(chosen), engine, fonts=FONTS, puzzle=chosen, theme_choice=choice)
    settle(scene, engine, 0.5)
    return scene.draw


def learn_scene(size) -> tuple[PlayScene, FakeEngine]:
    """The Learn trainer on a small tree, its match bar counting as many branches as the shipped tree's
    (the longest progress there is room for is measured)."""
    from ui.state.files.learn_record import LearnRecord
    from ui.state.files.user_data import UserData
    from ui.state.play.learn_drill import LearnDrill, LearnGraph, learn_options

    tree = small_tree()
    branches = tuple(str(number).replace("0", "8") for number in range(11111, 11111 + 4550))
    record = LearnRecord(dict.fromkeys(branches[:1234], BranchProgress(LEARNED_BOX)))
    files = UserData()
    files.learning.change(lambda _record: record)
    drill = LearnDrill(LearnGraph.of(tree), record)
    drill.branches = branches
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(size, learn_options(tree), engine, fonts=FONTS, learn=drill, files=files)
    settle(scene, engine, 0.5)
    return scene, engine


def learn_other_win(size):
    """The trainer's longest word on a move off the tree, with the progress in the match bar."""
    from ui.state.play.learn_notices import LearnOtherWin

    scene, _engine = learn_scene(size)
    assert scene.play_state.game.moves_text() == LEARN_ROOT
    scene.play_state.feedback.notify(
        LearnOtherWin(NamedMove(6, "7", True), NamedMove(TREE_MOVE, str(TREE_MOVE + 1), True)), 600.0
    )
    return scene.draw


def learn_map(size):
    """The trainer's picture of the tree: every branch's line, the title and the keys."""
    scene, _engine = learn_scene(size)
    scene.play_state.files.learning.change(
        lambda record: type(record)({**record.branches, "27241457745761455": BranchProgress(1)}, record.runs)
    )
    scene.handle(key(pygame.K_l, unicode="l"))
    assert scene.play_state.learn_map is not None
    return scene.draw


def learn_map_positions(size):
    """The trainer's picture of the tree at its longest words: the opponent's replies, each a leaf's kind
    (the frontier's the longest), a branch in progress."""
    from ui.state.files.learn_record import BranchProgress

    scene, _engine = learn_scene(size)
    scene.play_state.files.learning.change(
        lambda record: type(record)(
            {
                **record.branches,
                leaf_after(5): BranchProgress(1),
                leaf_after(1): BranchProgress(0, True),
            },
            record.runs,
        )
    )
    scene.handle(key(pygame.K_l, unicode="l"))
    learn_map = scene.play_state.learn_map
    assert learn_map is not None

    def draw(surface: pygame.Surface) -> None:
        for path in [(4,), (4, 0), (4, 0, 1), (4, 4, 3), (4, 6, 3), (4, 3, 3)]:
            learn_map.select(path)
            assert learn_map.selected == path
            scene.draw(surface)

    return draw


@functools.cache
def shipped_learn_graph():
    from ai.learn.tree import read_tree
    from ui.state.play.learn_drill import LearnGraph

    return LearnGraph.of(read_tree())


def learn_map_deep(size):
    """The picture of the shipped tree at its deepest leaf: the longest trail and the longest way to it."""
    from ui.state.files.user_data import UserData
    from ui.state.play.learn_drill import LearnDrill, learn_options

    graph = shipped_learn_graph()
    deepest = max(graph.tree.leaves(), key=lambda leaf: len(leaf.moves))
    files = UserData()
    engine = FakeEngine(auto_answer=False)
    drill = LearnDrill(graph, files.learning.value)
    scene = PlayScene(size, learn_options(graph.tree), engine, fonts=FONTS, learn=drill, files=files)
    scene.play_state.board_game.game = ConnectFour.from_moves(deepest.moves)
    scene.handle(key(pygame.K_l, unicode="l"))
    assert scene.play_state.learn_map is not None
    assert len(scene.play_state.learn_map.selected) == len(deepest.moves)
    return scene.draw


def learn_won(size):
    """A run of the trainer won: the banner's "Next branch" and the keys under the status."""
    scene, engine = learn_scene(size)
    scene.play_state.board_game.game = ConnectFour.from_moves("1212121")
    settle(scene, engine, 3.0)
    assert scene.play_state.banner_shown()
    return scene.draw


def stats(size):
    ladder = read_ladder()
    start_at = start_rating(ladder)
    ratings = Ratings()
    games = [("4", "win", set()), ("6", "loss", set()), ("max", "draw", set()), ("2", "win", set())]
    # The longest lines the list shows: an unrated game with every assist, each game with its strength.
    games.append(("10", "loss", {"take-back", "hint", "values", "coach", "set up"}))
    for index, (opponent, outcome, assists) in enumerate(games):
        rung = ladder.rung(opponent)
        assert rung is not None
        moves = "4444" + str(index + 1) * 3
        ratings = ratings.recording("connect4 7x6", start_at, opponent, rung.rating, outcome, moves, assists)
        ratings = ratings.with_performance("connect4 7x6", moves, 1500, (1300, 1700))
    puzzles = PuzzleRecord(streak=12, best_streak=123, rating=2345, solved=1234, failed=99)
    shown = rating_stats(ratings, puzzles, PlayOptions(), ladder, start_at)
    return StatsScene(size, PlayOptions(), shown, ladder, CLASSIC, FONTS).draw


def stats_newcomer(size):
    """The rating screen of a player with no game yet: the subtitle says where everyone starts."""
    ladder = read_ladder()
    shown = rating_stats(Ratings(), PuzzleRecord(), PlayOptions(), ladder, start_rating(ladder))
    return StatsScene(size, PlayOptions(), shown, ladder, CLASSIC, FONTS).draw


def stats_without_ladder(size):
    """The rating screen where the shipped ladder cannot be used: it says why, the file's problem at its
    longest (a rung line's reason)."""
    reason = "the rating 2000 lies outside its interval [1800, 1900]"
    damaged = LadderFileError(LADDER_PATH, Problem.of(LadderProblem.BAD_LINE, number=9, reason=reason))
    return StatsScene(size, PlayOptions(), None, None, CLASSIC, FONTS, why=damaged.brief()).draw


def settings_panel(size):
    scene = PlayScene(size, PlayOptions(level=Level(4)), FakeEngine(), fonts=FONTS)

    def draw(surface):
        scene.draw(surface)
        rows = panel_rows(Settings(animation="fast"), scene.play_state.options, {"sound": "no audio device"})
        draw_panel(surface, scene.theme, FONTS, rows, None, focus=1)

    return draw


def help_and_toast(size):
    scene = PlayScene(size, PlayOptions(level=Level(4)), FakeEngine(), fonts=FONTS)
    toast = Toast()
    toast.show(
        "Could not read settings.json: line 3 is not valid JSON; the defaults are used until it is fixed"
    )

    def draw(surface):
        scene.draw(surface)
        toast.draw(surface, scene.theme, FONTS, scene.toast_area())
        draw_help(surface, scene.theme, FONTS, play_help())

    return draw


def help_last_page(size):
    """The help card's last page (the only one in a window tall enough for every section)."""
    scene = PlayScene(size, PlayOptions(level=Level(4)), FakeEngine(), fonts=FONTS)

    def draw(surface):
        scene.draw(surface)
        draw_help(surface, scene.theme, FONTS, play_help(), page=-1)

    return draw


def longest_reason(size) -> PlayScene:
    """A hint whose reason is the longest sentence the window tells, in the language in use."""
    claim = max((claim for claim, _ in SENTENCES), key=lambda claim: len(move_reason((claim,), 0, NAMES)))
    engine = FakeEngine(auto_answer=False, reasons=lambda game, move: (claim,))
    scene = PlayScene(size, PlayOptions(level=Level(4), moves=TWO_THREATS), engine, fonts=FONTS)
    scores = tuple((move, Score(win_in(9) if move == 2 else -win_in(8), True)) for move in range(7))
    token = engine.last("ponder").token
    engine.deliver(Progress(token, search_result(9, scores[2][1], (2,), 9, 0.1, scores)))
    settle(scene, engine, 0.5)
    scene.handle(key(pygame.K_h, unicode="h"))
    settle(scene, engine, 0.5)
    assert scene.picture().status.why, "the hint has its reason"
    return scene


def hint_reason(size):
    return longest_reason(size).draw


#: The scores of a move for each result of its mover under best play (1 a win, 0 a draw, -1 a loss).
RESULT_SCORES = {1: Score(win_in(9), True), 0: Score(0, True), -1: Score(-win_in(8), True)}


def coach_warned(size, change: tuple[int, int]) -> PlayScene:
    """The coach's warning that column a turns the mover's result from ``change[0]`` to ``change[1]``, with
    the longest reason the window tells under it."""
    best, played = change
    claim = longest_claim()
    engine = FakeEngine(auto_answer=False, reasons=lambda game, move: (claim,))
    options = PlayOptions(level=Level(4), moves=TWO_THREATS, coach=True)
    scene = PlayScene(size, options, engine, fonts=FONTS)
    scores = tuple((move, RESULT_SCORES[best if move == 2 else played]) for move in range(7))
    token = engine.last("ponder").token
    engine.deliver(Progress(token, search_result(9, scores[2][1], (2,), 9, 0.1, scores)))
    settle(scene, engine, 0.5)
    assert scene.play_state.try_play(0) is Refusal.COACHED
    settle(scene, engine, 0.5)
    assert isinstance(scene.play_state.notice.said, CoachWarned), "the coach warned"
    assert scene.picture().status.why, "the warning has its reason"
    return scene


def coach_screen(change: tuple[int, int]) -> Screen:
    def screen(size):
        return coach_warned(size, change).draw

    screen.__name__ = f"coach_{change[0]}_to_{change[1]}".replace("-", "minus_")
    return screen


#: The long arguments a notice may carry: a saved game's path, a file's reason, a pasted line's tail.
LONG_PATH = "/home/maximiliana.longname/Documents/Ponder games/connect-four-2026-11-29.txt"
LONG_REASON = "[Errno 28] No space left on device: the disk is full"


def every_notice() -> list[tuple[str, Said]]:
    """A notice of every kind the status line says, named, with long arguments where it takes some."""
    options = PlayOptions(level=Level(10), width=9, height=7)
    unfinished = UnfinishedGame(PlayOptions(level=Level(10)), 1, "4453362117")
    notices: list[tuple[str, Said]] = [(f"told_{told.name.lower()}", told) for told in Told]
    notices += [
        ("refused_thinking", MoveRefused(Refusal.NOT_YOUR_TURN, 3, "", True, False)),
        ("refused_watching", MoveRefused(Refusal.NOT_YOUR_TURN, 3, "", True, True)),
        ("refused_over", MoveRefused(Refusal.GAME_OVER, 3, "", True, False)),
        ("refused_full", MoveRefused(Refusal.ILLEGAL, 3, "", True, False)),
        ("refused_taken", MoveRefused(Refusal.ILLEGAL, 4, "b2", False, False)),
        ("puzzle_right", PuzzleRight(3)),
        ("back_to_game", BackToGame(unfinished)),
        ("auto_level", AutoLevel(Level(10), 2279, 2345)),
        ("saved", Saved(42, LONG_PATH)),
        ("cannot_save", CannotSave(LONG_PATH, LONG_REASON)),
        ("cannot_load", CannotLoad(LONG_REASON)),
        ("loaded", Loaded("connect-four-2026-11-29.txt", 42, True)),
        ("pasted", Pasted(42, True, "and the rest of the line")),
        ("paste_too_long", PasteTooLong(12345)),
        ("cannot_paste", CannotPaste("'x' is not a column of this board")),
        ("copied_moves", CopiedMoves("4" * 42, copied=True)),
        ("no_such_column", NoSuchColumn(9)),
        ("no_clipboard", CopiedMoves("4" * 42, copied=False)),
        ("reset_asked", ResetAsked(options, Level(10), 1234, 567, 890)),
        ("reset_asked_two_players", ResetAsked(options, None, 1234, 567, 890)),
        ("record_reset", RecordReset(options, Level(10))),
        ("nothing_to_reset", NothingToReset(options, Level(10))),
    ]
    for best, played in CHANGE_WORDS:
        notices.append(
            (f"puzzle_missed_{best}_{played}", PuzzleMissed(NamedMove(6, "7", True), best, played, 6))
        )
        for tree_move in (NamedMove(4, "5", True), None):
            missed = LearnMissed(NamedMove(6, "7", True), best, played, tree_move)
            notices.append((f"learn_missed_{best}_{played}_{tree_move is not None}", missed))
    notices += [
        ("learn_other_win", LearnOtherWin(NamedMove(6, "7", True), NamedMove(4, "5", True))),
        ("learn_hint", LearnHint(NamedMove(4, "5", True))),
        *(
            (f"learn_start_{index}", LearnRunStart(progress))
            for index, progress in enumerate(
                (None, BranchProgress(0, True), BranchProgress(2), BranchProgress(LEARNED_BOX))
            )
        ),
        *((f"learn_leaf_{kind}", LearnLeaf(kind, kind == "solver")) for kind in ("plan", "road", "solver")),
        ("learn_run_clean", LearnRunEnded(True, 3, 3, 4550, 4550)),
        ("learn_run_missed", LearnRunEnded(False, 0, 3, 4550, 4550)),
        ("learn_starts_at", LearnStartsAt(tuple((column, 5) for column in (3, 4, 1, 0, 2, 6) * 2))),
        ("learn_starts_at_root", LearnStartsAt(())),
    ]
    return notices


def notice_screen(said: Said) -> Screen:
    """The play screen with ``said`` in its status line, the detail line under it."""

    def screen(size):
        scene = PlayScene(size, PlayOptions(level=Level(4), moves="4453"), FakeEngine(), fonts=FONTS)
        scene.play_state.feedback.notify(said)
        return scene.draw

    return screen


def file_problems(folder) -> list[str]:
    """The window's notes: about the user's files as their stores word them (a later version's settings, whose
    values this version does not know, a damaged file set aside, one that cannot be saved), the engine's
    failures, the sound, a setting's change."""
    folder.mkdir(exist_ok=True)
    settings = folder / "settings.json"
    settings.write_text(json.dumps({"theme": "neon", "animation": "warp", "solver_threads": 9999}))
    tally = folder / "tally.json"
    tally.write_text("{ not json")
    stores = [JsonStore(SETTINGS_FILE, settings), JsonStore(TALLY_FILE, tally)]
    for store in stores:
        store.load()
    problems = [reason_text(store.problem) for store in stores if store.problem]
    problems.append(_("{file} not saved: {reason}").format(file=_("Settings"), reason=LONG_REASON))
    problems.append(no_tree_text(f"c4-learn-7x6.txt: line 4550: {LONG_REASON}"))
    problems.append(reading_tree_text())
    # The window's own notes: the engine's failures, the sound, the settings changed by key.
    problems += [failure_text(EngineFailure(0, part, LONG_REASON)) for part in EnginePart]
    problems += [
        _("No audio device: nothing to hear (sound off for when there is one)"),
        _("Sound off (M turns it on)"),
        _("Theme: {theme}").format(theme=_("High contrast")),
        SETTING["solver_threads"].note(0) if SETTING["solver_threads"].note else "",
    ]
    return problems


def planned(size, moves: str) -> PlayScene:
    """The plan view on Yellow's plan, after ``moves`` played on (the real explainer's claims)."""
    analyzer = ExactAnalyzer(solver_slots=1 << 16, threads=1)

    def reasons(game, move):
        return explain_position(game, analyzer, find_plan=find_plan).claims if move is None else ()

    engine = FakeEngine(auto_answer=False, reasons=reasons)
    scene = PlayScene(size, PlayOptions(mode=Mode.TWO_PLAYERS, moves=YELLOWS_PLAN), engine, fonts=FONTS)
    for _press in range(2):  # the side to move's own plan, then the opponent's: Yellow's
        scene.handle(key(pygame.K_e, unicode="e"))
        settle(scene, engine, 0.5)
    for text in moves:
        scene.play_state.try_play(scene.play_state.game.text_to_move(text))
        settle(scene, engine, 1.5)
    assert scene.picture().status.why
    return scene


def plan_answer(size):
    """The plan's legend at its longest: with the cell it answers at."""
    return planned(size, "1").draw


def plan_left(size):
    return planned(size, "15").draw


def plan_first(size):
    """The player's own plan on their turn: the move that starts it, then what it holds and its legend."""
    analyzer = ExactAnalyzer(solver_slots=1 << 16, threads=1)

    def reasons(game, move):
        if move is None:
            return explain_position(game, analyzer, find_plan=find_plan).claims
        return explain_move(game, move, analyzer, find_plan=find_plan).claims

    engine = FakeEngine(auto_answer=False, reasons=reasons)
    scene = PlayScene(size, PlayOptions(mode=Mode.TWO_PLAYERS, moves=YELLOWS_PLAN[:-1]), engine, fonts=FONTS)
    scene.handle(key(pygame.K_e, unicode="e"))
    settle(scene, engine, 0.5)
    game = scene.play_state.game
    scores = analyzer.move_scores(game.copy())
    values = {move: Score.from_benchmark(scores[move], game.ply(), 42).value for move in game.moves()}
    scene.receive(proven_progress(engine.last("ponder").token, values))
    settle(scene, engine, 2.0)
    assert scene.picture().plan is not None and scene.picture().plan.first is not None
    return scene.draw


SCREENS: list[Screen] = [
    start,
    start_two_players,
    banner_won,
    banner_not_rated,
    named_players,
    overlay,
    overlay_proven,
    overlay_proven_wide_board,
    computer_turn_proven,
    computer_turn_analysis,
    review,
    review_given_back,
    review_mistake,
    show_me,
    puzzle,
    learn_other_win,
    learn_map,
    learn_map_positions,
    learn_map_deep,
    learn_won,
    stats,
    stats_newcomer,
    stats_without_ladder,
    settings_panel,
    help_and_toast,
    help_last_page,
    hint_reason,
    plan_answer,
    plan_left,
    plan_first,
    *(coach_screen(change) for change in CHANGE_WORDS),
]


def misfits(drawn: list[DrawnText], surface: pygame.Surface) -> list[str]:
    """Each text cut to fit, drawn (its glyphs as rendered) outside its box or the window, or smaller than the
    smallest size, described."""
    wrong = []
    for text in drawn:
        if text.text != text.wanted:
            wrong.append(f"{text.wanted!r} cut to {text.text!r}")
        if text.size < MIN_TEXT:
            wrong.append(f"{text.text!r} at {text.size} px")
        if not text.box.contains(text.ink) or not surface.get_rect().contains(text.box):
            wrong.append(f"{text.text!r}: its glyphs at {text.ink} outside its box {text.box}")
        if text.box == surface.get_rect():
            wrong.append(f"{text.text!r} drawn with no box but the window")
    return wrong


def texts_of(screen: Screen, size: tuple[int, int]) -> tuple[list[DrawnText], pygame.Surface]:
    """The texts ``screen`` draws at ``size`` in the language in use, and the surface it drew on."""
    draw = screen(size)
    surface = pygame.Surface(size)
    with recording_texts() as drawn:
        draw(surface)
    return drawn, surface


@pytest.fixture
def in_language(request):
    """The test's texts in the language of its ``language`` parameter; English again afterwards."""
    assert use_language(request.param) == request.param, "its catalog could not be read"
    yield request.param
    use_language(SOURCE_LANGUAGE)


@pytest.mark.parametrize(("in_language", "size"), LANGUAGE_SIZES, indirect=["in_language"])
@pytest.mark.parametrize("screen", SCREENS, ids=lambda screen: screen.__name__)
def test_every_text_fits_its_box_whole(screen: Screen, size, in_language):
    drawn, surface = texts_of(screen, size)
    assert drawn, "the screen drew no text"
    assert misfits(drawn, surface) == []


#: Each screen's English text sizes by window size, made once for the three languages compared with them.
ENGLISH_SIZES: dict[tuple[str, tuple[int, int]], list[int]] = {}


@pytest.mark.parametrize(("in_language", "size"), LANGUAGE_SIZES, indirect=["in_language"])
@pytest.mark.parametrize("screen", SCREENS, ids=lambda screen: screen.__name__)
def test_a_translation_keeps_the_size_of_the_english_text(screen: Screen, size, in_language):
    translated = sorted(text.size for text in texts_of(screen, size)[0])
    key = (screen.__name__, size)
    if key not in ENGLISH_SIZES:
        use_language(SOURCE_LANGUAGE)
        ENGLISH_SIZES[key] = sorted(text.size for text in texts_of(screen, size)[0])
    english = ENGLISH_SIZES[key]
    assert stats_of.median(translated) >= stats_of.median(english) - MIDDLE_SHRINK, (translated, english)
    assert translated[0] >= english[0] - SMALLEST_SHRINK, (translated, english)


@pytest.mark.parametrize(("in_language", "size"), LANGUAGE_SIZES, indirect=["in_language"])
def test_the_toolbar_says_every_button_in_whole_words(size, in_language):
    bar = pygame.Rect(0, 0, size[0], 40 if size == MIN_WINDOW else 56)
    # The titles of a game against the computer, longest first: a narrow window gives the buttons shorter
    # labels to show a longer one.
    titles = [f"Connect Four 7\u00d76 \u00b7 You against Computer (depth {depth})" for depth in (4,)]
    buttons = toolbar(FONTS, bar, [*titles, "Connect Four 7\u00d76", "Connect Four"], {}).buttons
    for button in buttons:
        label = button.label
        first_word = label.split(" ")[0]
        assert not label.endswith("."), label
        # A narrow window's label is a word of its own, never a word cut short ("Set" for "Settings").
        assert not any(
            len(label) < len(word) and word.startswith(label) for word in wide_labels_first_words()
        ), label
        assert first_word


def wide_labels_first_words() -> list[str]:
    """The first word of each toolbar button's label in a wide window, in the language in use, where that
    label is one word."""
    from game.language import _
    from ui.play.actions import TOOLBAR

    labels = [_(place.label) for _action, place in TOOLBAR]
    labels += [_(place.reviewing[0]) for _action, place in TOOLBAR if place.reviewing]
    return [label for label in labels if " " not in label]


@pytest.mark.parametrize("in_language", LANGUAGES, indirect=True)
@pytest.mark.parametrize(
    "shown",
    [longest_reason, lambda size: planned(size, "1"), lambda size: planned(size, "15")],
    ids=["hint", "plan", "plan-left"],
)
def test_a_reason_is_wrapped_never_cut(shown, in_language):
    scene = shown(MIN_WINDOW)
    surface = pygame.Surface(MIN_WINDOW)
    with recording_texts() as drawn:
        scene.draw(surface)
    why, status = scene.picture().status.why, scene.frame().layout.status
    # The reason's lines: the texts of the status area in its smaller letters, under the status line.
    in_status = [text for text in drawn if status.contains(text.box)]
    under = [text for text in in_status if text.size < max(other.size for other in in_status)]
    shown = " ".join(text.text for text in under)
    assert shown.split() == why.split()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("board", [(7, 6), (9, 7)])
def test_the_overlay_values_keep_to_their_columns(board, size):
    scene = proven_overlay(size, *board)
    layout = scene.layout()
    columns = [value_box(layout, move) for move in range(board[0])]
    surface = pygame.Surface(size)
    with recording_texts() as drawn:
        scene.draw(surface)
    values = [text for text in drawn if any(column.contains(text.box) for column in columns)]
    assert sorted(text.text for text in values) == sorted(
        ["=", *(str(10 + move) for move in range(board[0]) if move != board[0] // 2)]
    )
    for index, text in enumerate(values):
        assert not any(text.rect.colliderect(other.rect) for other in values[index + 1 :]), text


@pytest.mark.parametrize("size", [MIN_WINDOW, (700, 560), (1600, 1000)])
@pytest.mark.parametrize("game", ["connect4", "tictactoe"])
def test_the_banner_buttons_lie_inside_the_banner(game, size):
    script, options = "73426531765522677", PlayOptions(level=Level(4))
    if game == "tictactoe":
        script, options = "51397", PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.TWO_PLAYERS)
    scene, _ = played(size, script, options)
    banner = scene.frame().banner
    assert banner is not None
    rect, buttons = banner
    assert all(rect.contains(button.rect) for button in buttons)
    assert all(left.rect.right <= right.rect.left for left, right in zip(buttons, buttons[1:], strict=False))


@pytest.mark.parametrize(("in_language", "size"), LANGUAGE_SIZES, indirect=["in_language"])
def test_the_puzzle_bar_always_names_the_theme_chosen(size, in_language):
    """F chooses the theme of the next puzzles: whichever it is ("any theme" too), the match bar names it,
    whole, beside the longest form of the record there is room for."""
    chosen = next(p for p in load_puzzles().puzzles if p.win_in == 4)
    choice = ThemeChoice(None, tuple(PuzzleTheme))
    scene = PlayScene(
        size, puzzle_options(chosen), FakeEngine(), fonts=FONTS, puzzle=chosen, theme_choice=choice
    )
    for theme in (None, *PuzzleTheme):
        choice.theme = theme
        rect = scene.layout().match
        geometry = match_geometry(FONTS, rect, match_bar(scene.play_state, None))
        assert geometry.centre.startswith(chosen_theme(theme)), (theme, geometry.centre)
        assert rect.contains(geometry.centre_rect), (theme, geometry.centre)
        assert geometry.centre_rect.collidelist(list(geometry.name_rects)) == -1, (theme, geometry.centre)


@pytest.mark.parametrize(("in_language", "size"), LANGUAGE_SIZES, indirect=["in_language"])
@pytest.mark.parametrize(("name", "said"), every_notice(), ids=[name for name, _ in every_notice()])
def test_every_notice_fits_the_status_area_whole(name, said, size, in_language):
    drawn, surface = texts_of(notice_screen(said), size)
    assert shown_whole(notice_text(said), drawn)
    assert misfits(drawn, surface) == []


def shown_whole(text: str, drawn: list[DrawnText]) -> bool:
    """True when the words of ``text`` were drawn in a row, on one line or on several following lines (a dot
    between parts may be left at a line's break)."""
    words = [word for word in text.split() if word != "\u00b7"]
    shown = [word for word in " ".join(line.text for line in drawn).split() if word != "\u00b7"]
    return any(shown[start : start + len(words)] == words for start in range(len(shown)))


@pytest.mark.parametrize(("in_language", "size"), LANGUAGE_SIZES, indirect=["in_language"])
def test_the_windows_notes_fit_the_toast_whole(size, in_language, tmp_path):
    for index, problem in enumerate(file_problems(tmp_path / "files")):
        scene = PlayScene(size, PlayOptions(level=Level(4)), FakeEngine(), fonts=FONTS)
        toast = Toast()
        toast.show(problem)
        surface = pygame.Surface(size)
        scene.draw(surface)
        with recording_texts() as drawn:
            toast.draw(surface, scene.theme, FONTS, scene.toast_area())
        assert " ".join(text.text for text in drawn).split() == problem.split(), index
        assert misfits(drawn, surface) == [], index
        # On the start screen, a note of several lines covers the title, never a button nor the unfinished
        # game's line.
        unfinished = UnfinishedGame(PlayOptions(level=Level(6)), 1, "4453362")
        start_scene = StartScene(size, PlayOptions(), fonts=FONTS, unfinished=unfinished)
        card = toast.card(FONTS, start_scene.toast_area(), start_scene.tall_toast_area())
        assert card is not None and pygame.Rect((0, 0), size).contains(card[0])
        line = start_scene.unfinished_line()
        assert line is not None and not card[0].colliderect(line[2]), index
        assert not any(card[0].colliderect(b.rect) for row in start_scene.buttons() for b in row), index
        with recording_texts() as drawn:
            toast.draw(surface, CLASSIC, FONTS, start_scene.toast_area(), start_scene.tall_toast_area())
        assert " ".join(text.text for text in drawn).split() == problem.split(), index
        assert misfits(drawn, surface) == [], index


@pytest.mark.parametrize(("in_language", "size"), LANGUAGE_SIZES, indirect=["in_language"])
@pytest.mark.parametrize(
    "screen", [start, start_two_players, stats, stats_newcomer], ids=lambda s: s.__name__
)
def test_no_text_is_drawn_over_another(screen: Screen, size, in_language):
    """The screens whose texts all lie side by side (no card drawn over others): the unfinished game's line
    never over the key hints, a label never over a choice."""
    drawn, _surface = texts_of(screen, size)
    for index, text in enumerate(drawn):
        over = [other.text for other in drawn[index + 1 :] if other.ink.colliderect(text.ink)]
        assert over == [], text.text


@pytest.mark.parametrize("in_language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("size", SIZES)
def test_a_coach_warning_on_two_lines_breaks_where_it_pauses(size, in_language):
    """On two lines, the warning breaks after its sentence or between its parts (" · "): never between a key
    and what it does."""
    scene = coach_warned(size, (0, -1))
    status = scene.picture().status
    stack = status_stack(
        FONTS, scene.frame().layout.status, status.text, status.why, status.player is not None
    )
    if len(stack.lines) == 2:
        first, second = stack.lines
        assert status.text in (f"{first}  \u00b7  {second}", f"{first} {second}"), stack.lines
        assert first.endswith(".") or status.text == f"{first}  \u00b7  {second}", stack.lines
    else:
        assert stack.lines == (status.text,)


@pytest.mark.parametrize(("in_language", "size"), LANGUAGE_SIZES, indirect=["in_language"])
def test_the_reviews_summary_shows_whole_at_every_size(size, in_language):
    """The line under the review's sentence: each player's share of moves that kept the value and the
    strength shown, on two lines where one is too narrow, never left out."""
    scene = reviewed(size)
    surface = pygame.Surface(size)
    with recording_texts() as drawn:
        scene.draw(surface)
    summary = scene.picture().status.detail[0]
    assert shown_whole(summary, drawn), summary
