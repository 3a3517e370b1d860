"""The window on the desktop and its frame loop: opening the display, the frame clock, the title, Ctrl+C,
and closing. What happens in a frame (input, engine messages, time, drawing) is the app's
(:class:`ui.app.App`); this module only drives it, so the app's logic runs in tests without a display.

Each frame: the app steps over the events and the time passed (at most :data:`MAX_FRAME_SECONDS`, so a long
frame does not jump animations to their end); then the app's picture (a plain value of what the window
shows) is made, and drawn and flipped only when it differs from the one drawn last, or the window was
uncovered or resized; at most :data:`FPS` frames a second. A window smaller than :data:`MIN_WINDOW` (the
window manager may ignore the minimum) shows the screens drawn at the minimum and scaled down
(:class:`ui.window.viewport.Viewport`).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import pygame

from game.language import _
from ui.window.icon import load_icon
from ui.window.viewport import MIN_WINDOW, Viewport

__all__ = ["MIN_WINDOW", "run_window"]

log = logging.getLogger(__name__)

FPS = 60
#: SDL's drivers that show nothing: SDL falls back to one where there is no display (ssh, ``env -i``), and a
#: window nobody sees would run until killed. Used only when asked for by name (the tests, screenshots).
INVISIBLE_DRIVERS = ("offscreen", "dummy")
#: A longer frame (a window drag, a suspended laptop) counts as this long: animations do not jump to the end.
MAX_FRAME_SECONDS = 0.1
#: Window events after which the picture must be drawn again, the same or not (uncovered, shown, restored).
REDRAW_EVENTS = frozenset(
    {
        pygame.VIDEOEXPOSE,
        pygame.WINDOWEXPOSED,
        pygame.WINDOWSHOWN,
        pygame.WINDOWRESTORED,
        pygame.WINDOWMAXIMIZED,
        pygame.WINDOWFOCUSGAINED,
    }
)


class ScreenLike(Protocol):
    """What the loop asks of the screen on show."""

    @property
    def size(self) -> tuple[int, int]: ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def caption(self) -> str: ...


class WindowApp(Protocol):
    """What the loop drives: the app's frame, its picture (a plain value, compared with the one drawn last)
    and its drawing, and its end."""

    running: bool

    @property
    def screen(self) -> ScreenLike: ...

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None: ...

    def picture(self) -> Any: ...

    def render(self, surface: pygame.Surface, picture: Any) -> None: ...

    def start_sound(self) -> None: ...

    def finish(self, size: tuple[int, int] | None) -> None: ...


def run_window(app: WindowApp) -> int:
    """Opens the window and runs ``app`` until it stops; always lets it finish (its engine closed, the
    window's size given when the loop ended normally). Returns the exit status: 1, with the reason on the
    log, when there is no display to show the window on."""
    _name_the_program()
    last_size: tuple[int, int] | None = None
    try:
        problem = _open_display()
        if problem is not None:
            log.error("%s", problem)
            return 1
        pygame.font.init()
        width, height = app.screen.size
        size = (max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1]))
        window = pygame.Window("Ponder", size, resizable=True, hidden=True)
        # SDL makes the window anew for its first surface: done while hidden, so nothing flickers, and
        # before the icon and the minimum size, which belong to the window it keeps.
        window.get_surface()
        window.minimum_size = MIN_WINDOW
        # The icon is set before the window shows: some window managers only read it then.
        window.set_icon(load_icon())
        window.show()
        viewport = Viewport(window.size)
        app.screen.resize(viewport.picture_size)
        if pygame.mouse.get_focused():
            # A mouse already over the new window shows the hover disc before it first moves.
            motion = {"pos": pygame.mouse.get_pos(), "rel": (0, 0), "buttons": (0, 0, 0)}
            app.step([viewport.event(pygame.event.Event(pygame.MOUSEMOTION, motion))], 0)
        app.start_sound()
        clock = pygame.time.Clock()
        caption = None
        shown: Viewport | None = None
        #: The picture drawn last (None: none yet, or it must be drawn again whatever it is).
        drawn: object = None
        interrupted = _catch_ctrl_c()
        while app.running:
            if interrupted.is_set():
                raise KeyboardInterrupt
            dt = min(clock.tick(FPS) / 1000, MAX_FRAME_SECONDS)
            viewport = Viewport(window.size)
            events = pygame.event.get()
            if any(event.type in REDRAW_EVENTS for event in events):
                drawn = None
            app.step([viewport.event(event) for event in events], dt)
            if not app.running:
                break
            surface = window.get_surface()
            viewport = Viewport(surface.get_size())
            # The window may have been resized without an event this screen saw (e.g. while switching).
            app.screen.resize(viewport.picture_size)
            picture = app.picture()
            if picture != drawn or viewport != shown:
                if viewport.scaled:
                    scaled = pygame.Surface(viewport.picture_size)
                    app.render(scaled, picture)
                    viewport.show(scaled, surface)
                else:
                    app.render(surface, picture)
                window.flip()
                shown, drawn = viewport, picture
            if app.screen.caption() != caption:
                caption = app.screen.caption()
                window.title = caption
        last_size = app.screen.size
    finally:
        app.finish(last_size)
        pygame.quit()
    return 0


def _open_display() -> str | None:
    """Starts pygame's display (only what the window uses: audio is opened by the sounds, quietly); returns
    why no window can be shown, for a person, or None when one can."""
    try:
        pygame.display.init()
    except pygame.error as error:
        return _("cannot open the window: no display ({reason})").format(reason=error)
    driver = pygame.display.get_driver()
    if driver in INVISIBLE_DRIVERS and os.environ.get("SDL_VIDEODRIVER", "").lower() != driver:
        return unseen_display_reason(os.environ)
    return None


def unseen_display_reason(environment: Mapping[str, str]) -> str:
    """Why SDL fell back to a driver that shows nothing, for a person: no display named in ``environment``,
    or the one named (``DISPLAY``, ``WAYLAND_DISPLAY``) could not be opened, which is named as unreachable."""
    named = [
        f"{name}={environment[name]}" for name in ("WAYLAND_DISPLAY", "DISPLAY") if environment.get(name)
    ]
    if named:
        return _(
            "cannot open the window: the display {display} cannot be reached (is its server running, and "
            "may this user use it?). Ponder's tools (ponder analyze, explain, move, review, rate, puzzles) "
            "need none"
        ).format(display=" / ".join(named))
    return _(
        "cannot open the window: no display (DISPLAY and WAYLAND_DISPLAY are not set). Start ponder "
        "on a desktop; its tools (ponder analyze, move, review, rate, puzzles) need none"
    )


def _name_the_program() -> None:
    """Names the program "ponder" to the desktop (X11's WM_CLASS, Wayland's app id, the audio stream's
    name) however it was started, so docks and the desktop entry match its window. SDL reads these when the
    video and audio start; a value set by the user is kept."""
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        os.environ.setdefault(variable, "ponder")
    os.environ.setdefault("SDL_APP_NAME", "Ponder")


def _catch_ctrl_c() -> threading.Event:
    """Makes Ctrl+C (SIGINT) set the returned event, which the window's loop turns into KeyboardInterrupt.

    Python's own handler raises KeyboardInterrupt wherever the main thread is, and inside pygame's C code
    that checks for signals the exception can be dropped (a test saw the program run on after SIGINT); a flag
    cannot be lost. Outside the main thread (tests) the handler stays as it is.
    """
    interrupted = threading.Event()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, lambda number, frame: interrupted.set())
    return interrupted
