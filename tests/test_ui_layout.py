"""Geometry, hit-testing, winning lines and the animation curves: pure functions, no window."""

from __future__ import annotations

import pytest

from ui.kit.layout import play_layout
from ui.play.board_view import winning_lines
from ui.state.animation import Fade, drop_duration, drop_height, pop_scale


@pytest.mark.parametrize("size", [(960, 780), (400, 900), (1600, 500), (250, 210)])
@pytest.mark.parametrize(
    ("columns", "rows", "gravity"), [(7, 6, True), (9, 7, True), (3, 3, False), (4, 4, False)]
)
def test_the_board_fits_is_centred_and_every_cell_maps_back(size, columns, rows, gravity):
    layout = play_layout(size, columns, rows, gravity)
    assert layout.frame.left >= 0 and layout.frame.right <= size[0]
    assert layout.frame.top > layout.toolbar.bottom - 1 and layout.frame.bottom <= layout.status.top
    if gravity:
        assert layout.frame.top - layout.cell >= layout.toolbar.bottom - 1  # room for the ghost disc
    assert abs(layout.grid.centerx - size[0] // 2) <= 1
    for row in range(rows):
        for column in range(columns):
            rect = layout.cell_rect(row, column)
            for point in (rect.topleft, rect.center, (rect.right - 1, rect.bottom - 1)):
                assert layout.cell_at(point) == (row, column)
                assert layout.column_at(point) == column
    assert layout.cell_at((layout.grid.left - 1, layout.grid.top)) is None
    assert layout.column_at((layout.grid.right, layout.grid.centery)) is None


def test_the_ghost_row_belongs_to_its_column_only_with_gravity():
    with_gravity = play_layout((960, 780), 7, 6, True)
    point = with_gravity.ghost_centre(2)
    assert with_gravity.column_at(point) == 2
    without = play_layout((960, 780), 3, 3, False)
    assert without.column_at((without.grid.centerx, without.grid.top - 5)) is None


def test_the_banner_avoids_the_winning_cells_when_it_can():
    layout = play_layout((960, 780), 7, 6, True)
    top_row = [(0, column) for column in range(4)]
    bottom_row = [(5, column) for column in range(4)]
    for winning in (top_row, bottom_row):
        banner = layout.banner_rect(130, winning)
        assert not any(banner.collidepoint(layout.cell_centre(*cell)) for cell in winning)
    # Nothing to avoid: the middle.
    assert abs(layout.banner_rect(130).centery - layout.grid.centery) <= layout.cell // 2


def test_winning_lines_finds_each_line_once():
    horizontal = frozenset((5, column) for column in range(2, 7))  # five in a row is one line
    assert winning_lines(horizontal, 4) == [((5, 2), (5, 6))]
    cross = frozenset([(3, c) for c in range(4)] + [(r, 0) for r in range(4)])
    assert sorted(winning_lines(cross, 4)) == [((0, 0), (3, 0)), ((3, 0), (3, 3))]
    diagonal = frozenset((i, 2 - i) for i in range(3))
    assert winning_lines(diagonal, 3) == [((0, 2), (2, 0))]


def test_the_drop_falls_bounces_once_and_rests():
    distance = 6.2
    end = drop_duration(distance)
    heights = [drop_height(t / 1000, distance) for t in range(0, int(end * 1000) + 50)]
    assert heights[0] == pytest.approx(distance)
    assert all(height >= 0 for height in heights)
    assert heights[-1] == 0.0
    # It reaches the bottom, rises a little (the bounce), and comes back down.
    first_landing = next(i for i, height in enumerate(heights) if height < 0.01)
    bounce = max(heights[first_landing:])
    assert 0.05 < bounce < 0.5
    assert 0.2 < end < 1.0


def test_pop_in_overshoots_and_settles_and_fades_die_away():
    assert pop_scale(0.0) == pytest.approx(0.0, abs=1e-9)
    assert max(pop_scale(t / 100) for t in range(0, 20)) > 1.0
    assert pop_scale(1.0) == 1.0
    fade = Fade(0.5)
    fade.advance(0.25)
    assert fade.alive and fade.strength == pytest.approx(0.5)
    fade.advance(0.3)
    assert not fade.alive and fade.shake(10) == 0.0
