"""Why, where a player meets it: the hint and the coach's warning say the reason the engine's explainer
proved (ui/state/board/reasons.py, ui/words/why_words.py), asked off the window's thread
(ai/explain/worker.py).

The wiring is driven with the fake engine and hand-made claims; the last tests run the real engine's
explainer thread and compare what the window would say with ``ponder explain --json``.
"""

from __future__ import annotations

import functools
import io
import json
import queue
import time
from pathlib import Path

import pygame
import pytest

from ai.claims import (
    Block,
    Claim,
    DoubleThreat,
    ForcingLine,
    HandsOver,
    LeavesPlan,
    PlanClaim,
    Result,
    Road,
    WinNow,
    Zugzwang,
    ZugzwangRule,
)
from ai.contracts import EnginePart, Verdict
from ai.engine import Engine
from ai.exact.analysis import ExactAnalyzer
from ai.explain.explainer import explain_move, explain_position
from ai.explain.plan import find_plan
from ai.explain.road_book import RoadBook, RoadBookError
from ai.explain.themes import themes_of
from ai.explain.worker import ExplainWorker
from ai.messages import EngineFailure, EngineMessage, Explained, Progress
from ai.plans import Goal, Plan, Response, Rule, RuleUse
from ai.play.levels import Level
from ai.puzzles import load_puzzles
from ai.score import Score, from_child, win_in
from ai.stop_flag import StopFlag
from game.connect4 import ConnectFour
from game.language import LANGUAGES, use_language
from game.language import _ as translated
from game.tictactoe import TicTacToe
from tools.support.fakes import FakeEngine, deliver_review, key, scripted, search_result, settle
from ui.command_line.tools import run_tool
from ui.kit.layout import play_layout
from ui.play.actions import Action
from ui.play.plan_marks import RULE_COLOURS, draw_plan_marks
from ui.play.scene import PlayScene
from ui.state.board.board_game import Refusal
from ui.state.files.puzzle_record import PUZZLE_FILE, puzzle_options
from ui.state.files.store import JsonStore
from ui.state.files.user_data import UserData
from ui.state.options import Mode, PlayOptions
from ui.state.play.plan_view import Followed
from ui.state.review.show_me import STEP_SECONDS
from ui.theme import CLASSIC, Fonts
from ui.words import play_words as words
from ui.words.claim_words import cell_name
from ui.words.texts import failure_text
from ui.words.why_words import RULE_MARKS, THEME_WORDS, move_reason

SIZE = (960, 780)
NAMES = ("Red", "Yellow")
#: Red to move makes two threats on the bottom row with c1 (b1 and f1), or with f1 (c1 and g1).
TWO_THREATS = "4455"
WIN, LOSS = win_in(9), from_child(win_in(8))
#: Red's values in TWO_THREATS: c1 and f1 win, every other column loses.
VALUES = {move: WIN if move in (2, 5) else LOSS for move in range(7)}
#: What the fake explainer proves of each of Red's moves in TWO_THREATS.
MAKES_TWO = DoubleThreat(0, ((1, 0), (5, 0)), move=(2, 0))
HANDS_OVER = HandsOver(0, ((0, 0), (0, 1)), whose=1)


@pytest.fixture(autouse=True)
def pygame_ready():
    pygame.init()
    yield


def fake_reasons(game, move: int | None) -> tuple[Claim, ...]:
    return (MAKES_TWO,) if move == 2 else (HANDS_OVER,) if move == 0 else ()


def scene_at(moves: str, coach: bool = False, **engine_options) -> tuple[PlayScene, FakeEngine]:
    engine = FakeEngine(auto_answer=False, **engine_options)
    scene = PlayScene(SIZE, PlayOptions(level=Level(4), moves=moves, coach=coach), engine)
    return scene, engine


def proven_progress(token: int, values: dict[int, int]) -> Progress:
    move_scores = tuple((move, Score(score, True)) for move, score in values.items())
    best = max(values, key=lambda move: values[move])
    return Progress(token, search_result(9, Score(values[best], True), (best,), 10, 0.1, move_scores))


def run(scene: PlayScene, engine: FakeEngine, frames: int = 4) -> None:
    for _ in range(frames):
        for message in engine.poll():
            scene.receive(message)
        scene.update(0.05)


# --- the hint -----------------------------------------------------------------------------------------------


