"""A finished game counts once, whatever file is slow and whenever the program is killed.

The end of a game changes four files, each by a writer of its own: the journal of finished games, the score
tally, the ratings and the unfinished games (:mod:`ui.state.files.game_end`). For each of those writes in
turn, and for each pair of the files together, a child (tools/support/game_end_child.py: the window's own
model and writers, against a scripted engine) plays a game to its deciding move with those writes blocked (a
disk that does not answer), lets every other write that may go land, and is killed (SIGKILL).
The next start must then count the game exactly
once: in the tally (with its id), in the ratings, and not offer it to continue; or, where nothing of the end
reached the disk, offer the game before its last move, which then counts once when finished. Every pair of
the four files is seen with one written and the other not, in each order the design allows (the journal
always first). The waits are on the child's lines (each write said once on disk), never on the clock.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tools.support.waiting import GENEROUS

ROOT = Path(__file__).resolve().parent.parent
JOURNAL, TALLY, RATINGS, UNFINISHED = "finished-games.json", "tally.json", "ratings.json", "current-game.json"
#: The writes at a game's end, in the order the design allows: the journal first, the three files after it
#: (in any order), the journal letting the game go last.
FIRST = f"{JOURNAL}#1"
AFTER = {f"{TALLY}#1", f"{RATINGS}#1", f"{UNFINISHED}#1"}
LAST = f"{JOURNAL}#2"


def landing(slow: set[str]) -> set[str]:
    """The writes that land before the kill when those of ``slow`` are held back: those that wait for none."""
    if FIRST in slow:
        return set()
    landed = {FIRST, *(AFTER - slow)}
    return landed if slow & AFTER or LAST in slow else {*landed, LAST}


#: Each write held back alone, and each pair of the four files held back together.
CASES = [
    *([write] for write in (FIRST, *sorted(AFTER), LAST)),
    *([first, second] for first, second in itertools.combinations([FIRST, *sorted(AFTER)], 2)),
    [],
]


def child(*arguments: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "tools.support.game_end_child", *arguments],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def read_until(process: subprocess.Popen[str], done, lines: list[str]) -> None:
    """Reads the child's lines into ``lines`` until ``done(lines)`` holds; fails if the child ends first."""
    assert process.stdout is not None
    while not done(lines):
        line = process.stdout.readline()
        if not line:
            process.wait(GENEROUS)
            raise AssertionError(
                f"the child ended: {lines} {process.stderr.read() if process.stderr else ''}"
            )
        lines.append(line.strip())


def start_again(config: Path, data: Path) -> tuple[str, dict]:
    """The next start: what it offers to continue (continued to its end if one is), and the counts after."""
    checker = child("check", str(config), str(data))
    out, err = checker.communicate(timeout=GENEROUS)
    assert checker.returncode == 0, err
    offered, counts = out.strip().splitlines()[-2:]
    return offered, json.loads(counts)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL on this system")
@pytest.mark.parametrize("slow", CASES, ids=lambda slow: ",".join(slow) or "none")
def test_a_game_killed_at_its_end_with_files_slow_counts_once(tmp_path, slow):
    config, data = tmp_path / "config", tmp_path / "data"
    player = child("play", str(config), str(data), ",".join(slow) or "-")
    lines: list[str] = []
    try:
        read_until(player, lambda seen: "decided" in seen, lines)
        before = next(line for line in lines if line.startswith("before ")).split()
        game_id, moves_before = before[1], before[2]
        read_until(player, lambda seen: "settled" in seen, lines)
    finally:
        player.send_signal(signal.SIGKILL)
        player.wait(GENEROUS)
    # What could land did, and nothing that waits for the held-back write landed before it.
    wrote = {line.removeprefix("wrote ") for line in lines if line.startswith("wrote ")}
    assert wrote == landing(set(slow)), lines

    offered, counts = start_again(config, data)
    if FIRST in slow:
        # Nothing of the end is on disk: the game is there to continue, before its last move, as it was.
        assert offered == f"offered {game_id} {moves_before}"
    else:
        assert offered == "offered -", (slow, offered)
    # Counted once, in every file, whichever way: from the journal at the start, or by its continued end.
    assert counts["wins"] == 1 and counts["games"] == 1, counts
    assert counts["tally_ids"] == [game_id], counts
    assert counts["rated_ids"] == [game_id], counts
    assert counts["unfinished"] == [] and counts["journal"] == [], counts

    # Another start changes nothing: the game is not counted again.
    assert start_again(config, data) == ("offered -", counts)


def test_a_game_taken_back_after_its_end_and_finished_in_a_later_run_counts_once():
    from tools.support.game_end_child import BOARD, TALLY_KEY, begin_play, move
    from ui.state.files.user_data import UserData

    files = UserData()
    play_state, engine = begin_play(files)
    for _ in range(4):
        move(play_state, engine)
    assert play_state.game.is_over() and files.tally.value.get(TALLY_KEY).wins == 1
    play_state.undo()
    kept = files.unfinished.value.newest()
    assert kept is not None and kept.after_end and kept.game_id == play_state.round.autosave.game_id
    # A later run at that game: its end does not count again, nor does it rate the game again.
    later, engine = begin_play(files, kept)
    move(later, engine)
    assert later.game.is_over()
    assert files.tally.value.get(TALLY_KEY).wins == 1 and len(files.ratings.value.games(BOARD)) == 1
    assert files.unfinished.value.newest() is None and files.finished.value.games == ()
