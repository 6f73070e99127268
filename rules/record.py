"""Game records, as spec/records.md describes them; the same for every game (replay.py plays them).

A record is full (it has the seed and whatever it decides: hands, face-down druids, the pile)
or public (``"public": true``, spec/records.md "The public record"): no seed, ``?`` for every
hidden part never revealed, and ``shown``, the cards or tiles turned face up for everyone, in
order. A public record replays (rules/replay.py) through ``rules.public`` with its unknowns
left unknown.

Error keys (``InvalidRecord``): ``record-not-object``, ``record-missing-field`` (field),
``record-bad-field`` (field), ``record-unknown-field`` (field), plus whatever the game's
``new`` raises (``record-unknown-game``, ``record-unknown-option``, ``record-bad-option``,
``record-bad-players``, …), and for a public record ``record-public-unknown`` (point),
``record-public-unrevealed`` (line), ``record-public-unsupported`` (game).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.base import InvalidRecord


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
# The fields of a public record other than those above (``seed`` it has not).
_PUBLIC_FIELDS: dict[str, tuple[Any, Any]] = {
    "public": (lambda v: v is True, ...),
    "seat": (_is_int, None),
    "shown": (lambda v: isinstance(v, list) and all(isinstance(m, str) for m in v), []),
}


@dataclass(frozen=True)
class Record:
    """A whole game: which game, how many players, the seed, the options, the moves.

    A public record (``public``) has no seed (0 here, never written), may say whose it is
    (``seat``) and lists the cards or tiles ``shown`` to everyone, in order."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    moves: tuple[str, ...] = ()
    public: bool = False
    seat: int | None = None
    shown: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, obj: Any) -> Record:
        """Check the shape of a decoded JSON record (InvalidRecord when it is wrong)."""
        if not isinstance(obj, dict):
            raise InvalidRecord("record-not-object")
        fields = dict(_FIELDS)
        if "public" in obj:
            del fields["seed"]
            fields.update(_PUBLIC_FIELDS)
        unknown = sorted(set(obj) - set(fields), key=str)
        if unknown:
            raise InvalidRecord("record-unknown-field", field=unknown[0])
        values: dict[str, Any] = {}
        for name, (valid, default) in fields.items():
            if name not in obj:
                if default is ...:
                    raise InvalidRecord("record-missing-field", field=name)
                values[name] = default
            elif not valid(obj[name]):
                raise InvalidRecord("record-bad-field", field=name)
            else:
                values[name] = obj[name]
        if "public" in values:
            values["seed"] = 0
            values["shown"] = tuple(values["shown"])
            seat, players = values["seat"], values["players"]
            if seat is not None and not (_is_int(players) and 0 <= seat < players):
                raise InvalidRecord("record-bad-field", field="seat")
        return cls(
            **{**values, "options": dict(values["options"]), "moves": tuple(values["moves"])}
        )

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object."""
        if self.public:
            found: dict[str, Any] = {"public": True, "game": self.game, "players": self.players}
            if self.seat is not None:
                found["seat"] = self.seat
            found |= {"options": dict(self.options), "moves": list(self.moves)}
            if self.shown:
                found["shown"] = list(self.shown)
            return found
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "moves": list(self.moves),
        }
