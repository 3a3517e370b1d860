"""The window's font is found as a file, without pygame's font list (whose one-second call to fontconfig
times out on a busy machine and leaves every text in pygame's own, wider font)."""

from __future__ import annotations

from pathlib import Path

import pygame

from ui import theme
from ui.kit import font_files
from ui.kit.font_files import FontFile, installed_fonts


def test_the_best_font_found_is_chosen_and_its_bold_face_where_it_has_one(tmp_path, monkeypatch):
    (tmp_path / "a" / "b").mkdir(parents=True)
    for name in ("a/FreeSans.ttf", "a/b/dejavusans.ttf", "a/FreeSansBold.ttf"):
        (tmp_path / name).write_bytes(b"")
    monkeypatch.setattr(font_files, "font_folders", lambda: [tmp_path])
    font_files.font_file.cache_clear()
    try:
        # DejaVu Sans comes first (its name compared without case); it has no bold face here: its regular one.
        assert font_files.font_file(False) == FontFile(tmp_path / "a" / "b" / "dejavusans.ttf", False)
        assert font_files.font_file(True) == FontFile(tmp_path / "a" / "b" / "dejavusans.ttf", False)
        assert installed_fonts((tmp_path,))["freesansbold.ttf"] == tmp_path / "a" / "FreeSansBold.ttf"
    finally:
        font_files.font_file.cache_clear()


def test_a_found_font_is_used_without_pygames_font_list(monkeypatch):
    pygame.font.init()
    default = Path(pygame.__file__).parent / pygame.font.get_default_font()
    monkeypatch.setattr(theme, "font_file", lambda bold: FontFile(default, False))

    def no_font_list(*args, **kwargs):
        raise AssertionError("pygame's font list was asked")

    monkeypatch.setattr(pygame.font, "SysFont", no_font_list)
    fonts = theme.Fonts()
    regular, bold = fonts.get(20), fonts.get(20, bold=True)
    assert not regular.get_bold() and bold.get_bold()  # the regular face made bold: no bold file was found
    assert bold.size("Ponder")[0] > 0


def test_an_unreadable_font_file_falls_back_to_pygames_search(tmp_path, monkeypatch):
    pygame.font.init()
    broken = tmp_path / "DejaVuSans.ttf"
    broken.write_bytes(b"not a font")
    monkeypatch.setattr(theme, "font_file", lambda bold: FontFile(broken, False))
    asked = []
    real = pygame.font.SysFont

    def sys_font(*args, **kwargs):
        asked.append(args)
        return real(None, *args[1:], **kwargs)

    monkeypatch.setattr(pygame.font, "SysFont", sys_font)
    assert theme.Fonts().get(18).size("x")[0] > 0 and asked
