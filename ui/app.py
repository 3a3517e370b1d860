"""The window's entry point and its one main loop.

Each frame: events -> scene.handle; engine.poll() -> scene.receive; scene.update(dt); the scene is drawn and
the display flipped only when something changed or moves; at most 60 frames a second. Scenes ask for a switch
(play, menu, quit) through their ``request``; the loop carries it out. :meth:`App.step` is one frame without
the display work, so tests drive the real loop with synthetic events and chosen time steps.

The engine is made by a factory passed in (tests pass a fake); the real ``ai.engine.Engine`` is imported only
when the real window starts.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable

import pygame

from ui.options import PlayOptions, build_play_parser, parse_play_options
from ui.play_scene import PlayScene
from ui.scene import GoToMenu, GoToPlay, Quit, Scene
from ui.session import EngineLike
from ui.start_scene import StartScene
from ui.theme import CLASSIC, Fonts, Theme

__all__ = ["App", "build_play_parser", "main"]

DEFAULT_SIZE = (960, 780)
FPS = 60
#: A longer frame (a window drag, a suspended laptop) counts as this long: animations do not jump to the end.
MAX_FRAME_SECONDS = 0.1

EngineFactory = Callable[[], EngineLike]


def real_engine() -> EngineLike:
    """The search engine of ``ai/``; imported here, at run time, so the window's tests never need it."""
    from ai.engine import Engine

    return Engine()


class App:
    """The running window: one engine for the whole run, and the scene on screen."""

    def __init__(
        self,
        engine_factory: EngineFactory,
        options: PlayOptions,
        start_playing: bool,
        size: tuple[int, int] = DEFAULT_SIZE,
        theme: Theme = CLASSIC,
    ) -> None:
        self.theme = theme
        self.fonts = Fonts()
        self.engine = engine_factory()
        self.running = True
        self.scene: Scene = (
            PlayScene(size, options, self.engine, theme, self.fonts)
            if start_playing
            else StartScene(size, options, theme, self.fonts)
        )

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame of input, engine messages and time (no drawing)."""
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                return
            self.scene.handle(event)
            self._follow_request()
        for message in self.engine.poll():
            self.scene.receive(message)
        self.scene.update(dt)
        self._follow_request()

    def _follow_request(self) -> None:
        request = self.scene.request
        if request is None:
            return
        size = self.scene.size
        if isinstance(request, Quit):
            self.running = False
        elif isinstance(request, GoToPlay):
            self.scene = PlayScene(size, request.options, self.engine, self.theme, self.fonts)
        elif isinstance(request, GoToMenu):
            self.scene = StartScene(size, request.options, self.theme, self.fonts)
        self.scene.request = None

    def run(self) -> int:
        """Opens the window and runs until it is closed; always closes the engine. Returns the exit status."""
        # Only what the window uses: initialising audio here would only print complaints on machines without a
        # sound device.
        pygame.display.init()
        pygame.font.init()
        try:
            pygame.display.set_mode(self.scene.size, pygame.RESIZABLE)
            clock = pygame.time.Clock()
            caption = None
            while self.running:
                dt = min(clock.tick(FPS) / 1000, MAX_FRAME_SECONDS)
                self.step(pygame.event.get(), dt)
                surface = pygame.display.get_surface()
                # The display may have been resized without an event this scene saw (e.g. while switching).
                self.scene.resize(surface.get_size())
                if self.scene.needs_redraw():
                    self.scene.draw(surface)
                    pygame.display.flip()
                if self.scene.caption() != caption:
                    caption = self.scene.caption()
                    pygame.display.set_caption(caption)
        finally:
            self.engine.close()
            pygame.quit()
        return 0


def main(argv: list[str] | None = None, engine_factory: EngineFactory | None = None) -> int:
    """``python main.py [play options]``: opens the window; returns the exit status.

    With no options the start screen opens; with any, the game starts at once. Bad options print the usage and
    a message and return 2.
    """
    argv = sys.argv[1:] if argv is None else argv
    try:
        options = parse_play_options(argv)
    except SystemExit as exit_request:
        # argparse exits for --help (0) and for bad values (2); the caller decides what to do with the status.
        code = exit_request.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    app = App(engine_factory or real_engine, options, start_playing=bool(argv))
    return app.run()
