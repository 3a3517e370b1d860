"""The Learn trainer's words: what it says at the board (:mod:`ui.state.play.learn_notices`), the player's
progress in the match bar, and its lines and labels. No pygame here."""

from __future__ import annotations

from game.language import _, ngettext
from ui.state.files.learn_record import LEARNED_BOX
from ui.state.play.learn_drill import LearnProgress, is_frontier
from ui.state.play.learn_map import LearnMap, MapNode, Standing
from ui.state.play.learn_notices import (
    LearnHint,
    LearnLeaf,
    LearnMissed,
    LearnOtherWin,
    LearnRunEnded,
    LearnRunStart,
    LearnSaid,
    LearnStartsAt,
)
from ui.words.claim_words import cell_name
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
        case LearnStartsAt():
            if not said.cells:
                return _("The runs start from the start of the tree again")
            # Translators: {moves} are the moves from the tree's start, as the cells they filled ("d1 e1 b1").
            return _("The runs start here now, after {moves} (L: the tree, to choose another start)").format(
                moves=" ".join(cell_name(cell) for cell in said.cells)
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
    """The picture of the tree's title: how many branches the tree has."""
    count = learn_map.at(()).branches.total
    return ngettext(
        "The tree: {count} branch to its leaf", "The tree: {count} branches, each to its leaf", count
    ).format(count=count)


def map_hint() -> str:
    """The picture of the tree's keys, under it."""
    return _(
        "Click or arrows: walk the tree \u00b7 Enter: drill from the position chosen \u00b7 L or Esc: back"
    )


def legend() -> tuple[tuple[Standing, str], ...]:
    """The colours of the picture of the tree, each in a word."""
    return (
        # Translators: a branch of the tree never played yet (a colour of the picture's legend).
        (Standing.NEW, _("new")),
        # Translators: branches played but not learned yet (a colour of the picture's legend).
        (Standing.DUE, _("to learn")),
        (Standing.MISSED, _("missed")),
        (Standing.LEARNED, _("learned")),
    )


def edge_label(node: MapNode) -> str:
    """The move that led to ``node``, as the cell it filled ("d1"); nothing at the root."""
    return "" if node.cell is None else cell_name(node.cell)


def path_text(learn_map: LearnMap, node: MapNode) -> str:
    """The moves from the tree's root to ``node`` as the cells they filled ("d1 d2 c1")."""
    if not node.path:
        # Translators: the picture of the tree's root: the position the tree starts from.
        return _("The start of the tree")
    return " ".join(cell_name(cell) for cell in learn_map.cells_to(node.path))


def node_about(learn_map: LearnMap, node: MapNode, names: tuple[str, str]) -> str:
    """What ``node`` is in the tree: the tree's move there, every reply there, its leaf, or the learner's
    win; ``names`` are the players'."""
    if node.node is None:
        return _("{player} has won").format(player=names[learn_map.side])
    if node.leaf is not None:
        if is_frontier(node.node):
            return _("A leaf: the tree ends here, with no plan to learn")
        if node.leaf == "plan":
            return _("A leaf: a plan wins from here")
        return _("A leaf: the win is proven from here")
    children = learn_map.children(node.path)
    player = names[node.to_move]
    if node.to_move == learn_map.side and children:
        return _("{player} to move: the tree plays {cell}").format(
            player=player, cell=edge_label(learn_map.at(children[0]))
        )
    count = len(children)
    return ngettext(
        "{player} to move: {count} reply, each in the tree",
        "{player} to move: {count} replies, each in the tree",
        count,
    ).format(player=player, count=count)


def node_progress(learn_map: LearnMap, node: MapNode) -> str:
    """The player's progress in the branches below ``node`` (at a leaf, in its branch)."""
    branches = node.branches
    if branches.total == 0:
        return _("Nothing left to learn here")
    if node.leaf is not None:
        progress = learn_map.record.of(node.moves)
        if progress is None:
            return _("This branch: not played yet")
        if progress.missed:
            return _("This branch: missed in its last run")
        if progress.learned:
            return _("This branch: learned")
        return _("This branch: {box} of {boxes} runs without a miss").format(
            box=progress.box, boxes=LEARNED_BOX
        )
    text = ngettext(
        "{learned} of {total} branch learned", "{learned} of {total} branches learned", branches.total
    ).format(learned=branches.learned, total=branches.total)
    if branches.missed:
        text += " \u00b7 " + ngettext("{count} missed", "{count} missed", branches.missed).format(
            count=branches.missed
        )
    return text


def drill_label() -> str:
    """The picture of the tree's button that starts the runs from the position chosen."""
    return _("Drill from here")
