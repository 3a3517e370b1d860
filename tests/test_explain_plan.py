"""Allis's rules combined into plans (ai/explain/plan): each rule's conditions and cells on small positions,
and every plan found on positions of real play consistent with the exact solver and kept when replayed.

The thesis's diagrams are not reproduced cell for cell: the fixtures are positions where a rule's definition
(thesis chapter 6, "Formal Definitions of Rules") is met and needed, and each test checks that definition on
the plan's instance independently of the finder.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest

from ai.contracts import Budget, SearchStopped
from ai.exact.analysis import ExactAnalyzer, solver_supports
from ai.explain.plan import Goal, Plan, Rule, RuleUse, find_plan
from ai.explain.plan.board import geometry
from ai.explain.plan.cover import base_units
from ai.explain.plan.local_game import LocalGame
from ai.explain.replay import replay_plan
from ai.explain.values import ExactValues
from ai.plans import ColumnPairs
from game.connect4 import ConnectFour


@pytest.fixture(scope="module")
def analyzer() -> Iterator[ExactAnalyzer]:
    solver = ExactAnalyzer(threads=1)
    yield solver
    solver.release()


def sensible_move(game: ConnectFour, rng: random.Random) -> int:
    """A random move, except that a win is taken and a move letting the opponent win at once is avoided."""
    safe = []
    for move in game.moves():
        game.apply(move)
        if game.winner() is not None:
            game.undo()
            return move
        if not any(_wins(game, reply) for reply in game.moves()):
            safe.append(move)
        game.undo()
    return rng.choice(safe or game.moves())


def _wins(game: ConnectFour, move: int) -> bool:
    game.apply(move)
    won = game.winner() is not None
    game.undo()
    return won


def positions_of_play(
    seed: int, count: int, plies: range, width: int = 7, height: int = 6
) -> list[ConnectFour]:
    """``count`` positions of games of sensible random moves, cut after a number of plies in ``plies``."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = ConnectFour(width, height)
        length = rng.choice(plies)
        while game.ply() < length and not game.is_over():
            game.apply(sensible_move(game, rng))
        if not game.is_over():
            found.append(game)
    return found


def replay(plan: Plan, start: ConnectFour, rng: random.Random) -> int | None:
    """Plays the plan against random opponent moves to the end; the winner (None for a draw)."""
    game = start.copy()
    while not game.is_over():
        if game.to_move() == plan.side:
            game.apply(plan.answer(game))
        else:
            game.apply(rng.choice(game.moves()))
    return game.winner()


def holds_everywhere(plan: Plan, game: ConnectFour) -> bool:
    """Every opponent line against the plan ends in a draw or a win of the plan's side (a win for WIN)."""
    if game.is_over():
        winner = game.winner()
        return winner == plan.side if plan.goal is Goal.WIN else winner != 1 - plan.side
    for move in game.moves():
        game.apply(move)
        if not game.is_over():
            game.apply(plan.answer(game))
            kept = holds_everywhere(plan, game)
            game.undo()
        else:
            kept = holds_everywhere(plan, game)
        game.undo()
        if not kept:
            return False
    return True


def uses(plan: Plan, rule: Rule) -> list[RuleUse]:
    return [use for use in plan.rules if use.rule is rule]


def heights(game: ConnectFour) -> list[int]:
    return [sum(row[column] is not None for row in game.cells()) for column in range(game.width)]


def plan_for(moves: str) -> tuple[ConnectFour, Plan]:
    """The plan of Allis's rules (no steady plan: tests/test_steady_plans.py) of the side not to move."""
    game = ConnectFour.from_moves(moves)
    plan = find_plan(game, 1 - game.to_move(), steady_nodes=0)
    assert plan is not None
    return game, plan


# --- the board ----------------------------------------------------------------------------------------------


def test_the_standard_board_has_69_groups_and_each_is_four_cells_in_a_line():
    shape = geometry(7, 6)
    assert len(shape.groups) == 69
    for group in shape.groups:
        cells = shape.cells(group)
        assert len(cells) == 4
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(cells, cells[1:], strict=False)}
        assert len(steps) == 1


# --- each rule ----------------------------------------------------------------------------------------------

#: The first player is to move; the second holds a draw by claimeven alone.
CLAIMEVEN_ONLY = "41515314223447344321776326372266"
#: The second player's plan needs a baseinverse besides its claimevens: d6 and f4 make a diagonal.
WITH_BASEINVERSE = "31315114113353246236744564"
#: The second player wins by an aftereven: a group on even cells it claims.
WITH_AFTEREVEN = "43137417451115433452215747755733"
#: The first player wins by an odd threat, claiming the odd cells of its column by verticals.
WITH_ODD_THREAT = "5453115551474344533676421"


