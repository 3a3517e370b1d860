"""The player's settings, remembered between runs in ``settings.json`` of the user's config directory.

What is kept: game and size, mode, level (and the two levels of watch mode), who starts, ponder on/off, the
coach on/off, the max level's think time, sound on/off, theme, animation speed, the board's coordinates
on/off, window size, the solver's threads and the language. The file is JSON, written atomically.

Each setting the player changes while playing is declared once, in :data:`SETTINGS` (a field of
:class:`Settings`, or of its play options, and a :class:`Setting`): its file key and the values it takes (from
which its reading and writing follow), its label and its choices' texts on the settings panel
(:mod:`ui.panels.settings_panel`), and how a change applies (:class:`Applies`, carried out by
:mod:`ui.app`). The start screen's choices (game, size, mode, levels, who starts, names) are one block of the
play options, read and written by :func:`play_from_json` and :func:`play_to_json`, which the unfinished games
share.

Reading is forgiving, one key at a time: a key this version does not know (a later version's setting) is
kept as the file has it and written back byte for byte at every save (:attr:`Settings.unknown`), missing keys
take their defaults, and a known key whose value is unusable (a theme or an animation a later
version added, threads out of range, a window size of floats) takes its default alone: every other setting
is kept, the value that was not understood stays in the file for the version that wrote it (until the player
changes that setting), and the window shows one notice naming the keys (see :data:`SETTINGS_FILE`'s notes;
the file is one store of it, :mod:`ui.state.files.store`). A window size is brought within
:data:`WINDOW_LIMITS` rather than refused.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from typing import Any

from ai.capabilities import cores_available, window_threads
from ai.play.levels import MAX_THINK_SECONDS, Level, parse_level
from ai.rating.ladder import ladder_for
from game.catalog import SIZES, parse_size
from game.language import LANGUAGES, N_, NC_, _, ngettext, number, pgettext
from game.problems import BadBoard, Problem, Refused
from ui.state.animation import ANIMATION_SPEEDS
from ui.state.files.store import FileKind, JsonObject
from ui.state.files.userfiles import JsonFileObject, MemberText, RefusedValue
from ui.state.options import (
    MAX_NAME,
    THINK_SECONDS_CHOICES,
    FirstPlayer,
    Mode,
    PlayOptions,
    clean_name,
)

log = logging.getLogger(__name__)

DEFAULT_WINDOW = (960, 780)
#: The most solver threads a setting asks for (far beyond a desktop's cores; more gain nothing).
MAX_SOLVER_THREADS = 256
#: Window sizes are kept within these bounds (a size from a much bigger screen, or a typo, is brought within).
WINDOW_LIMITS = ((320, 260), (8000, 8000))
#: The themes by name, with the names a player reads, in the order the T key cycles through them
#: (:data:`ui.theme.THEMES` gives each its colours).
THEME_NAMES = {"classic": N_("Classic"), "dark": N_("Dark"), "high-contrast": N_("High contrast")}
#: The context of the animation speeds' names: "Off" as a speed may need another word than the switch's "Off".
ANIMATION_SPEED = "animation speed"
#: The animation speeds' names (:data:`ui.state.animation.ANIMATION_SPEEDS`), in their context (written out:
#: the extraction reads only literal ones).
ANIMATION_NAMES = {
    "off": NC_("animation speed", "Off"),
    "slow": NC_("animation speed", "Slow"),
    "normal": NC_("animation speed", "Normal"),
    "fast": NC_("animation speed", "Fast"),
}


@dataclass(frozen=True)
class Unread:
    """A value of the settings file this version could not use: its ``key``, the ``value`` in the file, the
    JSON value ``used`` in its place, ``why`` (for the log) and ``text``, the member as the file wrote it
    (written back so). Two are the same when their key and what stood in for it are: the value as the file
    has it may not equal itself (NaN)."""

    key: str
    value: object = field(compare=False)
    used: object
    why: str = field(default="", compare=False)
    text: MemberText | None = field(default=None, compare=False)

    def member(self) -> MemberText:
        """The member the file is written with: as it was read, where its text is known."""
        return self.text or MemberText.of(self.key, self.value)


@dataclass(frozen=True)
class Settings:
    """Everything remembered. ``play.moves`` is never kept: a start position belongs to one run."""

    play: PlayOptions = field(default_factory=PlayOptions)
    sound: bool = True
    theme: str = "classic"
    animation: str = "normal"
    #: The board's coordinates (a-g under it, 1-6 beside it) show always, not only where a reason names cells.
    coordinates: bool = False
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
    #: The file's keys this version does not know (a later version's settings), each as the file wrote it,
    #: by key: written back byte for byte at every save, so a later version finds them again.
    unknown: tuple[MemberText, ...] = ()

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


def known_language(code: str) -> str:
    """``code`` where Ponder has that language, else "" (follow the system): a language a later version
    added, or a typo, is no reason to set the whole file aside."""
    return code if code in LANGUAGES else ""


def clamp_window(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` brought within :data:`WINDOW_LIMITS`."""
    (low_w, low_h), (high_w, high_h) = WINDOW_LIMITS
    return (max(low_w, min(size[0], high_w)), max(low_h, min(size[1], high_h)))


