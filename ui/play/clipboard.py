"""Copying text (the move string) to the system clipboard and pasting from it, where there is one.

Both go through SDL's text clipboard (pygame-ce's ``scrap.put_text`` / ``scrap.get_text``), which speaks each
platform's own protocol: X11 selections with UTF-8 targets, Wayland, Windows and macOS. (pygame's older
``scrap.put(SCRAP_TEXT, ...)`` offers only ``text/plain``, which X11 clipboard readers do not ask for.) The
clipboard needs a window on a real video driver; headless, or on a driver without a clipboard, the calls
fail. Copying and pasting are conveniences, so failure is an answer (False, None), not an error: the caller
shows the text instead, or says so.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


def copy_text(text: str) -> bool:
    """Puts ``text`` on the clipboard; returns False when there is no usable clipboard."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error as error:
        log.info("no clipboard: %s", error)
        return False
    # SDL reports no error on drivers without a clipboard (the dummy one): reading back tells.
    return paste_text() == (text or None)


def paste_text() -> str | None:
    """The text on the clipboard; None when there is no usable clipboard or no text on it."""
    try:
        text = pygame.scrap.get_text()
    except pygame.error as error:
        log.info("no clipboard: %s", error)
        return None
    return text.rstrip("\x00") or None
