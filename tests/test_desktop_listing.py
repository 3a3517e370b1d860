"""Ponder listed like a desktop program: the AppStream metainfo (what software centres show) is valid, names
the desktop entry and screenshots that exist and the version that is built, and goes and comes with the
desktop entry.

The validation needs ``appstreamcli`` (``apt-get install appstream``); where it is missing that test is
skipped with the reason, and with ``PONDER_REQUIRE_DESKTOP`` set (CI) a missing tool is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from importlib.metadata import version

import pytest

from assets import asset_path
from game.language import LANGUAGES, SOURCE_LANGUAGE, translated_in
from tests.conftest import ROOT
from ui.window import desktop_entry

#: The attribute ElementTree names xml:lang by.
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

METAINFO = asset_path(desktop_entry.METAINFO_NAME)


def test_appstreamcli_accepts_the_metainfo():
    if shutil.which("appstreamcli") is None:
        reason = "no appstreamcli: apt-get install appstream"
        if os.environ.get("PONDER_REQUIRE_DESKTOP", "") not in ("", "0"):
            pytest.fail(f"PONDER_REQUIRE_DESKTOP is set but there is {reason}")
        pytest.skip(reason)
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_metainfo_names_the_entry_the_screenshots_and_the_version_that_exist():
    component = ElementTree.parse(METAINFO).getroot()
    assert f"{component.findtext('id')}.metainfo.xml" == desktop_entry.METAINFO_NAME
    assert component.findtext("launchable[@type='desktop-id']") == desktop_entry.ENTRY_NAME
    images = [image.text or "" for image in component.iter("image")]
    assert images
    for url in images:
        assert (ROOT / "assets" / "screenshots" / url.rsplit("/", 1)[1]).is_file(), url
    assert version("ponder") in [release.get("version") for release in component.iter("release")]


def test_the_metainfo_is_installed_and_removed_with_the_desktop_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    written = desktop_entry.install(["/opt/ponder/ponder"])
    installed = tmp_path / "metainfo" / desktop_entry.METAINFO_NAME
    assert installed in written
    assert installed.read_bytes() == METAINFO.read_bytes()
    removed = desktop_entry.remove()
    assert installed in removed and not installed.exists()
    assert not any(path.exists() for path in written)


def test_the_metainfo_lists_every_language_with_the_catalogs_summary():
    component = ElementTree.parse(METAINFO).getroot()
    english = component.findtext("summary")
    assert english == "Connect Four and Tic-tac-toe against an AI that thinks on your time"
    translated = {
        summary.get(XML_LANG): summary.text
        for summary in component.findall("summary")
        if summary.get(XML_LANG) is not None
    }
    assert translated == {code: translated_in(code, english) for code in LANGUAGES if code != SOURCE_LANGUAGE}
    assert all(text != english for text in translated.values())
    assert [lang.text for lang in component.iter("lang")] == list(LANGUAGES)
