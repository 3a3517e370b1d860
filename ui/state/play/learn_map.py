"""The Learn trainer's picture of the tree (L in the trainer): the tree as a graph the player walks, each
position coloured by the player's progress in the branches below it, and a run of the trainer started from
any of them. No pygame here.

A node of the picture is a *path*: the columns played from the tree's root. The tree keeps a position reached
by two move orders, or its mirror image, once (:mod:`ai.learn.tree`); the picture shows each position as its
path reaches it, so that the moves named along the path are the stones on its board.

The picture shows the graph around the *selected* node: its parent (the *focus*: the root while the root is
selected) above, the selected node among the focus's children, and their children below; the focus's own
ancestors make a trail from the root. The layers are laid out in *slots* (:meth:`LearnMap.shown`): each node
of the lowest layer takes one, a node above them sits over the middle of its children, so no two nodes of a
layer share a place.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from ai.learn.tree import LearnNode, position_key
from game.cells import Cell, GridCell
from game.connect4 import ConnectFour
from game.protocol import Game
from ui.state.files.learn_record import LearnRecord
from ui.state.options import FirstPlayer, PlayOptions
from ui.state.play.learn_drill import LearnDrill, learn_options

#: A node of the picture: the columns (from 0) played from the tree's root.
Path = tuple[int, ...]


class Standing(enum.Enum):
    """The player's progress in the branches below a node, as its colour tells it."""

    #: No branch below it played yet.
    NEW = "new"
    #: Played, not every one learned yet, none missed in its last run.
    DUE = "due"
    #: A branch below it missed in its last run: it comes back soon.
    MISSED = "missed"
    #: Every branch below it learned.
    LEARNED = "learned"
    #: The learner has won here: no branch below it.
    WON = "won"


#: The standings a branch can have, in the order the picture's legend and bars show them.
SHARED = (Standing.NEW, Standing.DUE, Standing.MISSED, Standing.LEARNED)


@dataclass(frozen=True)
class Branches:
    """How many branches (leaves) lie below a node: in all, ``learned``, ``missed`` in their last run and
    ``played`` at least once (a branch reached by two paths counts once)."""

    total: int
    learned: int = 0
    missed: int = 0
    played: int = 0

    def shares(self) -> tuple[tuple[Standing, int], ...]:
        """How many of the branches stand at each of :data:`SHARED` (none counted twice)."""
        due = self.played - self.learned - self.missed
        counts = (self.total - self.played, due, self.missed, self.learned)
        return tuple(zip(SHARED, counts, strict=True))

    @property
    def standing(self) -> Standing:
        """The node's colour: won where no branch is below it, missed where one below was missed in its last
        run (the place to come back to), learned where all are, new where none was played, else due."""
        if self.total == 0:
            return Standing.WON
        if self.missed:
            return Standing.MISSED
        if self.learned == self.total:
            return Standing.LEARNED
        return Standing.DUE if self.played else Standing.NEW


@dataclass(frozen=True)
class MapNode:
    """The position at ``path``: its ``moves`` from the empty board, its tree ``node`` (None where the move
    that led here won the game: the learner's win at once), the ``cell`` the move that led here filled
    (None at the root) and who played it (``mover``), the position's ``cells`` and last move as a board
    draws them, and the ``branches`` below it."""

    path: Path
    moves: str
    node: LearnNode | None
    cell: Cell | None
    mover: int | None
    to_move: int
    cells: tuple[tuple[int | None, ...], ...]
    last: GridCell | None
    branches: Branches

    @property
    def leaf(self) -> str | None:
        """The kind of the leaf's claim (or the frontier's) where the node is a leaf; None elsewhere."""
        return None if self.node is None else self.node.leaf


@dataclass(frozen=True)
class Placed:
    """A node shown in the graph: its ``path``, its ``layer`` (0 the focus, 1 the focus's children, 2
    theirs) and the middle of its place across, in slots from the left (see the module docstring)."""

    path: Path
    layer: int
    centre: float


@dataclass(frozen=True)
class ShownGraph:
    """What the picture shows around the selected node: the focus's ancestors (``trail``, the root first,
    the focus not among them), the nodes ``placed`` layer by layer, and how many ``slots`` wide it is."""

    trail: tuple[Path, ...]
    placed: tuple[Placed, ...]
    slots: int


