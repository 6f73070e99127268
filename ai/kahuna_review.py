"""Kahuna's reviewer: the evaluation of the bot's players, which reads only what everyone
sees (control, bridges, scores, round, the sizes of the hands)."""

from __future__ import annotations

import random

from ai.kahuna import evaluate
from ai.review import Reviewer
from rules.base import State


def value(state: State, rng: random.Random) -> list[float]:
    """Each seat's prospects by the evaluation (no hand is read)."""
    return [evaluate(state, seat) for seat in range(state.players)]  # type: ignore[arg-type]


REVIEWER = Reviewer(value=value)
