"""Where the game keeps the user's files, and the file-system work under every one of them: reading only
regular files, writing atomically (through a link, keeping the file's mode), locking a file against the
program's other windows, and setting a damaged file aside before anything replaces it.

Settings and the score tally live in ``platformdirs.user_config_dir("ponder")``, the game in progress, saved
games, the puzzle record and the ratings in ``user_data_dir("ponder")``. The environment variables
``PONDER_CONFIG_DIR`` and ``PONDER_DATA_DIR`` move them elsewhere: tests point them at a temporary directory
so they never touch the real ones. The typed store above this (:mod:`ui.state.files.store`) decides what goes
into the files. This module imports no pygame.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game.language import N_, _
from game.problems import Problem

APP_NAME = "ponder"
#: The user's files are a few KB, the ratings a few hundred; a bigger file is refused unread.
MAX_BYTES = 1 << 20
#: A temporary file of :func:`write_atomically` this old (in seconds) was left by a writer that was killed.
STALE_SECONDS = 600
#: How long a window waits for another to finish its write of the same file before it gives up (seconds).
LOCK_SECONDS = 5.0
#: Why a pipe, device or folder where a user's file should be is not read.
NOT_REGULAR = N_("not a regular file (a pipe, device or folder?), left alone")
#: Why a link to nothing where a user's file should be is neither read nor written through: following it
#: would create a file (and its folders) outside the program's folders.
DANGLING_LINK = N_("a link to a missing file, left alone")
#: A new file's mode before the umask, as ``open`` would make it.
NEW_FILE_MODE = 0o666


def config_dir() -> Path:
    """The directory of settings and the score tally (``$PONDER_CONFIG_DIR`` if set). Not created here."""
    override = os.environ.get("PONDER_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    """The directory of saved games (``$PONDER_DATA_DIR`` if set). Not created here."""
    override = os.environ.get("PONDER_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


class RefusedValue(ValueError):
    """A value read from a user's file that its reader refuses; ``reason`` says why: a problem (a kind and its
    details, for the words package to word) where a refusal of the rules is wrapped, else a sentence the
    reader worded (as a parser words its errors). Its message is the reason as a line for the log."""

    def __init__(self, reason: str | Problem) -> None:
        super().__init__(str(reason))
        self.reason = reason


class UserFileError(Exception):
    """A user's file exists but cannot be used; the message says why, for a person, and names no path (the
    caller says which file: a window's notice names the file, a log line its whole path)."""


class UnreadableFile(UserFileError):
    """A user's file is there but cannot be read (no permission, an I/O error): it is left as it is, and
    nothing replaces it, since what it holds is not known."""


class NotRegularFile(UnreadableFile, OSError):
    """A pipe, device, socket or folder stands where a user's file should be: never read, never replaced.
    (An OSError too, so that every writer reports it as it reports a full disk.)"""


