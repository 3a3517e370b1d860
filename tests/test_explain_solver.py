"""Every claim the explainer shows agrees with the exact solver, on either core; plans are proven by playing
them, against every reply where the tree is small."""

from __future__ import annotations

import dataclasses

import pytest

from ai.claims import DoubleThreat, ForcingLine, PlanClaim, Result
from ai.contracts import result_of
from ai.exact.analysis import ExactAnalyzer
from ai.explain import replay
from ai.explain.checks import stated
from ai.explain.explainer import explain_position
from ai.explain.plan import find_plan
from ai.explain.values import ExactValues
from ai.plans import Goal, Plan, Response, Rule, RuleUse
from game.connect4 import ConnectFour
from tests.conftest import read_positions, require_compiled_core

#: End-game and middle-game positions of the shipped test sets: every claim kind occurs among them.
SAMPLE = read_positions("Test_L3_R1")[:120] + read_positions("Test_L2_R1")[:40]


@pytest.fixture(params=["python", "compiled"])
def core_analyzer(request, monkeypatch):
    """An analyzer on each solver core in turn, without the book (the solver answers everything)."""
    if request.param == "compiled":
        require_compiled_core()
    else:
        monkeypatch.setenv("PONDER_PURE_PYTHON", "1")
    analyzer = ExactAnalyzer(threads=1, solver_slots=1 << 17, book=lambda: None)
    yield analyzer
    analyzer.release()


def test_no_claim_shown_disagrees_with_the_solver_on_either_core(core_analyzer):
    """Plans included: their checks replay them against the solver's best tries on each core."""
    shown = plans = 0
    for moves, score in SAMPLE:
        game = ConnectFour.from_moves(moves)
        explanation = explain_position(game, core_analyzer, seconds=60, find_plan=find_plan)
        plans += sum(isinstance(claim, PlanClaim) for claim in explanation.claims)
        for claim in explanation.claims:
            shown += 1
            if claim.result is None:
                continue
            if isinstance(claim, DoubleThreat | ForcingLine) and claim.side == game.to_move():
                # A win the side to move makes: the position is won for it.
                assert claim.result is Result.WIN and result_of(score) == 1, (moves, claim)
                continue
            own = result_of(score)
            side_value = own if claim.side == game.to_move() else -own
            if claim.kind.value == "hands_over":
                continue  # the move's result, not the position's: the checks' own test covers it
            assert stated(claim.result, side_value), (moves, claim)
    assert shown > len(SAMPLE)
    assert plans > 0


def claimeven(start: str, side: int = 1) -> Plan:
    """The plan that answers every move directly above it (the whole board's claimeven)."""

    def strategy(game: ConnectFour) -> int:
        column = game.history()[-1]
        if column not in game.moves():
            raise LookupError("the column is full")
        return column

    return Plan(side, Goal.AT_LEAST_DRAW, start, (RuleUse(Rule.CLAIMEVEN, ()),), (), strategy)


def leftmost(start: str) -> Plan:
    """A plan that is no plan: it always takes the leftmost free column."""
    return Plan(1, Goal.AT_LEAST_DRAW, start, (), (), lambda game: min(game.moves()))


#: The first player to move, every column with an even number of empty cells, and no line of the first
#: player's on odd rows alone: claimeven holds the second player's draw.
CLAIMEVEN_HOLDS = "474453633554663673235411471712"


@pytest.fixture(scope="module")
def analyzer():
    analyzer = ExactAnalyzer(threads=1, solver_slots=1 << 17)
    yield analyzer
    analyzer.release()


def test_a_plan_that_holds_survives_every_reply(analyzer, monkeypatch):
    walked: list[int] = []
    original = replay._walk

    def counting(game, plan, values, seen):
        walked.append(len(seen))
        original(game, plan, values, seen)

    monkeypatch.setattr(replay, "_walk", counting)
    game = ConnectFour.from_moves(CLAIMEVEN_HOLDS)
    assert replay.replay_plan(game, claimeven(CLAIMEVEN_HOLDS), ExactValues(analyzer))
    assert len(walked) > 1  # walked the tree itself, not a sample


def test_a_plan_that_lets_a_four_through_fails_its_replay(analyzer):
    game = ConnectFour.from_moves(CLAIMEVEN_HOLDS)
    assert not replay.replay_plan(game, leftmost(CLAIMEVEN_HOLDS), ExactValues(analyzer))


def test_over_a_big_tree_the_plan_meets_the_solvers_best_tries_and_random_ones(analyzer, monkeypatch):
    monkeypatch.setattr(replay, "EXHAUSTIVE_POSITIONS", 5)
    monkeypatch.setattr(replay, "RANDOM_TRIES", 50)
    game = ConnectFour.from_moves(CLAIMEVEN_HOLDS)
    assert replay.replay_plan(game, claimeven(CLAIMEVEN_HOLDS), ExactValues(analyzer))
    assert not replay.replay_plan(game, leftmost(CLAIMEVEN_HOLDS), ExactValues(analyzer))


