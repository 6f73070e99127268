"""What reviewing one game needs besides its rules and computer player: its ``Reviewer``,
made known by the game's registration (``register_reviewer``); a game without one is valued
by random play-outs."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.search import outcome_rewards
from rules.base import State
from rules.record import Record
from rules.registry import Registry

#: The longest random play-out of the default value (a game without a ``Reviewer``).
PLAYOUT_PLIES = 400


@dataclass(frozen=True)
class Reviewer:
    """What reviewing one game needs besides its rules and computer player (its registration
    names it; a game without one is valued by random play-outs).

    ``value(state, rng)``: each seat's prospects in [0, 1] (scaled to chances afterwards) in a
    position whose hidden parts it does not read, or in a world; ``world(position, record,
    rng)``: a full position as a spectator could imagine it, from a position replayed from
    the public ``record`` (None: the value reads nothing hidden, the position is enough);
    ``public_moves(position)``: the moves worth comparing whose notation names nothing hidden,
    best first (None: the legal moves without ``?``).
    """

    value: Callable[[State, random.Random], Sequence[float]]
    world: Callable[[State, Record, random.Random], State] | None = None
    public_moves: Callable[[State], list[Any]] | None = None


_REVIEWERS: Registry[str, Reviewer] = Registry("reviewer")


def register_reviewer(game: str, reviewer: Reviewer) -> Reviewer:
    """Give ``game`` its reviewer (again is fine; another one for it is not)."""
    return _REVIEWERS.add(game, reviewer)


def playout_value(state: State, rng: random.Random) -> list[float]:
    """A random play-out to the end: 1 for the winner (shared on a draw)."""
    state = state.clone()
    for _ in range(PLAYOUT_PLIES):
        if state.turn is None:
            return outcome_rewards(state)
        state.apply(rng.choice(state.legal_moves()))
    return [1.0 / state.players] * state.players


def reviewer_for(game: str) -> Reviewer:
    """The game's reviewer, or the default: random play-outs from the position itself."""
    found = _REVIEWERS.find(game)
    return found if found is not None else Reviewer(value=playout_value)
