"""The Learn trainer's words: what it says at the board (:mod:`ui.state.play.learn_notices`), the player's
progress in the match bar, and its lines and labels. No pygame here."""

from __future__ import annotations

from game.language import _, ngettext
from ui.state.files.learn_record import LEARNED_BOX
from ui.state.play.learn_drill import LearnProgress, is_frontier
from ui.state.play.learn_map import LearnMap, MapRow
from ui.state.play.learn_notices import (
    LearnHint,
    LearnLeaf,
    LearnMissed,
    LearnOtherWin,
    LearnRunEnded,
    LearnRunStart,
    LearnSaid,
)
from ui.words.review_words import CHANGE_WORDS
from ui.words.search_texts import move_words


def learn_notice_text(said: LearnSaid) -> str:
    """The words of what the trainer says, in the language in use."""
    match said:
        case LearnRunStart():
            return _run_start_text(said)
        case LearnOtherWin():
            # Translators: {move} and {tree_move} are moves ("column e", "column d").
            text = _("Taken back: {move} also wins, but the tree's move is easier to learn: {tree_move}")
            return text.format(move=move_words(said.move), tree_move=move_words(said.tree_move))
        case LearnMissed():
            change = _(CHANGE_WORDS[said.best, said.played])
            if said.tree_move is not None:
                # Translators: {change} is one of the review's words for a move ("throws the win away (a draw
                # now)"); {tree_move} is a move ("column d").
                return _("Taken back: {move} {change}. The tree plays {tree_move}").format(
                    move=move_words(said.move), change=change, tree_move=move_words(said.tree_move)
                )
            return _("Taken back: {move} {change}. Try again").format(
                move=move_words(said.move), change=change
            )
        case LearnHint():
            # Translators: {tree_move} is a move ("column e"); the hint in the trainer counts as a miss.
            return _("Hint: the tree plays {tree_move} here. This run counts as a miss").format(
                tree_move=move_words(said.tree_move)
            )
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


def _run_start_text(said: LearnRunStart) -> str:
    progress = said.progress
    if progress is None:
        return _("A new branch: find the tree's moves (H shows one, as a miss)")
    if progress.missed:
        return _("A branch you missed comes back: play it from memory")
    if progress.learned:
        return _("A learned branch comes back, to keep it fresh")
    # Translators: {box} of {boxes} runs without a miss in a row ("1/3").
    return _("A branch you are learning ({box}/{boxes}): play it from memory").format(
        box=progress.box, boxes=LEARNED_BOX
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


def map_title(learn_map: LearnMap) -> str:
    """The picture of the tree's title."""
    count = len(learn_map.rows)
    return ngettext(
        "The tree: {count} branch to its leaf", "The tree: {count} branches, each to its leaf", count
    ).format(count=count)


def map_hint() -> str:
    """The picture of the tree's keys, under it."""
    return _("Click a branch to see its leaf \u00b7 wheel: scroll \u00b7 L: back to the board")


def map_row_text(learn_map: LearnMap, row: MapRow) -> str:
    """A branch in a line: its moves from the root (the learner's in capitals: "E a B"), what its leaf
    holds and the player's progress in it."""
    letters = []
    for index, column in enumerate(row.moves):
        letter = "abcdefg"[column]
        mover = learn_map.first_mover if index % 2 == 0 else 1 - learn_map.first_mover
        letters.append(letter.upper() if mover == learn_map.side else letter)
    if is_frontier(row.leaf):
        kind = _("the tree ends: no plan")
    elif row.leaf.leaf == "plan":
        kind = _("a plan")
    else:
        kind = _("a proven win")
    progress = row.progress
    if progress is None:
        shown = _("new")
    elif progress.missed:
        shown = _("missed")
    elif progress.learned:
        shown = _("learned")
    else:
        shown = f"{progress.box}/{LEARNED_BOX}"
    return f"{' '.join(letters) or '-'} \u00b7 {kind} \u00b7 {shown}"
