"""Steady plans: a short priority list, read off an annotated board, that keeps its side's result with no
search (the "steady states" of 2swap's WeakC4, where the first player's win on 7 x 6 is reached early).

The annotation (:class:`Annotation`) fixes, from the plan's start, the *claimodd* columns (every other column
is *claimeven*), some *urgent* cells, some *miai* pairs of cells and, maybe, a tempo column. Each column's
empty cells pair up from the bottom, the upper cell of each pair on an even row (claimeven) or on an odd row
(claimodd; rows counted from 1); a cell left out at the bottom or the top of a column is a *tempo* cell. The
plan's side (the side *not* to move) answers every move of the opponent by the first of these that gives a
move (ties go to the column nearest the centre):

1. complete four, if it can;
2. block the opponent's four, if it must;
3. take an urgent cell, as soon as it is playable;
4. of a miai pair the opponent took one cell of, take the other, as soon as it is playable;
5. of a pair the opponent took the lower cell of, take the upper (claimeven, claimodd);
6. take a tempo cell, then any cell; first those not directly under a cell where either side would complete
   four; the annotation's tempo column first, if it has one.

The annotation is fixed, so the strategy is a pure function of the position, and its states are few:
:func:`find_steady` proves an annotation by playing its strategy against **every** reply of the opponent to
the end of the game (transpositions met once), within a node budget, and proposes nothing it has not proven
so. It starts from claimeven everywhere and claimodd in one or two of the columns where its side's lines need
odd-row cells; where a line of the opponent's beats an annotation, it tries the few changes that would take a
cell of the line from the opponent (flip that cell's column between claimeven and claimodd, make the cell
urgent, pair two cells of the opponent's four as miai, choose a tempo column), the annotation whose walk went
furthest first; among them the wide annotations (claimodd in up to four columns, each tempo column).

One walk proves either goal: an annotation under which the opponent never completes four holds at least a
draw; where in addition every line ends with the plan's side completing four, it wins.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache

from ai.contracts import UNBOUNDED, Budget
from ai.explain.plan.board import Geometry, PlanStart, geometry, is_odd_row
from ai.plans import Goal, Plan, Response, Rule, RuleUse
from game.connect4 import ConnectFour, centre_first

#: The default node budget of :func:`find_steady`: positions walked (the opponent to move), over every
#: annotation tried. It bounds the search to tens of milliseconds.
DEFAULT_STEADY_NODES = 2_000
#: The most changes from claimeven everywhere an annotation may have: more are rarely learnable.
MAX_CHANGES = 6


@dataclass(frozen=True)
class Annotation:
    """A steady plan's board: ``claimodd`` columns (every other column is claimeven), ``urgent`` cells and
    ``miai`` pairs (bits of the board layout of :mod:`ai.explain.plan.board`), the ``tempo`` column."""

    claimodd: frozenset[int] = frozenset()
    urgent: frozenset[int] = frozenset()
    miai: frozenset[tuple[int, int]] = frozenset()
    #: The column whose cells the tempo step takes first (None: nearest the centre first).
    tempo: int | None = None

    def changes(self) -> int:
        """How far the annotation is from claimeven everywhere: one per column, cell, pair, tempo column."""
        return len(self.claimodd) + len(self.urgent) + len(self.miai) + (self.tempo is not None)


class _Step:
    """Which item of the priority list chose a move (the walk remembers it for the counter-examples)."""

    WIN, BLOCK, URGENT, MIAI, CLAIM, TEMPO = range(6)


@dataclass(frozen=True)
class _Board:
    """The fixed bit masks of a board size the walk needs."""

    shape: Geometry
    full: int
    bottom: int
    #: Each column's cells, in the centre-first order ties are broken by.
    order: tuple[int, ...]
    #: The cells on Allis's odd rows (1, 3, 5 counted from 1).
    odd_rows: int


@cache
def _board(width: int, height: int) -> _Board:
    shape = geometry(width, height)
    full = bottom = odd_rows = 0
    for column in range(width):
        full |= shape.column_mask(column)
        bottom |= shape.bit((column, 0))
        for row in range(0, height, 2):
            odd_rows |= shape.bit((column, row))
    order = tuple(shape.column_mask(column) for column in centre_first(width))
    return _Board(shape, full, bottom, order, odd_rows)


def _winning_cells(stones: int, empty: int, height: int) -> int:
    """The empty cells where one more stone would complete four with ``stones`` (every direction)."""
    found = (stones << 1) & (stones << 2) & (stones << 3)
    for step in (height + 1, height, height + 2):
        pair = (stones << step) & (stones << 2 * step)
        found |= pair & (stones << 3 * step)
        found |= pair & (stones >> step)
        pair = (stones >> step) & (stones >> 2 * step)
        found |= pair & (stones << step)
        found |= pair & (stones >> 3 * step)
    return found & empty


class _Strategy:
    """The priority list of one annotation on one board (module doc), on bitboards."""

    def __init__(self, board: _Board, annotation: Annotation, mine: int, theirs: int) -> None:
        self.board = board
        self.height = board.shape.height
        self.urgent = 0
        for cell in annotation.urgent:
            self.urgent |= cell
        self.miai = tuple(annotation.miai)
        self.pairs, self.free = column_pairs(board.shape, mine | theirs, annotation.claimodd)
        columns = centre_first(board.shape.width)
        if annotation.tempo is not None:
            columns = (annotation.tempo, *(column for column in columns if column != annotation.tempo))
        #: The columns in the order the tempo step looks at them, and their cells.
        self.tempo_columns = columns
        self.tempo_order = tuple(board.shape.column_mask(column) for column in columns)
        self.uppers = 0
        for _lower, upper in self.pairs:
            self.uppers |= upper

    def choose(self, mine: int, theirs: int, own_wins: int | None = None) -> tuple[int, int]:
        """The cell the plan's side takes (its bit) and the step that chose it; ``own_wins``, where the
        caller knows them, are the cells where ``mine`` would complete four (empty or not)."""
        board = self.board
        occupied = mine | theirs
        playable = (occupied + board.bottom) & board.full
        empty = board.full & ~occupied
        if own_wins is None:
            own_wins = _winning_cells(mine, board.full, self.height)
        cells = own_wins & playable
        if cells:
            return self._first(cells, board.order), _Step.WIN
        their_wins = _winning_cells(theirs, empty, self.height)
        cells = their_wins & playable
        if cells:
            return self._first(cells, board.order), _Step.BLOCK
        cells = self.urgent & playable
        if cells:
            return self._first(cells, board.order), _Step.URGENT
        cells = 0
        for one, other in self.miai:
            if theirs & one and other & playable:
                cells |= other
            elif theirs & other and one & playable:
                cells |= one
        if cells:
            return self._first(cells, board.order), _Step.MIAI
        cells = self.uppers & playable
        if cells:
            for lower, upper in self.pairs:
                if upper & cells and lower & theirs:
                    return upper, _Step.CLAIM
        # Where nothing answers, a free cell, then any: first those not under a cell where either side
        # would complete four (the opponent would win there, or block the plan's side's four).
        safe = playable & ~((their_wins | (own_wins & empty)) >> 1)
        for cells in (self.free & safe, self.free & playable, safe, playable):
            if cells:
                return self._first(cells, self.tempo_order), _Step.TEMPO
        return 0, _Step.TEMPO

    @staticmethod
    def _first(cells: int, order: tuple[int, ...]) -> int:
        for column in order:
            if cells & column:
                return cells & column
        return 0


@functools.lru_cache(maxsize=256)
def column_pairs(
    shape: Geometry, occupied: int, claimodd: frozenset[int]
) -> tuple[tuple[tuple[int, int], ...], int]:
    """The pairs ``(lower, upper)`` of each column's empty cells, the upper on an even row (claimeven) or,
    in the ``claimodd`` columns, on an odd row; and the cells left out of every pair (at most one at the
    bottom of a column and one at its top): the free cells."""
    pairs = []
    free = 0
    for column in range(shape.width):
        row = (occupied & shape.column_mask(column)).bit_count()
        # The lower cell of a claimeven pair is on an odd row, of a claimodd pair on an even row.
        wanted_lower_odd = column not in claimodd
        if row < shape.height and is_odd_row(row) != wanted_lower_odd:
            free |= shape.bit((column, row))
            row += 1
        while row + 1 < shape.height:
            pairs.append((shape.bit((column, row)), shape.bit((column, row + 1))))
            row += 2
        if row < shape.height:
            free |= shape.bit((column, row))
    return tuple(pairs), free


class _OutOfNodes(Exception):
    """The walks used up the node budget."""


class _Refuted(Exception):
    """A line beating the annotation: the opponent's stones at its end, its last cell where it completed four
    (0 where the board filled without the plan's side winning), and the line's moves: each opponent's cell,
    the plan's answer and the step of the priority list that chose it."""

    def __init__(self, theirs: int, last: int, line: list[tuple[int, int, int]]) -> None:
        super().__init__()
        self.theirs, self.last, self.line = theirs, last, list(line)


class _Walk:
    """Every reply of the opponent to one annotation's strategy, to the end of the game."""

    def __init__(self, strategy: _Strategy, nodes: list[int], budget: Budget, need_win: bool) -> None:
        self.strategy = strategy
        self.nodes = nodes
        self.budget = budget
        self.need_win = need_win
        self.seen: set[tuple[int, int]] = set()
        self.line: list[tuple[int, int, int]] = []

    def run(self, mine: int, theirs: int) -> None:
        """Raises _Refuted for a line the strategy loses (or draws, where a win is needed)."""
        key = (mine, theirs)
        if key in self.seen:
            return
        self.seen.add(key)
        self.nodes[0] -= 1
        if self.nodes[0] < 0:
            raise _OutOfNodes
        if self.nodes[0] % 256 == 0:
            self.budget.check()
        board = self.strategy.board
        height = self.strategy.height
        occupied = mine | theirs
        empty = board.full & ~occupied
        playable = (occupied + board.bottom) & board.full
        wins = _winning_cells(theirs, empty, height) & playable
        own_wins = _winning_cells(mine, board.full, height)
        if wins:
            # The opponent completes four at once: the first line to try.
            raise _Refuted(theirs | (wins & -wins), wins & -wins, self.line)
        for column in board.order:
            cell = playable & column
            if not cell:
                continue
            after = theirs | cell
            if after | mine == board.full:
                self._drawn(after)
                continue
            answer, step = self.strategy.choose(mine, after, own_wins)
            answered = mine | answer
            if step == _Step.WIN:
                continue
            if answered | after == board.full:
                self._drawn(after)
                continue
            self.line.append((cell, answer, step))
            self.run(answered, after)
            self.line.pop()

    def _drawn(self, theirs: int) -> None:
        if self.need_win:
            raise _Refuted(theirs, 0, self.line)


@dataclass(frozen=True)
class SteadyFound:
    """What :func:`find_steady` proved: the annotation and the goal it keeps, and the nodes it used."""

    annotation: Annotation
    goal: Goal
    nodes: int


def find_steady(
    game: ConnectFour, side: int, budget: Budget = UNBOUNDED, nodes: int = DEFAULT_STEADY_NODES
) -> SteadyFound | None:
    """An annotation whose strategy wins for ``side`` (the side not to move in ``game``) against every reply,
    else one that holds at least a draw, else None, within ``nodes`` walked positions; the budget's
    SearchStopped passes through. The caller checks the game (Connect Four with gravity, not over, ``side``
    not to move). The same position and budget of nodes always give the same answer (it is remembered)."""
    mine, theirs = game.stones(side), game.stones(1 - side)
    key = (game.width, game.height, mine, theirs, nodes)
    with _REMEMBERED_LOCK:
        if key in _REMEMBERED:
            return _REMEMBERED[key]
    found = _search(_board(game.width, game.height), mine, theirs, budget, nodes)
    with _REMEMBERED_LOCK:
        if len(_REMEMBERED) >= REMEMBERED_POSITIONS:
            del _REMEMBERED[next(iter(_REMEMBERED))]
        _REMEMBERED[key] = found
    return found


#: How many positions' answers :func:`find_steady` keeps: a road's search and the next explanation of the
#: same game meet the same positions again.
REMEMBERED_POSITIONS = 4096
_REMEMBERED: dict[tuple[int, int, int, int, int], SteadyFound | None] = {}
_REMEMBERED_LOCK = threading.Lock()


def forget_steady_plans() -> None:
    """Forgets every answer :func:`find_steady` remembers (for benchmarks and tests that time or count it)."""
    with _REMEMBERED_LOCK:
        _REMEMBERED.clear()


def _search(board: _Board, mine: int, theirs: int, budget: Budget, nodes: int) -> SteadyFound | None:
    """The search of :func:`find_steady` (module doc): the first annotations, then, best first, the changes of
    the annotation whose walk went furthest before its refutation (the positions it walked)."""
    counter = [nodes]
    occupied = mine | theirs
    queued: set[tuple[object, ...]] = set()
    queue: list[tuple[int, int, int, Annotation]] = []

    def push(annotation: Annotation, walked: int) -> None:
        # Annotations that play alike are walked once: claimodd in a column changes nothing where the column
        # pairs up the same either way, a tempo column nothing where the column is full.
        pairs, _free = column_pairs(board.shape, occupied, annotation.claimodd)
        tempo = annotation.tempo
        if tempo is not None and occupied & board.shape.column_mask(tempo) == board.shape.column_mask(tempo):
            return
        same = (pairs, annotation.urgent, annotation.miai, tempo)
        if same not in queued and annotation.changes() <= MAX_CHANGES:
            queued.add(same)
            heapq.heappush(queue, (-walked, annotation.changes(), len(queued), annotation))

    first, wide = _seeds(board, mine, theirs)
    for annotation in first:
        push(annotation, nodes)
    for annotation in wide:
        push(annotation, WIDE_PRIORITY)
    drawing: Annotation | None = None
    draw_tries = DRAW_TRIES
    try:
        while queue:
            *_priority, annotation = heapq.heappop(queue)
            budget.check()
            strategy = _Strategy(board, annotation, mine, theirs)
            walk = _Walk(strategy, counter, budget, need_win=True)
            try:
                walk.run(mine, theirs)
            except _Refuted as refuted:
                if not refuted.last and drawing is None and draw_tries:
                    draw_tries -= 1
                    if _holds_draw(strategy, counter, budget, mine, theirs):
                        drawing = annotation
                # A line the plan's side only draws went further than one it loses.
                walked = len(walk.seen) * (1 if refuted.last else DRAWN_WEIGHT)
                for changed in _changes(annotation, refuted, board, mine, theirs):
                    push(changed, walked)
                continue
            return SteadyFound(annotation, Goal.WIN, nodes - counter[0])
    except _OutOfNodes:
        pass
    if drawing is not None:
        return SteadyFound(drawing, Goal.AT_LEAST_DRAW, nodes - max(counter[0], 0))
    return None


#: How much more a walk refuted by a draw counts than one refuted by a loss, choosing what to change next.
DRAWN_WEIGHT = 2
#: How many annotations that only draw where a win was needed are walked again for the draw alone.
DRAW_TRIES = 3
#: The columns the first annotations may play claimodd in: those where the plan's side's lines need odd-row
#: cells most.
SEED_COLUMNS = 4
#: The most claimodd columns of the first annotations.
SEED_CLAIMODD = 2
#: The most claimodd columns of the wide annotations, and how far their walk is taken to have gone (a walk
#: refuted at once goes a few positions, one refuted late hundreds).
WIDE_CLAIMODD = 4
WIDE_PRIORITY = 200


def _seeds(board: _Board, mine: int, theirs: int) -> tuple[list[Annotation], list[Annotation]]:
    """The first annotations: claimodd in up to two of the columns where the plan's side's lines (two of its
    stones or more, none of the opponent's) need cells on odd rows most; then the wide ones, tried among the
    changes of refuted annotations: claimodd in up to four columns, with each tempo column."""
    shape = board.shape
    empty = board.full & ~(mine | theirs)
    weight = [0] * shape.width
    for group in shape.groups:
        if group & theirs or (group & mine).bit_count() < 2:
            continue
        for column, _row in shape.cells(group & empty & board.odd_rows):
            weight[column] += 1
    columns = sorted(range(shape.width), key=lambda column: -weight[column])
    first = [
        Annotation(claimodd=frozenset(chosen))
        for size in range(SEED_CLAIMODD + 1)
        for chosen in itertools.combinations(
            [column for column in columns[:SEED_COLUMNS] if weight[column]], size
        )
    ]
    wide = [
        Annotation(claimodd=frozenset(chosen), tempo=tempo)
        for size in range(WIDE_CLAIMODD + 1)
        for chosen in itertools.combinations(columns, size)
        for tempo in (None, *columns)
    ]
    return first, wide


def _holds_draw(strategy: _Strategy, counter: list[int], budget: Budget, mine: int, theirs: int) -> bool:
    walk = _Walk(strategy, counter, budget, need_win=False)
    try:
        walk.run(mine, theirs)
    except _Refuted:
        return False
    return True


def _changes(
    annotation: Annotation, refuted: _Refuted, board: _Board, mine: int, theirs: int
) -> Iterator[Annotation]:
    """The annotations one change away that would take a cell of the refuting line from the opponent."""
    shape = board.shape
    start_empty = board.full & ~(mine | theirs)
    if refuted.last:
        groups = [group for group in shape.groups if group & refuted.last and group & refuted.theirs == group]
    else:
        # A draw where a win was needed: the plan's side's groups that the opponent broke with one stone.
        groups = [
            group
            for group in shape.groups
            if not group & theirs and group & mine and (group & refuted.theirs).bit_count() == 1
        ]
        groups.sort(key=lambda group: -(group & mine).bit_count())
        groups = groups[:3]
    # The cells to take from the opponent: its cells in those groups, then the moves that forced a block.
    cells: list[int] = []
    for group in groups:
        for cell in _bits(group & start_empty & refuted.theirs):
            if cell not in cells:
                cells.append(cell)
    for cell, _answer, step in refuted.line:
        if step == _Step.BLOCK and cell not in cells:
            cells.append(cell)
    for cell in cells[:MAX_CELLS_CHANGED]:
        column, _row = shape.cell(cell)
        yield replace(annotation, claimodd=annotation.claimodd ^ {column})
        if cell not in annotation.urgent:
            yield replace(annotation, urgent=annotation.urgent | {cell})
    for group in groups:
        bits = _bits(group & start_empty)
        for index, one in enumerate(bits):
            for other in bits[index + 1 :]:
                if (one, other) not in annotation.miai:
                    yield replace(annotation, miai=annotation.miai | {(one, other)})
    if annotation.tempo is None and any(step == _Step.TEMPO for _cell, _answer, step in refuted.line):
        for column in range(shape.width):
            yield replace(annotation, tempo=column)


#: The most cells of a refuting line whose changes are tried.
MAX_CELLS_CHANGED = 6


def _bits(cells: int) -> list[int]:
    found = []
    while cells:
        low = cells & -cells
        found.append(low)
        cells ^= low
    return found


# --- the plan -----------------------------------------------------------------------------------------------


def steady_plan(game: ConnectFour, side: int, found: SteadyFound) -> Plan:
    """The :class:`~ai.plans.Plan` of a proven annotation: its claimeven and claimodd pairs, urgent cells,
    miai pairs and tempo cells as rule instances, the pairs' and miai's fixed replies, and the priority list
    (module doc) as its strategy."""
    board = _board(game.width, game.height)
    shape = board.shape
    annotation = found.annotation
    start_mine, start_theirs = game.stones(side), game.stones(1 - side)
    strategy = _Strategy(board, annotation, start_mine, start_theirs)
    rules: list[RuleUse] = []
    responses: list[Response] = []
    for cell in sorted(annotation.urgent):
        rules.append(RuleUse(Rule.URGENT, (shape.cell(cell),)))
    for one, other in sorted(annotation.miai):
        cells = sorted((shape.cell(one), shape.cell(other)), key=lambda cell: (cell[1], cell[0]))
        rules.append(RuleUse(Rule.MIAI, (cells[0], cells[1])))
        responses.append(Response(cells[0], cells[1], Rule.MIAI))
        responses.append(Response(cells[1], cells[0], Rule.MIAI))
    for lower, upper in strategy.pairs:
        column, _row = shape.cell(lower)
        rule = Rule.CLAIMODD if column in annotation.claimodd else Rule.CLAIMEVEN
        rules.append(RuleUse(rule, (shape.cell(lower), shape.cell(upper))))
        responses.append(Response(shape.cell(lower), shape.cell(upper), rule))
    if strategy.free:
        # In the order the tempo step takes them: the tempo column's first, then nearest the centre first.
        rank = {column: index for index, column in enumerate(strategy.tempo_columns)}
        tempo = sorted(shape.cells(strategy.free), key=lambda cell: (rank[cell[0]], cell[1]))
        rules.append(RuleUse(Rule.TEMPO, tuple(tempo)))
    return Plan(
        side, found.goal, game.moves_text(), tuple(rules), tuple(responses), _answer(game, side, strategy)
    )


def _answer(game: ConnectFour, side: int, strategy: _Strategy) -> Callable[[ConnectFour], int]:
    """The plan's strategy as a function of a position reached from ``game`` (the priority list)."""
    start = PlanStart.of(game, side)
    shape = strategy.board.shape

    def answer(now: ConnectFour) -> int:
        cell, _step = strategy.choose(*start.stones(now))
        if not cell:
            raise LookupError("no move left")
        column, _row = shape.cell(cell)
        return column

    return answer
