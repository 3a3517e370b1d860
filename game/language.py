"""The language of every text the player reads: the standard library's gettext, domain ``ponder``.

The English texts in the code are the messages themselves (the msgids); a catalog per language
(``assets/locale/<code>/LC_MESSAGES/ponder.po``, compiled by ``make translations`` to ``ponder.mo`` beside it,
with the manifest the game checks it by) gives their translations. Any module may import this one (it imports
nothing of ours and no pygame): where the catalogs are and how their bytes are checked is handed in by the
program's start (:func:`use_catalogs`, with :func:`assets.catalogs.shipped_catalogs`); until then every text
is English.

- ``_(text)``: ``text`` in the language in use;
- ``ngettext(singular, plural, n)``: the form for the count ``n``, by the language's own plural rule (its
  catalog's ``Plural-Forms``);
- ``pgettext(context, text)`` and ``NC_(context, text)``: the same with a context, where one English text
  needs two translations;
- ``N_(text)``: ``text`` itself, marking a module-level constant for the extraction; it is translated with
  ``_()`` where it is shown, so that a change of language shows at once;
- ``number(value, decimals)``: a number with the language's grouping and decimal separators, for every number
  put into a text (a msgid holds ``{count}``, never ``{count:,}``, and gets ``count=number(n)``).

Texts are translated when they are made, so a screen that makes its texts each time it draws follows
:func:`use_language` at once. A catalog that cannot be read never stops the game: the texts stay English, and
:func:`language_problem` says why (logged too), for the window to show as a notice.
"""

from __future__ import annotations

import gettext
import io
import logging
import os
import struct
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

#: The gettext domain: the catalogs' file name.
DOMAIN = "ponder"
#: The languages with a catalog (English: the texts of the code), each named in its own language.
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
#: The source language: no catalog.
SOURCE_LANGUAGE = "en"
#: The environment variables that name the system's language, in the order GNU gettext reads them: the first
#: one set decides (LANGUAGE may list several languages, separated by colons, the preferred one first).
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@dataclass(frozen=True)
class NumberStyle:
    """How a language writes a number: the mark between groups of three digits, the decimal mark, and the
    fewest digits before the first group mark (CLDR's ``minimumGroupingDigits``: 2 writes "1720" but
    "14.720")."""

    group: str
    decimal: str
    minimum_grouping: int = 1


#: Each language's numbers, as CLDR (the data behind browsers' and phones' number formats) has them. Not the
#: ``locale`` module: it knows only the locales installed on the system. French groups with a no-break space
#: (U+00A0; CLDR has the narrow one, U+202F, which not every font the window may fall back to has). Spanish
#: style guides (RAE) group with a space, but software (CLDR "es") groups with "." from five digits, and that
#: is what Spanish players read elsewhere.
NUMBER_STYLES = {
    "en": NumberStyle(group=",", decimal="."),
    "de": NumberStyle(group=".", decimal=","),
    "fr": NumberStyle(group="\u00a0", decimal=","),
    "es": NumberStyle(group=".", decimal=",", minimum_grouping=2),
}

_log = logging.getLogger(__name__)

# What reading a damaged .mo file may raise: a bad magic number or a short file (OSError), offsets that point
# outside the file (struct.error, IndexError), text that is not in the catalog's encoding or a Plural-Forms
# that is no expression (ValueError, LookupError for an unknown charset, RecursionError for a deep one).
_DAMAGED_CATALOG = (OSError, ValueError, LookupError, struct.error, IndexError, RecursionError)

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE
_problem: str | None = None


def _(text: str) -> str:
    """``text`` in the language in use (``text`` itself where its catalog has no translation)."""
    return _translations.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the language in use."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, text: str) -> str:
    """``text`` in the language in use, as meant in ``context``: for an English text that needs two
    translations (a narrow button's label that is also a wide one's, "Off" as a switch and as a speed)."""
    return _translations.pgettext(context, text)


def N_(text: str) -> str:
    """``text`` unchanged: marks a constant for the extraction; ``_()`` translates it where it is shown."""
    return text


def NC_(context: str, text: str) -> str:
    """``text`` unchanged, marked for the extraction in ``context``; ``pgettext(context, text)`` translates it
    where it is shown."""
    return text


def number(value: float, decimals: int | None = 0, signed: bool = False) -> str:
    """``value`` as the language in use writes it: rounded to ``decimals`` places, its digits grouped in
    threes (English "14,720.5", German "14.720,5"); ``decimals`` None writes as few as the value needs, as
    ``format(value, "g")`` does, without grouping ("2.5", "3600"). A negative value has a leading "-" and
    ``signed`` puts "+" before any other ("+0" too: a change of nothing); a value that rounds to 0 is never
    negative ("0.0", not "-0.0").
    Otherwise the English text is what ``format(value, ",.Nf")`` makes."""
    style = NUMBER_STYLES.get(_language, NUMBER_STYLES[SOURCE_LANGUAGE])
    if (value if decimals is None else round(value, decimals)) == 0:
        value = 0
    sign = "+" if signed else ""
    if decimals is None:
        english = format(value, f"{sign}g")
    else:
        whole = format(value, f".{decimals}f").lstrip("-").partition(".")[0]
        grouping = "," if len(whole) >= 3 + style.minimum_grouping else ""
        english = format(value, f"{sign}{grouping}.{decimals}f")
    return english.translate(str.maketrans(",.", style.group + style.decimal))


class CatalogError(Exception):
    """A compiled catalog that cannot be used; the message names its file (not the folder) and says why."""


