"""The seeded UI fuzzer (bench/fuzz_ui.py) in CI: two seeds of 1,500 random events against the real engine
thread, capped shallow, and a short run against the engine at the game's own strength.

FUZZ_SEED chooses the seed (the default is fixed); a failure's message names it, with the last events, so
``FUZZ_SEED=<n> python -m pytest tests/test_fuzz_ui.py`` replays the same input. The long run (20,000+ events
over several seeds) is ``python bench/fuzz_ui.py`` (``--full`` at full strength).
"""

from __future__ import annotations

import pytest

from bench.fuzz_ui import UIFuzzer, fuzz_seed
from tools.support.fuzz_checks import FuzzFailure
from ui.state.board.board_game import BoardGame

#: Events per seed in CI: enough to meet every screen, mode and engine state several times. What the input
#: reaches depends on the engine's speed: at 1,500 events a full-suite run once met no quit with the seed
#: after the default one, so the count keeps its margin.
CI_EVENTS = 2500
#: Events of the full-strength run: the player waits for real searches, so this takes about a minute.
FULL_EVENTS = 300


@pytest.mark.parametrize("offset", [0, 1])
def test_random_input_never_breaks_the_rules_or_the_engine(offset):
    seed = fuzz_seed() + offset
    fuzzer = UIFuzzer(seed, CI_EVENTS)
    fuzzer.run()  # raises FuzzFailure, naming the seed, on any exception or broken rule
    stats = fuzzer.finish_stats()
    assert stats["events"] == CI_EVENTS
    # The input reached the interesting places, or the run proves little. How many clicks land in the human's
    # turn depends on the engine's speed (49 to 207 human moves per seed on one quiet machine, 11 on a heavily
    # loaded one), so only what any speed gives is asserted: an input path that refused moves would give none.
    assert stats["human moves"] > 0 and stats["computer moves"] > 0
    assert stats["undos"] > 0 and stats["new games"] > 0 and stats["quits"] > 0


def test_random_input_against_the_engine_at_full_strength():
    """The max level's normal think time, the exact solver, reviews, hints and the overlay, with quits, new
    games and undos landing mid-search: the same rules hold."""
    # How far games get, how often a quit lands mid-search, depends on the machine's speed and on the screens
    # the seed meets (on one machine, runs of the default seed made 11 to 33 human and 2 to 17 computer moves;
    # a puzzle takes no move before its values are proven; on a machine running two suites at once, a run made
    # none): only what every run reaches is asserted, and where a run's input met no move, the next seed runs
    # too, up to three more. The searches cut short are counted by the benchmark (docs/benchmarks.md).
    for offset in range(4):
        fuzzer = UIFuzzer(fuzz_seed() + offset, FULL_EVENTS, full=True)
        fuzzer.run()  # raises FuzzFailure, naming the seed, on any exception or broken rule
        stats = fuzzer.finish_stats()
        assert stats["events"] == FULL_EVENTS
        assert stats["think requests"] + stats["ponder requests"] + stats["analysis requests"] > 0, stats
        if stats["human moves"] + stats["computer moves"] > 0:
            return
    pytest.fail(f"four runs from FUZZ_SEED={fuzz_seed()} made no move: {stats}")


def test_the_fuzzer_catches_a_broken_undo(monkeypatch):
    """The checks can fail: an undo that takes back one move too many against the computer is found."""
    original = BoardGame.undo

    def undo_one_more(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        if self.game.ply() > 0:
            self.game.undo()
        return result

    monkeypatch.setattr(BoardGame, "undo", undo_one_more)
    fuzzer = UIFuzzer(fuzz_seed(), CI_EVENTS)
    with pytest.raises(FuzzFailure, match=f"FUZZ_SEED={fuzz_seed()}"):
        fuzzer.run()


def test_a_game_continued_after_undoing_below_its_start_is_checked_from_where_it_was_left():
    """Continue sits down where the game was left: undone below its start position, that may be the empty
    board (seed 1732050 met one, and the check took the empty move string for "no game resumed")."""
    from tools.support.fakes import FakeEngine
    from tools.support.fuzz_checks import Checker
    from ui.play.scene import PlayScene
    from ui.state.files.current_game import UnfinishedGame
    from ui.state.options import Mode, PlayOptions

    options = PlayOptions(mode=Mode.TWO_PLAYERS, moves="5273")
    scene = PlayScene((960, 780), options, FakeEngine(), resume=UnfinishedGame(options, 1, ""))
    assert scene.play_state.game.history() == ()
    Checker(scene, {})  # raised FuzzFailure "a new board game starts at (), not at (4, 1, 6, 2)" before
