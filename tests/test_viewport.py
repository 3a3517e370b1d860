"""A window smaller than the minimum shows the screens drawn at the minimum, scaled down, never cut; mouse
positions are mapped back onto that picture."""

from __future__ import annotations

import pygame

from ui.window.viewport import MIN_WINDOW, Viewport


def test_at_the_minimum_or_larger_the_picture_is_the_window():
    for size in (MIN_WINDOW, (1600, 1000)):
        viewport = Viewport(size)
        assert viewport.picture_size == size and not viewport.scaled
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 200), button=1)
        assert viewport.event(event).pos == (100, 200)


def test_a_smaller_window_shows_the_whole_picture_scaled_down_and_centred():
    viewport = Viewport((320, 400))
    assert viewport.picture_size == MIN_WINDOW and viewport.scaled
    placed = viewport.placed
    assert pygame.Rect(0, 0, 320, 400).contains(placed)
    assert placed.width == 320 and abs(placed.height - 270) <= 1 and placed.centery == 200
    # Only one side is below the minimum: the picture takes the window's larger size on the other.
    assert Viewport((500, 900)).picture_size == (640, 900)


def test_mouse_positions_map_back_onto_the_picture():
    viewport = Viewport((320, 400))
    placed = viewport.placed
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=placed.center, button=1)
    x, y = viewport.event(click).pos
    assert abs(x - 320) <= 2 and abs(y - 270) <= 2
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=placed.topleft, rel=(5, 5), buttons=(0, 0, 0))
    moved = viewport.event(motion)
    assert moved.pos == (0, 0) and moved.rel == (10, 10)
    assert viewport.event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)).key == pygame.K_a


def test_a_resize_below_the_minimum_lays_the_screens_out_at_the_minimum():
    viewport = Viewport((300, 200))
    resized = viewport.event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=300, y=200))
    assert (resized.x, resized.y) == MIN_WINDOW
    old = viewport.event(pygame.event.Event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200)))
    assert (old.w, old.h) == MIN_WINDOW


def test_the_picture_fills_its_place_in_the_window():
    viewport = Viewport((320, 400))
    picture = pygame.Surface(viewport.picture_size)
    picture.fill((200, 10, 10))
    window = pygame.Surface((320, 400))
    viewport.show(picture, window)
    assert window.get_at(viewport.placed.center)[:3] == (200, 10, 10)
    assert window.get_at((5, 5))[:3] != (200, 10, 10)