def read_regular_file(path: Path, limit: int = MAX_BYTES) -> bytes | None:
    """The bytes of ``path``, or None when it does not exist (a first run, not an error).

    Only a regular file is read (through a link, if it is one): the file is opened without waiting (a named
    pipe with no writer would otherwise block the program before any window shows) and refused with
    :class:`NotRegularFile` unless it is a regular file, or when it is a link to nothing. Raises
    :class:`UnreadableFile` when it cannot be read, UserFileError when it is bigger than ``limit`` (not read
    into memory whole).
    """
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        if os.path.islink(path):
            raise NotRegularFile(_(DANGLING_LINK)) from None
        return None
    except OSError as error:
        raise UnreadableFile(str(error.strerror or error)) from None
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        raise NotRegularFile(_(NOT_REGULAR))
    with os.fdopen(handle, "rb") as file:
        try:
            data = file.read(limit + 1)
        except OSError as error:
            raise UnreadableFile(str(error.strerror or error)) from None
    if len(data) > limit:
        raise UserFileError(
            _("too big (over {size} KB) to be this program's file").format(size=limit // 1024)
        )
    return data


@dataclass(frozen=True)
class MemberText:
    """One member of a file's JSON object as the file wrote it: ``key``, its name, and ``key_text`` and
    ``value_text``, the key's and the value's JSON text as they stand in the file (quotes, escapes, spaces,
    line breaks and the form of numbers included), so that it can be written back byte for byte
    (:func:`object_text`)."""

    key: str
    key_text: str
    value_text: str

    @classmethod
    def of(cls, key: str, value: object) -> MemberText:
        """The member ``key``: ``value`` as :func:`object_text` writes a value of its own, for a value that
        was not read from a file's text."""
        return cls(key, json.dumps(key), _value_text(value))


def _value_text(value: object) -> str:
    """``value``'s JSON text as a member of a file's object: the layout of ``json.dumps(..., indent=2,
    sort_keys=True)`` one level in (a string's line breaks are escaped: every line break is the layout's)."""
    return json.dumps(value, indent=2, sort_keys=True).replace("\n", "\n  ")


def object_text(data: dict[str, object]) -> str:
    """The text of a user's file holding ``data``: ``json.dumps(data, indent=2, sort_keys=True)`` and a line
    break, but that each :class:`MemberText` value is written as its member's own text, as it was read.
    Raises TypeError for a value JSON cannot hold (a :class:`MemberText` deeper than the object's members
    included)."""
    if not any(isinstance(value, MemberText) for value in data.values()):
        return json.dumps(data, indent=2, sort_keys=True) + "\n"
    members = []
    for key in sorted(data):
        value = data[key]
        if isinstance(value, MemberText):
            members.append(f"  {value.key_text}: {value.value_text}")
        else:
            members.append(f"  {json.dumps(key)}: {_value_text(value)}")
    return "{\n" + ",\n".join(members) + "\n}\n"


#: What JSON counts as space between its tokens.
_JSON_SPACE = re.compile(r"[ \t\n\r]*")


class JsonFileObject(dict[str, object]):
    """A JSON object read from a user's file (:func:`parse_json_object`), which knows the text of each of its
    members (:attr:`members`), for a kind that writes back what it does not understand as it was."""

    def __init__(self, parsed: dict[str, object], text: str) -> None:
        super().__init__(parsed)
        self._text = text

    @functools.cached_property
    def members(self) -> dict[str, MemberText]:
        """Each member's text by its key (of a key written twice, the last, as the parsed object keeps)."""
        text, decoder = self._text, json.JSONDecoder()

        def skip(index: int) -> int:
            found = _JSON_SPACE.match(text, index)
            assert found is not None, "the pattern matches the empty string"
            return found.end()

        # The text parsed as an object: each step below finds what the parser found there.
        members: dict[str, MemberText] = {}
        index = skip(skip(0) + 1)  # past "{"
        while text[index] != "}":
            key, key_end = decoder.raw_decode(text, index)  # a key reads as a string value does
            value_start = skip(skip(key_end) + 1)  # past ":"
            _value, value_end = decoder.raw_decode(text, value_start)
            members[key] = MemberText(key, text[index:key_end], text[value_start:value_end])
            index = skip(value_end)
            if text[index] == ",":
                index = skip(index + 1)
        return members


def parse_json_object(text: str) -> JsonFileObject:
    """The JSON object ``text`` holds. Raises UserFileError when it is not JSON, is nested too deeply to
    parse, or holds something other than an object."""
    try:
        parsed = json.loads(text)
    except RecursionError:
        raise UserFileError(_("not valid JSON (nested too deeply)")) from None
    except ValueError as error:
        # JSONDecodeError, and also a number too long for Python to convert (int_max_str_digits).
        raise UserFileError(_("not valid JSON ({reason})").format(reason=error)) from None
    if not isinstance(parsed, dict):
        raise UserFileError(_("holds a {kind}, not a JSON object").format(kind=type(parsed).__name__))
    return JsonFileObject(parsed, text)


def read_json_object(path: Path) -> JsonFileObject | None:
    """The JSON object in ``path``, or None when the file does not exist (a first run, not an error).

    Raises UserFileError (see :func:`read_regular_file`) when the file cannot be used, is not UTF-8 JSON (a
    byte order mark, as some editors write, is allowed), is nested too deeply to parse, or holds something
    other than an object.
    """
    data = read_regular_file(path)
    if data is None:
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserFileError(_("not UTF-8 text")) from None
    return parse_json_object(text)


def write_atomically(path: Path, text: str) -> None:
    """Replaces ``path`` by ``text`` in one step: a reader sees the old file or the new one, never a mix, even
    if the program is killed at any moment (tests/test_crash_consistency.py kills it mid-write, many times).

    A link to an existing file is written through (a settings file linked from a dotfiles folder stays a
    link), one to nothing is refused (nothing is created outside the program's folders), and the file keeps
    its mode (a new one gets the mode ``open`` would give it). The text goes to a temporary file beside the
    real file (so ``os.replace`` stays on one file system), is flushed to disk, then renamed over it; the
    directory is flushed too where the system allows it, so the new name survives a power cut as well.
    Temporaries that a killed writer left behind (older than :data:`STALE_SECONDS`) are removed. Creates the
    directory if needed. Raises OSError on failure (:class:`NotRegularFile` when something other than a
    regular file stands there), leaving the file as it was.
    """
    _refuse_dangling_link(path)
    target = Path(os.path.realpath(path))
    # The folder is the program's own (a link's target exists, and so does its folder).
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        found = target.stat().st_mode
    except FileNotFoundError:
        found = None
    if found is not None and not stat.S_ISREG(found):
        raise NotRegularFile(f"{path}: {_(NOT_REGULAR)}")
    mode = None if found is None else stat.S_IMODE(found)
    temporary = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
    # Made by os.open rather than mkstemp: a new file then gets the umask's mode, not mkstemp's 0600.
    handle = os.open(
        temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), NEW_FILE_MODE
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            if mode is not None:
                os.chmod(temporary, mode)
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        # Whatever went wrong, no stray temporary file is left behind.
        temporary.unlink(missing_ok=True)
        raise
    _flush_directory(target.parent)
    _remove_stale_temporaries(target)


def set_aside(path: Path) -> Path:
    """Renames the damaged file ``path`` beside itself with the date
    (``settings.damaged-2026-11-26-083012.json``,
    a number added if that name is taken) and returns the new path; raises OSError if it cannot be renamed."""
    target = Path(os.path.realpath(path))
    aside = _aside_name(target)
    os.replace(target, aside)
    return aside


def set_aside_part(path: Path, text: str) -> Path:
    """Writes ``text``, the damaged part of ``path`` (its other entries still used), beside it under the name
    :func:`set_aside` would give the whole, and returns that path; raises OSError if it cannot be written."""
    aside = _aside_name(Path(os.path.realpath(path)))
    write_atomically(aside, text)
    return aside


def _aside_name(target: Path) -> Path:
    """A free name beside ``target`` for its damaged copy, with the date."""
    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    for number in range(1, 1000):
        suffix = "" if number == 1 else f"-{number}"
        aside = target.with_name(f"{target.stem}.damaged-{stamp}{suffix}{target.suffix}")
        if not aside.exists():
            return aside
    raise OSError(_("too many damaged copies of {name} beside it").format(name=target.name))


@contextlib.contextmanager
def locked(path: Path, seconds: float = LOCK_SECONDS) -> Iterator[None]:
    """Holds the lock of ``path``'s folder against the program's other windows (and tools) for the ``with``
    block: one reads, changes and writes a file while the others wait. On POSIX the folder itself carries the
    lock (``flock`` on the directory), so no lock file is left among the user's files; on Windows a hidden
    ``.ponder.lock`` beside the files does. Where the system has no such locks, or the lock cannot be taken
    within ``seconds`` (a stuck window), the block runs unlocked rather than not at all: a write that might
    lose another window's change beats one that surely loses this one. Raises OSError only when the folder
    cannot be created."""
    # A link to nothing is locked in its own folder: the folder it points into is not the program's to create
    # (and the read under the lock refuses the link, see read_regular_file).
    dangling = os.path.islink(path) and not os.path.exists(path)
    folder = (Path(path) if dangling else Path(os.path.realpath(path))).parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        if os.name == "nt":
            handle = os.open(folder / ".ponder.lock", os.O_RDWR | os.O_CREAT, NEW_FILE_MODE)
        else:
            handle = os.open(folder, os.O_RDONLY)
    except OSError:
        yield  # a folder that cannot be opened: the write will fail and say so
        return
    try:
        held = _take_lock(handle, seconds)
        try:
            yield
        finally:
            if held:
                _release_lock(handle)
    finally:
        os.close(handle)


def _refuse_dangling_link(path: Path) -> None:
    """Raises :class:`NotRegularFile` when ``path`` is a link to nothing."""
    if os.path.islink(path) and not os.path.exists(path):
        raise NotRegularFile(f"{path}: {_(DANGLING_LINK)}")


def _take_lock(handle: int, seconds: float) -> bool:
    """Takes the lock on ``handle``, polling until ``seconds`` have passed; False if not taken."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            # sys.platform, not os.name: the type checker reads it and skips the other system's branch.
            if sys.platform == "win32":
                import msvcrt

                msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        except OSError:
            if os.name != "nt":
                return False  # a file system without locks
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)


def _release_lock(handle: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle, fcntl.LOCK_UN)


def _flush_directory(directory: Path) -> None:
    """Flushes ``directory``'s entries to disk (POSIX); a no-op where directories cannot be opened."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # Windows: a directory cannot be opened, and its renames are flushed with the file
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems refuse to flush a directory; the rename itself is still atomic
    finally:
        os.close(handle)


def _remove_stale_temporaries(path: Path) -> None:
    """Removes ``path``'s temporaries older than :data:`STALE_SECONDS`: left by a writer killed mid-write
    (a younger one may be another running copy's, about to be renamed)."""
    now = time.time()
    for temporary in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            if now - temporary.stat().st_mtime > STALE_SECONDS:
                temporary.unlink()
        except OSError:
            pass  # gone already, or not ours to remove
