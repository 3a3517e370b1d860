"""How the screens' picture fits a window smaller than the program's minimum.

The minimum size is only a hint to the window manager, which may give a smaller window all the same. The
screens are then laid out and drawn at :data:`MIN_WINDOW` (or the window's size where that is larger) on an
off-screen picture, which is scaled down to fit the window and centred in it (the bands left over stay
blank), never cut; mouse positions in the window are mapped back onto that picture. At the minimum size or
larger the mapping is the identity and the screens draw on the window itself.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

#: The smallest window: every screen fits in it with text of at least :data:`ui.theme.MIN_TEXT` pixels.
MIN_WINDOW = (640, 540)
#: The colour of the bands beside a scaled-down picture.
BAND = (0, 0, 0)
_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


@dataclass(frozen=True)
class Viewport:
    """The picture the screens draw (``picture_size``) and where it lies in a window of ``window`` pixels."""

    window: tuple[int, int]

    @property
    def picture_size(self) -> tuple[int, int]:
        """The size the screens are laid out for: the window's, but never under :data:`MIN_WINDOW`."""
        return max(self.window[0], MIN_WINDOW[0]), max(self.window[1], MIN_WINDOW[1])

    @property
    def scaled(self) -> bool:
        """The picture is not the window's size, so it is drawn off-screen and scaled into the window."""
        return self.picture_size != self.window

    @property
    def placed(self) -> Rect:
        """Where the picture lies in the window: scaled down keeping its proportions, centred."""
        width, height = self.picture_size
        scale = min(self.window[0] / width, self.window[1] / height, 1.0)
        rect = Rect(0, 0, max(1, round(width * scale)), max(1, round(height * scale)))
        rect.center = (self.window[0] // 2, self.window[1] // 2)
        return rect

    def to_picture(self, position: tuple[float, float]) -> tuple[int, int]:
        """The point of the picture under ``position`` in the window (outside the picture when the position
        is on a band)."""
        placed, (width, height) = self.placed, self.picture_size
        return (
            int((position[0] - placed.left) * width / placed.width),
            int((position[1] - placed.top) * height / placed.height),
        )

    def event(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with its mouse position (and motion) in the picture's pixels, and a new window size
        replaced by the size of the picture for it; other events as they are."""
        if event.type == pygame.VIDEORESIZE:
            width, height = Viewport((event.w, event.h)).picture_size
            return pygame.event.Event(
                event.type, {**event.dict, "w": width, "h": height, "size": (width, height)}
            )
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            width, height = Viewport((event.x, event.y)).picture_size
            return pygame.event.Event(event.type, {**event.dict, "x": width, "y": height})
        if not self.scaled or event.type not in _MOUSE_EVENTS:
            return event
        values = dict(event.dict)
        values["pos"] = self.to_picture(event.pos)
        if "rel" in values:
            placed, width = self.placed, self.picture_size[0]
            ratio = width / placed.width
            values["rel"] = (round(event.rel[0] * ratio), round(event.rel[1] * ratio))
        return pygame.event.Event(event.type, values)

    def show(self, picture: pygame.Surface, window: pygame.Surface) -> None:
        """Puts ``picture`` (of :attr:`picture_size`) into the ``window``'s surface, scaled and centred."""
        placed = self.placed
        window.fill(BAND)
        window.blit(pygame.transform.smoothscale(picture, placed.size), placed)
