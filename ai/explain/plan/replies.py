"""Plans that begin with searched replies: where no layout of rules holds yet, the defender's replies to the
opponent's next moves are chosen by search so that a rule plan (:func:`find_plan`) holds after each of them.

This is Allis's VICTOR in small (his thesis, §7.4): the rules decide at the leaves, a search over the moves
closes what the rules alone do not. The tree is an AND-OR tree: after *every* move of the opponent the
defender needs *one* reply after which a plan is found (or a shallower tree of the same kind); transpositions
are merged (a position reached by two orders of moves is searched once). The plan it returns says the first
replies (rule :attr:`~ai.plans.Rule.REPLIES`: "when the opponent takes this cell, take that one") and plays
the whole tree, then the leaf's plan; nothing here proves it: the checks replay it like any plan.

The search is costly (a rule plan is looked for at every leaf), so :func:`find_plan` does not call it: tools
ask for it with a budget of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ai.contracts import UNBOUNDED, Budget
from ai.explain.plan.finder import DEFAULT_NODES, find_plan
from ai.explain.plan.steady import DEFAULT_STEADY_NODES
from ai.plans import Goal, Plan, Response, Rule, RuleUse
from game.cells import Cell
from game.connect4 import ConnectFour, centre_first

#: The rule plans one search may look for at most (each with :data:`DEFAULT_NODES` nodes): a few seconds.
DEFAULT_LEAVES = 400

#: A position as the search and the strategy know it: its key and its ply (transpositions are one position).
_PositionKey = tuple[int, int]


class _OutOfLeaves(Exception):
    """The search looked for as many rule plans as it was allowed."""


@dataclass
class _ReplyTree:
    """What the search proved, for the strategy: the defender's reply in each position of the tree (the
    defender to move), the rule plan of each leaf (the opponent to move), the goal all of them keep."""

    side: int
    replies: dict[_PositionKey, int] = field(default_factory=dict)
    leaves: dict[_PositionKey, Plan] = field(default_factory=dict)
    wins: bool = True


#: Which of the defender's replies (the position after it) are worth trying; None: every one.
ReplyFilter = Callable[[ConnectFour], bool] | None


@dataclass
class _ReplySearch:
    side: int
    budget: Budget
    leaves_left: int
    nodes: int
    tree: _ReplyTree
    worth_trying: ReplyFilter = None
    #: Positions (the opponent to move) proven, and those refuted with the depth they were refuted at.
    proven: set[_PositionKey] = field(default_factory=set)
    refuted: dict[_PositionKey, int] = field(default_factory=dict)

    def prove(self, game: ConnectFour, depth: int) -> bool:
        """Whether the defender holds ``game`` (the opponent to move) by a rule plan now or by replies to the
        next ``depth`` opponent moves; records the replies and plans in :attr:`tree` where it does."""
        key = (game.key(), game.ply())
        if key in self.proven:
            return True
        if self.refuted.get(key, -1) >= depth:
            return False
        self.budget.check()
        if self.leaves_left <= 0:
            raise _OutOfLeaves
        self.leaves_left -= 1
        plan = find_plan(game, self.side, self.budget, self.nodes)
        if plan is not None:
            self.tree.leaves[key] = plan
            self.tree.wins &= plan.goal is Goal.WIN
            self.proven.add(key)
            return True
        if depth <= 0 or not self._every_move_answered(game, depth):
            self.refuted[key] = depth
            return False
        self.proven.add(key)
        return True

    def _every_move_answered(self, game: ConnectFour, depth: int) -> bool:
        for column in game.moves():
            child = game.copy()
            child.apply(column)
            if child.winner() is not None:
                return False
            if child.is_over():
                self.tree.wins = False
                continue
            reply = self.reply(child, depth)
            if reply is None:
                return False
            self.tree.replies[(child.key(), child.ply())] = reply
        return True

    def reply(self, game: ConnectFour, depth: int) -> int | None:
        """A reply of the defender (to move in ``game``) after which it holds, or None."""
        for column in _replies_in_order(game):
            child = game.copy()
            child.apply(column)
            if child.winner() == self.side:
                return column
            if child.is_over():
                self.tree.wins = False
                return column
            if self.worth_trying is not None and not self.worth_trying(child):
                continue
            if self.prove(child, depth - 1):
                return column
        return None


def _replies_in_order(game: ConnectFour) -> list[int]:
    """The defender's moves worth trying, best first: a win at once; else, where the opponent threatens to
    win at once, the block alone (every other move loses); else every move, the centre first."""
    moves = game.moves()
    side = game.to_move()
    threats = []
    for column in moves:
        child = game.copy()
        child.apply(column)
        if child.winner() == side:
            return [column]
        if _completes_four(game, 1 - side, column):
            threats.append(column)
    if threats:
        return threats[:1]
    order = centre_first(game.width)
    return sorted(moves, key=order.index)


def _completes_four(game: ConnectFour, side: int, column: int) -> bool:
    """A stone of ``side`` in ``column`` (where the next stone lands) would complete four."""
    bit = game.stone_bit(column)
    return game.has_line(game.stones(side) | bit)


def find_plan_with_replies(
    game: ConnectFour,
    side: int,
    budget: Budget = UNBOUNDED,
    depth: int = 1,
    leaves: int = DEFAULT_LEAVES,
    nodes: int = DEFAULT_NODES,
    worth_trying: ReplyFilter = None,
    steady_nodes: int = DEFAULT_STEADY_NODES,
) -> Plan | None:
    """A plan for ``side``, the side not to move in ``game``: a rule plan where :func:`find_plan` finds one
    (its steady search within ``steady_nodes``),
    else replies searched for the opponent's next ``depth`` moves with a rule plan after each; None where
    neither is found looking for at most ``leaves`` rule plans (of ``nodes`` nodes each). ``worth_trying``
    (the position after a reply) may rule replies out before they are searched (a tool may ask the solver);
    it changes only what is found, never what holds. SearchStopped passes through when ``budget`` ends.
    Raises ValueError as :func:`find_plan` does."""
    plan = find_plan(game, side, budget, nodes, steady_nodes=steady_nodes)
    if plan is not None or depth <= 0:
        return plan
    search = _ReplySearch(side, budget, leaves, nodes, _ReplyTree(side), worth_trying)
    try:
        held = search.prove(game.copy(), depth)
    except _OutOfLeaves:
        return None
    if not held:
        return None
    return _plan(game, search.tree)


def moves_answered(
    game: ConnectFour,
    side: int,
    depth: int,
    leaves: int = DEFAULT_LEAVES,
    nodes: int = DEFAULT_NODES,
    worth_trying: ReplyFilter = None,
) -> int:
    """How many moves of the opponent (to move in ``game``) have a reply of ``side``'s after which it holds by
    a rule plan or by replies to ``depth - 1`` more moves (a separate search of ``leaves`` rule plans a move,
    ``worth_trying`` as for :func:`find_plan_with_replies`): where that finds nothing, how close it came."""
    count = 0
    for column in game.moves():
        child = game.copy()
        child.apply(column)
        if child.is_over():
            count += child.winner() is None
            continue
        search = _ReplySearch(side, UNBOUNDED, leaves, nodes, _ReplyTree(side), worth_trying)
        try:
            count += search.reply(child, depth) is not None
        except _OutOfLeaves:
            pass
    return count


def _plan(game: ConnectFour, tree: _ReplyTree) -> Plan:
    """The plan of a proven tree: its first replies as the rule's instances and responses, the whole tree and
    its leaves' plans as the strategy."""
    responses: list[Response] = []
    rules: list[RuleUse] = []
    for column in game.moves():
        child = game.copy()
        child.apply(column)
        reply = tree.replies.get((child.key(), child.ply()))
        if reply is None:
            continue  # a move that ends the game: nothing to answer
        when = _landing(game, column)
        answer = _landing(child, reply)
        responses.append(Response(when, answer, Rule.REPLIES))
        rules.append(RuleUse(Rule.REPLIES, (when, answer)))
    goal = Goal.WIN if tree.wins else Goal.AT_LEAST_DRAW
    return Plan(tree.side, goal, game.moves_text(), tuple(rules), tuple(responses), _strategy(game, tree))


def _landing(game: ConnectFour, column: int) -> Cell:
    """The cell a stone dropped in ``column`` lands on in ``game``."""
    bit = game.stone_bit(column)
    return (column, bit.bit_length() - 1 - column * (game.height + 1))


def _strategy(start: ConnectFour, tree: _ReplyTree) -> Callable[[ConnectFour], int]:
    """Inside the tree its reply; below a leaf the leaf's plan (the position it was reached from, found by
    taking the game's last moves back)."""
    start_ply = start.ply()
    start_moves = start.history()
    leaf_plies = sorted({ply for _key, ply in tree.leaves}, reverse=True)

    def answer(now: ConnectFour) -> int:
        if now.history()[:start_ply] != start_moves or now.to_move() != tree.side or now.is_over():
            raise LookupError("not a position of this plan with its side to move")
        reply = tree.replies.get((now.key(), now.ply()))
        if reply is not None:
            return reply
        earlier = now.copy()
        for ply in leaf_plies:
            if ply > now.ply():
                continue
            while earlier.ply() > ply:
                earlier.undo()
            plan = tree.leaves.get((earlier.key(), ply))
            if plan is not None:
                return plan.answer(now)
        raise LookupError("the position left the plan's tree")

    return answer
