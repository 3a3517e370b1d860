"""Combining the rules (Allis's interaction of rules): a layout of instances solving every problem.

A layout fixes, for every column, how its empty cells are shared out; this is what makes the instances
compatible (no cell is used twice, and every opponent move has its answer, playable at once):

- the *base*: the lowest ``k`` empty cells of each column (``k`` of the parity of the column's empty cells,
  so that the rest pairs up), where every opponent move is answered by a move of the base, as the base's
  game (:mod:`.local_game`) prescribes. The base is kept only where it splits into units of Allis's rules,
  each its own game won on its own, with every problem's base cells inside one unit (:data:`UNIT_SHAPES`:
  his Baseinverse, two playable cells in two columns; Claimeven, two cells of a column; Baseclaim, three
  playable cells and one above them; Highinverse, two columns of three cells);
- above the base, the rest of each column in pairs, each lower cell answered by the cell on top of it
  (Allis's Claimeven where the upper cell is even, his Vertical where it is odd): the defender gets every
  upper cell (more than Allis's Vertical promises: one of its two cells);
- in a position with an odd number of empty cells, one column (the *odd-threat column*) ends with one cell
  that has no partner: it lies above the group the defender completes first, so the game is over before
  anyone may play it.

The opponent can only ever fill a lower cell of a pair or a cell of the base, so the defender gets every
upper cell and wins the base's game: a problem is solved when it holds an upper cell, or when the base's game
is won with the problem's base cells among its needs. A problem with a cell above each empty cell of an
aftereven (a group of the defender made of its stones and upper cells) comes too late: the defender
completes the aftereven first. The caller leaves out of ``problems`` those that come after the group it
builds the layout around.

The search starts from the lowest base (no cell of the even columns, one of the odd ones: Allis's claimeven
on the whole board with baseinverses) and raises the base in a column, two cells at a time, where a problem
has no cell left that the defender could get, or where the base's game is lost; a node budget bounds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.contracts import UNBOUNDED, Budget
from ai.explain.plan.board import Position, after
from ai.explain.plan.local_game import GameTooBig, LocalGame
from ai.plans import Rule

#: The height of each of the two columns of Allis's Highinverse.
HIGHINVERSE_HEIGHT = 3


#: The most bases one search tries: on positions of random games, bases further from the lowest one than
#: the first eight tried won no position more, and cost up to ten times the time.
MAX_BASES = 8


class OutOfNodes(Exception):
    """The search used up its node budget."""


@dataclass(frozen=True)
class Base:
    """A part of the base played on its own: ``stacks`` holds its columns' cells (bits, lowest first; empty
    for a column with none), ``needs`` the sets of its cells the defender must get one of (from the problems
    it solves); ``rule`` names it (Allis's Baseinverse: one cell in each of two columns; Highinverse:
    three)."""

    stacks: tuple[tuple[int, ...], ...]
    needs: tuple[int, ...]
    rule: Rule = Rule.BASEINVERSE

    @property
    def cells(self) -> int:
        bits = 0
        for stack in self.stacks:
            for cell in stack:
                bits |= cell
        return bits

    def game(self) -> LocalGame:
        """The unit's game, to answer the opponent's moves in it."""
        return LocalGame(tuple(stack for stack in self.stacks if stack), self.needs)


@dataclass(frozen=True)
class Layout:
    """A whole-board strategy: the base's units, the pairs ``(lower, upper)`` above it, the cell left unpaired
    in the odd-threat column (0 for none) and the aftereven or odd-threat group it wins by (0 for none)."""

    units: tuple[Base, ...]
    pairs: tuple[tuple[int, int], ...]
    unpaired: int
    winning_group: int


@dataclass
class _Search:
    position: Position
    problems: list[int]
    #: The one column whose top cell stays unpaired (odd number of empty cells), else None.
    odd_column: int | None
    #: Cells the defender must get as upper cells (the winning group's empty cells), 0 for none.
    required: int
    budget: Budget
    nodes_left: int
    defender_groups: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.defender_groups = self.position.defender_groups()

    def spend(self, nodes: int) -> None:
        self.nodes_left -= nodes
        if self.nodes_left < 0:
            raise OutOfNodes
        self.budget.check()

    def upper_cells(self) -> int:
        """Every cell that is an upper cell of a pair in some layout: raising a base by two cells keeps which
        cells of a column pair up as lower and upper ones."""
        geometry = self.position.geometry
        cells = 0
        for column, k in enumerate(self.lowest_base()):
            for row in range(self.position.heights[column] + k + 1, geometry.height, 2):
                cells |= geometry.bit((column, row))
        return cells

    def lowest_base(self) -> tuple[int, ...]:
        """Each column's smallest base height: 0, or 1 where the rest would not pair up."""
        heights = []
        for column in range(self.position.geometry.width):
            rest_parity = 1 if column == self.odd_column else 0
            heights.append((self.position.empties(column) - rest_parity) % 2)
        return tuple(heights)

    def shape(self, heights: tuple[int, ...]) -> tuple[Base, list[tuple[int, int]], int]:
        """The base of ``heights`` (no needs yet), the pairs above it and the unpaired top cell (or 0)."""
        geometry = self.position.geometry
        stacks = []
        pairs: list[tuple[int, int]] = []
        unpaired = 0
        for column, k in enumerate(heights):
            bottom = self.position.heights[column]
            stacks.append(tuple(geometry.bit((column, row)) for row in range(bottom, bottom + k)))
            row = bottom + k
            while row + 1 < geometry.height:
                pairs.append((geometry.bit((column, row)), geometry.bit((column, row + 1))))
                row += 2
            if row < geometry.height:
                unpaired |= geometry.bit((column, row))
        return Base(tuple(stacks), ()), pairs, unpaired

    def run(self) -> Layout | None:
        start = self.lowest_base()
        tried: set[tuple[int, ...]] = set()
        queue = [start]
        while queue and len(tried) < MAX_BASES:
            heights = queue.pop(0)
            if heights in tried:
                continue
            tried.add(heights)
            self.spend(1)
            layout, raise_in = self.attempt(heights)
            if layout is not None:
                return layout
            for column in raise_in:
                if heights[column] + 2 <= self.position.empties(column):
                    raised = list(heights)
                    raised[column] += 2
                    queue.append(tuple(raised))
        return None

    def attempt(self, heights: tuple[int, ...]) -> tuple[Layout | None, list[int]]:
        """The layout with base ``heights`` if its game is won; else None and the columns worth raising."""
        base, pairs, unpaired = self.shape(heights)
        uppers = 0
        for _lower, upper in pairs:
            uppers |= upper
        if self.required & ~uppers:
            return None, []
        won_groups = self.won_groups(uppers)
        aboves = [self.position.above_each(group) for group in won_groups]
        cells = base.cells
        needs: list[int] = []
        for problem in self.problems:
            if problem & uppers or any(after(problem, above) for above in aboves):
                continue
            need = problem & cells
            if not need:
                return None, self.columns_above(problem, heights)
            if need not in needs:
                needs.append(need)
        # A need holding another is met whenever that one is: only the smallest ones matter.
        needs = [need for need in needs if not any(o != need and o & need == o for o in needs)]
        game = LocalGame(tuple(stack for stack in base.stacks if stack), tuple(needs), self.nodes_left)
        try:
            won = game.holds(0, 0)
        except GameTooBig:
            raise OutOfNodes from None
        finally:
            self.spend(game.visited)
        if won:
            units = base_units(base.stacks, needs)
            if units is not None:
                return Layout(units, tuple(pairs), unpaired, won_groups[0] if won_groups else 0), []
        columns = []
        for need in needs:
            for column, _row in self.position.geometry.cells(need):
                if column not in columns:
                    columns.append(column)
        return None, columns

    def won_groups(self, uppers: int) -> list[int]:
        """The defender's groups made of its stones and ``uppers`` (afterevens), with every empty cell paired:
        the defender completes each, so a problem after one of them comes too late. In the odd-threat layout
        only the odd threat counts: another group might be completed after the unpaired cell is played."""
        if self.odd_column is not None:
            return []
        empty = self.position.empty
        return [group for group in self.defender_groups if group & empty and not group & empty & ~uppers]

    def columns_above(self, problem: int, heights: tuple[int, ...]) -> list[int]:
        """The columns where raising the base would bring a cell of ``problem`` into it, lowest cell first."""
        geometry = self.position.geometry
        cells = sorted(geometry.cells(problem & self.position.empty), key=lambda cell: cell[1])
        del heights
        return [column for column, _row in cells]


