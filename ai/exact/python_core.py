"""Exact Connect Four solving, the way Pascal Pons' solver does it, in pure Python on bitboards.

Techniques (each one cuts the tree the solver must walk):

* bitboard positions ``(current, mask, moves)``: the side to move's stones, all stones, stones played;
  playing a move is ``current ^= mask; mask |= move`` (layout in :mod:`game.kinarow`);
* the search only ever visits positions where the side to move cannot win at once (the parent checks), so it
  skips moves that lose at once (moves under an opponent's threat), plays a forced block when the opponent
  threatens once, and knows it is lost when the opponent threatens twice or every move loses;
* score bounds from the number of empty cells narrow every window before any move is tried;
* null-window searches: ``solve`` narrows the exact score by bisection with windows of width one;
* a transposition table keyed by the perfect key ``current + mask`` holding a lower or upper bound;
* enhanced transposition cutoffs: before searching any move, the table entries of all children are looked at,
  so a bound proved for a later child can cut without searching the first, and a move whose child's bound
  shows it cannot raise alpha is not searched at all (together about -25% positions on the middle and opening
  sets);
* fail-soft results: a position where no move reaches alpha reports the best of its children's bounds, a
  tighter upper bound for the table and for the bisection;
* moves ordered by how many threats they create, ties centre first;
* before searching any move, a check (for all moves at once) whether one leaves the opponent lost at once; if
  none does, the best score left is a win one turn later, which caps the window (the reference solver learns
  this only by visiting every reply);
* with an opening book (``use_book``), a position the book holds is answered with its exact score, unsearched:
  a search of an opening position often reaches positions of best play that the book holds.

What Python adds to the C++ design is how the per-move work is done: the threats of every move are computed in
one pass over a lane-packed int (see ``_build_search``), because in CPython the cost of an operation hardly
depends on the size of the int, and every child is handed its own candidate moves.

The board, the bisection on the score and the table layout are shared with the compiled core in
:mod:`ai.exact.base`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

from ai.exact.base import (
    DEFAULT_TABLE_SLOTS,
    HASH_MASK,
    HASH_MULTIPLIER,
    KEY_MASK,
    SolverBase,
    table_size,
)
from ai.exact.book import OpeningBook

#: The window search of one position: ``(current, mask, moves, alpha, beta) -> score`` (see
#: :meth:`SolverBase._negamax`).
WindowSearch = Callable[[int, int, int, int, int], int]


class ConnectFourSolver(SolverBase):
    """The pure-Python core: solves positions of one board size, keeping its table between calls. The
    budget is looked at (its check point called) every ``CHECK_EVERY`` positions."""

    #: The heuristic search's interval (see :attr:`ai.heuristic.search.Searcher.CHECK_EVERY`).
    CHECK_EVERY = 128

    def __init__(self, width: int = 7, height: int = 6, table_slots: int = DEFAULT_TABLE_SLOTS) -> None:
        super().__init__(width, height)
        self.size = table_size(table_slots)
        self.table = array("Q", bytes(8 * self.size))
        self._search: WindowSearch | None = None
        self._take_node_count: Callable[[], int]
        self._book: OpeningBook | None = None

    def use_book(self, book: OpeningBook | None) -> None:
        self._check_book(book)
        self._book = book
        self._search = None  # the closure captures the book

    def clear(self) -> None:
        """Empties the table in place: the search closure keeps its reference, and no second table is
        allocated while the first waits for the garbage collector (the closure is a reference cycle)."""
        self.table[:] = array("Q", bytes(8 * self.size))

    def release(self) -> None:
        """Frees the table's memory now (the solver is unusable afterwards). The recursive search closure is a
        reference cycle that only the cyclic garbage collector would free, holding the table until it runs."""
        del self.table[:]
        self._search = None

    @property
    def allocated_slots(self) -> int:
        return len(self.table)

    def _negamax(self, current: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        if self._search is None:
            self._search, self._take_node_count = self._build_search()
        try:
            return self._search(current, mask, moves, alpha, beta)
        finally:
            self.nodes += self._take_node_count()

    def _build_search(self) -> tuple[WindowSearch, Callable[[], int]]:
        """The recursive search as a closure over the board's constants.

        This is the solver's hot loop: every name it uses is a local or closure variable, and the threat
        computation of :func:`ai.bitlines.completing_cells` is written out inline twice, because in CPython an
        attribute lookup or a function call per node costs more than the bit arithmetic itself.

        Ranking the moves needs the threats each move creates. Rather than running the threat arithmetic once
        per move, the closure runs it once on a *lane-packed* position: one big int holding ``width`` copies
        of the board side by side, copy ``c`` with the stone of the move in column ``c`` added. Each lane is
        the board's ``width * column_bits`` bits plus a gap of ``3 * (column_bits + 1)`` zero bits, the
        longest shift the arithmetic makes, so whatever a shift carries out of one lane lands in a gap, never
        in a neighbour's board, and is masked away with the empty cells. In CPython an operation on a 500-bit
        int costs little more than on a 49-bit one, so all moves cost about what one did. The same packing
        tests, for every move at once, whether the opponent's reply is lost at once (two threats to parry, or
        every reply under a threat).
        """
        solver = self
        board, bottom, cells, table = self.board, self.bottom, self.cells, self.table
        slot_shift = 64 - (self.size.bit_length() - 1)
        h1 = self.column_bits
        h2, h3 = 2 * h1, 3 * h1
        d1 = h1 + 1
        d2, d3 = 2 * d1, 3 * d1
        a1 = h1 - 1
        a2, a3 = 2 * a1, 3 * a1
        min_score, max_score = self.min_score, self.max_score
        lower_offset = max_score - 2 * min_score + 2
        lower_threshold = max_score - min_score + 1
        check_every = self.CHECK_EVERY
        # Scores that depend only on the number of stones played, looked up rather than computed per node:
        # losing to the opponent's next stone, to its stone after that, and winning with our next stone but
        # one (the soonest possible, since the side to move never wins at once here).
        lost_now = [-((cells - moves) // 2) for moves in range(cells + 1)]
        lost_later = [-((cells - 2 - moves) // 2) for moves in range(cells + 1)]
        win_soonest = [(cells - 1 - moves) // 2 for moves in range(cells + 1)]
        last_moves = cells - 2
        # A lower bound of every score here (never below min_score, so it fits an entry's encoding).
        lowest_score = [max(score, min_score) for score in lost_later]
        # Positions with at most book_moves stones are looked up in the book (-1: there is none).
        book_moves = self._book.max_ply if self._book is not None else -1
        book_score = self._book.score if self._book is not None else None

        # The lanes (see the docstring): lane c holds column c's copy of the board.
        board_bits = self.width * h1
        lane_bits = board_bits + d3
        lane_ones = sum(1 << (lane_bits * column) for column in range(self.width))  # bit 0 of every lane
        column_span = (1 << self.height) - 1
        column_lanes = sum(column_span << (column * h1 + lane_bits * column) for column in range(self.width))
        board_lanes = board * lane_ones
        bottom_lanes = bottom * lane_ones
        lane_board = (1 << board_bits) - 1
        # Adding lane_board to a lane's board sets the lane's bit board_bits exactly when the board is not
        # zero.
        nonzero_add = lane_board * lane_ones
        nonzero_bit = nonzero_add + lane_ones
        # Per column, centre first: the tie-break rank, the column's cells and where its lane starts.
        columns = [
            (15 - rank, column_span << (column * h1), lane_bits * column)
            for rank, column in enumerate(self.order)
        ]

        nodes = 0

        def negamax(current: int, mask: int, moves: int, alpha: int, beta: int, candidates: int = -1) -> int:
            # candidates: the moves worth trying (see below) if the caller already computed them, else -1; a
            # caller that hands them over has checked that they are not empty and parry every threat.
            nonlocal nodes
            nodes += 1
            if not nodes % check_every:
                solver._budget.check()
            if candidates < 0:
                s = current ^ mask
                wins = (s << 1) & (s << 2) & (s << 3)
                up, down = s << h1, s >> h1
                wins |= up & (s << h2) & ((s << h3) | down) | down & (s >> h2) & ((s >> h3) | up)
                up, down = s << d1, s >> d1
                wins |= up & (s << d2) & ((s << d3) | down) | down & (s >> d2) & ((s >> d3) | up)
                up, down = s << a1, s >> a1
                wins |= up & (s << a2) & ((s << a3) | down) | down & (s >> a2) & ((s >> a3) | up)
                opponent_wins = wins & (board ^ mask)
                candidates = (mask + bottom) & board
                forced = candidates & opponent_wins
                if forced:
                    if forced & (forced - 1):
                        return lost_now[moves]  # two threats at once: lost
                    candidates = forced
                # Never play under an opponent's threat: it would let them win at once.
                candidates &= ~(opponent_wins >> 1)
                if not candidates:
                    return lost_now[moves]
            if moves >= last_moves:
                return 0
            if moves <= book_moves and book_score is not None:
                known = book_score(current + mask)
                if known is not None:
                    return known  # exact: a valid fail-soft answer to any window
            # The opponent cannot win on the next move, so the side to move loses no sooner than later.
            lowest = lost_later[moves]
            if alpha < lowest:
                alpha = lowest
                if alpha >= beta:
                    return alpha
            highest = win_soonest[moves]
            key = (current + mask) * HASH_MULTIPLIER & HASH_MASK  # scrambled (see the module docstring)
            slot = key >> slot_shift
            key &= KEY_MASK
            entry = table[slot]
            if entry and entry >> 8 == key:
                value = entry & 255
                if value > lower_threshold:
                    lower = value - lower_offset
                    if alpha < lower:
                        alpha = lower
                        if alpha >= beta:
                            return alpha
                elif highest > value + min_score - 1:
                    highest = value + min_score - 1
            if beta > highest:
                beta = highest
                if alpha >= beta:
                    return beta

            if candidates & (candidates - 1):
                # Our threats after each move, all moves at once (lane c: the move in column c).
                moves_lanes = candidates * lane_ones & column_lanes
                s = current * lane_ones | moves_lanes
                wins = (s << 1) & (s << 2) & (s << 3)
                up, down = s << h1, s >> h1
                wins |= up & (s << h2) & ((s << h3) | down) | down & (s >> h2) & ((s >> h3) | up)
                up, down = s << d1, s >> d1
                wins |= up & (s << d2) & ((s << d3) | down) | down & (s >> d2) & ((s >> d3) | up)
                up, down = s << a1, s >> a1
                wins |= up & (s << a2) & ((s << a3) | down) | down & (s >> a2) & ((s >> a3) | up)
                mask_lanes = mask * lane_ones
                # The move's cell is never among them (the side to move cannot win at once), so each lane is
                # exactly its child's "opponent_wins".
                wins &= board_lanes ^ mask_lanes
                # The opponent's replies in each lane, as the child would compute its candidates: the forced
                # ones (our threats it must block) where there are any, else all; then never one under our
                # threat. Lanes of columns that are not candidates hold the position without a move, where we
                # have no playable threat, so they never look forced.
                replies = ((mask_lanes | moves_lanes) + bottom_lanes) & board_lanes
                forced_replies = replies & wins
                if forced_replies:
                    forced_lanes = ((forced_replies + nonzero_add) & nonzero_bit) >> board_bits
                    # x & (x - 1), lane by lane: a lane with two threats to parry, which one reply cannot do.
                    two_threats = forced_replies & (forced_replies - forced_lanes)
                    replies = forced_replies | replies & ~(forced_lanes * lane_board)
                else:
                    two_threats = 0
                safe_replies = replies & ~(wins >> 1)
                if two_threats or (moves_lanes + nonzero_add) & ~(safe_replies + nonzero_add) & nonzero_bit:
                    # Some move leaves the opponent lost at once: a win on our next move, the best score here.
                    score = win_soonest[moves]
                    table[slot] = (key << 8) | (score + lower_offset)
                    return score
                # No move wins on our next turn, so the best that is left is to win the turn after.
                highest = win_soonest[moves] - 1
                if beta > highest:
                    beta = highest
                    if alpha >= beta:
                        # An upper bound above max_score says nothing, and would not fit the entry's encoding.
                        table[slot] = (key << 8) | (min(beta, max_score) - min_score + 1)
                        return beta
                # Order by the number of threats each move creates, ties centre first. Each child is handed
                # its candidates (its safe replies), so it does not compute its opponent's threats again.
                # On the way, every child's table entry is looked at first (enhanced transposition cutoff): an
                # upper bound stored for any child is a lower bound here, which may cut before the first child
                # is searched, or at least narrow the window for all of them; a lower bound stored for a child
                # may show that its move cannot raise alpha: then its bound is all its search would return.
                ranked: list[tuple[int, int, int]] = []
                skipped_best = min_score  # the best bound of the moves skipped that way
                child_key_base = (current ^ mask) + mask  # a child's key is this plus its move's bit
                for tie_break, column_cells, lane_start in columns:
                    move = candidates & column_cells
                    if move:
                        child_key = (child_key_base + move) * HASH_MULTIPLIER & HASH_MASK
                        child_entry = table[child_key >> slot_shift]
                        if child_entry and child_entry >> 8 == child_key & KEY_MASK:
                            value = child_entry & 255
                            if value <= lower_threshold:
                                score = 1 - min_score - value  # minus the child's upper bound
                                if score >= beta:
                                    table[slot] = (key << 8) | (score + lower_offset)
                                    return score
                                if score > alpha:
                                    alpha = score
                            else:
                                score = lower_offset - value  # minus the child's lower bound
                                if score <= alpha:
                                    if score > skipped_best:
                                        skipped_best = score
                                    continue
                        ranked.append(
                            (
                                (wins >> lane_start & board).bit_count() << 4 | tie_break,
                                move,
                                safe_replies >> lane_start & board,
                            )
                        )
                ranked.sort(reverse=True)
            else:
                ranked = [(0, candidates, -1)]
                skipped_best = min_score
            opponent = current ^ mask
            # Fail-soft: when no move reaches alpha, the best of the children's bounds is a tighter upper
            # bound than alpha, for the table and for the bisection in solve.
            best = lowest_score[moves] if lowest_score[moves] > skipped_best else skipped_best
            for _, move, child_candidates in ranked:
                score = -negamax(opponent, mask | move, moves + 1, -beta, -alpha, child_candidates)
                if score >= beta:
                    table[slot] = (key << 8) | (score + lower_offset)
                    return score
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
            table[slot] = (key << 8) | (best - min_score + 1)
            return best

        def take_node_count() -> int:
            nonlocal nodes
            counted, nodes = nodes, 0
            return counted

        return negamax, take_node_count
