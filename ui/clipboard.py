"""Copying text (the move string) to the system clipboard and pasting from it, where there is one.

``pygame.scrap`` needs a real window and a clipboard-capable video driver; headless, over some remote
connections or on a driver without a clipboard it fails. Copying and pasting are conveniences, so failure is
an answer (False, None), not an error: the caller shows the text instead, or says so.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


def copy_text(text: str) -> bool:
    """Puts ``text`` on the clipboard; returns False when there is no usable clipboard."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
    except pygame.error as error:
        log.info("no clipboard: %s", error)
        return False
    return True


def paste_text() -> str | None:
    """The text on the clipboard; None when there is no usable clipboard or no text on it."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        data = pygame.scrap.get(pygame.SCRAP_TEXT)
    except pygame.error as error:
        log.info("no clipboard: %s", error)
        return None
    if not data:
        return None
    return data.decode("utf-8", errors="replace").rstrip("\x00")
