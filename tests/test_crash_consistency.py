"""Crash consistency: the program killed (SIGKILL) at random moments while it writes each of its files, many
times; every file is always the old or the new complete content, and the next start reads it.

A child process (tools/support/crash_writer.py, forked from a server that imported the program once) writes
one kind of file through the program's own store, a new generation each time, as fast as it can; the test
kills it after a random delay (seeded), reads the file back with the program's own loader, and starts the next
writer from the generation it found. A new kind of file is one entry in the writer's KINDS.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools.support import crash_writer
from tools.support.waiting import wait_until
from ui.state.files.userfiles import STALE_SECONDS, write_atomically

ROOT = Path(__file__).resolve().parent.parent
#: Kills per kind of file: enough to land many of them in the middle of a write (the count is asserted).
KILLS = 30
FILE_NAMES = {
    "settings": "settings.json",
    "tally": "tally.json",
    "current-game": "current-game.json",
    "saved-game": "saved-game.txt",
    "ratings": "ratings.json",
    "puzzle-record": "puzzles.json",
    "finished-games": "finished-games.json",
}


@pytest.fixture(scope="module")
def writers():
    """The fork server of the writers (see :mod:`tools.support.crash_writer`), one for the module."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        [sys.executable, "-m", "tools.support.crash_writer"],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None and server.stdin is not None
    serving = server.stdout.readline()
    assert serving == "serving\n", (serving, server.stderr.read() if server.stderr else "")
    yield server
    server.stdin.close()
    server.wait(timeout=60)


def start_writer(server: subprocess.Popen, kind: str, path: Path, first: int) -> int:
    """A new writer of ``kind`` at ``path`` from generation ``first``, once that is written: its pid."""
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write(f"{kind} {path} {first}\n")
    server.stdin.flush()
    ready = server.stdout.readline()
    assert ready.startswith("ready "), (ready, server.poll())
    return int(ready.split()[1])


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended and been reaped (its server ignores SIGCHLD: the system reaps it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.skipif(
    not hasattr(signal, "SIGKILL") or not hasattr(os, "fork"), reason="no SIGKILL or fork on this system"
)
@pytest.mark.parametrize("kind", crash_writer.KINDS)
def test_a_kill_at_any_moment_leaves_the_old_or_the_new_file(tmp_path, writers, kind):
    rng = random.Random(f"crash {kind}")
    path = tmp_path / FILE_NAMES[kind]
    generation, mid_write = 0, 0
    for _ in range(KILLS):
        child = start_writer(writers, kind, path, generation)
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(child, signal.SIGKILL)
        wait_until(lambda child=child: gone(child), f"writer {child} to end")
        # A temporary left behind means the kill landed inside a write (after mkstemp, before the rename).
        mid_write += any(tmp_path.glob(f".{path.name}.*.tmp"))
        found = crash_writer.read(kind, path)  # raises BrokenFile for anything but a complete file
        assert found is not None and found >= generation, (found, generation)
        generation = found + 1
        for temporary in tmp_path.glob(f".{path.name}.*.tmp"):
            temporary.unlink()  # so that the next kill's leftovers are counted on their own
    # The kills landed inside writes, not only between them: the test saw the dangerous moments.
    assert mid_write >= KILLS // 10, f"only {mid_write} of {KILLS} kills landed inside a write"
    assert generation > KILLS


def test_a_torn_write_would_be_caught(tmp_path):
    """The reading side can fail: a file cut in the middle of its text is refused, for every kind."""
    for kind in crash_writer.KINDS:
        path = tmp_path / FILE_NAMES[kind]
        crash_writer.write(kind, path, 1234)
        assert crash_writer.read(kind, path) == 1234
        text = path.read_text(encoding="utf-8")
        path.write_text(text[: len(text) // 2], encoding="utf-8")
        with pytest.raises(crash_writer.BrokenFile):
            crash_writer.read(kind, path)
        path.unlink(missing_ok=True)  # a user file refused is set aside: the next kind starts afresh


def test_temporaries_a_killed_writer_left_are_removed_by_a_later_write_young_ones_are_not(tmp_path):
    path = tmp_path / "settings.json"
    stale, young = tmp_path / ".settings.json.old1.tmp", tmp_path / ".settings.json.new1.tmp"
    for temporary in (stale, young):
        temporary.write_text("{", encoding="utf-8")
    old = time.time() - STALE_SECONDS - 5
    os.utime(stale, (old, old))
    write_atomically(path, "{}\n")
    assert not stale.exists() and young.exists() and path.read_text(encoding="utf-8") == "{}\n"
