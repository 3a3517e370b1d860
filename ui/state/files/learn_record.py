"""The player's progress in learning the first player's win (the Learn trainer), kept between runs in
``learn.json`` of the data folder: for each branch of the tree (a leaf, named by its position's moves as the
tree file writes them) its box of a simple spaced-repetition scheme (Leitner's boxes), whether its last run
had a miss, and when it was last played (the count of runs then).

The scheme: a branch's box counts its runs played without a miss in a row, up to :data:`LEARNED_BOX`; a run
with a miss (a move off the tree, or one that throws the win) sends the branch back to box 0 and marks it
*missed*. A branch in box :data:`LEARNED_BOX` is *learned*. The clock is the count of runs: a branch is *due*
again once :attr:`BranchProgress.spacing` runs of other branches were played since its own (a missed one after
one, each box doubling the wait, a learned one now and then), so that within one sitting what was missed comes
back soon and what is being learned climbs its boxes (the choice of the next branch:
:mod:`ui.state.play.learn_schedule`).

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
#: The runs of other branches after which a missed branch is due again, and a branch in box 1 (doubling with
#: each box): see :meth:`BranchProgress.spacing`.
MISSED_SPACING = 1
FIRST_BOX_SPACING = 2
#: The runs of other branches after which a learned branch comes back to be played again.
LEARNED_SPACING = 16
#: At most this many branches are kept (the shipped tree has a few thousand); every count stays below
#: :data:`MAX_VALUE`.
MAX_BRANCHES = 100_000
MAX_VALUE = 1_000_000


@dataclass(frozen=True)
class BranchProgress:
    """One branch's ``box`` (runs without a miss in a row, at most :data:`LEARNED_BOX`), whether its last
    run had a miss, and ``last``: the record's count of runs once its last run was counted (0 in files
    written before the count was kept: such a branch is due at once)."""

    box: int = 0
    missed: bool = False
    last: int = 0

    @property
    def learned(self) -> bool:
        return self.box >= LEARNED_BOX

    @property
    def spacing(self) -> int:
        """How many runs of other branches are played before this one is due again: one after a miss, two
        after box 1, four after box 2 (each box doubling), :data:`LEARNED_SPACING` once learned."""
        if self.learned:
            return LEARNED_SPACING
        if self.missed or self.box == 0:
            return MISSED_SPACING
        return FIRST_BOX_SPACING << (self.box - 1)

    def waited(self, runs: int) -> int:
        """How many runs past being due the branch is when the record has counted ``runs`` (negative: runs
        still to wait)."""
        return runs - self.last - self.spacing


@dataclass(frozen=True)
class LearnRecord:
    """Every branch's progress by the leaf's moves, and how many runs were played to a leaf's end."""

    branches: Mapping[str, BranchProgress] = field(default_factory=dict)
    runs: int = 0

    def after(self, leaf: str, clean: bool) -> LearnRecord:
        """The record after a run to the branch ending at ``leaf`` (its moves): ``clean`` (no miss) moves the
        branch up a box, a miss sends it back to box 0."""
        before = self.branches.get(leaf, BranchProgress())
        runs = min(self.runs + 1, MAX_VALUE)
        progress = (
            BranchProgress(min(before.box + 1, LEARNED_BOX), False, runs)
            if clean
            else BranchProgress(0, True, runs)
        )
        branches = {**self.branches, leaf: progress}
        return LearnRecord(branches, runs)

    def of(self, leaf: str) -> BranchProgress | None:
        """The progress of the branch ending at ``leaf``; None where it was never played."""
        return self.branches.get(leaf)

    def learned(self, leaves: Iterable[str]) -> int:
        """How many of the branches ending at ``leaves`` are learned."""
        return sum(
            1 for leaf in leaves if (progress := self.branches.get(leaf)) is not None and progress.learned
        )


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
        # Files written before the runs' clock was kept have no "last": such a branch is due at once.
        last = entry.get("last", 0) if isinstance(entry, dict) else None
        if (
            not _is_moves(leaf)
            or type(box) is not int
            or not 0 <= box <= LEARNED_BOX
            or not isinstance(missed, bool)
            or type(last) is not int
            or not 0 <= last <= runs
        ):
            raise ValueError(_("the branch {branch!r} is not a box and a miss").format(branch=leaf[:50]))
        progress[leaf] = BranchProgress(box, missed, last)
    return LearnRecord(progress, runs)


def dump(record: LearnRecord) -> JsonObject:
    branches = {
        leaf: {"box": entry.box, "missed": entry.missed, "last": entry.last}
        for leaf, entry in record.branches.items()
    }
    return {"runs": record.runs, "branches": branches}


LEARN_FILE = FileKind("learn.json", N_("Learning progress"), parse, dump, LearnRecord)
