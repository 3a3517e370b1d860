"""One typed JSON store under every user file: the settings, the score tally, the unfinished games, the puzzle
record and the ratings each describe their file as a :class:`FileKind` (name, words, parse, dump, default),
and a :class:`JsonStore` does the rest the same way for all of them.

The rules every user file keeps (a new file kind is one ``FileKind``, not one more copy of them):

- **Nothing another window wrote is lost.** A change is a function of the file's value, applied to what the
  file holds *now*: :meth:`JsonStore.update` re-reads the file under a lock
  (:func:`~ui.state.files.userfiles.locked`), applies the change and writes the result, so two windows
  counting wins both count.
- **A damaged file is kept aside**, never overwritten: a file that exists but does not parse is renamed beside
  itself with the date (:func:`~ui.state.files.userfiles.set_aside`) as soon as it is found, and the notice
  says where; the store then starts from the default. A file of entries (the tally's records, the ratings'
  games, the unfinished games) whose kind can ``salvage`` it sets its damaged entries aside alone, in a file
  of that name (:func:`~ui.state.files.userfiles.set_aside_part`), and goes on with the others.
- **A file that cannot be read is never replaced** (no permission, a pipe or a device where the file should
  be): its value is not known, so the window goes on with its own copy in memory and says why nothing is
  saved.
- **What is saved is loaded**: before a value is written, its text is parsed back by the kind's own ``parse``
  and must give the same value; otherwise it is not written (the reason is reported), so a save never leaves a
  file that the next start refuses.
- Writes are atomic (:func:`~ui.state.files.userfiles.write_atomically`); nothing but a reported reason leaves
a
  save.

``path`` None keeps a store in memory only (tests, screenshots). No pygame here.
"""

from __future__ import annotations

import contextlib
import enum
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from game.problems import Label, Problem, Refused
from ui.state.files.userfiles import (
    RefusedValue,
    UnreadableFile,
    UserFileError,
    locked,
    object_text,
    parse_json_object,
    read_json_object,
    set_aside,
    set_aside_part,
    write_atomically,
)

log = logging.getLogger(__name__)

Value = TypeVar("Value")


class StoreProblem(enum.Enum):
    """Why a user's file was not used or not written, as its store tells it (the words package words it);
    ``file`` is the file's title (a :class:`~game.problems.Label`); the value is the kind's English name."""

    #: ``file`` not written, for ``reason`` (the system's words, or a problem of this module).
    NOT_SAVED = "not saved"
    #: The value's text would not load back: ``reason``, the parser's.
    WOULD_NOT_LOAD_BACK = "would not load back"
    #: The value's text would load back as another value.
    NOT_AS_IT_IS = "would not load back as it is"
    #: ``file`` ignored and not saved: ``name`` cannot be read, for ``reason``.
    UNREADABLE = "unreadable, ignored"
    #: ``count`` damaged entries of ``file`` kept as ``name``, the first for ``reason``; the others used.
    DAMAGED_ENTRIES = "damaged entries set aside"
    #: ``file`` ignored and not saved (``reason``): ``name`` cannot be set aside, for ``why``.
    CANNOT_SET_ASIDE = "damaged, cannot be set aside"
    #: ``file`` could not be used (``reason``) and is kept as ``name``.
    SET_ASIDE = "damaged, set aside"


