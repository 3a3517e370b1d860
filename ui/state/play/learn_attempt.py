"""One run of the Learn trainer at the board: the player's moves judged against the tree, the branch's leaf
reached, and the run's outcome counted in the learning progress. No pygame here.

How a move is judged (before it is played, like a puzzle's):

* at a node of the tree with the player to move, the tree's move is played at once; any other move waits for
  the exact values of the player's moves (proven on the engine's thread while the player thinks, as for the
  coach), then is taken back: a move that also wins is told so ("also wins, but the tree's move is easier to
  learn"), with the tree's move pointed at; a move that throws the win is told so, with the reason the
  explainer proves. Either counts as a miss of the run: the tree is what is learned. So does the hint (H),
  which on the tree is the tree's move, not the engine's best (they differ where the tree keeps to moves
  easier to learn).
* past the branch's leaf (the plan's part, or a frontier's: the rest of the game against the best defence), a
  move that keeps the win is played, one that throws it is taken back with its reason. Past a proven claim's
  leaf it counts as a miss (playing the claim out is part of the branch); past a frontier it does not: the
  tree has nothing there to learn, and a long endgame's slip would send back a branch played right.

The run's outcome counts once, in the branch of the leaf it reached: a miss sends it back (at the leaf, or at
the miss past it: quitting after a miss does not hide it), a run won without one moves it up a box (see
:mod:`ui.state.files.learn_record`).
"""

from __future__ import annotations

from ai.learn.tree import LearnNode
from game.connect4 import ConnectFour
from ui.state.board.board_game import BoardGame
from ui.state.files.learn_record import LEARNED_BOX, BranchProgress
from ui.state.files.user_data import UserData
from ui.state.play import coach
from ui.state.play.learn_drill import LearnDrill, is_frontier
from ui.state.play.learn_notices import (
    LearnHint,
    LearnLeaf,
    LearnMissed,
    LearnOtherWin,
    LearnRunEnded,
    LearnSaid,
)
from ui.state.play.move_checks import UNTIL_ANSWERED_SECONDS, Objection
from ui.state.play.named_move import NamedMove
from ui.state.play.notices import NoticeKind, Told


class LearnAttempt:
    """One run down ``drill``'s tree with the learning progress in ``files``."""

    def __init__(self, drill: LearnDrill, files: UserData) -> None:
        self.drill = drill
        self.files = files
        #: Moves off the tree, or throwing the win, tried in this run.
        self.misses = 0
        #: The leaf the run reached (None: not yet).
        self.leaf: LearnNode | None = None
        #: The run's outcome is in the record.
        self.counted = False
        #: The leaf's reason as asked of the explainer (None: no leaf yet): the learner's move that reached
        #: the leaf and the position it was played in, or the leaf's position and None where the opponent's
        #: reply reached it (why the learner wins there). It is the branch's claim, told at the leaf.
        self.leaf_move: tuple[ConnectFour, int | None] | None = None
        #: What the run's end said (None: not won yet).
        self.ended: LearnRunEnded | None = None
        #: The position last followed (its move string), so each is looked up once.
        self._followed: str | None = None

    def judge(self, board_game: BoardGame, move: int) -> Objection | None:
        """A legal ``move`` of the player's: None to play it, else why it is taken back (see the module
        docstring)."""
        game = board_game.game
        if not isinstance(game, ConnectFour):
            return None  # the trainer teaches Connect Four only: nothing of its to judge here
        tree_move = self.drill.tree.learner_move(game)
        if tree_move is not None and move == tree_move:
            return None
        scores = coach.proven_scores(board_game.thinking, game.to_move())
        if scores is None:
            return Objection(Told.CHECKING, kind=NoticeKind.INFO)
        values = {played: score.result for played, score in scores.items()}
        best = max(values.values())
        played = values.get(move, best)
        if tree_move is None and played == best:
            return None
        if tree_move is not None or self.leaf is None or not is_frontier(self.leaf):
            self._missed()
        named = None if tree_move is None else NamedMove.of(game, tree_move)
        if played == best and tree_move is not None and named is not None:
            said = LearnOtherWin(NamedMove.of(game, move), named)
            return Objection(said, UNTIL_ANSWERED_SECONDS, NoticeKind.INFO, point=tree_move)
        # Why it throws the win: the status area tells the reason once the explainer has proven it.
        board_game.reasons.ask(game, move)
        missed = LearnMissed(NamedMove.of(game, move), best, played, named)
        return Objection(missed, UNTIL_ANSWERED_SECONDS, wrong=True)

    def hint(self, game: ConnectFour) -> LearnHint | None:
        """The hint (H) in ``game``: the tree's move where the learner is to move on the tree, and the run
        counts as a miss (the hint said what was to be learned); None past the leaf or off the tree, where
        the engine's best move is the hint (any winning move is the plan's part there)."""
        tree_move = self.drill.tree.learner_move(game)
        if tree_move is None or game.is_over():
            return None
        self._missed()
        return LearnHint(NamedMove.of(game, tree_move))

    def _missed(self) -> None:
        self.misses += 1
        if self.leaf is not None:
            self._count(clean=False)

    def follow(self, board_game: BoardGame) -> LearnSaid | None:
        """After the position changed: what the run has to say once it reaches its leaf (the leaf's kind, or
        that the tree ends there) and once it is won (the branch's progress); None otherwise."""
        game = board_game.game
        moves = game.moves_text()
        if moves == self._followed or not isinstance(game, ConnectFour):
            return None
        self._followed = moves
        if self.leaf is None:
            leaf = self.drill.leaf(game)
            if leaf is not None:
                self.leaf = leaf
                if self.misses:
                    self._count(clean=False)
                history = game.history()
                if history and game.to_move() != self.drill.tree.side:
                    before = game.copy()
                    before.undo()
                    self.leaf_move = (before, history[-1])
                    # Why the move wins, as the explainer proves it: the branch's claim, asked on its thread.
                    board_game.reasons.ask(before, history[-1])
                else:
                    # Reached by the opponent's reply: why the learner wins here, so that the player sees
                    # how to play it out (the forcing line's moves, the double threat's cells).
                    self.leaf_move = (game.copy(), None)
                    board_game.reasons.ask(game, None)
                assert leaf.leaf is not None
                return LearnLeaf(leaf.leaf, is_frontier(leaf))
        if game.is_over() and game.winner() == self.drill.tree.side and self.leaf is not None:
            clean = not self.counted
            self._count(clean=True)
            progress = self.drill.progress(self.files.learning.value)
            entry = self.files.learning.value.of(self.leaf.moves) or BranchProgress()
            self.ended = LearnRunEnded(
                clean and self.misses == 0, entry.box, LEARNED_BOX, progress.learned, progress.total
            )
            return self.ended
        return None

    def _count(self, clean: bool) -> None:
        """The run's outcome in the record, once."""
        if self.counted or self.leaf is None:
            return
        self.counted = True
        leaf = self.leaf.moves
        self.files.learning.change(lambda record: record.after(leaf, clean=clean))