class SettingsError(RefusedValue):
    """A known key of the settings file holds a value of the wrong type or out of range: ``key`` is that key,
    ``reason`` says what is wrong (a problem where the rules refuse the value, :class:`SettingsProblem`'s or
    theirs, else the reader's sentence)."""

    def __init__(self, key: str, reason: str | Problem) -> None:
        super().__init__(reason)
        self.key = key


class SettingsProblem(enum.Enum):
    """What the rules refuse in the settings' play options (the words package words it); the value is its
    English name."""

    #: The ``size`` key's ``reason`` (a problem of the rules).
    SIZE = "bad size"


def _wrong_type(key: str, kinds: Collection[type], value: object) -> SettingsError:
    return SettingsError(
        key,
        # Translators: the settings file's keys ('{key}', 'names', 'size'...) stay as they are.
        _("'{key}' should be {kinds}, not {value!r}").format(
            key=key, kinds=" or ".join(kind.__name__ for kind in kinds), value=value
        ),
    )


@dataclass(frozen=True)
class OneOf:
    """The values a setting takes: one of ``values``, which its choices on the panel offer too."""

    values: tuple[object, ...]

    def read(self, key: str, value: object) -> Any:
        """``value`` of the file's ``key``; raises SettingsError where it is not one of :attr:`values`."""
        kinds = list(dict.fromkeys(type(known) for known in self.values))
        # type(), not isinstance(): a bool is an int, and 1 is not True here.
        if type(value) not in kinds:
            raise _wrong_type(key, kinds, value)
        if value not in self.values:
            raise SettingsError(
                key,
                _("'{key}' is {value!r}, not one of {choices}").format(
                    key=key, value=value, choices=", ".join(sorted(map(str, self.values)))
                ),
            )
        return value

    def to_json(self, value: object) -> object:
        return value


@dataclass(frozen=True)
class Between:
    """The values a setting takes: a number from ``low`` (excluded where ``low_open``) to ``high``, a whole
    number where ``whole``."""

    low: float
    high: float
    whole: bool = False
    low_open: bool = False

    def read(self, key: str, value: object) -> Any:
        """``value`` of the file's ``key`` (a float unless whole); raises SettingsError where it is not a
        number of the interval."""
        kinds: tuple[type, ...] = (int,) if self.whole else (int, float)
        if type(value) not in kinds:
            raise _wrong_type(key, kinds, value)
        assert isinstance(value, (int, float))
        if not (self.low < value if self.low_open else self.low <= value) or value > self.high:
            interval = "{open}{low}, {high}]".format(
                open="(" if self.low_open else "[", low=number(self.low, None), high=number(self.high, None)
            )
            raise SettingsError(
                key,
                # Translators: {interval} is written as in mathematics: "(0, 600]" leaves 0 out, "[0, 256]"
                # not.
                _("'{key}' {value} is not in {interval}").format(key=key, value=value, interval=interval),
            )
        return value if self.whole else float(value)

    def to_json(self, value: object) -> object:
        return value