def test_claimeven_claims_the_even_cell_on_top_of_an_odd_one_by_follow_up():
    game, plan = plan_for(CLAIMEVEN_ONLY)
    assert plan.side == 1 and plan.goal is Goal.AT_LEAST_DRAW
    assert {use.rule for use in plan.rules} == {Rule.CLAIMEVEN}
    tops = heights(game)
    for use in plan.rules:
        (column, lower), (same_column, upper) = use.cells
        assert column == same_column and upper == lower + 1
        assert upper % 2 == 1  # counted from 0: Allis's even rows 2, 4, 6
        assert (lower - tops[column]) % 2 == 0  # the column below it fills up in pairs too
    assert {(r.when, r.answer) for r in plan.responses} == {use.cells for use in plan.rules}


def test_the_strategy_answers_each_lower_cell_with_the_one_on_top():
    game, plan = plan_for(CLAIMEVEN_ONLY)
    for response in plan.responses:
        column, row = response.when
        if heights(game)[column] == row:
            after = game.copy()
            after.apply(column)
            assert plan.answer(after) == response.answer[0]


def test_baseinverse_pairs_two_playable_cells_of_a_group_the_opponent_needs_both_of():
    game, plan = plan_for(WITH_BASEINVERSE)
    inverses = uses(plan, Rule.BASEINVERSE)
    assert inverses
    tops = heights(game)
    shape = geometry(7, 6)
    theirs = game.stones(1 - plan.side)
    mine = game.stones(plan.side)
    solving = 0
    for use in inverses:
        (a_column, a_row), (b_column, b_row) = use.cells
        assert a_column != b_column
        assert (a_row, b_row) == (tops[a_column], tops[b_column])  # both directly playable
        both = shape.bit(use.cells[0]) | shape.bit(use.cells[1])
        assert theirs & both == 0
        # A baseinverse may only even out the columns; this one solves the groups holding both its cells.
        solving += any(group & both == both and not group & mine for group in shape.groups)
    assert solving
    answers = {(r.when, r.answer) for r in plan.responses if r.rule is Rule.BASEINVERSE}
    for use in inverses:
        assert {(use.cells[0], use.cells[1]), (use.cells[1], use.cells[0])} <= answers


def test_an_aftereven_group_on_claimed_even_cells_wins():
    game, plan = plan_for(WITH_AFTEREVEN)
    assert plan.goal is Goal.WIN
    (aftereven,) = uses(plan, Rule.AFTEREVEN)
    claimed = {use.cells[1] for use in uses(plan, Rule.CLAIMEVEN)}
    assert set(aftereven.cells) <= claimed
    shape = geometry(7, 6)
    mine = game.stones(plan.side)
    empty_cells = 0
    for cell in aftereven.cells:
        empty_cells |= shape.bit(cell)
    assert any(
        group & empty_cells == empty_cells and not group & ~(mine | empty_cells) for group in shape.groups
    )


def test_an_odd_threat_is_claimed_by_verticals_below_it_and_wins(analyzer):
    game, plan = plan_for(WITH_ODD_THREAT)
    assert plan.side == 0 and plan.goal is Goal.WIN
    (threat,) = uses(plan, Rule.ODD_THREAT)
    ((column, row),) = threat.cells
    assert row % 2 == 0  # counted from 0: Allis's odd rows 1, 3, 5
    verticals = [use.cells for use in uses(plan, Rule.VERTICAL)]
    assert any(upper == (column, row) for _lower, upper in verticals)
    for (lower_column, lower), (upper_column, upper) in verticals:
        assert lower_column == upper_column and upper == lower + 1 and upper % 2 == 0
    assert analyzer.score(game) < 0  # the second player, to move, loses


def test_the_base_game_finds_the_baseinverse_reply():
    # Two directly playable cells a1 and b1 (bits 0 and 7 of a 7 x 6 board), the defender needing one of them.
    game = LocalGame(((1,), (1 << 7,)), (1 | 1 << 7,))
    assert game.holds(0, 0)
    assert game.reply(0, 1) == 1 << 7
    assert not LocalGame(((1,), (1 << 7,)), (1,)).holds(0, 0)  # a single playable cell cannot be claimed


def test_a_highinverse_shape_gives_one_of_the_two_middle_cells_and_one_of_each_column_top():
    # Two columns of three cells, a2 a3 a4 and b2 b3 b4 (rows 1-3 from 0): Allis's Highinverse promises one
    # of the upper cells, one of the middle cells, and one of the two upper cells of each column.
    a = (1 << 1, 1 << 2, 1 << 3)
    b = (1 << 8, 1 << 9, 1 << 10)
    needs = (a[2] | b[2], a[1] | b[1], a[1] | a[2], b[1] | b[2])
    game = LocalGame((a, b), needs)
    assert game.holds(0, 0)
    # The promise fails when the defender must also get a lower cell alone.
    assert not LocalGame((a, b), (*needs, a[0])).holds(0, 0)