def test_a_plan_is_shown_only_when_it_holds_where_it_starts(analyzer):
    game = ConnectFour.from_moves(CLAIMEVEN_HOLDS)

    def found(game: ConnectFour, side: int, budget: object = None, **_: int) -> Plan | None:
        return claimeven(game.moves_text()) if side == 1 else None

    claims = explain_position(game, analyzer, find_plan=found).claims
    plans = [claim for claim in claims if isinstance(claim, PlanClaim)]
    assert len(plans) == 1 and plans[0].side == 1 and plans[0].result is Result.AT_LEAST_DRAW

    def broken(game: ConnectFour, side: int, budget: object = None, **_: int) -> Plan | None:
        return leftmost(game.moves_text()) if side == 1 else None

    explanation = explain_position(game, analyzer, find_plan=broken)
    assert not any(isinstance(claim, PlanClaim) for claim in explanation.claims)
    assert any(isinstance(claim, PlanClaim) for claim in explanation.dropped)


def test_a_plan_for_another_position_or_a_win_it_cannot_force_is_refused(analyzer):
    game = ConnectFour.from_moves(CLAIMEVEN_HOLDS)
    elsewhere = claimeven(CLAIMEVEN_HOLDS[:-2])
    overclaimed = Plan(1, Goal.WIN, CLAIMEVEN_HOLDS, (), (), claimeven(CLAIMEVEN_HOLDS).strategy)
    for plan in (elsewhere, overclaimed):

        def found(
            game: ConnectFour, side: int, budget: object = None, plan: Plan = plan, **_: int
        ) -> Plan | None:
            return plan if side == 1 else None

        explanation = explain_position(game, analyzer, find_plan=found)
        assert not any(isinstance(claim, PlanClaim) for claim in explanation.claims)


def test_a_response_is_part_of_the_plan_handed_out():
    reply = Response((2, 0), (2, 1), Rule.CLAIMEVEN)
    plan = Plan(1, Goal.AT_LEAST_DRAW, "", (RuleUse(Rule.CLAIMEVEN, ((2, 0), (2, 1))),), (reply,), min)
    assert plan.responses == (reply,)


def test_a_move_that_leaves_a_plan_that_held_names_the_plans_answer_and_rule(analyzer):
    from ai.claims import LeavesPlan
    from ai.explain.explainer import explain_move

    def found(game: ConnectFour, side: int, budget: object = None, **_: int) -> Plan | None:
        if side != 1 or game.moves_text() != CLAIMEVEN_HOLDS:
            return None
        plan = claimeven(CLAIMEVEN_HOLDS)
        reply = Response((4, 4), (4, 5), Rule.CLAIMEVEN)
        return Plan(1, plan.goal, plan.start, plan.rules, (reply,), plan.strategy)

    game = ConnectFour.from_moves(CLAIMEVEN_HOLDS + "5")  # the first player takes e5
    claims = explain_move(game, 1, analyzer, find_plan=found).claims  # b3 instead of e6
    leaves = [claim for claim in claims if isinstance(claim, LeavesPlan)]
    assert leaves == [LeavesPlan(1, ((1, 2), (4, 5)), None, rule=Rule.CLAIMEVEN)]
    # The plan's own answer leaves nothing.
    kept = explain_move(game, 4, analyzer, find_plan=found).claims
    assert not any(isinstance(claim, LeavesPlan) for claim in kept)


def test_the_plan_finders_plans_are_replayed_against_every_reply_on_small_positions(analyzer, monkeypatch):
    from ai.explain.plan import find_plan

    def no_sampling(*_):
        raise AssertionError("a small position's plan is replayed whole, never sampled")

    monkeypatch.setattr(replay, "_play_line", no_sampling)
    shown = 0
    for moves, _ in read_positions("Test_L3_R1")[:60]:
        game = ConnectFour.from_moves(moves)
        if 42 - game.ply() > 10:
            continue
        explanation = explain_position(game, analyzer, seconds=60, find_plan=find_plan)
        shown += sum(isinstance(claim, PlanClaim) for claim in explanation.claims)
        assert not any(isinstance(claim, PlanClaim) for claim in explanation.dropped), moves
    assert shown >= 5


def test_the_empty_board_gets_no_plan_for_the_second_player(analyzer):
    from ai.explain.plan import find_plan

    claims = explain_position(ConnectFour(), analyzer, find_plan=find_plan).claims
    assert not any(isinstance(claim, PlanClaim) for claim in claims)


def test_the_replay_asks_the_strategy_once_per_position(analyzer, monkeypatch):
    monkeypatch.setattr(replay, "EXHAUSTIVE_POSITIONS", 5)
    monkeypatch.setattr(replay, "RANDOM_TRIES", 50)
    plan = claimeven(CLAIMEVEN_HOLDS)
    asked: list[tuple[int, int, int]] = []

    def counted(game: ConnectFour) -> int:
        asked.append((game.key(), game.ply(), game.history()[-1]))
        return plan.strategy(game)

    game = ConnectFour.from_moves(CLAIMEVEN_HOLDS)
    assert replay.replay_plan(game, dataclasses.replace(plan, strategy=counted), ExactValues(analyzer))
    assert asked and len(asked) == len(set(asked))
