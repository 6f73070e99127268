"""Every message, in both languages, with the longest arguments it can get, fits Discord.

Discord refuses a message over 2,000 characters, a button label over 80, an autocomplete
name over 100 …; a refused reply leaves the user with nothing. Each placeholder gets the
longest value the bot can give it (display names of 32 characters, 20-digit ids, shortened
echoes of user text, five players…) and each selector every variant.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from fluent.syntax import FluentParser, ast, visitor

import locales
from ai import LEVELS
from games.plugin import plugins
from locales import join, t
from table.refusal import shorten
from tests import toy  # noqa: F401 (a plugin's messages must fit Discord as well)

ROOT = locales._DIR.parent
SNOWFLAKE = "9" * 20
NAME = "W" * 32  # Discord display names are at most 32 characters
MENTION = f"<@{SNOWFLAKE}>"
CHANNEL = f"<#{SNOWFLAKE}>"
LINK = f"https://discord.com/channels/{SNOWFLAKE}/{SNOWFLAKE}/{SNOWFLAKE}"
TIME = "<t:99999999999:R>"
ECHO = shorten("W" * 3_000)  # what a reply may quote of a user's text
NUMBER = 99_999
MOST_PLAYERS = 5
NOTATION = "-99,-99 270 lighthouse"  # the longest notation (Islas)
PERMISSIONS = (
    "view-channel",
    "send-messages",
    "send-messages-in-threads",
    "attach-files",
    "read-message-history",
)
KAHUNA_NOTATION = "discard Aloa Aloa Aloa Aloa Aloa"  # the longest of Kahuna's


def _longest(lang: str, keys: list[str]) -> str:
    return max((t(lang, key) for key in keys), key=len)


def _islas_way(lang: str) -> str:
    edge = _longest(lang, [f"islas-edge-{e}" for e in "ibw"])
    return t(lang, "islas-choices-way", rotation=270, n=edge, e=edge, s=edge, w=edge)


def _values(lang: str) -> dict[str, Any]:
    """The longest value of each placeholder in ``lang``."""
    seats = [("sh", 2), ("kahuna", 2), ("islas", 5)]
    seat = _longest(lang, [f"{game}-seat-{s}" for game, n in seats for s in range(n)])
    game = max((p.words.title(lang) for p in plugins()), key=len)
    kind = _longest(lang, [f"islas-kind-{k}" for k in ("island", "bridge", "water", "lighthouse")])
    names = [f"{NAME} ({seat})"] * MOST_PLAYERS
    everyone = join(lang, names)
    details = ", ".join(
        [
            t(lang, "sh-option-hidden"),
            t(lang, "kahuna-option-first-edition"),
            t(lang, "kahuna-option-no-bridges-off"),
            t(lang, "option-series", count=NUMBER),
            t(lang, "option-days", count=NUMBER),
            t(lang, "option-bank", bank=NUMBER, increment=NUMBER, cap=NUMBER),
            t(lang, "option-bank-only", bank=NUMBER),
            t(lang, "option-weekends"),
        ]
    )
    island = "Aloa"  # Kahuna's islands all have four letters (the rules refuse others)
    line = f"{island}–{island}"
    lines = join(lang, [f"L{n}" for n in range(10, 15)])  # a Stonehenge druid ends 5 at most
    action = max(
        (
            t(lang, k, player=NAME, card=island, line=line, count=NUMBER, owner=NAME)
            for k in _messages(lang)
            if k.startswith("kahuna-act-")
        ),
        key=len,
    )
    text_values = {
        "player winner loser challenger requester light dark p0 p1 next owner host": NAME,
        "games": ", ".join(["#9999999"] * 3) + " …",  # three game numbers at most
        "missing": ", ".join(t(lang, f"perm-{p}") for p in PERMISSIONS),
        "players opponents others seated winners scores head last": everyone,
        "mention opponent waiting": join(lang, [MENTION] * (MOST_PLAYERS - 1)),
        "place": CHANNEL,
        "link": LINK,
        "deadline expires until": TIME,
        "game": game,
        "text where field option name": ECHO,  # name: a display name, or a word typed
        "details": f" ({details})",
        "kind follower": f"{kind} {'WNW'}",
        "line": line,
        "lines": lines,
        "card island": island,
        "cards": join(lang, [island] * 2),  # a bridge is removed with two cards
        "ends": join(lang, [island] * 7),  # the islands a card could bridge to (7 at most)
        "druids": ", ".join(["6"] * 5),
        "move": NOTATION,
        "turn": max(t(lang, "games-your-turn"), t(lang, "games-their-turn", player=NAME), key=len),
        "actions": "; ".join([action] * 4),
        "tile": _longest(lang, [f"islas-tile-{letter}" for letter in "ABCDEFGHIJKLMNOPQRSTUVWX"]),
        "spot point": "WW",
        "n e s w": _longest(lang, [f"islas-edge-{e}" for e in "ibw"]),
        "ways": "; ".join([_islas_way(lang)] * 4),  # one per rotation that fits
        "seat": seat,
        "changes": ", ".join([f"{NAME} 9999 → 9999?"] * MOST_PLAYERS),
        "clocks": ", ".join(
            [f"{NAME} " + t(lang, "clock-left", days=NUMBER, hours=NUMBER)] * MOST_PLAYERS
        ),
        "reason": "W" * 200,  # a moderator's reason, cut to 200 characters
        "role": "<@&99999999999999999999>",
        "level": _longest(lang, [f"level-{level}" for level in LEVELS]),
        # profiles, leaderboards, histories, statistics
        "rating": f"{NUMBER}?",
        "change": f"▲ {NUMBER}",
        "date": "<t:99999999999:d>",
        "places": ", ".join([CHANNEL] * 10) + f" (+{NUMBER})",
        "series": join(
            lang,
            [t(lang, "profile-chart-line", game=game, start=NUMBER, now=NUMBER, count=NUMBER)] * 3,
        ),
        "result": "W" * 600,  # a game's result as announced (five Islas totals at most)
        # a person's settings: a time zone's name (at most 100), times of day, reminders
        "zone": "W" * 100,
        "time end": "23:59",
        "spans": join(lang, ["335h59m"] * 5),
        # tournaments: when sign-up ends, its rounds, tie-breaks, the podium
        "when": TIME,
        "rounds": max(t(lang, "event-rounds-all"), t(lang, "event-rounds", count=NUMBER), key=len),
        "buchholz sb score": "99999.99",
        "title": _longest(lang, ["event-standings-final", "event-standings-title"]),
        "second third": everyone,
        # a review: its story (the alt text it goes in is cut to 1,000 characters), the
        # final standing
        "story": "W" * 950,
        "standing": ", ".join([f"{NAME} 100%"] * MOST_PLAYERS),
    }
    values: dict[str, Any] = {}
    for names_, value in text_values.items():
        values.update(dict.fromkeys(names_.split(), value))
    numbers = (
        "number count points value round x y rotation mine theirs ply placed left votes needed"
        " hours index length least most played score0 score1 islands0 islands1 light_megaliths"
        " dark_megaliths light_left dark_left"
        " page pages wins draws losses rate streak best moves active start now"
        " min max board rank"
        " bank increment cap days"  # a time control's days, time left's days (and hours)
        " before after chance"  # a review's percentages
    )
    values.update(dict.fromkeys(numbers.split(), NUMBER))
    return values


class _Shape(visitor.Visitor):
    """A message's placeholders and, for each selector, its variant keys."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.selectors: dict[str, set[str]] = {}

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        if isinstance(node.selector, ast.VariableReference):
            keys = {getattr(v.key, "name", getattr(v.key, "value", "")) for v in node.variants}
            self.selectors.setdefault(node.selector.id.name, set()).update(keys)
        self.generic_visit(node)


