"""Determinisation: a full state consistent with what one seat knows, hidden parts sampled.

Each game's sampler (its computer player's ``sample``, in the game's own modules of ``ai``)
rebuilds the game through the rules' public door (``new_state``: ``game.new`` with the
record options that fix hidden orders, then the moves), choosing every hidden part with the
player's own generator: another seat's face-down values, the order of a pile beyond what
was seen, another seat's hand. A seed for ``new`` is drawn from that generator too, so the
record's seed is never used. This module holds what every sampler shares.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.knowledge import SeatInfo
from ai.player import computer_for
from rules import get_game
from rules.base import State


def determinise(info: SeatInfo, rng: random.Random) -> State:
    """One state the seat cannot tell from the real one, hidden parts drawn from ``rng``."""
    return computer_for(info.game).sample(info, rng)


def new_state(info: SeatInfo, rng: random.Random, **options: object) -> State:
    """A fresh game with the seat's public options (``options`` fix the hidden orders), its
    seed drawn from ``rng``: the record's seed is never used."""
    game = get_game(info.game)
    chosen = {**dict(info.options), "first": info.first, **options}
    return game.new(info.players, rng.randrange(2**31), chosen)


def replay_public(info: SeatInfo, rng: random.Random) -> State:
    """The sampler of a game without secrets: its moves, played again."""
    state = new_state(info, rng)
    for text in info.moves:
        state.play(text)
    return state


def pool(
    info: SeatInfo, rng: random.Random, size: int, first: State | None = None
) -> Callable[[int], State]:
    """Up to ``size`` determinisations drawn as a search asks for them (``first``, if given,
    is one already drawn), then reused in turn."""
    drawn: list[State] = [] if first is None else [first.clone()]

    def sample(i: int) -> State:
        nonlocal size
        if len(drawn) < size:
            try:
                drawn.append(determinise(info, rng))
            except RuntimeError:  # a history that few samples fit: keep those found
                if not drawn:
                    raise
                size = len(drawn)
        return drawn[i % len(drawn)].clone()

    return sample
