"""The window against the real engine thread (shallow levels): the façade the UI codes against really fits.

Skipped until ``ai.engine`` exists. Time for the engine's thread is real here, so every loop has a wall-clock
limit; the window's own time (animations, the presentation delay) is still driven by the dt given to update().
"""

from __future__ import annotations

import time

import pygame
import pytest

from ai.play.levels import Level
from ui.play.scene import PlayScene
from ui.state.options import Mode, PlayOptions

engine_module = pytest.importorskip("ai.engine")

WALL_CLOCK_LIMIT = 30.0


@pytest.fixture
def engine():
    pygame.init()
    engine = engine_module.Engine(table_entries=1 << 14, seed=1)
    yield engine
    engine.close()


def play_until_over(scene: PlayScene, engine, human_moves: bool) -> None:
    deadline = time.monotonic() + WALL_CLOCK_LIMIT
    while not scene.play_state.game.is_over():
        assert time.monotonic() < deadline, f"no end after {WALL_CLOCK_LIMIT} s: {scene.play_state.game!r}"
        if human_moves and scene.play_state.board_game.is_human_turn():
            assert scene.play_state.try_play(scene.play_state.game.moves()[-1]) is None
        for message in engine.poll():
            scene.receive(message)
        # Generous steps of window time: animations and the presentation delay pass at once.
        scene.update(0.5)
        time.sleep(0.002)


def test_watch_mode_plays_a_whole_game_with_the_real_engine(engine):
    options = PlayOptions(
        game="tictactoe", width=3, height=3, mode=Mode.WATCH, watch_levels=(Level(2), Level(1))
    )
    scene = PlayScene((800, 700), options, engine)
    play_until_over(scene, engine, human_moves=False)
    assert scene.play_state.game.ply() >= 5


def test_a_human_against_the_real_engine_with_pondering_and_undo(engine):
    scene = PlayScene((800, 700), PlayOptions(level=Level(2)), engine)
    scene.play_state.try_play(3)
    deadline = time.monotonic() + WALL_CLOCK_LIMIT
    while scene.play_state.game.ply() < 2:
        assert time.monotonic() < deadline
        for message in engine.poll():
            scene.receive(message)
        scene.update(0.5)
        time.sleep(0.002)
    # Undo takes back the pair; the engine is pondering the position again and no late answer sneaks in.
    assert scene.play_state.board_game.undo() == 2
    for _ in range(20):
        for message in engine.poll():
            scene.receive(message)
        scene.update(0.5)
        time.sleep(0.01)
    assert scene.play_state.game.ply() == 0 and scene.play_state.board_game.is_human_turn()
    play_until_over(scene, engine, human_moves=True)


def test_the_thinking_line_moves_while_the_real_engine_works_on_one_depth(engine):
    # The max level on the open 8 x 7 board (no opening book there): the solver and the deep iterations take
    # seconds, depths are rare. The search may take its whole time: the line is watched until it has moved
    # often enough within one depth (a condition, not a clock: a busy machine only makes the wait longer).
    options = PlayOptions(width=8, height=7, level=Level(None), max_seconds=20, ponder=False)
    scene = PlayScene((800, 700), options, engine)
    scene.play_state.try_play(3)
    shown = []
    counts_by_depth: dict = {}
    times_by_depth: dict = {}

    def moved_often_enough() -> bool:
        return any(
            len(counts_by_depth[depth]) >= 4 and len(times_by_depth[depth]) >= 4 for depth in counts_by_depth
        )

    deadline = time.monotonic() + WALL_CLOCK_LIMIT
    while not moved_often_enough() and scene.play_state.game.ply() < 2 and time.monotonic() < deadline:
        for message in engine.poll():
            scene.receive(message)
        scene.update(0.02)
        thinking = scene.play_state.board_game.thinking
        if thinking is not None and not thinking.pondering:
            depth = None if thinking.result is None else thinking.result.depth
            seconds = round(thinking.seconds, 1)
            shown.append(thinking.nodes)
            # Within one depth (or before the first), the count changes several times, and so does the time.
            counts_by_depth.setdefault(depth, set()).add(thinking.nodes)
            times_by_depth.setdefault(depth, set()).add(seconds)
        time.sleep(0.02)
    assert shown == sorted(shown)  # the count never goes back
    assert moved_often_enough(), (counts_by_depth, times_by_depth)


def test_the_review_of_a_finished_game_fills_in_from_the_real_engine(engine):
    options = PlayOptions(
        game="tictactoe", width=3, height=3, mode=Mode.WATCH, watch_levels=(Level(2), Level(1))
    )
    scene = PlayScene((800, 700), options, engine)
    play_until_over(scene, engine, human_moves=False)
    history = scene.play_state.game.moves_text()
    scene.play_state.toggle_review()
    deadline = time.monotonic() + WALL_CLOCK_LIMIT
    while not scene.play_state.review.complete():
        assert time.monotonic() < deadline, f"review incomplete: {sorted(scene.play_state.review.marks)}"
        for message in engine.poll():
            scene.receive(message)
        scene.update(0.1)
        time.sleep(0.002)
    assert all(mark.exact and mark.verdict is not None for mark in scene.play_state.review.marks.values())
    scene.play_state.toggle_review()
    assert scene.play_state.review is None and scene.play_state.game.moves_text() == history
