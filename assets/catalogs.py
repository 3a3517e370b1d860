"""The translations shipped with the game (``locale/<code>/LC_MESSAGES/ponder.mo``, package data), as the
language machinery (:mod:`game.language`) takes them from the program's start: each compiled catalog checked
against the manifest beside it before use.
"""

from __future__ import annotations

from pathlib import Path

from assets import ASSETS_DIR
from assets.manifest import AssetError, verified_bytes
from game.language import CatalogError, Catalogs

#: The catalogs' folder, in this package (its package data, so a wheel and the bundle carry it).
LOCALE_DIR = ASSETS_DIR / "locale"


def shipped_catalogs(folder: Path = LOCALE_DIR) -> Catalogs:
    """The catalogs in ``folder`` (the shipped ones unless told), each read once its bytes are the ones the
    manifest beside it lists."""
    return Catalogs(folder, _verified_catalog)


def _verified_catalog(path: Path) -> bytes:
    try:
        return verified_bytes(path)
    except AssetError as error:
        raise CatalogError(error.brief()) from None


def catalog_path(code: str, suffix: str = ".mo") -> Path:
    """Where the shipped compiled (``.mo``) or source (``.po``) catalog of the language ``code`` lives."""
    return shipped_catalogs().path(code, suffix)
