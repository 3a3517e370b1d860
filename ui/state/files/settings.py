"""The player's settings, remembered between runs in ``settings.json`` of the user's config directory.

What is kept: game and size, mode, level (and the two levels of watch mode), who starts, ponder on/off, the
coach on/off, the max level's think time, sound on/off, theme, animation speed, window size, the solver's
threads and the language. The file is
JSON, written atomically.

Reading is forgiving, one key at a time: unknown keys are ignored (a newer version's file still loads),
missing keys take their defaults, and a known key whose value is unusable (a theme or an animation a later
version added, threads out of range, a window size of floats) takes its default alone: every other setting
is kept, the value that was not understood stays in the file for the version that wrote it (until the player
changes that setting), and the window shows one notice naming the keys (see :data:`SETTINGS_FILE`'s notes;
the file is one store of it, :mod:`ui.state.files.store`). A window size is brought within
:data:`WINDOW_LIMITS` rather than refused.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import TypedDict

from ai.play.levels import MAX_THINK_SECONDS, Level, parse_level
from ai.rating.ladder import ladder_for
from game.catalog import SIZES, parse_size
from game.language import LANGUAGES, N_, _, number
from ui.state.animation import ANIMATION_SPEEDS
from ui.state.files.store import FileKind, JsonObject
from ui.state.options import MAX_NAME, FirstPlayer, Mode, PlayOptions, clean_name

log = logging.getLogger(__name__)

DEFAULT_WINDOW = (960, 780)
#: The most solver threads a setting asks for (far beyond a desktop's cores; more gain nothing).
MAX_SOLVER_THREADS = 256
#: Window sizes are kept within these bounds (a size from a much bigger screen, or a typo, is brought within).
WINDOW_LIMITS = ((320, 260), (8000, 8000))
#: The names of the themes (:data:`ui.theme.THEMES`, which holds them in this order; a test checks it).
THEME_NAMES = ("classic", "dark", "high-contrast")


@dataclass(frozen=True)
class Unread:
    """A value of the settings file this version could not use: its ``key``, the ``value`` in the file, the
    JSON value ``used`` in its place, and ``why`` (for the log). Two are the same when their key and what
    stood in for it are: the value as the file has it may not equal itself (NaN)."""

    key: str
    value: object = field(compare=False)
    used: object
    why: str = field(default="", compare=False)


@dataclass(frozen=True)
class Settings:
    """Everything remembered. ``play.moves`` is never kept: a start position belongs to one run."""

    play: PlayOptions = field(default_factory=PlayOptions)
    sound: bool = True
    theme: str = "classic"
    animation: str = "normal"
    window: tuple[int, int] = DEFAULT_WINDOW
    #: The exact solver's threads in the window (the max level, the hint, the overlay, the review): 0 for
    #: every core but one, so that the window stays smooth.
    solver_threads: int = 0
    #: The language of the texts: a code of :data:`game.language.LANGUAGES`, or "" to follow the system's.
    language: str = ""
    #: The file's values this version could not use, by key. Each is written back as it was while the setting
    #: is still what stood in for it, so a later version finds its value again; once the player changes that
    #: setting, the new value is written.
    unread: tuple[Unread, ...] = ()

    def __post_init__(self) -> None:
        # Every place that makes settings gets a start position dropped and a window size within bounds, so
        # what is saved is what the next start loads.
        object.__setattr__(self, "play", replace(self.play, moves=""))
        object.__setattr__(self, "window", clamp_window(self.window))
        object.__setattr__(self, "solver_threads", max(0, min(self.solver_threads, MAX_SOLVER_THREADS)))
        object.__setattr__(self, "language", known_language(self.language))
        if self.unread:
            # A setting changed since it was read is the player's now: its old value is no longer kept.
            shown = _known_json(self)
            kept = tuple(entry for entry in self.unread if shown.get(entry.key) == entry.used)
            object.__setattr__(self, "unread", kept)


class SettingsChanges(TypedDict, total=False):
    """Some of the settings' fields, to change (see :func:`dataclasses.replace`)."""

    play: PlayOptions
    sound: bool
    theme: str
    animation: str
    window: tuple[int, int]
    solver_threads: int
    language: str


def known_language(code: str) -> str:
    """``code`` where Ponder has that language, else "" (follow the system): a language a later version
    added, or a typo, is no reason to set the whole file aside."""
    return code if code in LANGUAGES else ""


