"""Which branch of the Learn trainer's tree the next run goes down: the spaced repetition's choice, with the
count of runs as its clock (see :mod:`ui.state.files.learn_record`). No pygame here.

The choice, in this order:

1. a branch that is due (played before, and at least its spacing of other runs since): a missed one first,
   then the lowest box, then the one waiting longest past its time; so a missed branch comes back after one
   other run, and one being learned climbs a box every few runs;
2. else a branch never played, drawn at random (nothing is due: time to learn something new);
3. else (every branch played, none due) the one nearest to being due.

The learner's moves are the tree's (a move off it is taken back), so the computer's replies can steer every
run down to the branch chosen: see :meth:`ui.state.play.learn_drill.LearnDrill.reply`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ui.state.files.learn_record import BranchProgress, LearnRecord


def _urgency(progress: BranchProgress, runs: int) -> tuple[bool, int, int]:
    """Sorts the due branches most urgent first: missed, the lowest box, the longest past its time."""
    return (not progress.missed, progress.box, -progress.waited(runs))


def next_branch(record: LearnRecord, branches: Sequence[str], rng: random.Random) -> str | None:
    """The branch (its leaf's moves, one of ``branches``) the next run goes down with ``record``, as the
    module docstring says; None where there are no branches."""
    played = [(leaf, progress) for leaf in branches if (progress := record.of(leaf)) is not None]
    due = [(leaf, progress) for leaf, progress in played if progress.waited(record.runs) >= 0]
    if due:
        return min(due, key=lambda entry: _urgency(entry[1], record.runs))[0]
    unseen = [leaf for leaf in branches if record.of(leaf) is None]
    if unseen:
        return rng.choice(unseen)
    if played:
        return max(played, key=lambda entry: entry[1].waited(record.runs))[0]
    return None