@dataclass(frozen=True)
class WindowSize:
    """The values the window's size takes: a size like [960, 780], brought within :data:`WINDOW_LIMITS` rather
    than refused."""

    def read(self, key: str, value: object) -> Any:
        width, height = value if isinstance(value, list) and len(value) == 2 else (None, None)
        # type(), not isinstance(): a bool is an int, and not a size.
        if type(width) is not int or type(height) is not int:
            raise SettingsError(
                key, _("'window' {window!r} is not a size like [960, 780]").format(window=value)
            )
        return clamp_window((width, height))

    def to_json(self, value: object) -> object:
        assert isinstance(value, tuple)
        return list(value)


Domain = OneOf | Between | WindowSize


class Applies(enum.Enum):
    """How a change of a setting applies, at once (the window carries each out: :mod:`ui.app`)."""

    #: The sounds are heard or not.
    SOUND = "sound"
    #: The screen is drawn anew in another look.
    LOOK = "look"
    #: The board's stones move at another speed.
    ANIMATION = "animation"
    #: Every text is made anew in another language.
    LANGUAGE = "language"
    #: Nothing to do: the screen's picture, made from the settings every frame, shows it.
    PICTURE = "picture"
    #: The game on the board takes it too (a play option that does not change the game: see
    #: :data:`ui.state.option_changes.CHANGEABLE`); the row shows only on the play screen.
    BOARD = "board"
    #: Nothing changes now: it is read at the next start (the window's size, the solver's threads).
    LATER = "later"


@dataclass(frozen=True)
class Setting:
    """One setting, declared once: ``key`` is its field of :class:`Settings` (of its play options where
    ``of_play``) and its key in the file; ``domain`` the values it takes, which the file is read against.
    ``label`` (for gettext) puts it on the settings panel, with the choices ``offered`` given the value now
    (by default the domain's values), each shown by ``text``; ``noted`` is the label with a note of why the
    change cannot be heard or seen now (``{note}``). ``applies`` says how a change takes effect, and ``note``,
    if given, what the window then says."""

    key: str
    domain: Domain
    applies: Applies
    of_play: bool = False
    label: str | None = None
    text: Callable[[Any], str] = str
    offered: Callable[[Any], tuple[Any, ...]] | None = None
    noted: str | None = None
    note: Callable[[Any], str] | None = None

    def value(self, settings: Settings) -> Any:
        """This setting's value in ``settings``."""
        return getattr(settings.play if self.of_play else settings, self.key)

    def changed(self, settings: Settings, value: object) -> Settings:
        """``settings`` with this setting at ``value`` (a JSON value or a panel's choice); raises
        SettingsError where this setting does not take it."""
        change = {self.key: self.domain.read(self.key, value)}
        if self.of_play:
            return replace(settings, play=replace(settings.play, **change))
        return replace(settings, **change)

    def choices(self, value: object) -> tuple[tuple[object, str], ...]:
        """The panel's choices as (value, text in the language in use), ``value`` being the value now."""
        if self.offered is not None:
            values = self.offered(value)
        else:
            assert isinstance(self.domain, OneOf), "a setting of a range offers its own choices"
            values = self.domain.values
        return tuple((choice, self.text(choice)) for choice in values)


def seconds_text(seconds: float) -> str:
    """A think time as the choices show it (the panel's, the start screen's): ``"3 s"``."""
    # Translators: a time in seconds ("3 s").
    return _("{seconds} s").format(seconds=number(seconds, None))


def _on_off(value: bool) -> str:
    return _("On") if value else _("Off")


def _language_name(code: str) -> str:
    """Auto (the system's), or the language named in its own language, so that a player finds theirs
    whatever language shows now."""
    return LANGUAGES[code] if code else _("Auto")


