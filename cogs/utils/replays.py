"""A finished game as a file: its record (spec/records.md) or its animated replay.

The replay is drawn by games/replays.py (in the drawing process, between live boards); this
module names the files and says how the stored result ended the game.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence

from cogs.utils.images import Drawn
from data import GameRecord, Result
from games.replays import Ending, replay_steps, shown_record
from render.animate import default_format
from render.steps import to_the_end
from rules.public import public_record
from rules.record import Record

__all__ = [
    "draw_replay",
    "ending_of",
    "public_of",
    "record_json",
    "record_name",
    "replay_name",
    "shown_record",
]


def public_of(record: Record, seat: int | None = None) -> Record:
    """The public record of a finished game as ``seat`` saw it (None: anyone), spec/records.md
    "The public record" (InvalidRecord for a game that has none, a plugin's)."""
    return public_record(record, seat)


def record_json(record: Record) -> bytes:
    """A record (a public one, for /export) as ``python -m rules replay`` reads it (UTF-8)."""
    return (json.dumps(record.to_json(), ensure_ascii=False) + "\n").encode("utf-8")


def record_name(record: GameRecord) -> str:
    """The record's file name: 'tablero-kahuna-12.json'."""
    return f"tablero-{record.game}-{record.id}.json"


def replay_name(record: GameRecord, fmt: str | None = None) -> str:
    """The animation's file name: 'tablero-kahuna-12.gif'."""
    return f"tablero-{record.game}-{record.id}.{fmt or default_format()}"


def ending_of(result: Result | None) -> Ending | None:
    """How a stored result ended the game, as the replay tells it."""
    if result is None:
        return None
    return Ending(str(result.ending), tuple(result.winners), result.loser, result.note)


def draw_replay(
    record: Record,
    names: Sequence[str],
    lang: str,
    result: Result | None,
    fmt: str | None = None,
    key_turns: Collection[int] = (),
) -> Drawn:
    """The animated replay of a finished game (its public record only) and its alt text, in
    ``lang``, here and now (slow: the bot has the drawing process draw it, see
    cogs/utils/replay_cache.py). ``result`` says how it ended (None: by the rules, or not
    known); ``key_turns``: the turns its public review found key, marked in their frames'
    headers."""
    ending = ending_of(result)
    data, alt = to_the_end(replay_steps(record, names, lang, ending, fmt, tuple(key_turns)))
    return Drawn(data, alt)
