"""Plans that begin with searched replies (ai/explain/plan/replies.py): where no rule plan holds yet, replies
chosen by search with a rule plan after each; every such plan proven by the independent checks, and a plan
with a wrong reply refused by them."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator

import pytest

from ai.claims import PlanClaim, Result
from ai.exact.analysis import ExactAnalyzer
from ai.explain.checks import check
from ai.explain.plan import Goal, Rule, find_plan, replies
from ai.explain.plan.replies import find_plan_with_replies
from ai.explain.values import ExactValues
from ai.plans import Plan
from game.connect4 import ConnectFour
from ui.words.claim_words import cell_name, gloss, plan_response_lines, summary_item

#: Positions of real games (the rating ladder's record) where the rule plans alone find nothing, and one
#: searched reply to each move of the first player is enough: a draw and a win of the second player.
DRAWN = "574344"
WON = "4324437223"


@pytest.fixture(scope="module")
def analyzer() -> Iterator[ExactAnalyzer]:
    solver = ExactAnalyzer(threads=1)
    yield solver
    solver.release()


def claim_of(plan: Plan) -> PlanClaim:
    result = Result.WIN if plan.goal is Goal.WIN else Result.AT_LEAST_DRAW
    return PlanClaim(plan.side, (), result, plan=plan)


@pytest.mark.parametrize(("moves", "goal"), [(DRAWN, Goal.AT_LEAST_DRAW), (WON, Goal.WIN)])
def test_a_searched_reply_proves_a_plan_the_rules_alone_do_not(analyzer, moves, goal, monkeypatch):
    game = ConnectFour.from_moves(moves)
    side = 1 - game.to_move()
    # Allis's rules alone (no steady plan: a steady plan proves the won position at once, see
    # test_steady_plans): the search's replies then carry the plan.
    rules_alone = functools.partial(find_plan, steady_nodes=0)
    monkeypatch.setattr(replies, "find_plan", rules_alone)
    assert rules_alone(game, side) is None
    plan = find_plan_with_replies(game, side, depth=1, steady_nodes=0)
    assert plan is not None and plan.goal is goal and plan.side == side
    # One reply for each move of the opponent (none of them ends the game), each said as its cells.
    assert len(plan.responses) == len(game.moves())
    assert all(use.rule is Rule.REPLIES for use in plan.rules)
    assert [(use.cells[0], use.cells[1]) for use in plan.rules] == [
        (reply.when, reply.answer) for reply in plan.responses
    ]
    assert check(game, claim_of(plan), ExactValues(analyzer))


def test_without_the_search_depth_nothing_more_is_found():
    game = ConnectFour.from_moves(DRAWN)
    assert find_plan_with_replies(game, 1 - game.to_move(), depth=0) is None


def test_a_plan_with_a_wrong_reply_is_refused_by_the_checks(analyzer):
    game = ConnectFour.from_moves(DRAWN)
    side = 1 - game.to_move()
    plan = find_plan_with_replies(game, side, depth=1)
    assert plan is not None
    values = ExactValues(analyzer)
    # The opponent's best move, and a reply to it after which the opponent wins (the solver says so).
    opening = max(values.move_results(game).items(), key=lambda item: item[1])[0]
    after = game.copy()
    after.apply(opening)
    wrong = next(column for column, result in values.move_results(after).items() if result < 0)

    def misplayed(now: ConnectFour) -> int:
        if now.ply() == after.ply() and now.key() == after.key():
            return wrong
        return plan.answer(now)

    broken = dataclasses.replace(plan, strategy=misplayed)
    assert not check(game, claim_of(broken), ExactValues(analyzer))


def test_the_strategy_refuses_a_position_off_its_start():
    game = ConnectFour.from_moves(DRAWN)
    plan = find_plan_with_replies(game, 1 - game.to_move(), depth=1)
    assert plan is not None
    elsewhere = ConnectFour.from_moves("4444441")
    with pytest.raises(LookupError):
        plan.answer(elsewhere)


def test_the_replies_are_said_once_each_grouped_by_answer_with_their_gloss():
    game = ConnectFour.from_moves(DRAWN)
    plan = find_plan_with_replies(game, 1 - game.to_move(), depth=1)
    assert plan is not None
    items = plan.summary()
    # One item an answer, the opponent's cells first (by column), the answer last; every reply in one item.
    answers = {reply.answer for reply in plan.responses}
    assert [item.rule for item in items] == [Rule.REPLIES] * len(answers)
    said = {(when, item.cells[-1]) for item in items for when in item.cells[:-1]}
    assert said == {(reply.when, reply.answer) for reply in plan.responses}
    first = items[0]
    whens = ", ".join(cell_name(cell) for cell in first.cells[:-1])
    assert summary_item(first) == f"reply {cell_name(first.cells[-1])} to {whens}"
    # The compact form says each reply: the lines of other rules' replies do not repeat them.
    assert plan_response_lines(plan) == []
    assert gloss(Rule.REPLIES).startswith("replies: ")


def test_replies_ruled_out_by_the_filter_are_not_searched():
    game = ConnectFour.from_moves(DRAWN)
    tried: list[str] = []

    def nothing(after_reply: ConnectFour) -> bool:
        tried.append(after_reply.moves_text())
        return False

    assert find_plan_with_replies(game, 1 - game.to_move(), depth=1, worth_trying=nothing) is None
    # Asked about replies to the opponent's first move only: with none worth trying, that move has no answer.
    assert tried and all(len(moves) == len(DRAWN) + 2 and moves.startswith(DRAWN) for moves in tried)