#: The second player holds a draw with a highinverse beside a baseinverse: two units of the base, each its own
#: game (Allis's combination of rules), with claimevens above.
WITH_HIGHINVERSE_AND_BASEINVERSE = "2373341176542132156344564427"


def test_the_base_splits_into_units_each_won_on_its_own(analyzer):
    game, plan = plan_for(WITH_HIGHINVERSE_AND_BASEINVERSE)
    assert plan.side == 1 and plan.goal is Goal.AT_LEAST_DRAW
    assert uses(plan, Rule.HIGHINVERSE) and uses(plan, Rule.BASEINVERSE)
    cells = [cell for use in plan.rules for cell in use.cells]
    assert len(cells) == len(set(cells)) == game.width * game.height - game.ply()
    assert analyzer.score(game) <= 0
    assert replay_plan(game, plan, ExactValues(analyzer))


# --- what is never planned ----------------------------------------------------------------------------------


def test_the_empty_board_has_no_plan_for_the_second_player(analyzer):
    assert analyzer.score(ConnectFour()) > 0  # the first player wins it
    assert find_plan(ConnectFour(), 1) is None


def test_bad_requests_are_refused_with_a_reason():
    game = ConnectFour.from_moves("44")
    with pytest.raises(ValueError, match="not to move"):
        find_plan(game, 0)
    won = ConnectFour.from_moves("1212121")
    with pytest.raises(ValueError, match="over"):
        find_plan(won, 0)


def test_the_budget_bounds_the_search():
    game = ConnectFour.from_moves(WITH_BASEINVERSE)
    assert find_plan(game, 1) is not None
    assert find_plan(game, 1, nodes=1, steady_nodes=1) is None  # out of nodes: no plan, never a guess
    stopped = threading.Event()
    stopped.set()
    with pytest.raises(SearchStopped):
        find_plan(game, 1, Budget(stop=stopped))


def test_the_strategy_refuses_a_position_that_left_the_plan():
    game, plan = plan_for(CLAIMEVEN_ONLY)
    other = ConnectFour.from_moves("4")
    with pytest.raises(LookupError):
        plan.answer(other)
    moved = game.copy()
    moved.apply(moved.moves()[0])
    answer = plan.answer(moved)
    moved.apply(next(move for move in moved.moves() if move != answer))  # the plan's side plays elsewhere
    moved.apply(moved.moves()[0])
    with pytest.raises(LookupError):
        plan.answer(moved)


def test_no_plan_right_after_any_opening_move_pair_is_wrong(analyzer):
    # After each first move and each reply, the second player holds a plan only where the solver agrees.
    for first in "1234567":
        for second in "1234567":
            game = ConnectFour.from_moves(first + second)
            plan = find_plan(game, 1)
            if plan is not None:
                assert analyzer.score(game) <= 0


# --- consistent with the solver -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def planned(analyzer) -> list[tuple[ConnectFour, Plan, int]]:
    """Plans on positions of real play, with the exact score of the side to move."""
    found = []
    for game in positions_of_play(seed=45, count=110, plies=range(16, 38)):
        plan = find_plan(game, 1 - game.to_move())
        if plan is not None:
            found.append((game, plan, analyzer.score(game)))
    return found


def test_plans_are_found_on_positions_of_real_play(planned):
    assert len(planned) >= 20
    assert any(plan.side == 0 for _game, plan, _score in planned)
    assert any(plan.side == 1 for _game, plan, _score in planned)
    assert any(plan.goal is Goal.WIN for _game, plan, _score in planned)


def test_every_plan_agrees_with_the_solver(planned):
    for game, plan, score in planned:
        # ``score`` is the side to move's: a plan's side never loses, and wins where the plan says so.
        assert score <= 0, game.moves_text()
        if plan.goal is Goal.WIN:
            assert score < 0, game.moves_text()


def test_every_plan_holds_against_random_opponents(planned):
    rng = random.Random(7)
    for game, plan, _score in planned:
        for _ in range(4):
            winner = replay(plan, game, rng)
            assert winner != 1 - plan.side, game.moves_text()
            if plan.goal is Goal.WIN:
                assert winner == plan.side, game.moves_text()


def test_plans_hold_against_every_opponent_line_on_small_positions(planned):
    small = [(game, plan) for game, plan, _score in planned if game.width * game.height - game.ply() <= 12]
    assert small
    for game, plan in small:
        assert holds_everywhere(plan, game.copy()), game.moves_text()


