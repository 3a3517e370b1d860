"""The plan view (E, with the analysis): a plan the explainer proved, to draw on the board, followed live as
moves are played, and the move that left it. No pygame here.

A plan (:class:`~ai.plans.Plan`) belongs to the side that waits: Allis's defender, whose
opponent is to move. The view shows one side's plan: first the player's own (the human's against the
computer; with two players, or two computers, the side to move when it is asked for), then, pressed again,
the opponent's. Where
that side waits, its plan is the one the explanation of the position proves. Where that side is to move, its
plan is the one it holds after its best move: the view asks for the values of the position's moves (the
analysis) and explains its best moves, centre first, until one leads to a plan; the move is shown with it
("play d3, then ..."). Between two proven plans the last one is followed: after the opponent's move the plan's
answer is shown (the cell its side is to take), and a move of that side elsewhere leaves the plan, which is
then said, until a later position has a plan again. Only Connect Four is explained.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ai.claims import Claim, PlanClaim, Result
from ai.plans import Plan
from game.cells import Cell
from game.connect4 import ConnectFour
from game.protocol import Game
from ui.state.board.board_game import BoardGame


class Whose(enum.Enum):
    """Whose plan the view shows: the player's own, or the opponent's."""

    OWN = "own"
    OPPONENT = "opponent"


@dataclass(frozen=True)
class Followed:
    """A proven plan followed from the position ``start`` (its move string): ``result`` what it holds for its
    side; ``answer`` the cell the plan takes now (its side to move), None while the opponent is to move.
    ``first``: the cell its side takes before the plan starts (its best move, ``start`` being the position
    after it), None once the plan has started."""

    plan: Plan
    result: Result
    start: str
    answer: Cell | None = None
    first: Cell | None = None


@dataclass(frozen=True)
class LeftPlan:
    """The plan's ``side`` played ``played`` where its plan answered at ``answer``, reaching the position
    ``at`` (a move string): it is said while that position is on the board."""

    side: int
    played: Cell
    answer: Cell
    at: str


class PlanView:
    """Whether the plan view shows, whose plan, and the plan it follows (see the module docstring)."""

    def __init__(self) -> None:
        #: Whose plan shows (None: the view is off).
        self.whose: Whose | None = None
        #: The side whose plan shows (None: the view is off).
        self.side: int | None = None
        self.followed: Followed | None = None
        self.left: LeftPlan | None = None

    @property
    def shown(self) -> bool:
        return self.whose is not None

    def toggle(self, board_game: BoardGame) -> None:
        """Off, the player's own plan, the opponent's, off again: the side is chosen now and kept while the
        view shows (see :func:`_own_side`)."""
        self.whose = {None: Whose.OWN, Whose.OWN: Whose.OPPONENT, Whose.OPPONENT: None}[self.whose]
        self.followed = self.left = None
        own = _own_side(board_game)
        self.side = {None: None, Whose.OWN: own, Whose.OPPONENT: 1 - own}[self.whose]

    def wants_values(self, board_game: BoardGame) -> bool:
        """The view needs the values of the human's moves: it shows the plan of the human to move."""
        return self.side is not None and board_game.is_human_turn() and board_game.game.to_move() == self.side

    def update(self, board_game: BoardGame) -> None:
        """Asks the explanations the view needs, and follows the plan (see the module docstring)."""
        side = self.side
        if side is None:
            return
        game = board_game.game
        if not isinstance(game, ConnectFour) or game.is_over() or board_game.review is not None:
            self.followed = self.left = None
            return
        moves = game.moves_text()
        followed, left = _follow(game, self.followed) if self.followed is not None else (None, None)
        if left is None and self.left is not None and self.left.at == moves:
            left = self.left
        if game.to_move() == side:
            if followed is None or followed.answer is None:
                followed = _plan_after_best_move(board_game, game, side) or followed
        else:
            board_game.reasons.ask(game, None)
            claim = _plan_of(board_game.reasons.of(game, None), side)
            if claim is not None:
                assert claim.plan is not None and claim.result is not None
                followed = Followed(claim.plan, claim.result, moves)
        self.followed, self.left = followed, left


def _own_side(board_game: BoardGame) -> int:
    """The player's side: the human's against the computer; with two players (or two computers) the side to
    move when the view is asked for."""
    computer = board_game.computer()
    if computer is not None:
        return 1 - computer[0]
    return board_game.game.to_move()


def _plan_of(claims: tuple[Claim, ...] | None, side: int) -> PlanClaim | None:
    """The first proven plan of ``side`` among ``claims``, if any."""
    for claim in claims or ():
        if (
            isinstance(claim, PlanClaim)
            and claim.side == side
            and claim.plan is not None
            and claim.result is not None
        ):
            return claim
    return None


def _plan_after_best_move(board_game: BoardGame, game: ConnectFour, side: int) -> Followed | None:
    """``side``'s plan after its best move in ``game`` (``side`` to move), asking the explanations it needs:
    the best moves are those the searches proved to keep the position's proven result, centre first. In a won
    position the first whose explanation proves a winning plan gives it, or once every best move is explained,
    the first with a plan that holds at least the draw; else the first with a plan. None until one does."""
    known = board_game.proven
    if known is None or known.score is None or known.score.known_result is None:
        return None
    best = known.score.known_result
    centre = (game.width - 1) / 2
    moves = sorted(
        (move for move, score in known.move_scores.items() if score.known_result == best),
        key=lambda move: (abs(move - centre), move),
    )
    fallback: Followed | None = None
    for move in moves:
        board_game.reasons.ask(game, move)
        claims = board_game.reasons.of(game, move)
        if claims is None:
            return None  # asked: the next move waits for this answer
        found = _plan_of(claims, side)
        if found is None:
            continue
        assert found.plan is not None and found.result is not None
        followed = Followed(found.plan, found.result, found.plan.start, first=_landing(game, move))
        if best < 1 or found.result is Result.WIN:
            return followed
        fallback = fallback or followed
    return fallback


def _follow(game: ConnectFour, followed: Followed) -> tuple[Followed | None, LeftPlan | None]:
    """``followed`` followed to ``game``: the plan with its answer now, or None and the move that left it (or
    None and None, after an undo back past its start)."""
    moves, start = game.moves_text(), followed.start
    if followed.first is not None and start.startswith(moves) and len(start) == len(moves) + 1:
        return followed, None  # its side has not yet played the move the plan starts after
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


def _landing(game: Game, move: int) -> Cell:
    """The cell a stone dropped in column ``move`` of ``game`` lands on (column, row from the bottom)."""
    return move, sum(1 for played in game.history() if played == move)
