"""Finding a plan: Allis's problems, a layout of rule instances that solves them all, and its strategy.

:func:`find_plan` is the entry point. For the side *not* to move (Allis's controller of zugzwang, whose
opponent moves next) it looks for a layout (:mod:`.cover`) that solves every group the opponent could still
complete:

- with an even number of empty cells, every cell is paired: the plan promises at least a draw, or a win where
  some group of the plan's side is made of its stones and upper cells only (an aftereven);
- with an odd number, the plan must rest on an odd threat: a group of the plan's side whose empty cells are
  upper cells of one column, the odd-threat column, whose top cell stays unpaired (the game is won before
  anyone may play there); the plan promises a win.

Where no layout is found within the budget, there is no plan (None): nothing here ever guesses.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.contracts import UNBOUNDED, Budget
from ai.explain.plan.board import Geometry, PlanStart, Position, after, is_odd_row
from ai.explain.plan.cover import Layout, OutOfNodes, search_layout, upper_cells
from ai.explain.plan.steady import DEFAULT_STEADY_NODES, find_steady, steady_plan
from ai.plans import Goal, Plan, Response, Rule, RuleUse
from game.cells import Cell
from game.connect4 import ConnectFour

#: The default node budget of :func:`find_plan` (search nodes plus the positions of the bases' games): it
#: bounds the worst case (tens of milliseconds); a median position of play needs a small fraction of it.
DEFAULT_NODES = 20_000


def find_plan(
    game: ConnectFour,
    side: int,
    budget: Budget = UNBOUNDED,
    nodes: int = DEFAULT_NODES,
    steady_nodes: int = DEFAULT_STEADY_NODES,
) -> Plan | None:
    """A plan for ``side``, the side not to move in ``game``, or None where none is found within ``nodes``
    search nodes (and before ``budget`` stops it: SearchStopped is raised then). Where Allis's layouts give
    no win, a steady plan (:mod:`.steady`) is looked for within ``steady_nodes`` (0: none).

    Raises ValueError when ``side`` is the side to move, the game is over, or the game is not four in a row
    with gravity.
    """
    if not game.gravity or game.k != 4:
        raise ValueError("plans are made for Connect Four (four in a row with gravity) only")
    if game.is_over():
        raise ValueError("the game is over")
    if side != 1 - game.to_move():
        raise ValueError("a plan is for the side that is not to move")
    position = Position.of(game, side)
    found = _search(position, budget, nodes)
    if steady_nodes and (found is None or found[1] is Goal.AT_LEAST_DRAW):
        held = find_steady(game, side, budget, steady_nodes)
        if held is not None and (found is None or held.goal is Goal.WIN):
            return steady_plan(game, side, held)
    if found is None:
        return None
    layout, goal = found
    return _plan(game, position, layout, goal)


def _search(position: Position, budget: Budget, nodes: int) -> tuple[Layout, Goal] | None:
    """The layout of the plan and its goal: a win where one is found, else a draw; None for neither."""
    if position.empty.bit_count() % 2:
        try:
            return _odd_threat_layout(position, budget, nodes)
        except OutOfNodes:
            return None
    problems = position.problems()
    try:
        layout, nodes = search_layout(position, problems, None, 0, budget, nodes)
    except OutOfNodes:
        return None
    if layout is not None and layout.winning_group:
        return layout, Goal.WIN
    empty = position.empty
    try:
        for group in _candidates(position, upper_cells(position, None)):
            above = position.above_each(group)
            later = [problem for problem in problems if not after(problem, above)]
            won, nodes = search_layout(position, later, None, group & empty, budget, nodes)
            if won is not None:
                return _with_group(won, group), Goal.WIN
    except OutOfNodes:
        pass  # no win within the budget: the draw, if any, still stands
    return (layout, Goal.AT_LEAST_DRAW) if layout is not None else None


def _odd_threat_layout(position: Position, budget: Budget, nodes: int) -> tuple[Layout, Goal] | None:
    """A winning layout around an odd threat (an odd number of empty cells: every other cell is paired)."""
    problems = position.problems()
    empty = position.empty
    for group, column in _odd_threat_candidates(position):
        above = position.above_each(group)
        later = [problem for problem in problems if not after(problem, above)]
        won, nodes = search_layout(position, later, column, group & empty, budget, nodes)
        if won is not None:
            return _with_group(won, group), Goal.WIN
    return None


def _with_group(layout: Layout, group: int) -> Layout:
    return Layout(layout.units, layout.pairs, layout.unpaired, group)


def _candidates(position: Position, uppers: int) -> list[int]:
    """The defender's groups whose empty cells may all be upper cells (``uppers``), fewest empty cells
    first: the afterevens a layout may be built around."""
    empty = position.empty
    groups = [group for group in position.defender_groups() if group & empty and not group & empty & ~uppers]
    return sorted(groups, key=lambda group: (group & empty).bit_count())


def _odd_threat_candidates(position: Position) -> list[tuple[int, int]]:
    """The defender's groups whose empty cells all lie in one column, with that column, fewest cells first."""
    shape = position.geometry
    empty = position.empty
    found = []
    for group in position.defender_groups():
        cells = shape.cells(group & empty)
        columns = {column for column, _row in cells}
        if len(columns) == 1:
            column = columns.pop()
            if not group & empty & ~upper_cells(position, column):
                found.append((len(cells), group, column))
    return [(group, column) for _count, group, column in sorted(found)]


