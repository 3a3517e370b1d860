"""A window manager's close request, sent to a window under X11 for tests: ``WM_DELETE_WINDOW``.

``xdotool windowclose`` destroys the window instead, which no program ever sees as a request; Xvfb has no
window manager to ask. This speaks to libX11 through ctypes (it is there wherever Xvfb is), so the tests
need no Python package for it.
"""

from __future__ import annotations

import ctypes
import ctypes.util

_CLIENT_MESSAGE = 33
_NO_EVENT_MASK = 0


class _ClientMessage(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", ctypes.c_ulong),
        ("message_type", ctypes.c_ulong),
        ("format", ctypes.c_int),
        ("data", ctypes.c_long * 5),
    ]


class _Event(ctypes.Union):
    # XEvent is a union padded to 24 longs.
    _fields_ = [("client", _ClientMessage), ("pad", ctypes.c_long * 24)]


def send_close_request(window: int, display_name: str) -> None:
    """Sends ``WM_DELETE_WINDOW`` to ``window`` on ``display_name`` (e.g. ":99"), as a window manager does
    when the user clicks the close button. Raises OSError if libX11 or the display cannot be had."""
    library = ctypes.util.find_library("X11")
    if library is None:
        raise OSError("libX11 is not installed")
    x11 = ctypes.CDLL(library)
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
    x11.XFlush.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(display_name.encode())
    if not display:
        raise OSError(f"cannot open the X display {display_name}")
    try:
        event = _Event()
        message = event.client
        message.type = _CLIENT_MESSAGE
        message.display = display
        message.window = window
        message.message_type = x11.XInternAtom(display, b"WM_PROTOCOLS", 0)
        message.format = 32
        message.data[0] = x11.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
        message.data[1] = 0  # CurrentTime
        x11.XSendEvent(display, window, 0, _NO_EVENT_MASK, ctypes.byref(event))
        x11.XFlush(display)
    finally:
        x11.XCloseDisplay(display)