def thread_counts(threads: int, cores: int) -> tuple[int, ...]:
    """The solver threads offered: automatic (0: every core but one), or 1, 2, 4, ... up to the ``cores``, and
    the cores; ``threads``, the setting now, too (one chosen on a machine of more cores)."""
    counts = sorted({1, *(2**power for power in range(1, cores.bit_length()) if 2**power <= cores), cores})
    return (0, *counts, *((threads,) if threads and threads not in counts else ()))


def _threads_text(threads: int) -> str:
    # Translators: {threads} is the number of threads the automatic choice uses.
    return _("Auto ({threads})").format(threads=window_threads()) if threads == 0 else str(threads)


#: Every setting of the settings panel and of the window, in the panel's order.
SETTINGS: tuple[Setting, ...] = (
    Setting(
        "sound",
        OneOf((True, False)),
        Applies.SOUND,
        label=N_("Sound"),
        text=_on_off,
        # Translators: {note} says why the sound cannot be heard, e.g. "no audio device".
        noted=N_("Sound ({note})"),
    ),
    Setting(
        "theme",
        OneOf(tuple(THEME_NAMES)),
        Applies.LOOK,
        label=N_("Theme"),
        text=lambda name: _(THEME_NAMES[name]),
    ),
    Setting(
        "animation",
        OneOf(tuple(ANIMATION_SPEEDS)),
        Applies.ANIMATION,
        label=N_("Animations"),
        text=lambda name: pgettext(ANIMATION_SPEED, ANIMATION_NAMES[name]),
    ),
    Setting(
        "language",
        OneOf(("", *LANGUAGES)),
        Applies.LANGUAGE,
        label=N_("Language"),
        text=_language_name,
    ),
    Setting(
        "coordinates", OneOf((True, False)), Applies.PICTURE, label=N_("Board coordinates"), text=_on_off
    ),
    Setting(
        "max_seconds",
        Between(0, MAX_THINK_SECONDS, low_open=True),
        Applies.BOARD,
        of_play=True,
        label=N_("Max level, per move"),
        text=seconds_text,
        offered=lambda seconds: tuple(sorted({*THINK_SECONDS_CHOICES, seconds})),
    ),
    Setting("coach", OneOf((True, False)), Applies.BOARD, of_play=True, label=N_("Coach"), text=_on_off),
    Setting(
        "solver_threads",
        Between(0, MAX_SOLVER_THREADS, whole=True),
        Applies.LATER,
        label=N_("Solver threads (next start)"),
        text=_threads_text,
        offered=lambda threads: thread_counts(threads, cores_available()),
        note=lambda threads: _("Solver threads: {count}, from the next start").format(
            count=threads or window_threads()
        ),
    ),
    Setting("window", WindowSize(), Applies.LATER),
)
#: Each setting by its key.
SETTING = {setting.key: setting for setting in SETTINGS}
#: The settings of a player who changed none (a screen drawn outside a window: tests, screenshots).
DEFAULT_SETTINGS = Settings()


def _read(setting: Setting, data: JsonObject, base: Settings) -> Settings:
    """``base`` with ``setting`` read from ``data`` (left as it is where the key is absent)."""
    return base if setting.key not in data else setting.changed(base, data[setting.key])


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
        "names": list(play.names),
        "adaptive": play.adaptive,
        **{
            setting.key: setting.domain.to_json(getattr(play, setting.key))
            for setting in SETTINGS
            if setting.of_play
        },
    }


def to_json(settings: Settings) -> JsonObject:
    """The settings as the JSON object of the file, with the values this version could not use written back
    as they were (see :attr:`Settings.unread`)."""
    return {
        **{member.key: member for member in settings.unknown},
        **_known_json(settings),
        **{entry.key: entry.member() for entry in settings.unread},
    }