def _messages(lang: str) -> dict[str, _Shape]:
    out = {}
    for path in locales.files(lang):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                shape = _Shape()
                shape.visit(entry)
                out[entry.id.name] = shape
    return out


def _rules_keys(kind: str) -> set[str]:
    pattern = re.compile(rf'{kind}\(\s*"([a-z][a-z0-9-]*)"')
    return {k for p in (ROOT / "rules").rglob("*.py") for k in pattern.findall(p.read_text())}


#: Shown as /move's autocomplete entries when no move can be offered (at most 100).
AUTOCOMPLETE_HINTS = {
    "error-no-game",
    "error-no-game-here",
    "error-which-game",
    "error-several-games-here",
    "error-not-a-player",
    "error-game-over",
    "error-not-your-turn",
    "move-no-match",
} | _rules_keys("IllegalMove")


def _limit(key: str) -> int | None:
    """Discord's limit for where message ``key`` is shown (None: drawn into an image)."""
    if key.startswith("cmd-"):
        return 100 if key.endswith("-desc") else 32  # command and option names, descriptions
    if key.startswith("choice-"):
        return 100  # a command option's choice
    if "button" in key or key.startswith(("kahuna-pick-", "islas-pick-")):
        return 80  # a button label (select labels allow 100)
    if key == "sh-choice":
        return 100  # an autocomplete entry
    if key.startswith("kahuna-choice-"):
        return 100 - len(f"{KAHUNA_NOTATION} — ")  # an autocomplete entry after the notation
    if key in AUTOCOMPLETE_HINTS:
        return 100
    if key.startswith("rules-"):
        return 4096  # an embed's description
    if key.endswith("-alt"):
        return 1024  # an attachment's description
    if "-label-" in key:
        return None
    if key == "games-row":
        return 4000  # a row of /games' embed (cut there when 20 rows are longer)
    return 2000 - len("⚠️ \n")  # a message, with room for a warning sign or a second line


def _renderings(lang: str, key: str, shape: _Shape, values: dict[str, Any]) -> list[str]:
    args = {name: values[name] for name in shape.names if name in values}
    missing = shape.names - set(values) - set(shape.selectors)
    assert not missing, f"{key}: give the longest value of {sorted(missing)} in this test"
    options = []
    for name, keys in shape.selectors.items():
        numeric = {"one", "other", "zero", "two", "few", "many"} & keys
        options.append([(name, 1), (name, NUMBER)] if numeric else [(name, k) for k in keys])
    out = []
    for combo in itertools.product(*options):
        bundle = locales.bundle(lang)
        text, errors = bundle.format_pattern(bundle.get_message(key).value, args | dict(combo))
        assert not errors and "{???}" not in text, (lang, key, errors)
        out.append(text)
    return out


@pytest.mark.parametrize("lang", locales.LANGUAGES)
def test_every_message_fits_where_discord_shows_it(lang: str) -> None:
    values = _values(lang)
    too_long = []
    for key, shape in _messages(lang).items():
        limit = _limit(key)
        for text in _renderings(lang, key, shape, values):
            if limit is not None and len(text) > limit:
                too_long.append((key, len(text), limit))
    assert too_long == [], "\n".join(map(str, too_long))


def test_an_echo_is_short_and_on_one_line() -> None:
    assert shorten("6L") == "6L"
    assert shorten("  6\n\nL ") == "6 L"
    assert shorten("6\x00\u202eL\u2028x\r\u200b") == "6L x"  # no controls, no overrides
    long = shorten("x" * 3_000)
    assert len(long) == 60 and long.endswith("…")
    assert len(ECHO) <= 60
