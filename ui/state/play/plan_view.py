"""The plan view (E, with the analysis): the plan the explainer proved for the position, to draw on the board,
followed live as moves are played, and the move that left it. No pygame here.

A plan (:class:`~ai.explain.plan.model.Plan`) belongs to the side that waits: Allis's defender, whose
opponent is to move; each position on the board is explained on the engine's explainer thread, and where it
proves a plan, that plan is shown. Between two proven plans the last one is followed: after the opponent's
move the plan's answer is shown (the cell its side is to take), and a move of that side elsewhere leaves the
plan, which is then said, until a later position has a plan again. Only Connect Four is explained.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.explain.claims import PlanClaim, Result
from ai.explain.plan.model import Cell, Plan
from game.connect4 import ConnectFour
from ui.state.board.board_game import BoardGame


@dataclass(frozen=True)
class Followed:
    """A proven plan followed from the position ``start`` (its move string): ``result`` what it holds for its
    side; ``answer`` the cell the plan takes now (its side to move), None while the opponent is to move."""

    plan: Plan
    result: Result
    start: str
    answer: Cell | None = None


@dataclass(frozen=True)
class LeftPlan:
    """The plan's ``side`` played ``played`` where its plan answered at ``answer``, reaching the position
    ``at`` (a move string): it is said while that position is on the board."""

    side: int
    played: Cell
    answer: Cell
    at: str


class PlanView:
    """Whether the plan view shows, and the plan it follows (see the module docstring)."""

    def __init__(self) -> None:
        self.shown = False
        self.followed: Followed | None = None
        self.left: LeftPlan | None = None
        #: The plan shown or the move that left it changed (the play state's picture is stale).
        self.changed = False

    def toggle(self) -> None:
        self.shown = not self.shown
        self.changed = True
        if not self.shown:
            self.followed = self.left = None

    def update(self, board_game: BoardGame) -> None:
        """Asks the position on the board to be explained, and follows the plan (see the module docstring)."""
        if not self.shown:
            return
        game = board_game.game
        if not isinstance(game, ConnectFour) or game.is_over() or board_game.review is not None:
            self._show(None, None)
            return
        moves = game.moves_text()
        board_game.reasons.ask(game, None)
        followed, left = _follow(game, self.followed) if self.followed is not None else (None, None)
        if left is None and self.left is not None and self.left.at == moves:
            left = self.left
        plans = [
            claim
            for claim in board_game.reasons.of(game, None) or ()
            if isinstance(claim, PlanClaim) and claim.plan is not None and claim.result is not None
        ]
        if plans:
            plan, result = plans[0].plan, plans[0].result
            assert plan is not None and result is not None
            followed = Followed(plan, result, moves)
        self._show(followed, left)

    def _show(self, followed: Followed | None, left: LeftPlan | None) -> None:
        if (followed, left) != (self.followed, self.left):
            self.followed, self.left, self.changed = followed, left, True


def _follow(game: ConnectFour, followed: Followed) -> tuple[Followed | None, LeftPlan | None]:
    """``followed`` followed to ``game``: the plan with its answer now, or None and the move that left it (or
    None and None, after an undo back past its start)."""
    moves, start = game.moves_text(), followed.start
    if not moves.startswith(start):
        return None, None
    side = followed.plan.side
    position = ConnectFour.from_moves(start, game.width, game.height)
    for text in moves[len(start) :]:
        move = position.text_to_move(text)
        if position.to_move() == side:
            answer = _answer(followed.plan, position)
            if answer != move:
                if answer is None:
                    return None, None
                return None, LeftPlan(side, _landing(position, move), _landing(position, answer), moves)
        position.apply(move)
    answer = _answer(followed.plan, position) if position.to_move() == side else None
    cell = None if answer is None else _landing(game, answer)
    return Followed(followed.plan, followed.result, start, cell), None


def _answer(plan: Plan, game: ConnectFour) -> int | None:
    """The column ``plan`` plays in ``game`` (its side to move), None where it has no answer."""
    try:
        answer = plan.answer(game.copy())
    except LookupError:
        return None
    return answer if answer in game.moves() else None


def _landing(game: ConnectFour, move: int) -> Cell:
    """The cell a stone dropped in column ``move`` of ``game`` lands on (column, row from the bottom)."""
    return move, sum(1 for played in game.history() if played == move)