def clamp_window(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` brought within :data:`WINDOW_LIMITS`."""
    (low_w, low_h), (high_w, high_h) = WINDOW_LIMITS
    return (max(low_w, min(size[0], high_w)), max(low_h, min(size[1], high_h)))


class SettingsError(ValueError):
    """A known key of the settings file holds a value of the wrong type or out of range: ``key`` is that key,
    the message says what is wrong."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def play_to_json(play: PlayOptions) -> JsonObject:
    """The play options (all but the start position) as JSON values, the keys of the settings file."""

    def level_text(level: Level) -> str:
        return "max" if level.depth is None else str(level.depth)

    return {
        "game": play.game,
        "size": f"{play.width}x{play.height}",
        "mode": play.mode.value,
        "level": level_text(play.level),
        "watch_levels": [level_text(level) for level in play.watch_levels],
        "first": play.first.value,
        "ponder": play.ponder,
        "coach": play.coach,
        "names": list(play.names),
        "max_seconds": play.max_seconds,
        "adaptive": play.adaptive,
    }


def to_json(settings: Settings) -> JsonObject:
    """The settings as the JSON object of the file, with the values this version could not use written back
    as they were (see :attr:`Settings.unread`)."""
    return {**_known_json(settings), **{entry.key: entry.value for entry in settings.unread}}


def _known_json(settings: Settings) -> JsonObject:
    """The settings' own values as the JSON object of the file."""
    return {
        **play_to_json(settings.play),
        "sound": settings.sound,
        "theme": settings.theme,
        "animation": settings.animation,
        "window": list(settings.window),
        "solver_threads": settings.solver_threads,
        "language": settings.language,
    }


def _typed(data: JsonObject, key: str, kinds: tuple[type, ...], default: object) -> object:
    """``data[key]`` if present and of one of ``kinds`` (bools are not numbers here), else ``default`` if
    absent; the callers below narrow it to the type they asked for."""
    if key not in data:
        return default
    value = data[key]
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        # Translators: the settings file's keys ('{key}', 'names', 'size'...) stay as they are.
        raise SettingsError(
            key,
            _("'{key}' should be {kinds}, not {value!r}").format(
                key=key, kinds=" or ".join(k.__name__ for k in kinds), value=value
            ),
        )
    return value


def _flag(data: JsonObject, key: str, default: bool) -> bool:
    return bool(_typed(data, key, (bool,), default))


def _text(data: JsonObject, key: str, default: str) -> str:
    return str(_typed(data, key, (str,), default))


def _number(data: JsonObject, key: str, default: float) -> float:
    value = _typed(data, key, (int, float), default)
    assert isinstance(value, (int, float))
    return float(value)


def _list(data: JsonObject, key: str) -> list[object] | None:
    """``data[key]``, a list, or None where the key is absent."""
    value = _typed(data, key, (list,), None)
    assert value is None or isinstance(value, list)
    return value


def _choice(data: JsonObject, key: str, choices: Collection[str], default: str) -> str:
    value = _text(data, key, default)
    if value not in choices:
        raise SettingsError(
            key,
            _("'{key}' is {value!r}, not one of {choices}").format(
                key=key, value=value, choices=", ".join(sorted(choices))
            ),
        )
    return value


def _names(data: JsonObject, default: tuple[str, str]) -> tuple[str, str]:
    """The two players' names: a list of two strings, each a clean name (see :func:`clean_name`)."""
    names = _list(data, "names")
    if names is None:
        return default
    first, second = names if len(names) == 2 else (None, None)
    if not (
        isinstance(first, str)
        and isinstance(second, str)
        and all(clean_name(name) == name for name in (first, second))
    ):
        raise SettingsError(
            "names",
            _("'names' {names!r} is not two names of at most {most} characters").format(
                names=names, most=MAX_NAME
            ),
        )
    return first, second


def play_from_json(data: JsonObject) -> PlayOptions:
    """The play options of a JSON object of :func:`play_to_json`'s keys; unknown keys ignored, missing ones
    default, no start position. Raises SettingsError naming the first key whose value is unusable."""
    base = PlayOptions()
    game = _choice(data, "game", SIZES, base.game)
    try:
        size = parse_size(_text(data, "size", f"{SIZES[game][0][0]}x{SIZES[game][0][1]}"))
    except ValueError as error:
        raise SettingsError("size", _("'size': {reason}").format(reason=error)) from None
    if size not in SIZES[game]:
        raise SettingsError(
            "size",
            _("'size' {width}x{height} is not a {game} board").format(
                width=size[0], height=size[1], game=game
            ),
        )
    play = base.with_game(game, *size)

    def level(key: str, text: object) -> Level:
        if not isinstance(text, str):
            raise SettingsError(
                key, _('a level should be a string like "4" or "max", not {text!r}').format(text=text)
            )
        try:
            return parse_level(text, game)
        except ValueError as error:
            raise SettingsError(key, str(error)) from None

    if "level" in data:
        play = replace(play, level=level("level", data["level"]))
    watch = _list(data, "watch_levels")
    if watch is not None:
        if len(watch) != 2:
            raise SettingsError("watch_levels", _("'watch_levels' should hold two levels"))
        play = replace(play, watch_levels=(level("watch_levels", watch[0]), level("watch_levels", watch[1])))
    seconds = _number(data, "max_seconds", base.max_seconds)
    if not 0 < seconds <= MAX_THINK_SECONDS:
        raise SettingsError(
            "max_seconds",
            _("'max_seconds' {seconds} is not in (0, {at_most}]").format(
                seconds=seconds, at_most=number(MAX_THINK_SECONDS, None)
            ),
        )
    return replace(
        play,
        mode=Mode(_choice(data, "mode", {mode.value for mode in Mode}, base.mode.value)),
        first=FirstPlayer(_choice(data, "first", {first.value for first in FirstPlayer}, base.first.value)),
        ponder=_flag(data, "ponder", base.ponder),
        coach=_flag(data, "coach", base.coach),
        names=_names(data, base.names),
        max_seconds=seconds,
        adaptive=_flag(data, "adaptive", base.adaptive) and ladder_for(play.variant()) is not None,
    )


def from_json(data: JsonObject) -> Settings:
    """Settings from the file's JSON object; unknown keys ignored, missing ones default, and each known key
    whose value is unusable defaults alone, its value kept in :attr:`Settings.unread` (the reasons are
    logged). Never raises for a value."""
    data = dict(data)
    unread: list[tuple[str, object, str]] = []
    # Each pass drops the first unusable key and reads again (so it ends: a file of no keys reads), and a key
    # whose meaning depends on another (a size on the game) is read against what that other fell back to.
    while True:
        try:
            settings = _strict_from_json(data)
            break
        except SettingsError as error:
            unread.append((error.key, data.pop(error.key), str(error)))
    shown = _known_json(settings)
    kept = sorted(
        (Unread(key, value, shown.get(key), why) for key, value, why in unread), key=lambda e: e.key
    )
    return replace(settings, unread=tuple(kept))


def unread_note(settings: Settings) -> str | None:
    """The notice for settings that fell back when the file was read: one line naming their keys (each
    reason goes to the log here), or None."""
    for entry in settings.unread:
        log.warning("settings: %s; its default is used", entry.why)
    if not settings.unread:
        return None
    return _("Settings: {keys} not understood: the defaults are used, and the file keeps them").format(
        keys=", ".join(entry.key for entry in settings.unread)
    )


def _strict_from_json(data: JsonObject) -> Settings:
    """Settings from the file's JSON object; unknown keys ignored, missing ones default.

    Raises SettingsError naming the first key whose value is unusable.
    """
    defaults = Settings()
    play = play_from_json(data)
    window = _list(data, "window")
    if window is None:
        window = list(defaults.window)
    width, height = window if len(window) == 2 else (None, None)
    # type(), not isinstance(): a bool is an int, and not a size.
    if type(width) is not int or type(height) is not int:
        raise SettingsError(
            "window", _("'window' {window!r} is not a size like [960, 780]").format(window=window)
        )
    return Settings(
        play=play,
        sound=_flag(data, "sound", defaults.sound),
        theme=_choice(data, "theme", THEME_NAMES, defaults.theme),
        animation=_choice(data, "animation", ANIMATION_SPEEDS, defaults.animation),
        window=(width, height),
        solver_threads=_solver_threads(data),
        language=_language(data, defaults.language),
    )


def _language(data: JsonObject, default: str) -> str:
    """The language: a code Ponder has, or "" to follow the system's."""
    code = _text(data, "language", default)
    if known_language(code) != code:
        raise SettingsError(
            "language",
            _("'{key}' is {value!r}, not one of {choices}").format(
                key="language", value=code, choices=", ".join(sorted(LANGUAGES))
            ),
        )
    return code


def _solver_threads(data: JsonObject) -> int:
    """The solver's threads: a whole number from 0 (automatic) to :data:`MAX_SOLVER_THREADS`."""
    value = _typed(data, "solver_threads", (int,), 0)
    if type(value) is not int or not 0 <= value <= MAX_SOLVER_THREADS:
        raise SettingsError(
            "solver_threads",
            _("'solver_threads' {value!r} is not a number of threads from 0 to {most}").format(
                value=value, most=MAX_SOLVER_THREADS
            ),
        )
    return value


SETTINGS_FILE = FileKind("settings.json", N_("Settings"), from_json, to_json, Settings, unread_note)
