"""The manifest of the sounds and the icon (``assets/assets.sha256``, written by ``tools/make_assets.py``),
and the check that reads a file through it.

A sound or an icon has no checksum of its own: a damaged WAV still decodes, and plays as noise. So the
manifest lists the SHA-256 of each, in the form ``sha256sum`` writes and checks (``<64 hex digits>  <name>``,
one a line, sorted by name; ``sha256sum -c assets.sha256`` checks them from a shell), and the window reads
each through :func:`verified_bytes`, which refuses a file whose digest differs or that the manifest does not
list. The manifest itself must be exactly of that form: one damaged line makes it unusable and every file
refused, a damaged digest the file it names, so every byte of it is covered too. (The book, the ladder and
the puzzles carry checksums of their own and are not listed.)
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from pathlib import Path

from assets import DataFileError, read_data_file

MANIFEST_NAME = "assets.sha256"
_LINE = re.compile(rb"([0-9a-f]{64})  ([A-Za-z0-9_.-]+)\n")


class AssetError(DataFileError):
    """A sound or an icon that cannot be used: missing, unreadable, damaged, or not in the manifest."""


def manifest_text(files: Mapping[str, bytes]) -> str:
    """The manifest of ``files`` (name -> content)."""
    return "".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n" for name, data in sorted(files.items()))


def verified_bytes(path: Path) -> bytes:
    """The content of ``path`` once its SHA-256 is the one the manifest beside it lists; raises
    :class:`AssetError` saying why not. (Read once, then checked: what is used is what was checked.)"""
    try:
        data = read_data_file(path)
    except OSError as error:
        raise AssetError(path, f"cannot read it: {error.strerror or error}") from None
    manifest = path.with_name(MANIFEST_NAME)
    try:
        manifest_bytes = read_data_file(manifest)
    except OSError as error:
        reason = f"cannot be checked: {MANIFEST_NAME} cannot be read ({error.strerror or error})"
        raise AssetError(path, reason) from None
    check_listed(path, data, manifest_bytes)
    return data


def check_listed(path: Path, data: bytes, manifest: bytes) -> None:
    """Raises :class:`AssetError` for ``path`` unless ``manifest`` (the bytes of the manifest beside it) is
    exactly of its form and lists ``data``'s SHA-256 under ``path``'s name. (No file is read: the callers
    read, the tests flip bits in memory.)"""
    lines = manifest.splitlines(keepends=True)
    matches = [_LINE.fullmatch(line) for line in lines]
    listed = {match[2].decode(): match[1].decode() for match in matches if match is not None}
    if not lines or None in matches or len(listed) != len(lines) or list(listed) != sorted(listed):
        raise AssetError(path, f"cannot be checked: {MANIFEST_NAME} is damaged")
    if path.name not in listed:
        raise AssetError(path, f"not listed in {MANIFEST_NAME}")
    if hashlib.sha256(data).hexdigest() != listed[path.name]:
        raise AssetError(path, f"damaged (its SHA-256 is not the one {MANIFEST_NAME} lists)")