@pytest.mark.parametrize(("width", "height"), [(6, 5), (7, 5), (5, 4)])
def test_other_board_sizes_never_get_a_plan_that_fails(width, height, analyzer):
    rng = random.Random(width * 10 + height)
    checked = 0
    # 30 positions give each board 7 to 12 plans to check; most of the time goes to the finder's search on the
    # positions without a plan, which check nothing.
    for game in positions_of_play(
        seed=width + height, count=30, plies=range(6, width * height - 6), width=width, height=height
    ):
        plan = find_plan(game, 1 - game.to_move())
        if plan is None:
            continue
        checked += 1
        if solver_supports(game):
            score = analyzer.score(game)
            assert score < 0 if plan.goal is Goal.WIN else score <= 0, game.moves_text()
        for _ in range(4):
            winner = replay(plan, game, rng)
            assert winner != 1 - plan.side, game.moves_text()
            if plan.goal is Goal.WIN:
                assert winner == plan.side, game.moves_text()
        if width * height - game.ply() <= 12:
            assert holds_everywhere(plan, game.copy()), game.moves_text()
    assert checked >= 5


# --- the compact form ---------------------------------------------------------------------------------------


def _column_pairs(column: int, rows: range, parity_only: bool = False) -> list[RuleUse]:
    return [RuleUse(Rule.CLAIMEVEN, ((column, row), (column, row + 1)), parity_only) for row in rows[::2]]


def test_the_summary_joins_a_columns_claimevens_and_the_columns_with_the_same_rows():
    rules = (
        RuleUse(Rule.BASEINVERSE, ((5, 3), (3, 5))),
        *_column_pairs(2, range(2, 6)),
        *_column_pairs(0, range(2, 6)),
        *_column_pairs(4, range(4, 6)),
        *_column_pairs(6, range(4, 6), parity_only=True),
        RuleUse(Rule.VERTICAL, ((1, 1), (1, 2))),
    )
    plan = Plan(1, Goal.AT_LEAST_DRAW, "", rules, (), min)
    assert plan.summary() == (
        RuleUse(Rule.BASEINVERSE, ((5, 3), (3, 5))),
        ColumnPairs(Rule.VERTICAL, (1,), 1, 2, False),
        ColumnPairs(Rule.CLAIMEVEN, (0, 2), 2, 5, False),
        ColumnPairs(Rule.CLAIMEVEN, (4,), 4, 5, False),
        ColumnPairs(Rule.CLAIMEVEN, (6,), 4, 5, True),
    )
    summarized = set()
    for item in plan.summary():
        if isinstance(item, ColumnPairs):
            summarized |= {(c, r) for c in item.columns for r in range(item.bottom, item.top + 1)}
        else:
            summarized |= set(item.cells)
    assert summarized == {cell for use in rules for cell in use.cells}


def test_an_instance_for_parity_only_solves_no_group_of_the_opponent():
    game, plan = plan_for(WITH_BASEINVERSE)
    parity = [use for use in plan.rules if use.parity_only]
    assert parity, "this position's plan has an instance that only keeps the parity"
    mine = game.stones(plan.side)
    shape = geometry(game.width, game.height)
    open_groups = [group for group in shape.groups if not group & mine]
    uppers = 0
    for use in plan.rules:
        if use.rule in (Rule.CLAIMEVEN, Rule.VERTICAL):
            uppers |= shape.bit(use.cells[1])
    for use in parity:
        bits = [shape.bit(cell) for cell in use.cells]
        if use.rule in (Rule.CLAIMEVEN, Rule.VERTICAL):
            assert not any(group & bits[1] for group in open_groups)
        else:  # a baseinverse: every group holding both its cells gets an upper cell of a pair instead
            both = bits[0] | bits[1]
            assert all(group & uppers for group in open_groups if group & both == both)


def test_a_base_of_three_playable_cells_and_one_above_is_a_baseclaim_where_its_needs_cross():
    # a1, b1 with b2 above it, c1 (columns 0, 1, 2 of a 6-row board: a column owns 7 bits).
    a, b1, b2, c = 1 << 0, 1 << 7, 1 << 8, 1 << 14
    stacks = ((a,), (b1, b2), (c,))
    # Allis's Baseclaim: a1 or b2, and b1 or c1; no baseinverse and claimeven give both.
    (unit,) = base_units(stacks, [a | b2, b1 | c])
    assert unit.rule is Rule.BASECLAIM and unit.cells == a | b1 | b2 | c
    # Where the needs do not cross, the base splits into a baseinverse and a claimeven.
    split = base_units(stacks, [a | c, b1 | b2])
    assert split is not None
    assert sorted(u.rule.value for u in split) == ["baseinverse", "claimeven"]
    # A need the unit's game cannot meet leaves no units at all.
    assert base_units(stacks, [a | b2, b1 | c, a | c, b1]) is None
