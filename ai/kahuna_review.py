"""Kahuna's reviewer: the evaluation of the bot's players, which reads only what everyone
sees (control, bridges, scores, round, the sizes of the hands); a public review compares the
draws only, the one kind of action that names no card of a hand nobody saw."""

from __future__ import annotations

import random
from typing import Any

from ai.kahuna import evaluate
from ai.reviewer import Reviewer
from rules.base import State
from rules.kahuna import DECK, Draw


def value(state: State, rng: random.Random) -> list[float]:
    """Each seat's prospects by the evaluation (no hand is read)."""
    return [evaluate(state, seat) for seat in range(state.players)]  # type: ignore[arg-type]


def public_moves(position: State) -> list[Any]:
    """The draws: from the pile, or each face-up card (one that cannot be taken now is
    refused when tried, and left out)."""
    view = position.view(None)
    if view.turn is None:
        return []
    shown = sorted({card for card in view.display if card})
    return [Draw(DECK), *(Draw(card) for card in shown)]


REVIEWER = Reviewer(value=value, public_moves=public_moves)
