"""Islas's reviewer: each player's lead after a greedy round played on piles shuffled anew
(what a spectator knows: the board, the followers, the tiles drawn so far; the order of the
rest nobody knows), as the bot's players value a lead; the moves compared are the best few by
the one-ply look."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

from ai.islas import ranked, rewards
from ai.islas import scored as scored_moves
from ai.review import UNKNOWN, Reviewer
from rules.base import State
from rules.islas import IslasState, pile
from rules.record import Record

#: The moves a public review compares at a key moment (the best by a one-ply look).
COMPARED = 8


def world(position: State, record: Record, rng: random.Random) -> State:
    """The same position, the tiles not drawn yet in an order of ``rng``'s."""
    state = cast(IslasState, position.clone())
    known = list(state.pile[: state.next + 1])
    rest = sorted((Counter(pile()) - Counter(known)).elements())
    rng.shuffle(rest)
    state.pile = (*known, *rest)
    return state


def value(state: State, rng: random.Random) -> list[float]:
    """Each seat's prospects after everyone places their next tile greedily."""
    islas = cast(IslasState, state)
    if islas.turn is not None and UNKNOWN not in islas.pile[islas.next + 1 :]:
        islas = cast(IslasState, islas.clone())
        for _ in range(islas.players):
            if islas.turn is None:
                break
            islas.apply(ranked(islas, 1)[0])
    return rewards(islas)


def public_moves(position: State) -> list[Any]:
    """The best placements of the tile everyone sees, by the one-ply look."""
    if position.turn is None:
        return []
    # On a world: a placement draws the next tile, which a public position may not know.
    drawn = world(position, Record("islas", position.players, 0), random.Random(0))
    return [move for _, move in scored_moves(cast(IslasState, drawn), COMPARED)]


REVIEWER = Reviewer(value=value, world=world, public_moves=public_moves)