#: The shapes of the base's units told in Allis's rules, as the sorted heights of their columns' stacks: his
#: Baseinverse (one playable cell in each of two columns), Claimeven (two cells of one column, when the base
#: rises in a column with an even number of empty cells), Baseclaim (three playable cells and the cell above
#: one of them, which is even) and Highinverse (three cells in each of two columns).
UNIT_SHAPES: dict[tuple[int, ...], Rule] = {
    (1, 1): Rule.BASEINVERSE,
    (2,): Rule.CLAIMEVEN,
    (1, 1, 2): Rule.BASECLAIM,
    (HIGHINVERSE_HEIGHT, HIGHINVERSE_HEIGHT): Rule.HIGHINVERSE,
}


def base_units(stacks: tuple[tuple[int, ...], ...], needs: list[int]) -> tuple[Base, ...] | None:
    """The won base's game told in Allis's rules: a partition of its columns' stacks into units of
    :data:`UNIT_SHAPES`, each need inside one unit and each unit's own game won (the opponent moves first in
    it, and every move there is answered there: its cells are even in number); None where there is none.
    Baseinverses come from a pairing of the one-cell stacks where every need holds a pair, as Allis has it."""
    used = [stack for stack in stacks if stack]
    if all(len(stack) == 1 for stack in used):
        pairing = _pairing([stack[0] for stack in used], needs)
        if pairing is None:
            return None
        return tuple(Base(((a,), (b,)), tuple(n for n in needs if n & (a | b) == a | b)) for a, b in pairing)
    return _partition(used, needs)


