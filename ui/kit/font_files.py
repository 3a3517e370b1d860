"""The window's font, found as a file in the system's font folders.

pygame finds a font by its family name through fontconfig's ``fc-list``, which it gives one second; on a busy
machine (or with fontconfig's cache cold) that times out, and pygame then draws every text in its own font,
wider than the fonts the screens' boxes are made for. Looking for the files by name in the usual folders takes
no time limit and gives the same fonts wherever they are installed; pygame's search stays the fallback where
none of them is found.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import NamedTuple

#: The fonts the window is drawn in, best first: the file names of each one's regular and bold faces (as the
#: systems that ship them name them; compared without case). DejaVu Sans Condensed is the one the screens'
#: boxes were measured with (pygame's search by family name gave it for "dejavusans" where it is installed).
FONT_FILES: tuple[tuple[str, str], ...] = (
    ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"),
    ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
    ("Arial.ttf", "Arial Bold.ttf"),
    ("arial.ttf", "arialbd.ttf"),
    ("FreeSans.ttf", "FreeSansBold.ttf"),
)


def font_folders() -> list[Path]:
    """The folders fonts are installed in on this system, the user's first (those that exist)."""
    home = Path.home()
    if sys.platform == "win32":
        windows = Path(os.environ.get("WINDIR", "C:\\Windows"))
        local = Path(os.environ.get("LOCALAPPDATA", home / "AppData" / "Local"))
        folders = [local / "Microsoft" / "Windows" / "Fonts", windows / "Fonts"]
    elif sys.platform == "darwin":
        folders = [home / "Library" / "Fonts", Path("/Library/Fonts"), Path("/System/Library/Fonts")]
    else:
        data_home = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
        data_dirs = os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
        folders = [data_home / "fonts", home / ".fonts"]
        folders += [Path(folder) / "fonts" for folder in data_dirs.split(":") if folder]
    return [folder for folder in folders if folder.is_dir()]


class FontFile(NamedTuple):
    """A font's file, and whether it is a bold face."""

    path: Path
    bold: bool


@functools.cache
def font_file(bold: bool) -> FontFile | None:
    """The file of the best font of :data:`FONT_FILES` found (its bold face where ``bold`` and it has one,
    else its regular face: the caller then makes it bold), or None where none is installed. Looked for
    once."""
    found = installed_fonts(tuple(font_folders()))
    for regular, bold_face in FONT_FILES:
        if bold and bold_face.lower() in found:
            return FontFile(found[bold_face.lower()], True)
        if regular.lower() in found:
            return FontFile(found[regular.lower()], False)
    return None


def installed_fonts(folders: tuple[Path, ...]) -> dict[str, Path]:
    """Every font file under ``folders`` by its name without case (the first found of a name)."""
    found: dict[str, Path] = {}
    for folder in folders:
        for root, _dirs, files in os.walk(folder):
            for name in files:
                found.setdefault(name.lower(), Path(root) / name)
    return found
