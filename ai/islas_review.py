"""Islas's reviewer: the players' leads if the game ended now (open features at their likely
worth), all of it public; the moves compared are the best few by that look."""

from __future__ import annotations

import random
from typing import Any

from ai.islas import rewards
from ai.islas import scored as scored_moves
from ai.review import Reviewer
from rules.base import State

#: The moves a public review compares at a key moment (the best by a one-ply look).
COMPARED = 8


def value(state: State, rng: random.Random) -> list[float]:
    """Each seat's prospects from the virtual scores (the board and followers are public)."""
    return rewards(state)  # type: ignore[arg-type]


def public_moves(position: State) -> list[Any]:
    """The best placements of the tile everyone sees, by the one-ply look."""
    if position.turn is None:
        return []
    return [move for _, move in scored_moves(position, COMPARED)]  # type: ignore[arg-type]


REVIEWER = Reviewer(value=value, public_moves=public_moves)
