"""Copying text (the move string) to the system clipboard, where there is one.

``pygame.scrap`` needs a real window and a clipboard-capable video driver; headless, over some remote
connections or on a driver without a clipboard it fails. Copying is a convenience, so failure is an answer
(False), not an error: the caller shows the text instead.
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
