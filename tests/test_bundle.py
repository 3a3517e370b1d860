"""The standalone bundle (``make bundle``, ``tools/bundle/ponder.spec``): one folder that runs the game where
no Python is installed. Built once for this module, it is started with an empty environment (no PATH, so no
Python to fall back on, as ``env -i`` does): its layout, its tools answering exactly as the installed program
does, the compiled core demanded and used, the window opening headless and closing on SIGTERM, and opening on
a real X display (Xvfb) with the window class that the desktop entry names.

Building takes a minute or more, so these tests run only where ``PONDER_TEST_BUNDLE=1`` is set (CI sets it);
otherwise they are skipped, saying so. ``PONDER_BUNDLE=<folder>`` tests a bundle built already instead (the
release workflow's, on each system).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tools.support.desktop import Desktop, require_desktop_tools, virtual_display
from tools.support.waiting import run_headless_until_sigterm

BUILT = os.environ.get("PONDER_BUNDLE", "")

if os.environ.get("PONDER_TEST_BUNDLE", "") in ("", "0") and not BUILT:
    pytest.skip(
        "building the standalone bundle takes a minute or more: set PONDER_TEST_BUNDLE=1 (CI does)",
        allow_module_level=True,
    )

PROGRAM = "ponder.exe" if sys.platform == "win32" else "ponder"
#: What PyInstaller puts beside the program: Python, the libraries, the game's modules and data files.
CONTENTS = "_internal"
#: The game's data files: the installed ones (pyproject.toml's package data), in the bundle byte for byte.
DATA_FILES = ("*.bin", "*.txt", "*.wav", "*.png", "*.xml")

#: (tool and its arguments, stdin): a few answers of each tool, a bad line among them.
TOOL_RUNS = [
    (["analyze"], "4453\n44\n9\n"),
    (["analyze", "--all", "--weak"], "4453\n\n"),
    (["analyze", "--game", "tictactoe"], "1526\n"),
    (["move", "--depth", "6"], "4453\n44\n"),
    (["move", "--game", "tictactoe", "--depth", "6"], "5\n"),
    (["review"], "4455443\n"),
    (["rate"], "44554433\n4453621\n"),
    (["puzzles", "--count", "4", "--seed", "2", "--grades"], ""),
]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """The bundle's folder, built by ``make bundle`` from the checkout (or ``PONDER_BUNDLE``'s)."""
    if BUILT:
        return Path(BUILT).resolve()
    out = tmp_path_factory.mktemp("bundle")
    done = subprocess.run(
        ["make", "-C", str(ROOT), "bundle", f"BUNDLE_OUT={out}"], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out / "ponder"


def bare_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """An environment with nothing but the player's folders in ``tmp_path`` and ``extra``: no PATH, no HOME,
    no Python variables. (Windows cannot start a process without SYSTEMROOT.)"""
    env = {
        "PONDER_CONFIG_DIR": str(tmp_path / "config"),
        "PONDER_DATA_DIR": str(tmp_path / "data"),
        "XDG_DATA_HOME": str(tmp_path / "share"),
        **extra,
    }
    if "SYSTEMROOT" in os.environ:
        env["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
    return env


def required_native() -> dict[str, str]:
    """``PONDER_REQUIRE_NATIVE`` as this run has it (CI: the compiled core must be there)."""
    value = os.environ.get("PONDER_REQUIRE_NATIVE", "")
    return {"PONDER_REQUIRE_NATIVE": value} if value else {}


def run_bundle(
    bundle: Path, args: list[str], tmp_path: Path, stdin: str = "", **extra: str
) -> subprocess.CompletedProcess[str]:
    """Runs the bundle's program with :func:`bare_env`, from a folder of its own."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    return subprocess.run(
        [str(bundle / PROGRAM), *args],
        input=stdin,
        cwd=home,
        env=bare_env(tmp_path, **extra),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_folder_holds_the_program_the_compiled_core_and_the_data_files(bundle):
    assert os.access(bundle / PROGRAM, os.X_OK)
    cores = list((bundle / CONTENTS / "ai" / "exact").glob("_c4core*"))
    if not cores and not required_native():
        pytest.skip("the compiled solver core is not built (no C compiler where the bundle was built)")
    assert len(cores) == 1
    shipped = [path for pattern in DATA_FILES for path in (ROOT / "assets").glob(pattern)]
    assert len(shipped) >= 10
    for path in shipped:
        assert (bundle / CONTENTS / "assets" / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize(("args", "stdin"), TOOL_RUNS, ids=[" ".join(args) for args, _ in TOOL_RUNS])
def test_the_tools_answer_as_the_installed_program_does(bundle, tmp_path, args, stdin):
    expected = subprocess.run(
        # Named as the installed command is (the messages say "ponder move: ..."), as the bundle is.
        [sys.executable, "-c", "import sys; sys.argv[0] = 'ponder'; import main; main.run()", *args],
        input=stdin,
        cwd=tmp_path,
        env={key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "SDL_"))},
        capture_output=True,
        text=True,
        timeout=120,
    )
    done = run_bundle(bundle, args, tmp_path, stdin, **required_native())
    assert (done.returncode, done.stdout, done.stderr) == (
        expected.returncode,
        expected.stdout,
        expected.stderr,
    )
    assert done.stdout


