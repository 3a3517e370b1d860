"""The game as a player gets it: built into an sdist and a wheel, installed into a fresh virtual environment
outside the checkout, started as ``ponder`` from another folder.

The first part needs nothing but Python and the package index (as ``make test`` does): every module of the
installed game imports, ``ponder --help`` lists the tools, the tools answer, and the installed window opens
headless and closes. The second part drives the installed window on a real X server (Xvfb) with real key
events (xdotool), the real clipboard (xclip) and a window manager's close request. Where those tools are
missing it is skipped with the reason; with ``PONDER_REQUIRE_DESKTOP`` set (CI), a missing tool is a failure.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tools.support.desktop import Desktop, require_desktop_tools, virtual_display
from tools.support.run_once import made_once_per_run
from tools.support.waiting import run_headless_until_sigterm, wait_until

#: The packages of the game: everything under them must be installed.
PACKAGES_OF_THE_GAME = ("game", "ai", "ui", "assets")
BIN = "Scripts" if sys.platform == "win32" else "bin"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """The sdist and the wheel, built as a release would: the wheel from the sdist. Built once per run, even
    where a parallel run spreads this module over several workers (two builds at once in the checkout would
    both write its ``ponder.egg-info``)."""

    def build(out: Path) -> None:
        subprocess.run(
            [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
            check=True,
            capture_output=True,
            timeout=600,
        )

    out = made_once_per_run(tmp_path_factory, "dist", build)
    (sdist,) = out.glob("ponder-*.tar.gz")
    (wheel,) = out.glob("ponder-*.whl")
    return sdist, wheel


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory) -> Path:
    """A fresh virtual environment (outside the checkout) with the wheel installed, once per run; its bin
    folder. The tests only run its programs, which change nothing in it."""

    def install(player: Path) -> None:
        venv = player / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
        subprocess.run(
            [
                str(venv / BIN / "python"),
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                built[1],
            ],
            check=True,
            capture_output=True,
            timeout=600,
        )

    return made_once_per_run(tmp_path_factory, "player", install) / "venv" / BIN


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    """A folder with no checkout in it or above it, to start the program from."""
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def player_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a player's run: the checkout off the path, the user's files in ``tmp_path``."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "SDL_"))}
    env["PONDER_CONFIG_DIR"] = str(tmp_path / "config")
    env["PONDER_DATA_DIR"] = str(tmp_path / "data")
    env["XDG_DATA_HOME"] = str(tmp_path / "share")
    return env


def run_installed(
    program: Path, args: list[str], cwd: Path, tmp_path: Path, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """Runs an installed program (``ponder`` or the venv's ``python``) as a player would, from ``cwd``."""
    return subprocess.run(
        [str(program), *args],
        input=stdin,
        cwd=cwd,
        env=player_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_sdist_carries_the_sources_and_the_data(built):
    with tarfile.open(built[0]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for needed in (
        "ai/exact/c4core/search.c",
        "ai/exact/c4core/settings.h",
        "assets/c4-book-7x6.bin",
        "assets/c4-puzzles-7x6.txt",
        "assets/c4-learn-7x6.txt",
        "assets/c4-roads-7x6.txt",
        "assets/drop.wav",
        "assets/icon.png",
        "assets/assets.sha256",
        "main.py",
    ):
        assert needed in names
    assert "ui/state/files/current_game.py" in names


def test_the_wheel_holds_every_module_and_data_file_of_the_checkout(built):
    with zipfile.ZipFile(built[1]) as wheel:
        names = set(wheel.namelist())
    for package in PACKAGES_OF_THE_GAME:
        for path in (ROOT / package).rglob("*.py"):
            assert path.relative_to(ROOT).as_posix() in names
    for data in (
        "c4-book-7x6.bin",
        "c4-puzzles-7x6.txt",
        "c4-learn-7x6.txt",
        "c4-roads-7x6.txt",
        "c4-ladder-7x6.txt",
        "assets.sha256",
        "icon.png",
        "drop.wav",
        "win.wav",
        "lose.wav",
        "draw.wav",
        "refused.wav",
        "io.github.ponder.Ponder.metainfo.xml",
    ):
        assert f"assets/{data}" in names


def test_every_installed_module_imports_from_another_folder(installed, elsewhere, tmp_path):
    script = (
        "import importlib, pkgutil, sys\n"
        f"for name in {PACKAGES_OF_THE_GAME!r}:\n"
        "    package = importlib.import_module(name)\n"
        "    assert 'site-packages' in package.__file__, package.__file__\n"
        "    for module in pkgutil.walk_packages(package.__path__, name + '.'):\n"
        "        importlib.import_module(module.name)\n"
        "import main\n"
        "from ai.exact.compiled_core import native_built\n"
        "print('compiled' if native_built() else 'python')\n"
    )
    done = run_installed(installed / "python", ["-c", script], elsewhere, tmp_path)
    assert done.returncode == 0, done.stderr
    if os.environ.get("PONDER_REQUIRE_NATIVE", "") not in ("", "0"):
        assert done.stdout.split()[-1] == "compiled"


def test_ponder_help_lists_the_tools(installed, elsewhere, tmp_path):
    done = run_installed(installed / "ponder", ["--help"], elsewhere, tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    for word in (
        "ponder analyze",
        "ponder move",
        "ponder review",
        "ponder puzzles",
        "--continue",
        "--install-desktop-entry",
    ):
        assert word in done.stdout
    assert "pygame" not in done.stdout  # no greeting of the library in the program's output


def test_the_installed_ponder_tells_its_version_as_installed(installed, elsewhere, tmp_path):
    done = run_installed(installed / "ponder", ["--version"], elsewhere, tmp_path)
    script = "from importlib.metadata import version\nprint(version('ponder'))\n"
    metadata = run_installed(installed / "python", ["-c", script], elsewhere, tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"ponder {metadata.stdout.strip()}\n" and metadata.stdout.strip()[0].isdigit()


def test_the_installed_tools_answer_in_either_spelling(installed, elsewhere, tmp_path):
    from ai.exact.analysis import ExactAnalyzer
    from game.connect4 import ConnectFour

    position = ConnectFour()
    position.play_text("4453")
    expected = ExactAnalyzer().score(position)
    for tool in ("analyze", "analyse"):
        done = run_installed(installed / "ponder", [tool], elsewhere, tmp_path, stdin="4453\n")
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["4453", str(expected)]


def test_the_installed_puzzles_come_from_the_installed_file(installed, elsewhere, tmp_path):
    done = run_installed(
        installed / "ponder", ["puzzles", "--count", "5", "--seed", "1"], elsewhere, tmp_path
    )
    assert done.returncode == 0, done.stderr
    expected = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "puzzles", "--count", "5", "--seed", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == expected.stdout and len(done.stdout.splitlines()) == 5


def test_the_desktop_entry_starts_the_installed_command(installed, elsewhere, tmp_path):
    done = run_installed(installed / "ponder", ["--install-desktop-entry"], elsewhere, tmp_path)
    assert done.returncode == 0, done.stderr
    entry = tmp_path / "share" / "applications" / "ponder.desktop"
    text = entry.read_text()
    assert f"Exec={installed / 'ponder'}\n" in text and "StartupWMClass=ponder\n" in text
    icon = Path(text.split("Icon=")[1].splitlines()[0])
    assert icon.read_bytes().startswith(b"\x89PNG")
    metainfo = tmp_path / "share" / "metainfo" / "io.github.ponder.Ponder.metainfo.xml"
    assert b'<launchable type="desktop-id">ponder.desktop</launchable>' in metainfo.read_bytes()
    removed = run_installed(installed / "ponder", ["--remove-desktop-entry"], elsewhere, tmp_path)
    assert removed.returncode == 0, removed.stderr
    assert not entry.exists() and not icon.exists() and not metainfo.exists()


def test_the_installed_window_opens_headless_and_closes_quietly(installed, elsewhere, tmp_path):
    env = player_env(tmp_path) | {"SDL_VIDEODRIVER": "dummy"}
    # No greeting, and no complaints of the audio libraries where there is no audio device.
    assert run_headless_until_sigterm(installed / "ponder", elsewhere, env) == (0, "", "")


# --- on a real X desktop ------------------------------------------------------------------------------------


@pytest.fixture
def windows():
    """Opens installed windows for a test, and ends whichever are still open after it."""
    opened: list[Window] = []

    def open_window(*args, **kwargs) -> Window:
        opened.append(Window(*args, **kwargs))
        return opened[-1]

    yield open_window
    for window in opened:
        window.kill()


@pytest.fixture(scope="module")
def desktop():
    """An Xvfb display with the desktop tools; skipped (with what is missing) where they are not installed,
    unless ``PONDER_REQUIRE_DESKTOP`` is set."""
    require_desktop_tools()
    with virtual_display() as display:
        yield Desktop(display)


class Window:
    """The installed ``ponder`` running on the desktop: its process and its window."""

    def __init__(self, desktop: Desktop, bin_dir: Path, args: list[str], cwd: Path, env: dict[str, str]):
        self.desktop = desktop
        self.process = desktop.start([str(bin_dir / "ponder"), *args], env, cwd)
        try:
            self.id = desktop.window_of(self.process.pid)
            desktop.focus(self.id)
        except TimeoutError as error:
            # Whether the program ended (and what it said) or still runs without a window: the next step.
            ended = self.process.poll()
            if ended is None:
                self.process.kill()
            _out, said = self.process.communicate()
            state = "still running" if ended is None else f"ended with status {ended}"
            raise AssertionError(f"{error}; the program was {state}; its errors: {said[-2000:]!r}") from None
        except BaseException:
            self.kill()
            raise
        time.sleep(0.5)

    def kill(self) -> None:
        """Ends the process if it still runs (a failed test leaves no window behind)."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()

    def copied(self, awaiting: str) -> str:
        """Ctrl+C in the window, then what the clipboard holds for any program: ``awaiting`` as soon as it
        holds that, or else what it holds when the desktop gives up waiting."""
        self.desktop.keys("ctrl+c")
        return self.desktop.clipboard_once(awaiting)

    def ended_within(self, seconds: float) -> float:
        """Waits for the process to end; its time from now. Fails if it outlives ``seconds``."""
        start = time.monotonic()
        try:
            self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            pytest.fail(f"the window was still open {seconds} s after it was asked to close")
        return time.monotonic() - start


def test_copy_paste_and_continue_on_a_real_desktop(desktop, installed, elsewhere, tmp_path, windows):
    env = player_env(tmp_path)
    window = windows(
        desktop, installed, ["--game", "connect4", "--mode", "two-players", "--moves", "4453"], elsewhere, env
    )
    assert "ponder" in desktop.window_class(window.id)
    assert window.copied(awaiting="4453") == "4453"
    with desktop.clipboard_holding("44"):
        desktop.keys("ctrl+v", "Escape")
        assert window.copied(awaiting="44") == "44"
    desktop.keys("5")
    assert window.copied(awaiting="445") == "445"
    desktop.screenshot(tmp_path / "after-445.png")
    desktop.keys("ctrl+q")
    window.ended_within(10)
    _, err = window.process.communicate()
    assert window.process.returncode == 0 and err == ""

    again = windows(desktop, installed, ["--continue"], elsewhere, env)
    assert again.copied(awaiting="445") == "445"
    desktop.close_request(again.id)
    again.ended_within(10)
    assert again.process.returncode == 0


@pytest.mark.parametrize("how", ["ctrl+q", "close request"])
def test_quitting_while_the_max_level_solves_ends_the_process(
    desktop, installed, elsewhere, tmp_path, windows, how
):
    args = ["--size", "8x7", "--level", "max", "--seconds", "30", "--first", "computer"]
    window = windows(desktop, installed, args, elsewhere, player_env(tmp_path))
    time.sleep(2)  # the computer is deep in its first move
    assert window.process.poll() is None
    if how == "ctrl+q":
        desktop.keys("ctrl+q")
    else:
        desktop.close_request(window.id)
    # The time itself is measured by bench/quit_time.py (target 0.5 s); here, only that it ends, and soon.
    window.ended_within(5)
    assert window.process.returncode == 0


def test_two_windows_on_one_data_folder_lose_nothing(desktop, installed, elsewhere, tmp_path, windows):
    """Two installed windows at once, driven with real keys: both wins are counted, both unfinished games
    kept, and the next start continues the newest."""
    import json

    env = player_env(tmp_path)
    first = windows(desktop, installed, ["--mode", "two-players"], elsewhere, env)
    second = windows(desktop, installed, ["--mode", "two-players"], elsewhere, env)
    tally = tmp_path / "config" / "tally.json"

    def wins() -> int:
        try:
            return int(json.loads(tally.read_text())["connect4 7x6 two players"]["wins"])
        except (OSError, ValueError, KeyError):
            return 0

    for number, window in enumerate((first, second), 1):
        desktop.focus(window.id)
        desktop.keys("1", "2", "1", "2", "1", "2", "1", pause=0.4)  # four in column 1: Red wins
        wait_until(lambda number=number: wins() == number, f"{number} wins in the tally")
    desktop.screenshot(tmp_path / "two-windows-won.png")
    for window, moves in ((first, ("ctrl+n", "4")), (second, ("ctrl+n", "5", "5"))):
        desktop.focus(window.id)
        desktop.keys(*moves, pause=0.4)
    for window, expected in ((first, "4"), (second, "55")):
        desktop.focus(window.id)
        assert window.copied(awaiting=expected) == expected
        desktop.keys("ctrl+q")
        window.ended_within(10)
        assert window.process.returncode == 0
    kept = json.loads((tmp_path / "data" / "current-game.json").read_text())
    assert sorted(game["moves"] for game in kept["games"]) == ["4", "55"]
    assert wins() == 2
    again = windows(desktop, installed, ["--continue"], elsewhere, env)
    assert again.copied(awaiting="55") == "55"  # the newest: the window that moved last