def test_the_hint_says_why_once_the_explainer_answers():
    scene, engine = scene_at(TWO_THREATS, reasons=fake_reasons)
    scene.receive(proven_progress(engine.last("ponder").token, VALUES))
    scene.handle(key(pygame.K_h))
    run(scene, engine)
    call = engine.last("explain")
    assert (call.moves, call.move) == (TWO_THREATS, 2)
    assert words.status_text(scene.play_state).startswith("Hint: column c")
    assert scene.picture().status.why == "Red makes two threats with c1: b1 and f1"
    scene.draw(pygame.Surface(SIZE))


def test_until_the_answer_comes_the_hint_shows_its_move_alone_and_a_stale_answer_is_dropped():
    scene, engine = scene_at(TWO_THREATS)
    scene.receive(proven_progress(engine.last("ponder").token, VALUES))
    scene.handle(key(pygame.K_h))
    run(scene, engine)
    asked = engine.last("explain")
    assert engine.count("explain") == 1 and scene.picture().status.why == ""
    scene.receive(Explained(asked.token + 100, TWO_THREATS, 2, (MAKES_TWO,)))
    run(scene, engine)
    assert scene.picture().status.why == "" and engine.count("explain") == 1  # asked once, not again
    scene.receive(Explained(asked.token, TWO_THREATS, 2, (MAKES_TWO,)))
    run(scene, engine)
    assert scene.picture().status.why == "Red makes two threats with c1: b1 and f1"


def test_a_move_with_nothing_proven_keeps_the_hint_as_it_was():
    scene, engine = scene_at(TWO_THREATS, reasons=lambda game, move: ())
    scene.receive(proven_progress(engine.last("ponder").token, VALUES))
    scene.handle(key(pygame.K_h))
    run(scene, engine)
    assert engine.count("explain") == 1 and scene.picture().status.why == ""
    assert scene.picture().status.detail  # the small line keeps its keys


# --- the coach ----------------------------------------------------------------------------------------------


def test_the_coach_asks_ahead_and_its_warning_says_why_the_move_throws_the_win_away():
    scene, engine = scene_at(TWO_THREATS, coach=True, reasons=fake_reasons)
    scene.receive(proven_progress(engine.last("ponder").token, VALUES))
    run(scene, engine)
    # Every move that throws the win away is asked about before the player chooses; the winning ones not.
    assert {call.move for call in engine.calls if call.name == "explain"} == {0, 1, 3, 4, 6}
    assert scene.play_state.try_play(0) is Refusal.COACHED
    assert words.status_text(scene.play_state).startswith("Coach: column a throws the win away")
    assert scene.picture().status.why == "a1 fills the cell under Yellow's threat at a2: Yellow wins there"
    scene.handle(key(pygame.K_BACKSPACE))
    assert scene.picture().status.why == ""


def test_the_coach_without_proven_values_asks_nothing():
    scene, engine = scene_at(TWO_THREATS, coach=True, reasons=fake_reasons)
    values = {move: Score(40 if move == 2 else -5) for move in range(7)}
    token = engine.last("ponder").token
    scene.receive(Progress(token, search_result(5, values[2], (2,), 10, 0.1, tuple(values.items()))))
    run(scene, engine)
    assert engine.count("explain") == 0


# --- the words ----------------------------------------------------------------------------------------------

