"""Replaying a record (``python -m rules replay``): the game that replays it, the result object
and the command's exit code. A public record replays through ``rules.public``, with its
unknowns left unknown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import get_game
from rules.base import Game, InvalidRecord, RulesError
from rules.public import public_game
from rules.record import Record

EXIT_OK, EXIT_BAD_MOVE, EXIT_BAD_RECORD = 0, 1, 2


def replay(record: Record | Mapping[str, Any]) -> dict[str, Any]:
    """Replay a record into the result object of ``python -m rules replay``."""
    try:
        if not isinstance(record, Record):
            record = Record.from_json(record)
        state = game_of(record).new(record.players, record.seed, record.options)
    except InvalidRecord as error:
        return {"ok": False, "error": str(error)}
    for ply, text in enumerate(record.moves):
        try:
            state.play(text)
        except InvalidRecord as error:
            # A record fault found only while playing (say, a deck that runs out).
            return {"ok": False, "error": str(error)}
        except RulesError as error:
            return {"ok": False, "ply": ply, "move": text, "error": str(error)}
    outcome = state.outcome()
    return {
        "ok": True,
        "game": record.game,
        "ply": len(record.moves),
        "finished": outcome.finished,
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "summary": state.summary(),
    }


def game_of(record: Record) -> Game:
    """The engine that replays ``record``: the game's own, or for a public record the one
    that leaves its unknown parts unknown (InvalidRecord when the game has none)."""
    if record.public:
        return public_game(record)
    return get_game(record.game)


def exit_code(result: Mapping[str, Any]) -> int:
    """0 for a replayed record, 1 for a rejected move, 2 for a record that is invalid."""
    if result["ok"]:
        return EXIT_OK
    return EXIT_BAD_MOVE if "ply" in result else EXIT_BAD_RECORD
