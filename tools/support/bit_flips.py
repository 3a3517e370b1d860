"""Every one-bit change of some bytes, for the tests that show a file's check covers all of it."""

from __future__ import annotations

from collections.abc import Iterator


def every_bit_changed(data: bytes) -> Iterator[bytes]:
    """``data`` with one bit changed, for each bit in turn (eight times its length)."""
    for offset in range(len(data)):
        for bit in range(8):
            changed = bytearray(data)
            changed[offset] ^= 1 << bit
            yield bytes(changed)