def test_the_bundle_honours_the_demand_for_the_compiled_core(bundle, tmp_path):
    """Without its compiled core (a copy of the bundle with the core taken out) the program stops when the
    core is demanded, and otherwise answers on the Python core, saying so: so the bundle's own answers above
    come from its compiled core."""
    cores = list((bundle / CONTENTS / "ai" / "exact").glob("_c4core*"))
    if not cores:
        pytest.skip("the compiled solver core is not in the bundle")
    assert run_bundle(bundle, ["analyze"], tmp_path, "4453\n", PONDER_REQUIRE_NATIVE="1").returncode == 0
    stripped = tmp_path / "stripped"
    shutil.copytree(bundle, stripped, symlinks=True)
    (stripped / CONTENTS / "ai" / "exact" / cores[0].name).unlink()
    demanded = run_bundle(stripped, ["analyze"], tmp_path, "4453\n", PONDER_REQUIRE_NATIVE="1")
    assert demanded.returncode == 1 and "PONDER_REQUIRE_NATIVE" in demanded.stderr
    fallback = run_bundle(stripped, ["analyze"], tmp_path, "4453\n")
    assert fallback.returncode == 0 and fallback.stdout == "4453 -2\n" and fallback.stderr


def test_help_lists_the_tools_under_the_programs_name(bundle, tmp_path):
    done = run_bundle(bundle, ["--help"], tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    for word in ("ponder analyze", "ponder puzzles", "--continue", "--install-desktop-entry"):
        assert word in done.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the desktop entry is Linux's")
def test_the_desktop_entry_starts_the_bundle(bundle, tmp_path):
    done = run_bundle(bundle, ["--install-desktop-entry"], tmp_path)
    assert done.returncode == 0, done.stderr
    share = tmp_path / "share"
    assert f"Exec={bundle / PROGRAM}\n" in (share / "applications" / "ponder.desktop").read_text()
    assert (share / "metainfo" / "io.github.ponder.Ponder.metainfo.xml").is_file()


@pytest.mark.skipif(sys.platform == "win32", reason="Windows ends a process on SIGTERM without a quit event")
def test_the_window_opens_headless_and_closes_on_sigterm(bundle, tmp_path):
    env = bare_env(tmp_path, SDL_VIDEODRIVER="dummy", **required_native())
    assert run_headless_until_sigterm(bundle / PROGRAM, tmp_path, env) == (0, "", "")


def test_the_window_opens_on_an_x_display_with_its_class(bundle, tmp_path):
    require_desktop_tools()
    with virtual_display() as display:
        desktop = Desktop(display)
        window = subprocess.Popen(
            [str(bundle / PROGRAM)],
            cwd=tmp_path,
            env=bare_env(tmp_path, DISPLAY=display, **required_native()),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            found = desktop.window_of(window.pid)
            assert '"ponder"' in desktop.window_class(found)
            desktop.close_request(found)
            window.wait(timeout=10)
        finally:
            if window.poll() is None:
                window.kill()
            window.communicate()
    assert window.returncode == 0


def test_the_tools_speak_the_players_language_and_keep_their_output(bundle, tmp_path):
    """The bundle carries the catalogs: with LANGUAGE=de a bad line's message is German, as the installed
    program's is, while the answers' lines stay as they are in every language."""
    stdin = "4453\n9\n"
    english = run_bundle(bundle, ["analyze"], tmp_path, stdin, **required_native())
    german = run_bundle(bundle, ["analyze"], tmp_path, stdin, LANGUAGE="de", **required_native())
    expected = subprocess.run(
        [sys.executable, "-c", "import sys; sys.argv[0] = 'ponder'; import main; main.run()", "analyze"],
        input=stdin,
        cwd=tmp_path,
        env={
            **{key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "SDL_"))},
            "LANGUAGE": "de",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert german.stdout == english.stdout == "4453 -2\n"
    assert german.stderr == expected.stderr
    assert german.stderr.startswith("Zeile 2") and english.stderr.startswith("line 2")
