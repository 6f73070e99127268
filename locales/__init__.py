"""User-facing text in English and Spanish, as Fluent (.ftl) files beside this module.

``t(lang, key, **args)`` formats a message; ``language(locale)`` maps a Discord locale
("es-ES", "es-419", "en-US" …) to one of ``LANGUAGES``. Fluent handles plurals and
selectors, so sentences are whole in each language instead of glued from pieces.

A game defined outside the project (a plugin) brings its own text: ``add_directory(path)``
adds the .ftl files of ``path/en`` and ``path/es`` to the messages.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

log = logging.getLogger(__name__)

LANGUAGES = ("en", "es")
DEFAULT = "en"
_DIR = Path(__file__).resolve().parent
#: Where messages come from: this package's own directory, then those added by plugins.
_DIRECTORIES: list[Path] = [_DIR]


def language(locale: object | None) -> str:
    """The language for a Discord locale (a ``discord.Locale`` or its string value)."""
    value = str(getattr(locale, "value", locale) or "").lower()
    lang = value.split("-")[0]
    return lang if lang in LANGUAGES else DEFAULT


def files(lang: str) -> list[Path]:
    """The .ftl files of a language: the project's, then those of each added directory."""
    return [path for where in _DIRECTORIES for path in sorted((where / lang).glob("*.ftl"))]


def add_directory(path: Path) -> None:
    """Add the messages of ``path/<lang>/*.ftl`` for every language (once per directory).

    A plugin's messages must not redefine the project's: Fluent would keep the first.
    """
    path = Path(path).resolve()
    if path in _DIRECTORIES:
        return
    _DIRECTORIES.append(path)
    bundle.cache_clear()  # bundles built before now lack the new messages


@cache
def bundle(lang: str) -> FluentBundle:
    """The Fluent bundle of a language, loaded once."""
    # use_isolating=False: Discord would show the Unicode isolation marks as boxes.
    result = FluentBundle([lang], use_isolating=False)
    for path in files(lang):
        result.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return result


def has(lang: str, key: str) -> bool:
    """Whether ``lang`` defines ``key``."""
    return bundle(lang).has_message(key)


def t(lang: str, key: str, **args: Any) -> str:
    """Format message ``key`` in ``lang`` (English if missing there; the key if missing too)."""
    for candidate in (lang, DEFAULT):
        b = bundle(candidate)
        if b.has_message(key):
            message = b.get_message(key)
            if message.value is None:
                break
            text, errors = b.format_pattern(message.value, args)
            if errors:
                log.warning("message %s/%s: %s", candidate, key, errors)
            return text
        log.warning("missing message %s/%s", candidate, key)
    return key


def join(lang: str, items: Iterable[str]) -> str:
    """'a, b and c' / 'a, b y c'."""
    parts = list(items)
    if len(parts) <= 1:
        return "".join(parts)
    return t(lang, "list-and", head=", ".join(parts[:-1]), last=parts[-1])
