"""The Linux desktop entry: Ponder in the desktop's list of applications, with its icon and its listing.

``ponder --install-desktop-entry`` writes ``ponder.desktop`` to the user's applications folder
(``$XDG_DATA_HOME/applications``, usually ``~/.local/share/applications``), the icon to the user's icon
theme folder, and the AppStream metainfo (what software centres list: summary, description, screenshots,
releases) to ``$XDG_DATA_HOME/metainfo``; ``--remove-desktop-entry`` takes all three away. The entry starts
the very command that wrote it, and names the window class the window sets ("ponder"), so docks group the
window under the entry. This module imports no pygame.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import platformdirs

from assets import asset_path
from game.language import LANGUAGES, N_, SOURCE_LANGUAGE, translated_in
from ui.state.files.userfiles import write_atomically

ENTRY_NAME = "ponder.desktop"
ICON_SIZE = 64
#: The AppStream file of the game's data files, named by its component id; its ``<launchable>`` is ENTRY_NAME.
METAINFO_NAME = "io.github.ponder.Ponder.metainfo.xml"
#: The entry's texts that are translated, by key (the Name stays "Ponder" in every language).
TRANSLATED_KEYS = (
    ("GenericName", N_("Connect Four and Tic-tac-toe")),
    ("Comment", N_("Connect Four and Tic-tac-toe against an AI that thinks on your time")),
)


def _data_home() -> Path:
    return Path(platformdirs.user_data_dir())


def entry_path() -> Path:
    """Where the desktop entry goes."""
    return _data_home() / "applications" / ENTRY_NAME


def icon_path() -> Path:
    """Where the entry's icon goes (the hicolor theme, which every desktop reads)."""
    return _data_home() / "icons" / "hicolor" / f"{ICON_SIZE}x{ICON_SIZE}" / "apps" / "ponder.png"


def metainfo_path() -> Path:
    """Where the AppStream metainfo goes."""
    return _data_home() / "metainfo" / METAINFO_NAME


def _quoted(argument: str) -> str:
    """``argument`` as the desktop entry specification's Exec key wants it: quoted when it must be."""
    if argument and not any(character in argument for character in " \t\n\"'\\><~|&;$*?#()`="):
        return argument
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
    return f'"{escaped}"'


def translated_lines() -> str:
    """The entry's texts in English and, as ``Key[code]=`` lines, in each language whose catalog translates
    them (the desktop shows the one of the user's language)."""
    lines = []
    for key, text in TRANSLATED_KEYS:
        lines.append(f"{key}={text}\n")
        for code in LANGUAGES:
            translated = translated_in(code, text) if code != SOURCE_LANGUAGE else text
            if translated != text:
                lines.append(f"{key}[{code}]={translated}\n")
    return "".join(lines)


def entry_text(command: list[str], icon: Path) -> str:
    """The desktop entry that starts ``command`` (a program and its first arguments) with ``icon``."""
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Name=Ponder\n"
        f"{translated_lines()}"
        f"Exec={' '.join(_quoted(part) for part in command)}\n"
        f"Icon={icon}\n"
        "Terminal=false\n"
        "Categories=Game;BoardGame;\n"
        "Keywords=connect four;four in a row;tic-tac-toe;noughts and crosses;\n"
        "StartupWMClass=ponder\n"
    )


def install(command: list[str]) -> list[Path]:
    """Writes the icon, the metainfo and the entry that starts ``command``; returns the files written. Raises
    OSError."""
    icon, metainfo = icon_path(), metainfo_path()
    for asset, path in (("icon.png", icon), (METAINFO_NAME, metainfo)):
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(asset_path(asset), path)
    entry = entry_path()
    write_atomically(entry, entry_text(command, icon))
    return [entry, icon, metainfo]


def remove() -> list[Path]:
    """Deletes the entry, its icon and the metainfo; returns the files that were there. Raises OSError."""
    removed = []
    for path in (entry_path(), icon_path(), metainfo_path()):
        if path.exists():
            path.unlink()
            removed.append(path)
    return removed
