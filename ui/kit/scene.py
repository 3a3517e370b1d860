"""What every scene is to the main loop, and how a scene asks to hand over to another.

A scene gets events, engine messages and time as arguments (so tests can feed them), says what it shows as
a plain value (its :meth:`~Scene.picture`: frozen values, texts already in the language in use) and draws
that picture onto the surface it is given. The window's loop compares each frame's picture with the one it
drew last and draws only when they differ (or the window was uncovered or resized), which keeps the UI thread
idle for the engine while nothing moves; no scene keeps a flag to say it changed.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from ai.messages import EngineMessage
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.settings import DEFAULT_SETTINGS, Settings
from ui.state.options import PlayOptions
from ui.theme import Theme


@dataclass(frozen=True)
class GoToPlay:
    """Start playing with ``options``, or sit down again at the unfinished game ``resume``."""

    options: PlayOptions
    resume: UnfinishedGame | None = None


@dataclass(frozen=True)
class GoToMenu:
    """Back to the start screen, with ``options`` pre-selected (None: the player's settings)."""

    options: PlayOptions | None = None


@dataclass(frozen=True)
class RememberName:
    """Remember ``name`` as the ``player``'s (0: the first name of :attr:`PlayOptions.names`, 1: the second),
    typed while playing, in the settings: that name alone, nothing else of the game on the board (whose
    options may be a puzzle's or a continued game's, never the player's settings)."""

    player: int
    name: str


@dataclass(frozen=True)
class OpenSettings:
    """Open the settings panel (the window owns it)."""


@dataclass(frozen=True)
class GoToPuzzle:
    """Play a puzzle: the next one for the player's rating."""


@dataclass(frozen=True)
class GoToLearn:
    """Open the Learn trainer: a run down the tree of the first player's win."""


@dataclass(frozen=True)
class GoToStats:
    """Show the player's rating and statistics; ``options`` are the start screen's, to go back to."""

    options: PlayOptions


#: What a scene asks the window's loop to do (switch scenes, remember a name, open the settings); not an
#: engine request (:class:`ai.request.Request`, the handle of a search).
SceneRequest = GoToPlay | GoToMenu | RememberName | OpenSettings | GoToPuzzle | GoToLearn | GoToStats


class Scene:
    """Base of the scenes. Subclasses extend handle/update and give their :meth:`picture` and its
    :meth:`draw`."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        #: Set by the scene when it wants the loop to switch scenes or quit.
        self.request: SceneRequest | None = None
        #: The scene is taking typed text (a name): the window's one-key shortcuts leave the keys to it.
        self.wants_text = False

    def handle(self, event: pygame.event.Event) -> None:
        """One input or window event. The base keeps the size current; keep calling it from subclasses."""
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def set_theme(self, theme: Theme) -> None:
        """Draws in ``theme`` from now on (every scene keeps its theme in ``self.theme``)."""
        self.theme = theme

    def receive(self, message: EngineMessage) -> None:
        """One message from the engine; scenes that do not play ignore them."""

    def update(self, dt: float) -> None:
        """Lets ``dt`` seconds pass."""

    def caption(self) -> str:
        """The window title while this scene shows."""
        return "Ponder"

    def toast_area(self) -> Rect:
        """Where the window's toast may cover the scene: a band along the bottom, where scenes keep only key
        hints and statistics. Scenes whose bottom holds more override this."""
        width, height = self.size
        band = int(min(48, max(28, height * 0.06)))
        return Rect(0, height - band - 4, width, band)

    def tall_toast_area(self) -> Rect | None:
        """Where a note of several lines goes (see :meth:`ui.kit.toast.Toast.card`), or None: over the screen
        above :meth:`toast_area`, growing upward from it. Scenes with a better place (a title that hides
        nothing to read) override this."""
        return None

    def picture(self, settings: Settings = DEFAULT_SETTINGS) -> object:
        """What the scene shows now with the player's ``settings``, as a plain value that equals an earlier
        one exactly when the scene would look the same (its size, theme and texts included)."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, picture: object = None) -> None:
        """Draws the whole scene onto ``surface`` (of the scene's size): ``picture``, this scene's
        :meth:`picture` made this frame (None: made now)."""
        raise NotImplementedError