def _known_json(settings: Settings) -> JsonObject:
    """The settings' own values as the JSON object of the file."""
    return {
        **play_to_json(settings.play),
        **{
            setting.key: setting.domain.to_json(setting.value(settings))
            for setting in SETTINGS
            if not setting.of_play
        },
    }


def _typed(data: JsonObject, key: str, kinds: tuple[type, ...], default: object) -> object:
    """``data[key]`` if present and of one of ``kinds`` (bools are not numbers here), else ``default`` if
    absent; the callers below narrow it to the type they asked for."""
    if key not in data:
        return default
    value = data[key]
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        raise _wrong_type(key, kinds, value)
    return value


def _flag(data: JsonObject, key: str, default: bool) -> bool:
    return bool(_typed(data, key, (bool,), default))


def _text(data: JsonObject, key: str, default: str) -> str:
    return str(_typed(data, key, (str,), default))


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
    except BadBoard as error:
        raise SettingsError("size", Problem.of(SettingsProblem.SIZE, reason=error.problem)) from None
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
        except Refused as error:
            raise SettingsError(key, error.problem) from None

    if "level" in data:
        play = replace(play, level=level("level", data["level"]))
    watch = _list(data, "watch_levels")
    if watch is not None:
        if len(watch) != 2:
            raise SettingsError("watch_levels", _("'watch_levels' should hold two levels"))
        play = replace(play, watch_levels=(level("watch_levels", watch[0]), level("watch_levels", watch[1])))
    for setting in SETTINGS:
        if setting.of_play and setting.key in data:
            play = replace(play, **{setting.key: setting.domain.read(setting.key, data[setting.key])})
    return replace(
        play,
        mode=Mode(_choice(data, "mode", {mode.value for mode in Mode}, base.mode.value)),
        first=FirstPlayer(_choice(data, "first", {first.value for first in FirstPlayer}, base.first.value)),
        ponder=_flag(data, "ponder", base.ponder),
        names=_names(data, base.names),
        adaptive=_flag(data, "adaptive", base.adaptive) and ladder_for(play.variant()) is not None,
    )


def from_json(data: JsonObject) -> Settings:
    """Settings from the file's JSON object; unknown keys kept in :attr:`Settings.unknown`, missing ones
    default, and each known key whose value is unusable defaults alone, its value kept in
    :attr:`Settings.unread` (the reasons are logged). Each value kept keeps its text where ``data`` was read
    from a file's text (a :class:`~ui.state.files.userfiles.JsonFileObject`). Never raises for a value."""
    texts = data.members if isinstance(data, JsonFileObject) else {}
    unknown = tuple(
        texts.get(key) or MemberText.of(key, data[key]) for key in sorted(data) if key not in KNOWN_KEYS
    )
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
        (Unread(key, value, shown.get(key), why, texts.get(key)) for key, value, why in unread),
        key=lambda entry: entry.key,
    )
    return replace(settings, unread=tuple(kept), unknown=unknown)


def unread_note(settings: Settings) -> str | None:
    """The notice for settings that fell back when the file was read: one line naming their keys (each
    reason goes to the log here), or None."""
    for entry in settings.unread:
        log.warning("settings: %s; its default is used", entry.why)
    if not settings.unread:
        return None
    count = len(settings.unread)
    return ngettext(
        "Settings: {keys} not understood: the default is used, and the file keeps it",
        "Settings: {keys} not understood: the defaults are used, and the file keeps them",
        count,
    ).format(keys=", ".join(entry.key for entry in settings.unread))


def _strict_from_json(data: JsonObject) -> Settings:
    """Settings from the file's JSON object; unknown keys ignored, missing ones default.

    Raises SettingsError naming the first key whose value is unusable.
    """
    settings = Settings(play=play_from_json(data))
    for setting in SETTINGS:
        if not setting.of_play:
            settings = _read(setting, data, settings)
    return settings


#: The keys of the settings file this version reads.
KNOWN_KEYS = frozenset(_known_json(Settings()))

SETTINGS_FILE = FileKind("settings.json", N_("Settings"), from_json, to_json, Settings, unread_note)
