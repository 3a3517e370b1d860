"""The translations' catalogs (``make translations``): the template, each language's ``.po`` and ``.mo``.

Usage: python tools/translations.py

1. extracts every text marked with ``_``, ``ngettext`` or ``N_`` (see :mod:`game.language`) from ``game/``,
   ``ai/``, ``ui/`` and ``main.py`` into the template ``assets/locale/ponder.pot``;
2. brings each language's catalog ``assets/locale/<code>/LC_MESSAGES/ponder.po`` up to the template (made on
   the first run): new texts come in untranslated, texts gone from the code go, and a changed text is kept as
   a fuzzy guess for the translator to confirm;
3. compiles each catalog to ``ponder.mo`` beside it, which is what the game reads (its translated, not fuzzy,
   messages).

Babel does the work (pure Python, no system gettext needed). The files are the same for the same code:
the template's creation date is fixed and locations name the file without its line, so an edit elsewhere in a
file does not touch every catalog.
"""

from __future__ import annotations

import copy
import datetime
import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from assets.catalogs import LOCALE_DIR, catalog_path  # noqa: E402
from assets.manifest import MANIFEST_NAME, manifest_text  # noqa: E402
from game.language import DOMAIN, LANGUAGES, SOURCE_LANGUAGE  # noqa: E402

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: The code that shows texts to the player (tools/ and tests/ do not).
SOURCES = ("game", "ai", "ui", "main.py")
#: The marking functions and the arguments that are messages (ngettext: the singular and the plural;
#: pgettext and NC_: the context, then the text).
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "NC_": ((1, "c"), 2),
}
#: Comments in the code just above a text that start so reach the translator.
COMMENT_TAG = "Translators:"
#: The template's fixed creation date: a run must not change a file for nothing.
CREATION_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
#: The languages with a catalog of their own.
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)


def _extracted() -> Iterator[tuple[str, int, str | tuple[str, ...], list[str], str | None]]:
    """(file, line, message, translator comments, context) of every marked text of :data:`SOURCES`."""
    for source in SOURCES:
        path = ROOT / source
        if path.is_dir():
            found = extract_from_dir(
                path, keywords=KEYWORDS, comment_tags=(COMMENT_TAG,), strip_comment_tags=True
            )
            for filename, line, message, comments, context in found:
                yield f"{source}/{filename}", line, message, comments, context
        else:
            for line, message, comments, context in extract_from_file(
                "python", path, keywords=KEYWORDS, comment_tags=(COMMENT_TAG,), strip_comment_tags=True
            ):
                yield source, line, message, comments, context


def extract_template() -> Catalog:
    """The template: every marked text of the code now, with where it is used."""
    template = Catalog(project="Ponder", creation_date=CREATION_DATE, charset="utf-8", fuzzy=False)
    for filename, line, message, comments, context in sorted(
        _extracted(), key=lambda found: (found[0], found[1])
    ):
        template.add(message, None, [(filename, line)], auto_comments=comments, context=context)
    return template


def _write_po(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=110, sort_output=True, ignore_obsolete=True, include_lineno=False)


def update_catalog(code: str, template: Catalog) -> Catalog:
    """The catalog of ``code`` brought up to ``template`` (a new one where there is none yet), written."""
    path = catalog_path(code, ".po")
    if path.exists():
        with path.open("rb") as file:
            catalog = read_po(file, locale=code)
    else:
        catalog = Catalog(
            locale=code, project="Ponder", creation_date=CREATION_DATE, charset="utf-8", fuzzy=False
        )
        catalog.revision_date = CREATION_DATE
    catalog.update(template)
    _write_po(path, catalog)
    return catalog


def is_translated(message: Message) -> bool:
    """Every form of ``message`` has its translation, and it is no fuzzy guess."""
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return not message.fuzzy and all(strings)


def compile_catalog(code: str, catalog: Catalog) -> None:
    """``code``'s ``.mo`` of ``catalog``'s translated messages only: Babel would compile an untranslated
    plural as its English forms, which the game shows anyway without it), and the manifest beside it."""
    translated = copy.deepcopy(catalog)
    for message in list(translated):
        if message.id and not is_translated(message):
            translated.delete(message.id, context=message.context)
    compiled = io.BytesIO()
    write_mo(compiled, translated, use_fuzzy=False)
    path = catalog_path(code, ".mo")
    path.write_bytes(compiled.getvalue())
    # The game reads a catalog only through the manifest beside it (assets.manifest).
    path.with_name(MANIFEST_NAME).write_text(manifest_text({path.name: compiled.getvalue()}))


def main() -> int:
    template = extract_template()
    _write_po(TEMPLATE, template)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(template)} messages")
    for code in TRANSLATED:
        catalog = update_catalog(code, template)
        compile_catalog(code, catalog)
        done = sum(1 for message in catalog if message.id and is_translated(message))
        print(f"{code}: {done} of {len(template)} messages translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
