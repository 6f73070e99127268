"""What every game's public record shares: the mark of an unknown part, and a game's hooks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.base import State

#: A hidden part never revealed, in a public record's moves (``?D``, ``discard ? ?``).
UNKNOWN = "?"


@dataclass(frozen=True)
class Publisher:
    """How one game writes and reads its public records.

    ``moves(full record, seat)`` gives the moves as ``seat`` (None: anyone) saw them and the
    cards or tiles shown to everyone, in order; the record holds only moves that were
    announced (or were ``seat``'s own). ``state(players, options, shown)`` starts a position
    that plays those moves with what was never revealed left unknown.
    """

    moves: Callable[[Any, int | None], tuple[list[str], list[str]]]
    state: Callable[[int, Mapping[str, Any], Sequence[str]], State]
