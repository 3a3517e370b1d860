"""Steady plans (ai/explain/plan/steady.py): an annotated board whose priority list keeps its side's result,
found where Allis's layouts find no win, proven by the explainer's own checks (the solver's value and the
plan replayed against every reply), refused by them where the annotation is wrong, the same every time, and
said and drawn like any other plan."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from ai.claims import PlanClaim, Result
from ai.contracts import UNBOUNDED, Budget
from ai.exact.analysis import ExactAnalyzer
from ai.explain.checks import check
from ai.explain.explainer import explain_position
from ai.explain.plan import find_plan
from ai.explain.plan.board import geometry
from ai.explain.plan.steady import Annotation, SteadyFound, find_steady, forget_steady_plans, steady_plan
from ai.explain.replay import replay_plan
from ai.explain.values import ExactValues
from ai.plans import COLUMN_PAIR_RULES, Goal, Plan, Rule
from game.connect4 import ConnectFour
from ui.kit.layout import play_layout
from ui.play.plan_marks import RULE_COLOURS, draw_plan_marks
from ui.state.play.plan_view import Followed
from ui.theme import THEMES, Fonts
from ui.words.claim_words import claim_sentence, gloss, plan_response_lines, side_names

#: The second player to move; the first wins by claimodd in columns b and g (Allis's layouts find nothing).
FIRST_WINS_BY_CLAIMODD = "4444445623333352165556626"
#: The first player wins by claimodd in column a with b5 urgent (a win the search finds with more nodes,
#: another way).
FIRST_WINS_WITH_URGENT = "4444443265555532333226766"
#: The first player wins by claimodd in columns a and f, its tempo cells in column f first.
FIRST_WINS_WITH_TEMPO = "43766642233244256437523"
#: A drawn position, the second player to move: the first player holds the draw (claimodd in column b).
FIRST_HOLDS_DRAW = "363356635443355"


@pytest.fixture(scope="module")
def analyzer() -> Iterator[ExactAnalyzer]:
    solver = ExactAnalyzer(threads=1)
    yield solver
    solver.release()


def proven(game: ConnectFour, plan: Plan, analyzer: ExactAnalyzer) -> bool:
    """The explainer's own proof of ``plan`` as a claim (the solver's value, then the replay)."""
    result = Result.WIN if plan.goal is Goal.WIN else Result.AT_LEAST_DRAW
    return check(game, PlanClaim(plan.side, (), result, plan=plan), ExactValues(analyzer))


def test_the_first_players_win_is_found_where_allis_layouts_find_none_and_proven(analyzer):
    game = ConnectFour.from_moves(FIRST_WINS_BY_CLAIMODD)
    assert find_plan(game, 0, steady_nodes=0) is None
    plan = find_plan(game, 0)
    assert plan is not None and plan.side == 0 and plan.goal is Goal.WIN
    claimodd = [use for use in plan.rules if use.rule is Rule.CLAIMODD]
    assert {use.cells[0][0] for use in claimodd} == {1, 6}
    # A claimodd pair's upper cell is on an odd row (rows counted from 1): row index 2 or 4.
    assert all(
        upper[1] % 2 == 0 and lower == (upper[0], upper[1] - 1)
        for lower, upper in (u.cells for u in claimodd)
    )
    assert proven(game, plan, analyzer)
    values = ExactValues(analyzer)
    assert replay_plan(game, plan, values)


def urgent_plan() -> tuple[ConnectFour, Plan]:
    """FIRST_WINS_WITH_URGENT's plan: claimodd in column a, b5 urgent."""
    game = ConnectFour.from_moves(FIRST_WINS_WITH_URGENT)
    b5 = geometry(game.width, game.height).bit((1, 4))
    return game, steady_plan(game, 0, SteadyFound(Annotation(frozenset({0}), frozenset({b5})), Goal.WIN, 0))


def test_an_urgent_cell_is_an_item_of_the_plan_and_its_plan_is_proven(analyzer):
    game, plan = urgent_plan()
    assert [use.cells for use in plan.rules if use.rule is Rule.URGENT] == [((1, 4),)]
    assert proven(game, plan, analyzer)


def test_the_tempo_columns_cells_come_first_and_the_plan_is_proven(analyzer):
    game = ConnectFour.from_moves(FIRST_WINS_WITH_TEMPO)
    plan = find_plan(game, 0)
    assert plan is not None and plan.goal is Goal.WIN
    tempo = [use.cells for use in plan.rules if use.rule is Rule.TEMPO]
    assert len(tempo) == 1 and tempo[0][0][0] == 5
    assert {use.cells[0][0] for use in plan.rules if use.rule is Rule.CLAIMODD} <= {0, 5}
    assert proven(game, plan, analyzer)


def test_the_first_player_holding_a_draw_gets_a_plan(analyzer):
    game = ConnectFour.from_moves(FIRST_HOLDS_DRAW)
    assert ExactValues(analyzer).result_for(game, 0) == 0
    plan = find_plan(game, 0)
    assert plan is not None and plan.goal is Goal.AT_LEAST_DRAW
    assert proven(game, plan, analyzer)


