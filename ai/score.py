"""The one score scale of the engine, and how to say a score to a person.

Scores are from the side to move (negamax). A proven result dominates every heuristic value:

* a win that ends the game ``n`` plies from the searched position scores ``WIN - n``; a loss ``-(WIN - n)``;
  so a faster win beats a slower one and a slower loss beats a faster one;
* a proven draw scores 0 and is flagged ``exact`` by the search that proved it;
* heuristic values lie strictly inside ``(-HEURISTIC_LIMIT, HEURISTIC_LIMIT)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WIN = 1_000_000
#: Every win or loss score lies beyond this; every heuristic value below it.
PROVEN = WIN - 10_000
HEURISTIC_LIMIT = 100_000


def win_in(plies: int) -> int:
    """Score of a win for the side to move that ends the game ``plies`` plies from now."""
    return WIN - plies


def is_proven_win(score: int) -> bool:
    return score > PROVEN


def is_proven_loss(score: int) -> bool:
    return score < -PROVEN


def plies_to_end(score: int) -> int:
    """For a proven win or loss: plies until the game ends under best play."""
    return WIN - abs(score)


def moves_to_end(score: int) -> int:
    """For a proven win or loss: the winner's own moves needed (1 = the very next move wins)."""
    return (plies_to_end(score) + 1) // 2


def from_child(score: int) -> int:
    """The score of a move, from the mover's side, given the score of the position it leads to (from the
    opponent's side): negated, and a proven result one ply farther away."""
    parent = -score
    if parent > PROVEN:
        return parent - 1
    if parent < -PROVEN:
        return parent + 1
    return parent


def to_benchmark(score: int, moves: int, cells: int) -> int:
    """A proven engine score as a benchmark score (the convention of the Connect Four test sets).

    Benchmark scores: 0 a draw; ``(cells + 1) // 2 + 1 - n`` (22 - n on 7 x 6) when the side to move wins with
    ``n`` stones of its own on the board after its winning move; the negative of the same measure for the
    opponent's win. ``moves`` is how many stones were on the board in the scored position.
    """
    if not (is_proven_win(score) or is_proven_loss(score)):
        return 0
    plies = plies_to_end(score)
    if score > 0:
        winner_stones = moves // 2 + (plies + 1) // 2
        return (cells + 1) // 2 + 1 - winner_stones
    winner_stones = (moves + 1) // 2 + plies // 2
    return -((cells + 1) // 2 + 1 - winner_stones)


def from_benchmark(benchmark: int, moves: int, cells: int) -> int:
    """The inverse of :func:`to_benchmark`: a benchmark score as a proven engine score."""
    if benchmark == 0:
        return 0
    winner_stones = (cells + 1) // 2 + 1 - abs(benchmark)
    if benchmark > 0:
        return win_in(2 * (winner_stones - moves // 2) - 1)
    return -win_in(2 * (winner_stones - (moves + 1) // 2))


@dataclass(frozen=True, order=True)
class Score:
    """A value for the side to move that knows its unit: a proven win or loss so many plies away, a proven
    draw, or a heuristic estimate in points (``exact`` False). This is the one score type that travels from
    the searches' results to the screen; the searches themselves work on plain ints of the same scale.

    ``value`` is on the engine's one scale (above), so scores compare as values do (``exact`` takes no part
    in comparisons). ``exact`` says the search that made the value proved it; a forced win or loss that a
    heuristic search found is proven too (:attr:`is_proven`). The benchmark convention of the Connect Four
    test sets is for the edges (the command line, the tests, the exact solver itself): :meth:`from_benchmark`
    and :meth:`benchmark`.
    """

    value: int
    exact: bool = field(default=True, compare=False)

    @classmethod
    def estimate(cls, points: int) -> Score:
        """A heuristic value: not proven."""
        return cls(points, exact=False)

    @classmethod
    def from_benchmark(cls, benchmark: int, moves: int, cells: int) -> Score:
        """The proven score a benchmark score means, in a position of ``moves`` stones on ``cells`` cells."""
        return cls(from_benchmark(benchmark, moves, cells))

    def benchmark(self, moves: int, cells: int) -> int:
        """This proven score in the benchmark convention (see :func:`to_benchmark`)."""
        if not self.exact:
            raise ValueError(f"an estimate ({self.value:+d}) has no benchmark score")
        return to_benchmark(self.value, moves, cells)

    @property
    def is_win(self) -> bool:
        """A proven win for the side to move."""
        return is_proven_win(self.value)

    @property
    def is_loss(self) -> bool:
        """A proven loss for the side to move."""
        return is_proven_loss(self.value)

    @property
    def is_draw(self) -> bool:
        """A proven draw (an estimate of 0 is only an even position)."""
        return self.exact and self.value == 0

    @property
    def is_proven(self) -> bool:
        """The value is a proof: the search said so, or it found a forced win or loss."""
        return self.exact or self.is_win or self.is_loss

    @property
    def moves_to_end(self) -> int:
        """For a proven win or loss: the winner's own moves needed (1 = the very next move wins)."""
        return moves_to_end(self.value)

    @property
    def plies_to_end(self) -> int:
        """For a proven win or loss: plies until the game ends under best play."""
        return plies_to_end(self.value)

    @property
    def result(self) -> int:
        """1 when the side to move wins, -1 when it loses, 0 for a draw (or an even estimate)."""
        return (self.value > 0) - (self.value < 0)

    @property
    def known_result(self) -> int | None:
        """The result this score proves for its side: 1, 0 or -1; None for an estimate short of a win or
        loss."""
        return self.result if self.is_win or self.is_loss or self.is_draw else None

    def from_child(self) -> Score:
        """This score of a position (from the side to move there) as the score of the move that led to it,
        from that move's mover's side: negated, a proven result one ply farther away (see
        :func:`from_child`)."""
        return Score(from_child(self.value), self.exact)

    def to_child(self) -> Score:
        """The inverse of :meth:`from_child`: this score of a move (from its mover's side) as the score of the
        position it leads to, from the opponent's side: negated, a proven result one ply nearer."""
        child = -self.value
        if child > PROVEN:
            child += 1
        elif child < -PROVEN:
            child -= 1
        return Score(child, self.exact)

    def describe(self) -> str:
        """In words, from the side to move: ``"win in 3"``, ``"loses in 2"``, ``"draw"``, ``"+42"``."""
        if self.is_win:
            return f"win in {self.moves_to_end}" if self.moves_to_end > 1 else "wins now"
        if self.is_loss:
            return f"loses in {self.moves_to_end}"
        if self.is_draw:
            return "draw"
        return f"{self.value:+d}"
