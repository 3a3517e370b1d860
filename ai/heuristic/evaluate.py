"""Static evaluation of k-in-a-row positions the search cannot finish, from the side to move.

The evaluation is threat-based. A *threat* is an empty cell that would complete a line for one player. In
Connect Four, where a threat sits matters: with both sides filling the board, the first player can usually
force threats on odd rows (1, 3, 5 counting from the bottom) and the second player on even rows, so threats of
the right parity weigh more (Allis' "zugzwang control"). Before any threat exists, what counts is what may
become one: on boards of four in a row, every *open two* (four cells in a line holding two stones of one
player and nothing of the other) adds a little. Without it the early game was scored by the centre alone, and
a deeper search was no stronger: depth 4 lost to depth 2 (38 % over 80 games), which the levels' ladder
measured; with it every level beats the one below. Besides these, stones near the centre count, since more
lines pass through them.

Two situations are worth almost a proven result and are scored close to (but inside) the heuristic limit, so
that even a depth-1 search takes wins and blocks losses: the side to move has a playable threat (it wins next
move), or the opponent has two playable threats (only one can be blocked).
"""

from __future__ import annotations

from ai.bitlines import completing_cells
from ai.score import HEURISTIC_LIMIT
from game.protocol import Game

#: Side to move completes a line next move.
WINS_NEXT = HEURISTIC_LIMIT - 1000
#: The opponent has two threats the side to move cannot both block.
LOSES_NEXT = -(HEURISTIC_LIMIT - 2000)


class ThreatEvaluator:
    """Evaluates positions of one board shape; the weights are class attributes, for benchmarks to vary."""

    THREAT = 30
    GOOD_PARITY_THREAT = 70
    #: Per open two (boards of four in a row only; see the module docstring).
    OPEN_TWO = 4
    CENTRE = (6, 3, 1)  # per stone, for the centre column(s) and the next rings outwards

    def __init__(self, width: int, height: int, k: int, gravity: bool) -> None:
        self.width, self.height, self.k, self.gravity = width, height, k, gravity
        self.column_bits = column_bits = height + 1
        column = (1 << height) - 1
        self.board = sum(column << (c * column_bits) for c in range(width))
        self.bottom = sum(1 << (c * column_bits) for c in range(width))
        # Rows 1, 3, 5 from the bottom (bit rows 0, 2, 4) are "odd" rows, good threats for the first player.
        odd_row_bits = sum(1 << r for r in range(0, height, 2))
        self.odd_rows = sum(odd_row_bits << (c * column_bits) for c in range(width))
        self.even_rows = self.board & ~self.odd_rows
        self.centre_rings: list[tuple[int, int]] = []
        for ring, weight in enumerate(self.CENTRE):
            columns = [c for c in range(width) if abs(2 * c - (width - 1)) // 2 == ring]
            if columns and weight:
                self.centre_rings.append((weight, sum(column << (c * column_bits) for c in columns)))

    @classmethod
    def for_game(cls, game: Game) -> ThreatEvaluator:
        return cls(game.width, game.height, game.k, gravity=game.gravity)

    def __call__(self, game: Game) -> int:
        player = game.to_move()
        return self.evaluate(game.stones(player), game.stones(1 - player), player)

    def evaluate(self, mine: int, theirs: int, player: int) -> int:
        """Score for the side to move (``player``, 0 = first) holding ``mine`` against ``theirs``."""
        occupied = mine | theirs
        empty = self.board & ~occupied
        playable = (occupied + self.bottom) & self.board if self.gravity else empty
        my_threats = completing_cells(mine, self.column_bits, self.k, self.gravity) & empty
        if my_threats & playable:
            return WINS_NEXT
        their_threats = completing_cells(theirs, self.column_bits, self.k, self.gravity) & empty
        their_now = their_threats & playable
        if their_now & (their_now - 1):
            return LOSES_NEXT
        score = self._threat_value(my_threats, player) - self._threat_value(their_threats, 1 - player)
        if self.k == 4 and self.OPEN_TWO:
            score += self.OPEN_TWO * (self._open_twos(mine, empty) - self._open_twos(theirs, empty))
        for weight, ring in self.centre_rings:
            score += weight * ((mine & ring).bit_count() - (theirs & ring).bit_count())
        return score

    def _open_twos(self, stones: int, empty: int) -> int:
        """How many lines of four cells hold exactly two of ``stones`` and two ``empty`` cells (a line is
        counted at its lowest bit; the sentinel bits keep lines from wrapping between columns)."""
        free = stones | empty
        total = 0
        for step in (1, self.column_bits, self.column_bits + 1, self.column_bits - 1):
            a, b, c, d = stones, stones >> step, stones >> 2 * step, stones >> 3 * step
            open_line = free & (free >> step) & (free >> 2 * step) & (free >> 3 * step)
            two_or_more = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
            three_or_more = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
            total += (open_line & two_or_more & ~three_or_more).bit_count()
        return total

    def _threat_value(self, threats: int, player: int) -> int:
        if not self.gravity:
            return self.THREAT * threats.bit_count()
        good = self.odd_rows if player == 0 else self.even_rows
        good_count = (threats & good).bit_count()
        return self.GOOD_PARITY_THREAT * good_count + self.THREAT * (threats.bit_count() - good_count)


def trivial_evaluation(game: Game) -> int:
    """Knows nothing: every unfinished position is even. The yardstick the real evaluation must beat."""
    return 0