PLAN = Plan(
    side=1,
    goal=Goal.AT_LEAST_DRAW,
    start="4",
    rules=(RuleUse(Rule.CLAIMEVEN, ((5, 0), (5, 1))),),
    responses=(),
    strategy=lambda game: 5,
)
#: Red's winning plan of many rules, and one whose single item spans every column.
LONG_PLAN = PlanClaim(
    0,
    (),
    Result.WIN,
    plan=Plan(
        side=0,
        goal=Goal.WIN,
        start="",
        rules=(
            RuleUse(Rule.AFTEREVEN, ((0, 2), (1, 2), (2, 2), (3, 2))),
            RuleUse(Rule.BASEINVERSE, ((4, 0), (5, 0))),
            RuleUse(Rule.CLAIMEVEN, ((6, 0), (6, 1))),
            RuleUse(Rule.HIGHINVERSE, ((4, 1), (4, 2), (4, 3), (5, 1), (5, 2), (5, 3))),
            RuleUse(Rule.ODD_THREAT, ((3, 4),)),
        ),
        responses=(),
        strategy=lambda game: 0,
    ),
)
LONG_ITEM_PLAN = PlanClaim(
    0,
    (),
    Result.WIN,
    plan=Plan(
        side=0,
        goal=Goal.WIN,
        start="",
        rules=tuple(
            RuleUse(Rule.CLAIMEVEN, ((column, row), (column, row + 1)))
            for row in (2, 4)
            for column in range(7)
        ),
        responses=(),
        strategy=lambda game: 0,
    ),
)
#: One claim of every kind the window tells, with the mover (0, Red) and the sentence in English.
SENTENCES: list[tuple[Claim, str]] = [
    (WinNow(0, ((3, 0),)), "Red completes four at d1"),
    (HANDS_OVER, "a1 fills the cell under Yellow's threat at a2: Yellow wins there"),
    (
        HandsOver(0, ((2, 2), (2, 3)), whose=0),
        "c3 fills the cell under Red's own threat at c4: Yellow blocks it there",
    ),
    (Block(0, ((6, 0),)), "Red must block Yellow's four at g1: every other move loses at once"),
    (MAKES_TWO, "Red makes two threats with c1: b1 and f1"),
    (DoubleThreat(0, ((4, 2), (4, 3)), stacked=True), "Red has two threats, one above the other: e3 and e4"),
    (DoubleThreat(1, ((0, 0), (3, 0)), move=(1, 0)), "Yellow makes two threats with b1: a1 and d1"),
    (WinNow(1, ((4, 4),)), "Yellow completes four at e5"),
    (ForcingLine(0, ((1, 0), (1, 1), (2, 0))), "Red wins by a forcing line, every move a threat: b1 and c1"),
    (
        ForcingLine(1, ((1, 0), (1, 1), (2, 0))),
        "Yellow wins by a forcing line, every move a threat: b1 and c1",
    ),
    (
        LeavesPlan(0, ((0, 0), (5, 1)), rule=Rule.CLAIMEVEN, plan=PLAN),
        "a1 breaks Red's claimeven in column f: the plan answered at f2",
    ),
    (LeavesPlan(0, ((0, 0), (5, 1))), "a1 leaves Red's plan, which answered at f2"),
    (Zugzwang(1, ((4, 2),), Result.WIN), "Yellow wins by zugzwang with the odd threat at e3"),
    (
        Zugzwang(0, (), Result.AT_LEAST_DRAW, rule=ZugzwangRule.CLAIMEVEN_EVERYWHERE),
        "Red holds at least a draw by claimeven, answering every move directly above it",
    ),
    (
        Road(1, (), Result.WIN, line=((4, 3), (2, 3)), then=DoubleThreat(1, ((2, 4), (5, 0)), move=(3, 3))),
        "Best play: e4 c4; Yellow makes two threats with d4: c5 and f1",
    ),
    (
        Road(0, (), Result.DRAW, line=((0, 0),), then=PlanClaim(0, (), Result.AT_LEAST_DRAW, plan=PLAN)),
        "Best play: a1; Red holds at least a draw by a plan",
    ),
    # The longest the window says: a road of twelve stones to a plan of many rules, and a plan whose first
    # item spans every column (the text-fit test draws the longest at the smallest window).
    (
        Road(
            0, (), Result.WIN, line=tuple((column % 7, column // 7) for column in range(12)), then=LONG_PLAN
        ),
        "Best play: a1 b1 c1 d1 e1 f1 g1 a2 b2 c2 d2 e2; Red wins by a plan",
    ),
    (
        Road(
            0,
            (),
            Result.DRAW,
            line=tuple((column % 7, column // 7) for column in range(12)),
            then=Zugzwang(0, (), Result.AT_LEAST_DRAW, rule=ZugzwangRule.CLAIMEVEN_EVERYWHERE),
        ),
        "Best play: a1 b1 c1 d1 e1 f1 g1 a2 b2 c2 d2 e2; Red holds at least a draw by claimeven",
    ),
    (LONG_ITEM_PLAN, "Red wins by a plan: claimeven in columns a, b, c, d, e, f, g, rows 3 to 6"),
    (
        PlanClaim(0, ((5, 0), (5, 1)), Result.AT_LEAST_DRAW, plan=PLAN),
        "Red holds at least a draw by a plan: claimeven in column f, rows 1 to 2",
    ),
]


@pytest.mark.parametrize(("claim", "sentence"), SENTENCES)
def test_each_claim_in_words(claim: Claim, sentence: str):
    assert move_reason((claim,), 0, NAMES) == sentence


def test_the_most_telling_claim_is_told_and_every_language_names_the_cells():
    assert move_reason((Zugzwang(1, ((4, 2),), Result.WIN), HANDS_OVER), 0, NAMES).startswith("a1 fills")
    assert move_reason((), 0, NAMES) == ""
    for code in LANGUAGES:
        use_language(code)
        try:
            for claim, english in SENTENCES:
                said = move_reason((claim,), 0, NAMES)
                assert said and (code == "en" or said != english or "claimeven" in said), (code, english)
                assert all(
                    cell_name(cell) in said for cell in claim.cells[:1] if isinstance(claim, (WinNow, Block))
                )
        finally:
            use_language("en")


# --- the real engine ----------------------------------------------------------------------------------------


def await_message(engine: Engine, wanted, seconds: float = 60.0) -> list[EngineMessage]:
    """Every message polled until one for which ``wanted`` holds (or a generous limit, to fail not hang)."""
    polled: list[EngineMessage] = []
    limit = time.monotonic() + seconds
    while not any(wanted(message) for message in polled) and time.monotonic() < limit:
        polled += engine.poll()
        time.sleep(0.01)
    return polled


@pytest.fixture(scope="module")
def engine():
    made = Engine(table_entries=1 << 12, solver_slots=1 << 16, solver_threads=1)
    yield made
    made.close()


def test_the_real_explainer_answers_beside_the_search_and_agrees_with_ponder_explain(engine):
    game = ConnectFour.from_moves(TWO_THREATS)
    pondering = engine.ponder(game, analyse=True)
    stopped = engine.explain(game, 0)
    stopped.stop()
    asked = engine.explain(game, 2)
    polled = await_message(engine, asked.owns)
    assert not any(stopped.owns(message) for message in polled)
    (answer,) = [message for message in polled if asked.owns(message)]
    assert isinstance(answer, Explained) and answer.moves == TWO_THREATS and answer.move == 2
    said = move_reason(answer.claims, 0, NAMES)
    assert said == "Red makes two threats with c1: b1 and f1"
    # The same cells as the command line's claim about that move (its cells count from 1).
    out = io.StringIO()
    assert run_tool("explain", ["--json"], io.StringIO(TWO_THREATS + "\n"), out, io.StringIO()) == 0
    claims = json.loads(out.getvalue())["claims"]
    told = [claim for claim in claims if claim["kind"] == "double_threat" and claim["move"] == [3, 1]]
    assert told and [f"{'abcdefg'[column - 1]}{row}" for column, row in told[0]["cells"]] == ["b1", "f1"]
    pondering.stop()


# --- the review ---------------------------------------------------------------------------------------------


#: A game against depth 8 whose review has mistakes and blunders as well as best moves.
REVIEWED = "444447562366621351"


def reviewed(reasons: tuple[Claim, ...]) -> tuple[PlayScene, FakeEngine]:
    """:data:`REVIEWED` played out and under review, its moves' reasons all ``reasons``."""
    engine = scripted(REVIEWED)
    engine.reasons = lambda game, move: reasons
    scene = PlayScene(SIZE, PlayOptions(level=Level(8)), engine)
    while scene.play_state.game.ply() < len(REVIEWED) and not scene.play_state.game.is_over():
        if scene.play_state.board_game.is_human_turn():
            scene.play_state.try_play(
                scene.play_state.game.text_to_move(REVIEWED[scene.play_state.game.ply()])
            )
        settle(scene, engine)
    scene.act(Action.REVIEW)
    deliver_review(engine, scene.play_state.game)
    settle(scene, engine, 0.5)
    return scene, engine


def test_the_review_says_why_each_mistake_and_blunder_is_one():
    script = REVIEWED
    scene, engine = reviewed((HANDS_OVER,))
    review = scene.play_state.review
    assert review is not None and review.complete()
    wrong = [ply for ply, mark in review.marks.items() if mark.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)]
    right = [ply for ply, mark in review.marks.items() if mark.verdict is Verdict.BEST]
    assert wrong and right
    for ply in wrong:
        scene.play_state.step_review(ply)
        run(scene, engine, 2)
        mark, asked = review.marks[ply], engine.last("explain")
        assert (asked.moves, asked.move) == (script[: ply - 1], mark.move)
        assert scene.picture().status.why == move_reason((HANDS_OVER,), mark.mover, NAMES)
    asked_before = engine.count("explain")
    scene.play_state.step_review(right[0])
    run(scene, engine, 2)
    assert scene.picture().status.why == "" and engine.count("explain") == asked_before


def test_a_mistake_whose_reason_is_a_road_marks_it_and_show_me_plays_the_move_then_the_road():
    road = Road(1, (), Result.WIN, line=((0, 0), (6, 0)), then=DoubleThreat(1, ((2, 4), (5, 0)), move=(3, 3)))
    scene, engine = reviewed((road,))
    review = scene.play_state.review
    assert review is not None
    wrong = (Verdict.MISTAKE, Verdict.BLUNDER)
    ply = next(ply for ply, mark in review.marks.items() if mark.verdict in wrong)
    scene.play_state.step_review(ply)
    run(scene, engine, 2)
    mark = review.marks[ply]
    picture = scene.picture()
    assert picture.status.why.startswith("Best play: a1 g1; ")
    assert picture.reason is not None and picture.reason.line == road.line
    assert picture.reason.cells == ((3, 3), (2, 4), (5, 0)) and picture.reason.line_player == 1 - mark.mover
    # The mistake itself, not on the board (the review shows the position before it), is where the line
    # starts from: its stone is drawn where it lands.
    stacked = sum(row[mark.move] is not None for row in review.position().cells())
    assert picture.reason.move == (mark.move, stacked)
    scene.act(Action.SHOW_ME)
    line = review.line
    assert line is not None and line.allowed == 3 and line.moves[:3] == [mark.move, 0, 6]
    for _ in range(6):
        scene.update(STEP_SECONDS)
    assert line.shown == 3 and not line.playing  # paused where the reason holds
    assert words.status_text(scene.play_state).startswith(f"What move {ply} allows: ")
    # The reason stays told under the line; the board shows the line's own stones, not the marks.
    assert scene.picture().status.why.startswith("Best play: ") and scene.picture().reason is None


# --- the plan view ------------------------------------------------------------------------------------------

#: Red to move; Yellow, waiting, holds the draw by a plan of claimevens and baseinverses.
YELLOWS_PLAN = "4744536335546636732354"


@pytest.fixture(scope="module")
def proven_reasons():
    """The fake engine's explainer: the real one, proving each answer at once on this thread, with Allis's
    plans only (a steady plan on the board: tests/test_steady_plans.py)."""
    analyzer = ExactAnalyzer(solver_slots=1 << 16, threads=1)
    allis_plans = functools.partial(find_plan, steady_nodes=0)

    def reasons(game, move: int | None) -> tuple[Claim, ...]:
        if move is None:
            return explain_position(game, analyzer, find_plan=allis_plans).claims
        return explain_move(game, move, analyzer, find_plan=allis_plans).claims

    return reasons


def test_a_searched_reply_is_drawn_as_a_pair_the_opponents_cell_joined_to_the_answer():
    moves = "574344"
    plan = Plan(
        1,
        Goal.AT_LEAST_DRAW,
        moves,
        (RuleUse(Rule.REPLIES, ((2, 1), (3, 3))),),
        (Response((2, 1), (3, 3), Rule.REPLIES),),
        lambda position: 3,
    )
    layout = play_layout(SIZE, 7, 6, True)
    surface = pygame.Surface(SIZE)
    followed = Followed(plan, Result.AT_LEAST_DRAW, moves)
    draw_plan_marks(surface, layout, CLASSIC, Fonts(), followed, ConnectFour.from_moves(moves).cells())
    (x1, y1), (x2, y2) = (
        layout.cell_centre(layout.rows - 1 - row, column) for column, row in ((2, 1), (3, 3))
    )
    assert surface.get_at(((x1 + x2) // 2, (y1 + y2) // 2))[:3] == RULE_COLOURS[Rule.REPLIES]
    assert RULE_MARKS[Rule.REPLIES] == "R"


def test_the_plan_view_draws_the_plan_follows_it_and_says_when_a_move_leaves_it(proven_reasons):
    engine = FakeEngine(auto_answer=False, reasons=proven_reasons)
    scene = PlayScene(SIZE, PlayOptions(mode=Mode.TWO_PLAYERS, moves=YELLOWS_PLAN), engine)
    settle(scene, engine, 0.5)
    assert scene.picture().plan is None
    # E: the player's own plan first (with two players, the side to move's): Red holds none here.
    scene.handle(key(pygame.K_e, unicode="e"))
    settle(scene, engine, 0.5)
    assert scene.picture().plan is None
    assert scene.picture().status.why == "Plan view: no plan of Red's proven here"
    # E again: the opponent's, Yellow's, who waits.
    scene.handle(key(pygame.K_e, unicode="e"))
    settle(scene, engine, 0.5)
    assert (engine.last("explain").moves, engine.last("explain").move) == (YELLOWS_PLAN, None)
    shown = scene.picture()
    assert shown.plan is not None and shown.plan.plan.side == 1 and shown.plan.answer is None
    rules = {use.rule for use in shown.plan.plan.rules}
    assert Rule.CLAIMEVEN in rules
    assert shown.status.why.startswith("Yellow's plan holds at least a draw  \u00b7  ")
    assert "CE claimeven" in shown.status.why
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    # Each pair of a claimeven is drawn as a pair: a band of the rule's colour joins its two cells.
    layout = scene.layout()
    lower, upper = next(use.cells for use in shown.plan.plan.rules if use.rule is Rule.CLAIMEVEN)
    (x, low_y), (_x, high_y) = (
        layout.cell_centre(layout.rows - 1 - row, column) for column, row in (lower, upper)
    )
    assert surface.get_at((x, (low_y + high_y) // 2))[:3] == RULE_COLOURS[Rule.CLAIMEVEN]
    # Red takes a1: the plan answers above it, at a2 (claimeven), shown on the board and in words.
    assert scene.play_state.try_play(0) is None
    settle(scene, engine, 1.5)
    shown = scene.picture()
    assert shown.plan is not None and shown.plan.answer == (0, 1) and "answer at a2" in shown.status.why
    # Yellow plays elsewhere: the plan is left, and said so.
    assert scene.play_state.try_play(4) is None
    settle(scene, engine, 1.5)
    assert scene.picture().status.why == "Yellow left the plan: it played e5, the plan answered at a2"
    scene.draw(pygame.Surface(SIZE))
    # E a third time: the view is gone.
    scene.handle(key(pygame.K_e, unicode="e"))
    settle(scene, engine, 0.25)
    assert scene.picture().plan is None and scene.picture().status.why == ""


def test_the_plan_view_shows_the_players_own_plan_after_their_best_move(proven_reasons):
    """On the player's turn the view asks for the moves' values, explains the best, and shows the plan the
    player then holds with the move that starts it; once played, the plan is followed as any other."""
    before = YELLOWS_PLAN[:-1]  # Yellow to move
    engine = FakeEngine(auto_answer=False, reasons=proven_reasons)
    scene = PlayScene(SIZE, PlayOptions(mode=Mode.TWO_PLAYERS, moves=before), engine)
    settle(scene, engine, 0.5)
    scene.handle(key(pygame.K_e, unicode="e"))
    settle(scene, engine, 0.5)
    analysis = engine.last("ponder")
    assert analysis.analyse and scene.picture().plan is None
    game = scene.play_state.game
    scores = ExactAnalyzer(solver_slots=1 << 16).move_scores(game.copy())
    values = {move: Score.from_benchmark(scores[move], game.ply(), 42).value for move in game.moves()}
    scene.receive(proven_progress(analysis.token, values))
    settle(scene, engine, 2.0)
    best = max(values.values())
    best_moves = {
        move for move, value in values.items() if (value > 0) == (best > 0) and (value < 0) == (best < 0)
    }
    explained = {call.move for call in engine.calls if call.name == "explain"}
    assert explained and explained <= best_moves
    shown = scene.picture()
    assert shown.plan is not None and shown.plan.plan.side == 1 and shown.plan.first is not None
    first = shown.plan.first
    assert first[0] in best_moves and shown.plan.answer is None
    assert shown.status.why.startswith(f"Yellow's plan: play {cell_name(first)}, then it ")
    scene.draw(pygame.Surface(SIZE))
    # Yellow plays it: the plan has begun, and waits for Red's move.
    assert scene.play_state.try_play(first[0]) is None
    settle(scene, engine, 0.5)
    shown = scene.picture()
    assert shown.plan is not None and shown.plan.first is None and shown.plan.plan.side == 1


def test_the_plan_view_is_for_connect_four_only():
    engine = FakeEngine(auto_answer=False)
    scene = PlayScene(SIZE, PlayOptions(game="tictactoe", width=3, height=3, mode=Mode.TWO_PLAYERS), engine)
    scene.handle(key(pygame.K_e, unicode="e"))
    assert words.status_text(scene.play_state) == "The plan view is for Connect Four"
    assert not scene.play_state.assistance.plan.shown and engine.count("explain") == 0


# --- a puzzle's themes --------------------------------------------------------------------------------------


def test_a_solved_puzzle_shows_its_themes_as_the_explainer_proved_them(tmp_path, proven_reasons):
    puzzle = next(p for p in load_puzzles().puzzles if p.win_in == 3)
    engine = FakeEngine(auto_answer=False, reasons=proven_reasons)
    files = UserData(puzzles=JsonStore(PUZZLE_FILE, tmp_path / "puzzles.json"))
    scene = PlayScene(SIZE, puzzle_options(puzzle), engine, puzzle=puzzle, files=files)
    run(scene, engine, 2)
    # Asked when the puzzle starts, so the themes are ready at the solve; not shown before it.
    asked = engine.last("explain")
    assert (asked.moves, asked.move) == (puzzle.moves, puzzle.column - 1)
    assert scene.picture().status.why == ""
    values = tuple(
        (move, Score(win_in(5) if move == puzzle.column - 1 else from_child(win_in(1)), True))
        for move in range(7)
    )
    token = engine.last("ponder").token
    scene.receive(Progress(token, search_result(9, values[0][1], (puzzle.column - 1,), 10, 0.1, values)))
    scene.handle(key(pygame.K_0 + puzzle.column, unicode=str(puzzle.column)))
    assert scene.play_state.round.attempt is not None and scene.play_state.round.attempt.solved
    game = ConnectFour.from_moves(puzzle.moves)
    themes = themes_of(proven_reasons(game, puzzle.column - 1), game.to_move())
    assert themes, "the puzzle's winning move has a proven theme"
    shown = scene.picture().status.why
    assert shown.startswith("Themes: ")
    assert all(translated(THEME_WORDS[theme]) in shown for theme in themes)


def test_a_road_book_that_cannot_be_used_is_told_once_and_the_roads_are_searched():
    posted: queue.Queue[Explained | EngineFailure] = queue.Queue()

    def damaged() -> RoadBook:
        raise RoadBookError(Path("c4-roads-7x6.txt"), "line 1: checksum mismatch: the file is damaged")

    worker = ExplainWorker(posted.put, roads=damaged)
    try:
        game = ConnectFour.from_moves(TWO_THREATS)
        worker.submit(1, StopFlag(), game.copy(), 2)
        failure = posted.get(timeout=60)
        assert isinstance(failure, EngineFailure) and failure.part is EnginePart.ROADS and failure.token == 1
        assert "c4-roads-7x6.txt" in failure_text(failure) and "checksum" in failure_text(failure)
        answer = posted.get(timeout=60)
        assert isinstance(answer, Explained) and answer.claims  # the explainer goes on
        worker.submit(2, StopFlag(), game.copy(), 2)
        assert isinstance(posted.get(timeout=60), Explained)  # told once
    finally:
        worker.close(5.0)


def test_an_explanation_past_its_deadline_is_dropped_whole_and_a_stopped_one_posts_nothing():
    posted: queue.Queue[Explained] = queue.Queue()
    worker = ExplainWorker(posted.put, seconds=0.0)
    try:
        game = ConnectFour.from_moves(TWO_THREATS)
        stopped = StopFlag()
        stopped.set()
        worker.submit(1, stopped, game.copy(), 2)
        worker.submit(2, StopFlag(), game.copy(), 2)
        answer = posted.get(timeout=60)
        assert (answer.token, answer.timed_out, answer.claims) == (2, True, ())
        # Tic-tac-toe is not explained: an empty answer, at once.
        worker.submit(3, StopFlag(), TicTacToe(), None)
        empty = posted.get(timeout=60)
        assert (empty.token, empty.moves, empty.claims, empty.timed_out) == (3, "", (), False)
        assert posted.empty()  # the stopped request posted nothing
    finally:
        worker.close(5.0)
