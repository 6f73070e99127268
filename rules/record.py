"""Game records and their replay, as spec/records.md describes them; the same for every game.

Error keys (``InvalidRecord``): ``record-not-object``, ``record-missing-field`` (field),
``record-bad-field`` (field), ``record-unknown-field`` (field), plus whatever the game's
``new`` raises (``record-unknown-game``, ``record-unknown-option``, ``record-bad-option``,
``record-bad-players``, …).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules import get_game
from rules.base import InvalidRecord, RulesError

EXIT_OK, EXIT_BAD_MOVE, EXIT_BAD_RECORD = 0, 1, 2


def _is_int(value: Any) -> bool:
    """A JSON integer (``true`` is not one, though Python's bool is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


# field -> (check, default or ... when required)
_FIELDS: dict[str, tuple[Any, Any]] = {
    "game": (lambda v: isinstance(v, str), ...),
    "players": (_is_int, ...),
    "seed": (_is_int, ...),
    "options": (lambda v: isinstance(v, dict) and all(isinstance(k, str) for k in v), {}),
    "moves": (lambda v: isinstance(v, list) and all(isinstance(m, str) for m in v), []),
}


@dataclass(frozen=True)
class Record:
    """A whole game: which game, how many players, the seed, the options, the moves."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    moves: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, obj: Any) -> Record:
        """Check the shape of a decoded JSON record (InvalidRecord when it is wrong)."""
        if not isinstance(obj, dict):
            raise InvalidRecord("record-not-object")
        unknown = sorted(set(obj) - set(_FIELDS), key=str)
        if unknown:
            raise InvalidRecord("record-unknown-field", field=unknown[0])
        values = {}
        for name, (valid, default) in _FIELDS.items():
            if name not in obj:
                if default is ...:
                    raise InvalidRecord("record-missing-field", field=name)
                values[name] = default
            elif not valid(obj[name]):
                raise InvalidRecord("record-bad-field", field=name)
            else:
                values[name] = obj[name]
        return cls(
            **{**values, "options": dict(values["options"]), "moves": tuple(values["moves"])}
        )

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "moves": list(self.moves),
        }


def replay(record: Record | Mapping[str, Any]) -> dict[str, Any]:
    """Replay a record into the result object of ``python -m rules replay``."""
    try:
        if not isinstance(record, Record):
            record = Record.from_json(record)
        state = get_game(record.game).new(record.players, record.seed, record.options)
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


def exit_code(result: Mapping[str, Any]) -> int:
    """0 for a replayed record, 1 for a rejected move, 2 for a record that is invalid."""
    if result["ok"]:
        return EXIT_OK
    return EXIT_BAD_MOVE if "ply" in result else EXIT_BAD_RECORD