def test_a_wrong_annotation_is_refused_by_the_checks(analyzer):
    game = ConnectFour.from_moves(FIRST_WINS_BY_CLAIMODD)
    # Claimeven everywhere: the walk refutes it, so the finder never proposes it; the checks refuse it too.
    wrong = steady_plan(game, 0, SteadyFound(Annotation(), Goal.WIN, 0))
    assert not proven(game, wrong, analyzer)
    # Half the annotation (claimodd in column b alone) is refused as well.
    wrong = steady_plan(game, 0, SteadyFound(Annotation(claimodd=frozenset({1})), Goal.WIN, 0))
    assert not proven(game, wrong, analyzer)


def test_the_search_is_the_same_every_time_and_bounded():
    game = ConnectFour.from_moves(FIRST_WINS_BY_CLAIMODD)
    forget_steady_plans()
    first = find_steady(game, 0)
    forget_steady_plans()
    again = find_steady(game, 0)
    assert first is not None and first == again and 0 < first.nodes <= 2000
    # Remembered: the same answer object, at once.
    assert find_steady(game, 0) is again
    # Short of nodes, no win (the draw the search proved on the way, at most); out of nodes, no plan.
    short = find_steady(game, 0, nodes=first.nodes - 1)
    assert short is None or short.goal is Goal.AT_LEAST_DRAW
    assert find_steady(game, 0, nodes=1) is None


def test_the_strategy_refuses_a_position_not_reached_from_its_start():
    game = ConnectFour.from_moves(FIRST_WINS_BY_CLAIMODD)
    plan = find_plan(game, 0)
    assert plan is not None
    with pytest.raises(LookupError):
        plan.answer(ConnectFour.from_moves("44"))


def test_the_plan_is_said_with_its_new_rules_and_their_glosses():
    _game, plan = urgent_plan()
    line = claim_sentence(PlanClaim(0, (), Result.WIN, plan=plan), side_names())
    assert "wins by a plan: urgent b5; " in line and "claimodd in column a" in line
    replies = plan_response_lines(plan)
    assert replies[0].strip().startswith("first complete four")
    assert any("claimodds" in reply for reply in replies)
    for rule in (Rule.CLAIMODD, Rule.URGENT, Rule.MIAI, Rule.TEMPO):
        assert gloss(rule).startswith(rule.value + ":")
    assert Rule.CLAIMODD in COLUMN_PAIR_RULES


def test_the_plan_view_draws_pairs_as_pairs_and_tempo_cells_unjoined():
    game = ConnectFour.from_moves(FIRST_WINS_WITH_URGENT)
    # claimodd in column a, b5 urgent and a miai pair added by hand, a1 and g2 (drawing needs no proof).
    shape = geometry(game.width, game.height)
    miai = frozenset({(shape.bit((0, 0)), shape.bit((6, 1)))})
    annotation = Annotation(frozenset({0}), frozenset({shape.bit((1, 4))}), miai)
    plan = steady_plan(game, 0, SteadyFound(annotation, Goal.WIN, 0))
    size = (640, 540)
    layout = play_layout(size, game.width, game.height, True)
    surface = pygame.Surface(size)
    followed = Followed(plan, Result.WIN, plan.start)
    draw_plan_marks(surface, layout, THEMES["classic"], Fonts(), followed, game.cells())

    def centre(cell: tuple[int, int]) -> tuple[int, int]:
        return layout.cell_centre(layout.rows - 1 - cell[1], cell[0])

    def colour_between(one: tuple[int, int], other: tuple[int, int]) -> tuple[int, int, int]:
        (x, y), (other_x, other_y) = centre(one), centre(other)
        return tuple(surface.get_at(((x + other_x) // 2, (y + other_y) // 2))[:3])

    # Pairs as pairs: a band joins a claimodd's two cells, and the miai's (between d1 and d2, taken).
    lower, upper = next(use.cells for use in plan.rules if use.rule is Rule.CLAIMODD)
    assert colour_between(lower, upper) == RULE_COLOURS[Rule.CLAIMODD]
    assert colour_between((0, 0), (6, 1)) == RULE_COLOURS[Rule.MIAI]
    # Each tempo cell carries the rule's colour (below its letter), but a1 and g2, marked by the miai first.
    tempo = next(use.cells for use in plan.rules if use.rule is Rule.TEMPO)
    below_letter = int(layout.cell * 0.25)
    assert {(0, 0), (6, 1)} < set(tempo)
    for cell in set(tempo) - {(0, 0), (6, 1)}:
        x, y = centre(cell)
        assert surface.get_at((x, y + below_letter))[:3] == RULE_COLOURS[Rule.TEMPO]


def test_the_explainer_never_looks_for_the_plan_of_a_side_the_solver_sees_losing(analyzer):
    # The second player answers at a1 in a position the first player wins: the waiting side, the second
    # player, loses, so its plan (which would cost the whole budget and fail its check) is not looked for.
    game = ConnectFour.from_moves(FIRST_WINS_BY_CLAIMODD + "1")
    asked: list[tuple[str, int]] = []

    def spy(position: ConnectFour, side: int, budget: Budget = UNBOUNDED, **options: int) -> Plan | None:
        asked.append((position.moves_text(), side))
        return find_plan(position, side, budget, **options)

    explain_position(game, analyzer, find_plan=spy)
    values = ExactValues(analyzer)
    assert all(values.result_for(ConnectFour.from_moves(moves), side) >= 0 for moves, side in asked)
    assert (game.moves_text(), 1) not in asked