def _partition(stacks: list[tuple[int, ...]], needs: list[int]) -> tuple[Base, ...] | None:
    """Units of :data:`UNIT_SHAPES` covering ``stacks``, each need inside one and each unit's game won."""
    if not stacks:
        return () if not needs else None
    first, rest = stacks[0], stacks[1:]
    for shape, rule in UNIT_SHAPES.items():
        if len(first) not in shape:
            continue
        for others in _completions(rest, _without(shape, len(first))):
            unit = (first, *others)
            cells = 0
            for stack in unit:
                for cell in stack:
                    cells |= cell
            inside = [need for need in needs if need & cells]
            if any(need & ~cells for need in inside):
                continue
            if not LocalGame(unit, tuple(inside)).holds(0, 0):
                continue
            left = [stack for stack in rest if stack not in others]
            later = _partition(left, [need for need in needs if not need & cells])
            if later is not None:
                return (Base(unit, tuple(inside), rule), *later)
    return None


def _without(shape: tuple[int, ...], height: int) -> tuple[int, ...]:
    """``shape`` less one stack of ``height``."""
    index = shape.index(height)
    return shape[:index] + shape[index + 1 :]


def _completions(
    stacks: list[tuple[int, ...]], heights: tuple[int, ...]
) -> list[tuple[tuple[int, ...], ...]]:
    """Every choice of distinct stacks of ``stacks`` with the given ``heights``, one stack a height."""
    if not heights:
        return [()]
    found = []
    for index, stack in enumerate(stacks):
        if len(stack) == heights[0]:
            rest = stacks[:index] + stacks[index + 1 :]
            found += [(stack, *more) for more in _completions(rest, heights[1:])]
    return found


def _pairing(cells: list[int], needs: list[int]) -> list[tuple[int, int]] | None:
    """A pairing of ``cells`` (lowest bit first in each pair) where every need holds both cells of a pair."""
    if not cells:
        return [] if not needs else None
    first = cells[0]
    for other in cells[1:]:
        pair = first | other
        rest_needs = [need for need in needs if need & pair != pair]
        if any(need & pair and not need & ~pair for need in rest_needs):
            continue
        rest = _pairing([cell for cell in cells[1:] if cell != other], rest_needs)
        if rest is not None:
            return [(first, other), *rest]
    return None


def upper_cells(position: Position, odd_column: int | None) -> int:
    """Every cell that can be an upper cell of a pair (with the odd-threat column ``odd_column``)."""
    return _Search(position, [], odd_column, 0, UNBOUNDED, 0).upper_cells()


def search_layout(
    position: Position,
    problems: list[int],
    odd_column: int | None,
    required: int,
    budget: Budget,
    nodes: int,
) -> tuple[Layout | None, int]:
    """A layout solving ``problems`` (with the odd-threat column ``odd_column`` where the number of empty
    cells is odd, and ``required`` among the upper cells), and the nodes left of ``nodes``.

    Raises OutOfNodes when ``nodes`` runs out, SearchStopped when ``budget`` ends."""
    search = _Search(position, problems, odd_column, required, budget, nodes)
    return search.run(), search.nodes_left
