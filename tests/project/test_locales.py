"""Every user-facing text exists in English and Spanish, with the same placeholders."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import discord
import pytest
from fluent.syntax import FluentParser, ast, visitor

import locales
from cogs.utils.game_commands import DAYS_PER_MOVE
from games.kahuna.words import ACTIONS as KAHUNA_ACTIONS
from games.kahuna.words import NOTATION_WORDS as KAHUNA_NOTATION_WORDS
from games.plugin import plugins
from render.islas import LABELS as ISLAS_LABELS
from render.kahuna import LABELS as KAHUNA_LABELS
from render.stonehenge import LABELS
from tests import toy  # a plugin's own messages are checked like the project's

ROOT = Path(__file__).resolve().parents[2]
CODE = [*ROOT.glob("bot.py"), *ROOT.glob("cogs/**/*.py"), *ROOT.glob("rules/**/*.py")]
# Calls whose first string argument is a message key.
KEY_USE = re.compile(
    r"""(?:\bL|\bt|\btr|Refusal|InvalidMove|IllegalMove|AmbiguousMove|InvalidRecord|RulesError)"""
    r"""\(\s*(?:[a-z_.]+,\s*)?"([a-z][a-z0-9-]*[a-z0-9])\"""",
)


class _Variables(visitor.Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def _messages(lang: str) -> dict[str, set[str]]:
    result: dict[str, set[str]] = {}
    for path in locales.files(lang):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            assert not isinstance(entry, ast.Junk), f"{path}: syntax error near {entry.content!r}"
            if isinstance(entry, ast.Message):
                found = _Variables()
                found.visit(entry)
                result[entry.id.name] = found.names
    return result


def _used_keys() -> set[str]:
    keys = {k for path in CODE for k in KEY_USE.findall(path.read_text(encoding="utf-8"))}
    keys |= {f"sh-label-{key.replace('_', '-')}" for key in LABELS}
    keys |= {f"rules-{plugin.name}" for plugin in plugins()}
    keys |= {plugin.command_key for plugin in plugins()}
    keys |= {f"{plugin.command_key}-desc" for plugin in plugins()}
    keys |= {f"choice-series-{n}" for p in plugins() if p.series for n in (1, *p.series.lengths)}
    for option in (option for plugin in plugins() for option in plugin.play_options):
        keys |= {option.key, f"{option.key}-desc", *(key for key, _ in option.choices)}
    keys |= {f"button-{act}" for act in ("accept", "decline")}
    keys |= {f"button-open-{act}" for act in ("accept", "decline", "start")}
    keys |= {f"button-undo-{act}" for act in ("yes", "no")}
    keys |= {f"choice-days-{days}" for days in DAYS_PER_MOVE}
    keys |= {f"choice-digest-{hour}" for hour in range(24)}
    keys |= {f"islas-seat-{seat}" for seat in range(5)}
    keys |= {f"islas-kind-{kind}" for kind in ("none", "island", "bridge", "water", "lighthouse")}
    keys |= {f"islas-label-{key.replace('_', '-')}" for key in ISLAS_LABELS}
    keys |= {f"result-{reason}" for reason in ("resign", "timeout")}
    keys |= {f"sh-seat-{seat}" for seat in (0, 1)}
    keys |= {plugin.words.title_key for plugin in plugins()}
    keys |= {plugin.words.private_button_key for plugin in plugins()}
    keys |= {plugin.words.board_private_key for plugin in plugins()}
    keys |= {f"kahuna-notation-{word}" for word in KAHUNA_NOTATION_WORDS}
    keys |= {f"kahuna-seat-{seat}" for seat in (0, 1)}
    keys |= {f"kahuna-label-{key.replace('_', '-')}" for key in KAHUNA_LABELS}
    keys |= {f"kahuna-pick-{token}" for token in (*KAHUNA_ACTIONS, "pile")}
    keys |= {f"kahuna-prompt-{token}" for token in KAHUNA_ACTIONS}
    return keys


def test_both_languages_define_the_same_messages_with_the_same_placeholders() -> None:
    english, spanish = _messages("en"), _messages("es")
    assert sorted(set(english) - set(spanish)) == [], "missing in Spanish"
    assert sorted(set(spanish) - set(english)) == [], "missing in English"
    differing = [k for k in english if english[k] != spanish[k]]
    assert differing == []


def test_a_plugin_s_messages_are_checked_too() -> None:
    assert toy.PLUGIN.locales is not None
    for lang in locales.LANGUAGES:
        assert toy.PLUGIN.locales / lang / "tictactoe.ftl" in locales.files(lang)


def test_every_key_the_code_uses_is_translated() -> None:
    used = _used_keys()
    assert len(used) > 50  # the scan itself works
    for lang in locales.LANGUAGES:
        missing = sorted(k for k in used if not locales.has(lang, k))
        assert missing == [], f"{lang} lacks {missing}"


def test_the_scan_would_catch_an_unknown_key() -> None:
    assert KEY_USE.findall('raise Refusal("error-nothing-like-this")') == [
        "error-nothing-like-this"
    ]
    assert not locales.has("es", "error-nothing-like-this")


@pytest.mark.parametrize("lang", locales.LANGUAGES)
def test_every_message_formats_without_errors(lang: str) -> None:
    bundle = locales.bundle(lang)
    for key, names in _messages(lang).items():
        message = bundle.get_message(key)
        args = {name: 1 if name in {"count", "value"} else "x" for name in names}
        _, errors = bundle.format_pattern(message.value, args)
        assert errors == [], (lang, key)


# Nouns a number may count. Where one follows a number outside a plural selector,
# "1 megaliths" can happen.
COUNT_NOUNS = {
    "en": r"bridges?|cards?|days?|druids?|games?|islands?|lines?|megaliths?|players?|points?"
    r"|votes?",
    "es": r"puentes?|cartas?|días?|druidas?|partidas?|islas?|líneas?|megalitos?|jugador(?:es)?"
    r"|puntos?|votos?",
}


#: Variables that hold a name, not a number ("a { $card } card").
NAMING_VARIABLES = {"card"}


@pytest.mark.parametrize("lang", locales.LANGUAGES)
def test_a_number_followed_by_a_noun_is_always_in_a_plural_selector(lang: str) -> None:
    noun = re.compile(rf"^\s+(?:{COUNT_NOUNS[lang]})\b")
    unselected = []
    for path in locales.files(lang):
        if path.name == "islas.ftl":
            continue  # Islas wording is another change's
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(entry, ast.Message) or entry.value is None:
                continue
            elements = entry.value.elements
            for here, after in pairwise(elements):
                counted = (
                    isinstance(here, ast.Placeable)
                    and isinstance(here.expression, ast.VariableReference)
                    and here.expression.id.name not in NAMING_VARIABLES
                )
                if counted and isinstance(after, ast.TextElement) and noun.match(after.value):
                    unselected.append(entry.id.name)
    assert unselected == []


@pytest.mark.parametrize(
    ("lang", "key", "args", "expected"),
    [
        ("en", "sh-alt", {"light_megaliths": 1, "dark_megaliths": 1}, "1 megalith,"),
        ("es", "sh-alt", {"light_megaliths": 1, "dark_megaliths": 0}, "0 megalitos."),
        ("en", "kahuna-alt", {"islands0": 1, "score0": 1}, "1 island, 1 point;"),
        ("es", "kahuna-alt", {"islands0": 1, "score0": 1}, "1 isla, 1 punto;"),
        ("en", "kahuna-round-tie", {"count": 1}, "1 island each"),
        ("es", "kahuna-result-draw", {"points": 1}, "1 punto cada uno"),
    ],
)
def test_alt_texts_and_counts_say_one_in_the_singular(
    lang: str, key: str, args: dict[str, int], expected: str
) -> None:
    defaults = {"islands0": 2, "islands1": 2, "score0": 2, "score1": 2, "finished": "no"}
    assert expected in locales.t(lang, key, **{**defaults, **args})


def test_language_follows_the_discord_locale() -> None:
    assert locales.language(discord.Locale.spain_spanish) == "es"
    assert locales.language(discord.Locale.latin_american_spanish) == "es"
    assert locales.language(discord.Locale.american_english) == "en"
    assert locales.language(discord.Locale.french) == "en"
    assert locales.language(None) == "en"


def test_spanish_text_is_spanish() -> None:
    assert locales.t("es", "error-not-your-turn", player="Ana") == "No es tu turno: le toca a Ana."
    assert locales.join("es", ["L3", "L7", "L9"]) == "L3, L7 y L9"
    assert locales.join("en", ["L3", "L7"]) == "L3 and L7"


async def test_every_command_string_has_a_valid_spanish_translation() -> None:
    from bot import EXTENSIONS, Tablero
    from cogs.utils.i18n import FluentTranslator
    from cogs.utils.posting import Poster
    from table.table import Table

    bot = Tablero(":memory:")
    await bot.store.open()
    bot.table = Table(bot.store, Poster(bot), clock=bot.clock, is_thread=bot.is_thread)
    await bot.tree.set_translator(FluentTranslator())
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    translator = FluentTranslator()
    commands = [
        await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()
    ]
    for cog in list(bot.cogs):
        await bot.remove_cog(cog)  # stops the loops cog_load started
    await bot.store.close()
    assert len(commands) >= 6
    name_ok = re.compile(r"^[-_\w]{1,32}$")

    def payloads(payload: dict) -> list[dict]:
        """A command and its options, subcommands and their options, at every depth."""
        return [payload, *(p for o in payload.get("options", []) for p in payloads(o))]

    for command in commands:
        for payload in payloads(command):
            es_name = (payload.get("name_localizations") or {}).get("es-ES")
            es_desc = (payload.get("description_localizations") or {}).get("es-ES")
            assert es_name and name_ok.match(es_name) and es_name == es_name.lower(), payload
            assert name_ok.match(payload["name"]) and payload["name"] == payload["name"].lower()
            assert es_desc and len(es_desc) <= 100 and len(payload["description"]) <= 100
            for choice in payload.get("choices", []):
                assert (choice.get("name_localizations") or {}).get("es-419"), choice