# --- the plan -----------------------------------------------------------------------------------------------


def _pair_rule(shape: Geometry, upper: int) -> Rule:
    _column, row = shape.cell(upper)
    return Rule.VERTICAL if is_odd_row(row) else Rule.CLAIMEVEN


def _plan(game: ConnectFour, position: Position, layout: Layout, goal: Goal) -> Plan:
    shape = position.geometry
    rules: list[RuleUse] = []
    responses: list[Response] = []
    problems = position.problems()
    if layout.winning_group:
        above = position.above_each(layout.winning_group)
        problems = [problem for problem in problems if not after(problem, above)]
    if layout.winning_group:
        rule = Rule.ODD_THREAT if layout.unpaired else Rule.AFTEREVEN
        rules.append(RuleUse(rule, tuple(_lowest_first(shape.cells(layout.winning_group & position.empty)))))
    for unit in layout.units:
        # A unit's needs are the problems it solves (those no upper cell solves already).
        rules.append(RuleUse(unit.rule, tuple(_lowest_first(shape.cells(unit.cells))), not unit.needs))
        local = unit.game()
        for stack in unit.stacks:
            # The replies to the unit's first move are fixed; later ones depend on it (a highinverse).
            answer = local.reply(0, stack[0])
            if answer is not None:
                responses.append(Response(shape.cell(stack[0]), shape.cell(answer), unit.rule))
    for lower, upper in layout.pairs:
        rule = _pair_rule(shape, upper)
        parity_only = not upper & layout.winning_group and not any(problem & upper for problem in problems)
        rules.append(RuleUse(rule, (shape.cell(lower), shape.cell(upper)), parity_only))
        responses.append(Response(shape.cell(lower), shape.cell(upper), rule))
    strategy = _strategy(game, position, layout)
    return Plan(position.defender, goal, game.moves_text(), tuple(rules), tuple(responses), strategy)


def _lowest_first(cells: list[Cell]) -> list[Cell]:
    return sorted(cells, key=lambda cell: (cell[1], cell[0]))


def _strategy(game: ConnectFour, position: Position, layout: Layout) -> Callable[[ConnectFour], int]:
    """The plan's strategy: answer in the one pair or unit the opponent moved in last (module doc)."""
    shape = position.geometry
    start = PlanStart.of(game, position.defender)
    units = [(unit.cells, unit.game()) for unit in layout.units]
    pairs = layout.pairs

    def answer(now: ConnectFour) -> int:
        mine, theirs = start.stones(now)
        new_mine, new_theirs = mine & ~start.mine, theirs & ~start.theirs
        open_moves: list[int] = []
        for lower, upper in pairs:
            if new_mine & lower or new_theirs & upper:
                raise LookupError("the position does not follow the plan: a pair was taken the wrong way")
            if new_theirs & lower and not new_mine & upper:
                open_moves.append(upper)
        for cells, local in units:
            local_mine, local_theirs = new_mine & cells, new_theirs & cells
            if local_mine.bit_count() not in (local_theirs.bit_count(), local_theirs.bit_count() - 1):
                raise LookupError("the position does not follow the plan: a unit was played out of turn")
            if local_theirs.bit_count() > local_mine.bit_count():
                reply = local.reply(local_mine, local_theirs)
                if reply is None:
                    raise LookupError("the opponent's moves left the plan's unit lost")
                open_moves.append(reply)
        if len(open_moves) != 1:
            raise LookupError("the position does not follow the plan: no single move to answer")
        column, _row = shape.cell(open_moves[0])
        if now.stone_bit(column) != open_moves[0]:
            raise LookupError("the plan's answer is not playable")
        return column

    return answer
