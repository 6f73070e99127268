"""The figures of a post-game review (``ai.review`` computes them): each seat's chance after
every announced turn, and the key moments; stored as JSON, printed by ``python -m ai review``."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class ReviewBudget:
    """How much a review may compute: per turn, the worlds drawn (where hidden parts matter)
    and the default value's play-outs; per key moment, the ``hard`` search's iterations."""

    worlds: int = 4
    search: int = 120

    def to_json(self) -> dict[str, int]:
        """The budget as stored with a review."""
        return asdict(self)


@dataclass(frozen=True)
class Moment:
    """A turn of ``seat``'s after which their chance fell most: from ``before`` their move to
    ``after`` (as it stood when their next turn began, or at the end), ``played_chance``
    right after their move."""

    seat: int
    turn: int
    before: float
    after: float
    played: tuple[str, ...]
    played_chance: float
    #: the bot's move there (its first action), None when it agrees or would name a secret
    preferred: str | None = None
    #: the mover's chance right after the preferred move, as the review values it
    preferred_chance: float | None = None


@dataclass(frozen=True)
class Turn:
    """An announced turn: its number (1-based), the seat that played it, its moves, and every
    seat's chance after it."""

    number: int
    seat: int
    moves: tuple[str, ...]
    chances: tuple[float, ...]


@dataclass(frozen=True)
class Review:
    """The figures of one review: ``seat`` None for the public one."""

    game: str
    players: int
    seat: int | None
    start: tuple[float, ...]
    turns: tuple[Turn, ...]
    moments: tuple[Moment, ...]
    seed: int
    budget: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON (stored, and printed by ``python -m ai review``)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        """The review stored as ``to_json`` wrote it."""
        return cls(
            game=data["game"],
            players=data["players"],
            seat=data["seat"],
            start=tuple(data["start"]),
            turns=tuple(
                Turn(t["number"], t["seat"], tuple(t["moves"]), tuple(t["chances"]))
                for t in data["turns"]
            ),
            moments=tuple(Moment(**{**m, "played": tuple(m["played"])}) for m in data["moments"]),
            seed=data["seed"],
            budget=dict(data.get("budget", {})),
        )

    def chances(self) -> list[tuple[float, ...]]:
        """Every seat's chance at the start and after each turn."""
        return [self.start, *(turn.chances for turn in self.turns)]
