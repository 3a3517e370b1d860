"""Time-based motion: the falling disc with its little bounce, the pop-in of a mark, fading cues.

Everything here is a pure function of elapsed seconds (never of frame counts), so the animation looks the same
at any frame rate and tests can jump to any moment. Distances are in board cells; the view turns them into
pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Cells per second squared: a disc falls the 7 x 6 board (7 cells with the row above) in half a second.
GRAVITY = 56.0
#: The share of the landing speed the disc bounces back with.
RESTITUTION = 0.18
#: Seconds a Tic-tac-toe mark takes to appear.
POP_SECONDS = 0.18
#: The animation speed setting: how many seconds of animation pass per second; "off" shows stones at once.
ANIMATION_SPEEDS = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.0}


def next_speed(name: str) -> str:
    """The animation speed after ``name`` in :data:`ANIMATION_SPEEDS`, wrapping around."""
    names = list(ANIMATION_SPEEDS)
    return names[(names.index(name) + 1) % len(names)]


def drop_height(elapsed: float, distance: float, gravity: float = GRAVITY) -> float:
    """Cells above its resting place of a disc dropped from ``distance`` cells up, ``elapsed`` seconds ago.

    Free fall, then one small bounce of RESTITUTION times the landing speed, then rest (0.0).
    """
    if distance <= 0:
        return 0.0
    fall = math.sqrt(2 * distance / gravity)
    if elapsed < fall:
        return distance - 0.5 * gravity * elapsed * elapsed
    rebound_speed = gravity * fall * RESTITUTION
    in_bounce = elapsed - fall
    if in_bounce < 2 * rebound_speed / gravity:
        return rebound_speed * in_bounce - 0.5 * gravity * in_bounce * in_bounce
    return 0.0


def drop_duration(distance: float, gravity: float = GRAVITY) -> float:
    """Seconds from release until the disc rests for good."""
    if distance <= 0:
        return 0.0
    fall = math.sqrt(2 * distance / gravity)
    return fall * (1 + 2 * RESTITUTION)


def pop_scale(elapsed: float, duration: float = POP_SECONDS) -> float:
    """Size factor of a mark ``elapsed`` seconds after it appeared: grows a little past 1, settles at 1."""
    if elapsed >= duration:
        return 1.0
    progress = max(0.0, elapsed / duration) - 1
    # The "ease out back" curve: overshoots by about 10 % before settling.
    overshoot = 1.70158
    return 1 + (overshoot + 1) * progress**3 + overshoot * progress**2


@dataclass
class Fade:
    """A cue that lasts ``duration`` seconds; ``strength`` falls from 1 to 0 over its life."""

    duration: float
    elapsed: float = 0.0

    def advance(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def alive(self) -> bool:
        return self.elapsed < self.duration

    @property
    def strength(self) -> float:
        return max(0.0, 1.0 - self.elapsed / self.duration)

    def shake(self, amplitude: float, frequency: float = 14.0) -> float:
        """A sideways offset that wobbles ``frequency`` times a second and dies away with the cue."""
        return amplitude * self.strength * math.sin(2 * math.pi * frequency * self.elapsed)


@dataclass
class MoveAnimation:
    """A stone arriving at (``row``, ``column``) for ``player``: dropped ``distance`` cells, or popped in."""

    row: int
    column: int
    player: int
    distance: float
    elapsed: float = 0.0

    def advance(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def duration(self) -> float:
        return drop_duration(self.distance) if self.distance > 0 else POP_SECONDS

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def height(self) -> float:
        return drop_height(self.elapsed, self.distance)

    def scale(self) -> float:
        return pop_scale(self.elapsed)

    def now(self) -> MoveAnimation:
        """This animation as it stands, a copy that time does not move (for a picture of this moment)."""
        return MoveAnimation(self.row, self.column, self.player, self.distance, self.elapsed)