class LearnMap:
    """The graph of ``drill``'s tree with the progress of ``record``; the node first selected is the deepest
    node of the tree on the way to ``at`` (the position on the board), else the root."""

    def __init__(self, drill: LearnDrill, record: LearnRecord, at: Game | None = None) -> None:
        self.tree = drill.tree
        self.side = drill.tree.side
        self.record = record
        # The branches below a node come from the graph's children by key, made once per tree off the
        # window's thread: opening the picture replays no game for them.
        self._graph = drill.graph
        self._root = drill.tree.root.game()
        self._nodes: dict[Path, MapNode] = {}
        self._child_paths: dict[Path, tuple[Path, ...]] = {}
        #: The child each node was left by last (Down goes back to it).
        self._last_child: dict[Path, Path] = {}
        self.selected: Path = ()
        if at is not None:
            self.selected = self._deepest(at)

    # --- the graph --------------------------------------------------------------------------------------

    def at(self, path: Path) -> MapNode:
        """The node at ``path`` (a path of the tree: see :meth:`children`)."""
        known = self._nodes.get(path)
        if known is not None:
            return known
        game = self._game(path)
        over = game.is_over()
        found = None if over else self.tree.node(game)
        node = None if found is None else found.node
        last = game.last_cell()
        cell = None if last is None or not path else (last[1], game.height - 1 - last[0])
        leaves = frozenset() if over else self._graph.leaves_below(position_key(game))
        shown = MapNode(
            path,
            game.moves_text(),
            node,
            cell,
            None if not path else 1 - game.to_move(),
            game.to_move(),
            game.cells(),
            last,
            self._branches(leaves),
        )
        self._nodes[path] = shown
        return shown

    def children(self, path: Path) -> tuple[Path, ...]:
        """The nodes below ``path``: the tree's move where the learner is to move, every legal reply where the
        opponent is; none at a leaf, nor where the game is won (kept: the picture asks every frame)."""
        known = self._child_paths.get(path)
        if known is not None:
            return known
        node = self.at(path)
        if node.node is None or node.node.leaf is not None:
            below: tuple[Path, ...] = ()
        elif node.to_move == self.side:
            move = self.tree.learner_move(self._game(path))
            below = () if move is None else ((*path, move),)
        else:
            below = tuple((*path, column) for column in sorted(self._game(path).moves()))
        self._child_paths[path] = below
        return below

    def cells_to(self, path: Path) -> tuple[Cell, ...]:
        """The cells the moves from the root to ``path`` filled, in order."""
        return tuple(
            cell for depth in range(1, len(path) + 1) if (cell := self.at(path[:depth]).cell) is not None
        )

    def _game(self, path: Path) -> ConnectFour:
        game = self._root.copy()
        for column in path:
            game.apply(column)
        return game

    def _branches(self, leaves: frozenset[str]) -> Branches:
        learned = missed = played = 0
        for leaf in leaves:
            progress = self.record.of(leaf)
            if progress is None:
                continue
            played += 1
            missed += progress.missed
            learned += progress.learned
        return Branches(len(leaves), learned, missed, played)

    def _deepest(self, game: Game) -> Path:
        """The path of the deepest node of the tree on the way from the root to ``game``."""
        root, moves = self._root.moves_text(), game.moves_text()
        if not moves.startswith(root):
            return ()
        path: Path = ()
        for letter in moves[len(root) :]:
            step = (*path, int(letter) - 1)
            if step not in self.children(path):
                break
            path = step
        return path

    # --- the selection ----------------------------------------------------------------------------------

    def selected_node(self) -> MapNode:
        return self.at(self.selected)

    def focus(self) -> Path:
        """The node the graph is drawn from: the selected node's parent, or the root while it is selected."""
        return self.selected[:-1]

    def select(self, path: Path) -> None:
        """Selects ``path``, where it is a node of the tree (a path of a click on the picture always is);
        anything else leaves the selection as it is."""
        walked: Path = ()
        for column in path:
            walked = (*walked, column)
            if walked not in self.children(walked[:-1]):
                return
        if path:
            self._last_child[path[:-1]] = path
        self.selected = path

    def up(self) -> None:
        """Selects the selected node's parent (nothing at the root)."""
        if self.selected:
            self.select(self.selected[:-1])

    def down(self) -> None:
        """Selects a child of the selected node: the one it was left by last, else the first (nothing at a
        leaf)."""
        children = self.children(self.selected)
        if children:
            remembered = self._last_child.get(self.selected)
            self.select(remembered if remembered in children else children[0])

    def sideways(self, step: int) -> None:
        """Selects the sibling ``step`` places to the right (left for negative), kept among the siblings."""
        if not self.selected:
            return
        siblings = self.children(self.selected[:-1])
        index = siblings.index(self.selected) + step
        self.select(siblings[max(0, min(index, len(siblings) - 1))])

    def shown(self) -> ShownGraph:
        """The graph around the selected node, laid out in slots (see the module docstring)."""
        focus = self.focus()
        placed: list[Placed] = []
        middles: list[float] = []
        slot = 0
        for child in self.children(focus):
            below = self.children(child)
            if below:
                first = slot
                for grandchild in below:
                    placed.append(Placed(grandchild, 2, slot + 0.5))
                    slot += 1
                middle = (first + slot) / 2
            else:
                middle = slot + 0.5
                slot += 1
            placed.append(Placed(child, 1, middle))
            middles.append(middle)
        slots = max(slot, 1)
        centre = (middles[0] + middles[-1]) / 2 if middles else slots / 2
        placed.append(Placed(focus, 0, centre))
        placed.sort(key=lambda node: (node.layer, node.centre))
        trail = tuple(focus[:depth] for depth in range(len(focus)))
        return ShownGraph(trail, tuple(placed), slots)

    # --- a run from a node ------------------------------------------------------------------------------

    def drill_options(self) -> PlayOptions | None:
        """The trainer's board for runs from the selected node (as :func:`learn_options` for the root: the
        player on the learner's side, the computer moving first where the opponent is to move there); None
        where the game is won there, with nothing left to play."""
        node = self.selected_node()
        if node.node is None:
            return None
        first = FirstPlayer.HUMAN if node.to_move == self.side else FirstPlayer.COMPUTER
        return replace(learn_options(self.tree), moves=node.moves, first=first)