@dataclass(frozen=True)
class Catalogs:
    """Where the catalogs are (``<folder>/<code>/LC_MESSAGES/ponder.mo``) and how a compiled one is read:
    ``read`` returns its bytes once they are the ones shipped, or raises :class:`CatalogError` saying why
    not."""

    folder: Path
    read: Callable[[Path], bytes]

    def path(self, code: str, suffix: str = ".mo") -> Path:
        """Where the compiled (``.mo``) or source (``.po``) catalog of the language ``code`` lives."""
        return self.folder / code / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


#: The catalogs the texts come from: none (English only) until the program's start hands them in.
_catalogs: Catalogs | None = None


def use_catalogs(catalogs: Catalogs | None) -> None:
    """Takes the texts of every language but English from ``catalogs`` from now on (None: English only); the
    language in use is chosen anew by :func:`use_language`."""
    global _catalogs
    _catalogs = catalogs


def _language_of_locale(name: str) -> str | None:
    """The code of LANGUAGES that a locale name (``de_AT.UTF-8@euro``, ``fr``, ``C``) names, or None."""
    base = name.split(".")[0].split("@")[0]
    if base in ("C", "POSIX"):
        return SOURCE_LANGUAGE
    code = base.split("_")[0].lower()
    return code if code in LANGUAGES else None


def system_language(environment: os._Environ[str] | dict[str, str] | None = None) -> str:
    """The language the system asks for: the first of :data:`LANGUAGE_VARIABLES` that is set decides, its
    first language that Ponder has; English when it names none (or the system locale, ``C``)."""
    environment = os.environ if environment is None else environment
    for variable in LANGUAGE_VARIABLES:
        value = environment.get(variable, "")
        if value:
            for name in value.split(":"):
                code = _language_of_locale(name)
                if code is not None:
                    return code
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def use_language(code: str | None) -> str:
    """Makes ``code`` the language of every text from now on and returns the language in use: None or ""
    follows the system (:func:`system_language`); "en" or a code Ponder has no catalog for means English. A
    catalog that cannot be read means English too, and :func:`language_problem` says why."""
    global _translations, _language, _problem
    wanted = code if code else system_language()
    _problem = None
    _translations, _language = gettext.NullTranslations(), SOURCE_LANGUAGE
    if wanted == SOURCE_LANGUAGE or wanted not in LANGUAGES:
        return _language
    try:
        _translations = _read_catalog(wanted)
    except CatalogError as error:
        # English is the source of every text, so the game goes on in it.
        _problem = f"The {LANGUAGES[wanted]} texts could not be read ({error}); showing English"
        _log.warning("%s", _problem)
        return _language
    _language = wanted
    return _language


def _read_catalog(code: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``code``, once its bytes are the ones the manifest beside it lists (a flipped
    byte inside a text would still parse, and show as a wrong letter); raises CatalogError saying why not
    (there is none to read before :func:`use_catalogs`)."""
    if _catalogs is None:
        raise CatalogError("no catalogs were handed in")
    return _read_catalog_file(_catalogs, _catalogs.path(code))


def _read_catalog_file(catalogs: Catalogs, path: Path) -> gettext.GNUTranslations:
    """The compiled catalog in ``path``, read as ``catalogs`` read theirs (see :func:`_read_catalog`)."""
    data = catalogs.read(path)
    try:
        return gettext.GNUTranslations(io.BytesIO(data))
    except _DAMAGED_CATALOG as error:
        raise CatalogError(f"{path.name}: not a catalog ({error})") from None


def translated_in(code: str, text: str) -> str:
    """``text`` in the language ``code``, whatever language is in use (for files that list every language,
    such as the desktop entry); ``text`` itself where that catalog lacks it or cannot be read."""
    try:
        return _read_catalog(code).gettext(text)
    except CatalogError:
        return text


def current_language() -> str:
    """The code of the language in use (English: "en")."""
    return _language


def language_problem() -> str | None:
    """Why the last :func:`use_language` shows English instead of the language asked for, or None."""
    return _problem


#: What Python's argparse prints itself around our messages (the usage line, "error:", the help's headings and
#: its own refusals), as its source has them: it asks the global gettext domain for them, which
#: :func:`speak_for_argparse` makes ours; listed here so that the extraction puts them in the catalogs.
ARGPARSE_TEXTS = (
    # Translators: Python's argparse prints this before the usage line; keep the space at the end.
    N_("usage: "),
    # Translators: Python's argparse; keep %(prog)s, %(message)s and the line's end.
    N_("%(prog)s: error: %(message)s\n"),
    # Translators: Python's argparse, the help of -h/--help.
    N_("show this help message and exit"),
    # Translators: Python's argparse, a heading of the help.
    N_("options"),
    # Translators: Python's argparse, a heading of the help.
    N_("positional arguments"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def speak_for_argparse() -> None:
    """Has Python's argparse take its own texts (:data:`ARGPARSE_TEXTS`) from our catalogs, in the system's
    language (argparse reads the environment as GNU gettext does, as :func:`system_language` does): it asks
    the process's global gettext domain, which this makes Ponder's. For a program's start, not a library's.

    gettext reads those catalogs itself, unchecked, and a damaged one would stop every parser with a
    traceback: so each catalog it would read is first checked as :func:`use_language` checks it, and if one
    fails argparse stays English (:func:`use_language` has said why for the system's language)."""
    if _catalogs is None:
        return
    for found in gettext.find(DOMAIN, str(_catalogs.folder), all=True):
        try:
            _read_catalog_file(_catalogs, Path(found))
        except CatalogError:
            return
    gettext.bindtextdomain(DOMAIN, str(_catalogs.folder))
    gettext.textdomain(DOMAIN)