class _NotLoadable(Exception):
    """A value whose file text the kind's own parse would refuse or read otherwise: it is not written;
    ``problem`` says which."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


JsonObject = dict[str, object]


@dataclass(frozen=True)
class FileKind(Generic[Value]):
    """One kind of user file: its ``file_name``; ``title``, what it is called at the start of a notice
    ("Settings", in English: translated where it is shown); ``parse``, the value of the file's JSON object
    (a :class:`~ui.state.files.userfiles.JsonFileObject`, which knows its members' text, when read from a
    file), raising ValueError (or a subclass) that names what is wrong; ``dump``, the JSON object of a value
    (a :class:`~ui.state.files.userfiles.MemberText` member is written back as it was read);
    ``default``, the value with no file; ``notes``, what a value read from the file could not use and left
    at its default (a later version's setting), for a notice at :meth:`JsonStore.load`, or None;
    ``salvage``, for a file of entries, its JSON object split into the entries ``parse`` takes and the damaged
    ones, each a JSON object of the kind, and why each damaged entry is (raising ValueError when the file as
    a whole is not of the kind), or None: damaged, the file is set aside whole."""

    file_name: str
    title: str
    parse: Callable[[JsonObject], Value]
    dump: Callable[[Value], JsonObject]
    default: Callable[[], Value]
    notes: Callable[[Value], str | None] = lambda value: None
    salvage: Callable[[JsonObject], tuple[JsonObject, JsonObject, Sequence[str | Problem]]] | None = None


class JsonStore(Generic[Value]):
    """One user file of ``kind`` at ``path`` (None: in memory only) and the value this window knows of it.

    :attr:`value` is what the file held when last read or written by this window (or the default);
    :attr:`problem` says, once, for the window to show, why the file could not be used at :meth:`load`.
    """

    def __init__(self, kind: FileKind[Value], path: Path | None) -> None:
        self.kind = kind
        self.path = path
        self.value: Value = kind.default()
        self.problem: str | Problem | None = None
        #: False while the file is there but cannot be read: nothing may replace what is not known.
        self._writable = True
        #: True when the last :meth:`update` could not write its change (a full disk, a folder not writable):
        #: the file is as it was, so the change is not in it, and a later try with the same change may land.
        self.write_failed = False
        #: Why the last write failed, while writes fail: a run of tries failing alike is logged once.
        self._failure: str | Problem | None = None

    @property
    def failure(self) -> str | Problem | None:
        """Why the last write failed, while writes fail (the system's words: "No space left on device"; a
        problem where the value would not load back)."""
        return self._failure

    def load(self, read: Callable[[Value], object] = lambda value: None) -> Value:
        """Reads the file (a damaged one is set aside, an unreadable one left alone; either way the reason is
        logged and put in :attr:`problem`, as are the kind's notes on a value read) and returns the value.
        ``read`` is called with the value read before the notes are worded (the window takes the player's
        language from the settings there, so that their notes are in it)."""
        if self.path is not None:
            self.value, self.problem = self._read(self.path, held=False)
            read(self.value)
            if self.problem is None:
                self.problem = self.kind.notes(self.value)
        return self.value

    def update(self, change: Callable[[Value], Value]) -> str | Problem | None:
        """Applies ``change`` to what the file holds now, under the lock, and writes the result, which becomes
        :attr:`value` (nothing is written when it is what the file holds). Returns why the file could not be
        read or written, in words for a player (the change still applies to :attr:`value`, so the window goes
        on with it), else None. Sets :attr:`write_failed` when the change did not reach the file for a reason
        that may pass."""
        self.write_failed = False
        if self.path is None:
            self.value = change(self.value)
            return None
        try:
            with locked(self.path):
                current, problem = self._read(self.path, held=True)
                if not self._writable:
                    self.value = change(self.value)
                    return problem
                # A change that raises is the caller's bug, not a problem with the file: it is not caught.
                self.value = change(current)
                if self.value != current:
                    self._write(self.path, self.value)
        except (OSError, _NotLoadable) as error:
            # A value that would not load back fails the same way every time: only the disk's refusals pass.
            self.write_failed = isinstance(error, OSError)
            reason: str | Problem = (
                error.problem if isinstance(error, _NotLoadable) else error.strerror or str(error)
            )
            if reason != self._failure:
                log.warning("cannot write %s: %s", self.path, reason)
            self._failure = reason
            return Problem.of(StoreProblem.NOT_SAVED, file=Label(self.kind.title), reason=reason)
        self._failure = None
        return problem

    def _write(self, path: Path, value: Value) -> None:
        """Writes ``value`` atomically; raises _NotLoadable when its text would not load back as ``value``,
        OSError when it cannot be written."""
        try:
            text = object_text(self.kind.dump(value))
            loaded = self.kind.parse(parse_json_object(text))
        except (ValueError, TypeError, RecursionError, UserFileError) as error:
            reason = error.problem if isinstance(error, Refused) else str(error)
            raise _NotLoadable(Problem.of(StoreProblem.WOULD_NOT_LOAD_BACK, reason=reason)) from None
        if loaded != value:
            raise _NotLoadable(Problem.of(StoreProblem.NOT_AS_IT_IS))
        write_atomically(path, text)

    def _read(self, path: Path, held: bool) -> tuple[Value, str | Problem | None]:
        """The value the file holds now and, when it could not be used, why (and the default or this window's
        value in its place). The reason names the file, for a notice; the log line gives its whole path.
        ``held``: the caller holds the file's lock (a salvaged file is written again under it)."""
        try:
            data = read_json_object(path)
            self._writable = True
        except UnreadableFile as error:
            self._writable = False
            problem = Problem.of(
                StoreProblem.UNREADABLE, file=Label(self.kind.title), name=path.name, reason=_short(error)
            )
            log.warning("%s ignored and not saved: cannot read %s: %s", self.kind.title, path, error)
            return self.value, problem
        except UserFileError as error:
            return self._set_aside(path, error)
        if data is None:
            return self.kind.default(), None
        try:
            return self.kind.parse(data), None
        except ValueError as error:
            salvaged = self._salvage(path, data, held)
            return salvaged if salvaged is not None else self._set_aside(path, error)

    def _salvage(self, path: Path, data: JsonObject, held: bool) -> tuple[Value, Problem] | None:
        """The file's undamaged entries, its damaged ones set aside alone and the file written again without
        them, and the notice saying so; None when the kind cannot salvage it, no entry is undamaged, or that
        cannot be done."""
        if self.kind.salvage is None:
            return None
        try:
            good, damaged, reasons = self.kind.salvage(data)
            value = self.kind.parse(good)
        except ValueError:
            return None
        if not reasons or value == self.kind.default():
            return None  # nothing to keep: the file is set aside whole, byte for byte
        try:
            with contextlib.nullcontext() if held else locked(path):
                aside = set_aside_part(path, json.dumps(damaged, indent=2, sort_keys=True) + "\n")
                self._write(path, value)
        except (OSError, _NotLoadable) as error:
            log.warning("%s: cannot set its damaged entries aside alone: %s", path, error)
            return None
        count = len(reasons)
        log.warning(
            "%s: %d damaged entries kept as %s (%s), the others used",
            path,
            count,
            aside,
            list(map(str, reasons)),
        )
        problem = Problem.of(
            StoreProblem.DAMAGED_ENTRIES,
            file=Label(self.kind.title),
            count=count,
            name=aside.name,
            reason=_reason(reasons[0]),
        )
        return value, problem

    def _set_aside(self, path: Path, error: Exception) -> tuple[Value, Problem]:
        """The default in place of the damaged file, which is set aside whole, and the notice saying so."""
        self._writable = True
        try:
            aside = set_aside(path)
        except OSError as rename_error:
            self._writable = False
            problem = Problem.of(
                StoreProblem.CANNOT_SET_ASIDE,
                file=Label(self.kind.title),
                reason=_reason(error),
                name=path.name,
                why=rename_error.strerror or str(rename_error),
            )
            log.warning("%s is damaged (%s) and cannot be set aside: %s", path, error, rename_error)
        else:
            problem = Problem.of(
                StoreProblem.SET_ASIDE, file=Label(self.kind.title), reason=_reason(error), name=aside.name
            )
            log.warning("%s could not be used (%s); kept as %s, starting afresh", path, error, aside)
        return self.kind.default(), problem


#: A reason in a notice is at most this long: the whole of it is in the log.
SHORT_REASON = 60


def _reason(error: Exception | str | Problem) -> str | Problem:
    """Why a file's value was refused, for a notice: the problem ``error`` carries (a refusal of the rules, or
    a reader's typed reason), the words package wording it; else its sentence, shortened."""
    if isinstance(error, Refused):
        return error.problem
    if isinstance(error, RefusedValue) and isinstance(error.reason, Problem):
        return error.reason
    return (
        error
        if isinstance(error, Problem)
        else _short(ValueError(error) if isinstance(error, str) else error)
    )


def _short(error: Exception) -> str:
    """``error``'s reason, short enough for a notice on one line: a long one loses its details in brackets
    (a JSON parser's line and column), then its end."""
    reason = str(error)
    if len(reason) > SHORT_REASON:
        reason = reason.split(" (")[0]
    return reason if len(reason) <= SHORT_REASON else reason[: SHORT_REASON - 1] + "\u2026"
