"""The player's progress in learning the first player's win (the Learn trainer), kept between runs in
``learn.json`` of the data folder: for each branch of the tree (a leaf, named by its position's moves as the
tree file writes them) its box of a simple spaced-repetition scheme (Leitner's boxes), and whether its last
run had a miss.

The scheme: a branch's box counts its runs played without a miss in a row, up to :data:`LEARNED_BOX`; a run
with a miss (a move off the tree, or one that throws the win) sends the branch back to box 0 and marks it
*missed*. A branch in box :data:`LEARNED_BOX` is *learned*. The trainer draws the next branch with weights
from the boxes (:func:`branch_weight`): a missed branch weighs most, a branch not yet seen next, a learned
one least, so what was missed comes back soon and what is known still comes back now and then.

Branches the tree in use does not have (a tree file of another version) are kept as they are: a later tree
may have them again. The file is one :class:`~ui.state.files.store.JsonStore` of :data:`LEARN_FILE`. No
pygame here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from game.language import N_, _
from ui.state.files.store import FileKind, JsonObject

#: Runs without a miss in a row after which a branch is learned.
LEARNED_BOX = 3
#: The weight of a missed branch, of a branch never played, and of one in box ``b`` (halving with each box
#: up to 1 for a learned one): see :func:`branch_weight`.
MISSED_WEIGHT = 16
UNSEEN_WEIGHT = 1 << LEARNED_BOX
#: At most this many branches are kept (the shipped tree has a few thousand); every count stays below
#: :data:`MAX_VALUE`.
MAX_BRANCHES = 100_000
MAX_VALUE = 1_000_000


@dataclass(frozen=True)
class BranchProgress:
    """One branch's ``box`` (runs without a miss in a row, at most :data:`LEARNED_BOX`) and whether its last
    run had a miss."""

    box: int = 0
    missed: bool = False

    @property
    def learned(self) -> bool:
        return self.box >= LEARNED_BOX


@dataclass(frozen=True)
class LearnRecord:
    """Every branch's progress by the leaf's moves, and how many runs were played to a leaf's end."""

    branches: Mapping[str, BranchProgress] = field(default_factory=dict)
    runs: int = 0

    def after(self, leaf: str, clean: bool) -> LearnRecord:
        """The record after a run to the branch ending at ``leaf`` (its moves): ``clean`` (no miss) moves the
        branch up a box, a miss sends it back to box 0."""
        before = self.branches.get(leaf, BranchProgress())
        progress = (
            BranchProgress(min(before.box + 1, LEARNED_BOX), False) if clean else BranchProgress(0, True)
        )
        branches = {**self.branches, leaf: progress}
        return LearnRecord(branches, min(self.runs + 1, MAX_VALUE))

    def of(self, leaf: str) -> BranchProgress | None:
        """The progress of the branch ending at ``leaf``; None where it was never played."""
        return self.branches.get(leaf)

    def learned(self, leaves: Iterable[str]) -> int:
        """How many of the branches ending at ``leaves`` are learned."""
        return sum(
            1 for leaf in leaves if (progress := self.branches.get(leaf)) is not None and progress.learned
        )


def branch_weight(progress: BranchProgress | None) -> int:
    """How much more often than a learned branch the trainer draws a branch of ``progress`` (None: never
    played): a missed one :data:`MISSED_WEIGHT` times, one never played :data:`UNSEEN_WEIGHT` times, else
    2 to the power of the boxes it still has to climb."""
    if progress is None:
        return UNSEEN_WEIGHT
    if progress.missed:
        return MISSED_WEIGHT
    return 1 << (LEARNED_BOX - min(progress.box, LEARNED_BOX))


def _is_moves(text: str) -> bool:
    return 0 < len(text) <= 42 and all("1" <= letter <= "9" for letter in text)


def parse(data: JsonObject) -> LearnRecord:
    """The record of the file's JSON object; raises ValueError naming what is wrong."""
    runs = data.get("runs", 0)
    if type(runs) is not int or not 0 <= runs <= MAX_VALUE:
        raise ValueError(_("'{name}' {value!r} is not a count").format(name="runs", value=runs))
    branches = data.get("branches", {})
    if not isinstance(branches, dict) or len(branches) > MAX_BRANCHES:
        raise ValueError(_("'branches' is not a table of at most {most} branches").format(most=MAX_BRANCHES))
    progress: dict[str, BranchProgress] = {}
    for leaf, entry in branches.items():
        box = entry.get("box") if isinstance(entry, dict) else None
        missed = entry.get("missed", False) if isinstance(entry, dict) else None
        if (
            not _is_moves(leaf)
            or type(box) is not int
            or not 0 <= box <= LEARNED_BOX
            or not isinstance(missed, bool)
        ):
            raise ValueError(_("the branch {branch!r} is not a box and a miss").format(branch=leaf[:50]))
        progress[leaf] = BranchProgress(box, missed)
    return LearnRecord(progress, runs)


def dump(record: LearnRecord) -> JsonObject:
    branches = {leaf: {"box": entry.box, "missed": entry.missed} for leaf, entry in record.branches.items()}
    return {"runs": record.runs, "branches": branches}


LEARN_FILE = FileKind("learn.json", N_("Learning progress"), parse, dump, LearnRecord)
