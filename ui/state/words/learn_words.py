"""The Learn trainer's words: what it says at the board (:mod:`ui.state.play.learn_notices`), the player's
progress in the match bar, and its lines and labels. No pygame here."""

from __future__ import annotations

from game.language import _
from ui.state.play.learn_drill import LearnProgress
from ui.state.play.learn_notices import LearnLeaf, LearnMissed, LearnOtherWin, LearnRunEnded, LearnSaid
from ui.state.words.review_words import CHANGE_WORDS


def learn_notice_text(said: LearnSaid) -> str:
    """The words of what the trainer says, in the language in use."""
    match said:
        case LearnOtherWin():
            # Translators: {move} and {tree_move} are moves ("column e", "column d").
            text = _("Taken back: {move} also wins, but the tree's move is easier to learn: {tree_move}")
            return text.format(move=said.move, tree_move=said.tree_move)
        case LearnMissed():
            change = _(CHANGE_WORDS[said.best, said.played])
            if said.tree_move is not None:
                # Translators: {change} is one of the review's words for a move ("throws the win away (a draw
                # now)"); {tree_move} is a move ("column d").
                return _("Taken back: {move} {change}. The tree plays {tree_move}").format(
                    move=said.move, change=change, tree_move=said.tree_move
                )
            return _("Taken back: {move} {change}. Try again").format(move=said.move, change=change)
        case LearnLeaf():
            if said.frontier:
                return _("The tree ends here, with no plan to learn: win it against the best defence")
            if said.kind == "plan":
                return _("End of the branch: play the plan on the board out to the win")
            return _("End of the branch: the win is proven from here, play it out")
        case LearnRunEnded():
            if said.clean:
                return _(
                    "Won without a miss: this branch {box}/{boxes} \u00b7 {learned}/{total} learned"
                ).format(box=said.box, boxes=said.boxes, learned=said.learned, total=said.total)
            return _("Won, with a miss: this branch comes back soon \u00b7 {learned}/{total} learned").format(
                learned=said.learned, total=said.total
            )


def learn_standing(progress: LearnProgress) -> list[str]:
    """The player's progress in a few words for the match bar, longest first."""
    learned, total = progress.learned, progress.total
    return [
        _("Learn: {learned} of {total} branches learned").format(learned=learned, total=total),
        _("{learned}/{total} learned").format(learned=learned, total=total),
        f"{learned}/{total}",
    ]


def no_tree_text(reason: str) -> str:
    """The toast where the tree cannot be used: ``reason`` says why."""
    return _("Learn: no tree to learn from ({reason})").format(reason=reason)


def reading_tree_text() -> str:
    """The toast while the tree is still being read (a moment after the window's start)."""
    return _("Learn: the tree is being read, a moment")


def learn_label() -> str:
    """The start screen's button to the trainer."""
    # Translators: the start screen's button to the trainer that teaches the first player's win.
    return _("Learn")


def next_branch_label() -> str:
    """What Enter and the result banner's first button start after a run."""
    return _("Next branch")


def next_branch_keys() -> str:
    return _("Enter: next branch")
