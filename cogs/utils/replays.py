"""A finished game as a file: its record (spec/records.md) or its animated replay, in words.

The animation itself is drawn by render/animate.py from the record; this module gives it the
words: each turn's header narrated as the bot narrated it then (from the turn's public
events only), the result as it was announced, the players' names and the game's labels.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Collection, Sequence

from cogs.utils.images import Drawn
from data import GameRecord, Result
from games.plugin import plugin_for
from locales import t
from render.animate import Frame, Header, animate, default_format, replay_frames
from rules.public import has_public_records, public_record
from rules.record import Record
from rules.replay import game_of

#: Discord's limit on an attachment's description (the alt text).
ALT_MAX = 1000
#: What turns symbols into emoji (the variation selector, the zero-width joiner).
JOINERS = "\ufe0f\u200d"


def public_of(record: Record, seat: int | None = None) -> Record:
    """The public record of a finished game as ``seat`` saw it (None: anyone), spec/records.md
    "The public record" (InvalidRecord for a game that has none, a plugin's)."""
    return public_record(record, seat)


def shown_record(record: Record) -> Record:
    """What a replay is drawn from: the public record, so that nothing hidden can reach it;
    for a game without one (a plugin's) the record itself, whose frames are public views."""
    return public_record(record) if has_public_records(record.game) else record


def record_json(record: Record) -> bytes:
    """A record (a public one, for /export) as ``python -m rules replay`` reads it (UTF-8)."""
    return (json.dumps(record.to_json(), ensure_ascii=False) + "\n").encode("utf-8")


def record_name(record: GameRecord) -> str:
    """The record's file name: 'tablero-kahuna-12.json'."""
    return f"tablero-{record.game}-{record.id}.json"


def replay_name(record: GameRecord, fmt: str | None = None) -> str:
    """The animation's file name: 'tablero-kahuna-12.gif'."""
    return f"tablero-{record.game}-{record.id}.{fmt or default_format()}"


def draw_replay(
    record: Record,
    names: Sequence[str],
    lang: str,
    result: Result | None,
    fmt: str | None = None,
    key_turns: Collection[int] = (),
) -> Drawn:
    """The animated replay of a finished game and its alt text, in ``lang`` (slow: run it in
    a worker thread). ``result`` says how it ended (None: by the rules, or not known);
    ``key_turns``: the turns its public review found key, marked in their frames' headers."""
    plugin = plugin_for(record.game)
    by_table = result is not None and not result.by_the_rules
    frames = replay_frames(record, result.winners if by_table else None)
    turns = len(frames) - 1
    outcome = _plain(result_text(record, names, lang, result))
    words = plugin.words
    headers = [
        _header(words.narrate(lang, f.events, names), f, turns, lang, f.turn in key_turns)
        for f in frames[:-1]
    ]
    headers.append(Header(t(lang, "replay-result"), outcome))
    data = animate(frames, headers, names, plugin.drawing.image_labels(lang), fmt)
    alt = t(
        lang,
        "replay-alt",
        game=plugin.words.title(lang),
        players=" – ".join(names),
        count=turns,
        result=outcome,
    )
    return Drawn(data, alt[:ALT_MAX])


def _header(narration: str, frame: Frame, turns: int, lang: str, key: bool = False) -> Header:
    title = t(lang, "replay-turn", number=frame.turn or 0, count=turns)
    if key:  # a key moment of the game's review
        title = f"{title} · {t(lang, 'replay-key-moment')}"
    return Header(title, _plain(narration))


def result_text(record: Record, names: Sequence[str], lang: str, result: Result | None) -> str:
    """How the game ended, as the bot announced it."""
    if result is not None and result.loser is not None:
        winners = " / ".join(names[w] for w in result.winners)
        loser, reason = names[result.loser], result.note or "—"
        return t(lang, f"result-{result.ending}", loser=loser, winner=winners, reason=reason)
    state = game_of(record).replay(record.players, record.seed, record.options, record.moves)
    if not state.outcome().finished:
        return t(lang, "replay-ended")
    return plugin_for(record.game).words.result(lang, state, names)


def _plain(text: str) -> str:
    """Chat text as picture text: no Markdown, no emoji (the board font has none), one
    paragraph (lines joined by a middle dot, without their bullets)."""
    for mark in ("**", "__", "`"):
        text = text.replace(mark, "")
    kept = "".join(
        c for c in text if unicodedata.category(c) not in ("So", "Cs", "Co") and c not in JOINERS
    )
    lines = [" ".join(line.split()).lstrip("•·- ") for line in kept.splitlines()]
    return " · ".join(line for line in lines if line)
