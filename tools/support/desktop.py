"""A real X11 desktop for tests and benchmarks: Xvfb, real key events (xdotool), the real clipboard (xclip),
a window manager's close request, screenshots (ImageMagick's ``import``).

Nothing here is a stand-in: the program under test gets the same X events and selection requests as on a
player's desktop. :func:`missing_tools` says what is not installed, so callers can skip with the reason.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from tools.support.x11 import send_close_request

TOOLS = ("Xvfb", "xdotool", "xclip", "xprop")
#: Debian's packages that bring :data:`TOOLS` (and ``import`` for screenshots).
PACKAGES = ("xvfb", "xdotool", "xclip", "x11-utils", "imagemagick")


def missing_tools() -> list[str]:
    """The desktop tools that are not on the PATH."""
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def require_desktop_tools() -> None:
    """Skips the calling test (with what is missing) where the desktop tools are not installed; fails it
    instead where ``PONDER_REQUIRE_DESKTOP`` is set (CI), so that a skip there hides nothing."""
    import pytest

    missing = missing_tools()
    if missing:
        reason = f"no desktop tools ({', '.join(missing)}): apt-get install {' '.join(PACKAGES)}"
        if os.environ.get("PONDER_REQUIRE_DESKTOP", "") not in ("", "0"):
            pytest.fail(f"PONDER_REQUIRE_DESKTOP is set but there are {reason}")
        pytest.skip(reason)


@contextmanager
def virtual_display(size: tuple[int, int] = (1280, 800)) -> Iterator[str]:
    """Runs an Xvfb server on a free display number; yields its name (":N"), and stops it afterwards."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as announced:
            number = announced.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


class Desktop:
    """The tools of one X display, for driving a program's window as a person would."""

    def __init__(self, display: str) -> None:
        self.display = display
        self.env = {**os.environ, "DISPLAY": display}
        for variable in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "WAYLAND_DISPLAY"):
            self.env.pop(variable, None)

    def _run(self, *command: str, timeout: float = 10) -> str:
        return subprocess.run(
            command, env=self.env, capture_output=True, text=True, timeout=timeout, check=True
        ).stdout

    def _try(self, *command: str) -> str:
        """The output of ``command``, or "" if it failed."""
        done = subprocess.run(command, env=self.env, capture_output=True, text=True, timeout=10)
        return done.stdout if done.returncode == 0 else ""

    def window_of(self, pid: int, timeout: float = 90) -> int:
        """The id of the first visible window of process ``pid``, waiting up to ``timeout`` seconds for it.

        The wait ends as soon as the window shows; its ceiling is generous: a fresh interpreter's imports
        on a 2-core machine busy with other tests can take a large part of a minute."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self._try("xdotool", "search", "--onlyvisible", "--pid", str(pid)).split()
            if found:
                return int(found[-1])
            time.sleep(0.1)
        raise TimeoutError(f"no window of process {pid} appeared in {timeout} s")

    def window_class(self, window: int) -> str:
        """The window's WM_CLASS property as xprop prints it (``WM_CLASS(STRING) = "a", "b"``)."""
        return self._run("xprop", "-id", str(window), "WM_CLASS").strip()

    def focus(self, window: int) -> None:
        """Gives ``window`` the keyboard focus (there is no window manager to do it on a click)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            # Both fail until the window is mapped (and the focus is on some window): tried again.
            self._try("xdotool", "windowfocus", str(window))
            if self._try("xdotool", "getwindowfocus").strip() == str(window):
                return
            time.sleep(0.1)
        raise TimeoutError(f"window {window} did not take the keyboard focus")

    def keys(self, *names: str, pause: float = 0.25) -> None:
        """Presses and releases each key (xdotool names: ``ctrl+c``, ``Escape``, ``5``) through XTEST, as a
        keyboard does, with a pause of ``pause`` seconds after each so that the program's frame sees it."""
        for name in names:
            self._run("xdotool", "key", "--clearmodifiers", name)
            time.sleep(pause)

    def click(self, window: int, x: int, y: int) -> None:
        """A left click at (``x``, ``y``) of ``window``."""
        self._run("xdotool", "mousemove", "--window", str(window), str(x), str(y), "click", "1")
        time.sleep(0.25)

    def clipboard(self, timeout: float = 5) -> str:
        """The text on the CLIPBOARD selection, as another program reads it."""
        return self._run("xclip", "-o", "-selection", "clipboard", timeout=timeout)

    def clipboard_once(self, expected: str, timeout: float = 30) -> str:
        """The text on the CLIPBOARD as soon as it is ``expected``, or whatever it holds (``""`` for nothing)
        after ``timeout`` seconds: a program answers a copy key in a later frame, on a loaded machine late."""
        deadline = time.monotonic() + timeout
        while True:
            held = self._try("xclip", "-o", "-selection", "clipboard")
            if held == expected or time.monotonic() > deadline:
                return held
            time.sleep(0.05)

    @contextmanager
    def clipboard_holding(self, text: str) -> Iterator[None]:
        """Puts ``text`` on the CLIPBOARD as another program would (xclip owns the selection meanwhile)."""
        owner = subprocess.Popen(
            ["xclip", "-i", "-selection", "clipboard", "-quiet"],
            env=self.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert owner.stdin is not None
        owner.stdin.write(text)
        owner.stdin.close()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and self.clipboard() != text:
            time.sleep(0.05)
        try:
            yield
        finally:
            owner.send_signal(signal.SIGTERM)
            owner.wait(timeout=5)

    def close_request(self, window: int) -> None:
        """The window manager's close request (the title bar's close button)."""
        send_close_request(window, self.display)

    def screenshot(self, path: Path) -> Path:
        """The whole screen as a PNG (needs ImageMagick's ``import``)."""
        self._run("import", "-window", "root", str(path), timeout=30)
        return path

    def start(self, command: Sequence[str], env: dict[str, str], cwd: Path) -> subprocess.Popen:
        """Starts ``command`` on this display with ``env`` added; its output is captured."""
        return subprocess.Popen(
            list(command),
            env={**self.env, **env},
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
