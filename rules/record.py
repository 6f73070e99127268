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


#: A seat the bot held for its player (issue 23): who, at what level, from which ply to
#: which (0-based, the end not included; null while it still holds it).
Held = tuple[int, str, int, int | None]
_HELD_KEYS = {"seat", "level", "from", "to"}


def _is_held(value: Any) -> bool:
    """A list of holds, each {"seat": n, "level": "…", "from": ply, "to": ply or null}."""
    return isinstance(value, list) and all(
        isinstance(h, dict)
        and set(h) == _HELD_KEYS
        and _is_int(h["seat"])
        and isinstance(h["level"], str)
        and _is_int(h["from"])
        and (h["to"] is None or _is_int(h["to"]))
        for h in value
    )


# field -> (check, default or ... when required)
_FIELDS: dict[str, tuple[Any, Any]] = {
    "game": (lambda v: isinstance(v, str), ...),
    "players": (_is_int, ...),
    "seed": (_is_int, ...),
    "options": (lambda v: isinstance(v, dict) and all(isinstance(k, str) for k in v), {}),
    "moves": (lambda v: isinstance(v, list) and all(isinstance(m, str) for m in v), []),
    "held": (_is_held, []),
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
    #: the seats the bot held for their players, and when (nothing to replay: who moved)
    held: tuple[Held, ...] = ()

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
        held = tuple((h["seat"], h["level"], h["from"], h["to"]) for h in values["held"])
        return cls(
            **{
                **values,
                "options": dict(values["options"]),
                "moves": tuple(values["moves"]),
                "held": held,
            }
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
            return found | self._held_json()
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "moves": list(self.moves),
        } | self._held_json()

    def _held_json(self) -> dict[str, Any]:
        """``held`` as JSON, when the bot held a seat (nothing otherwise)."""
        if not self.held:
            return {}
        keys = ("seat", "level", "from", "to")
        return {"held": [dict(zip(keys, h, strict=True)) for h in self.held]}
