"""Stonehenge's reviewer: the search's evaluation (solved near the end of an open game), and
in the face-down variant worlds whose unrevealed druids get values their owners still had."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ai.reviewer import Reviewer
from ai.stonehenge import EXACT_LEAVES, Fast, wins
from rules import get_game
from rules.base import State
from rules.record import Record
from rules.stonehenge import HAND, POINTS, Placement


def value(state: State, rng: random.Random) -> list[float]:
    """Each seat's prospects: solved when an open position is near its end, else evaluated."""
    fast = Fast.of(state)  # type: ignore[arg-type]
    if not fast.hidden and fast.position[0].count(None) <= EXACT_LEAVES:
        won = 1.0 if wins(fast.position) else 0.0
        return [won, 1 - won] if fast.position[3] == 0 else [1 - won, won]
    mine = fast.value(0)
    return [mine, 1 - mine]


def _unrevealed(view: Any) -> tuple[list[Counter[int]], list[int]]:
    """Per seat, the values not seen on the board yet, and how many druids of theirs are down
    with a value nobody has seen."""
    left = [Counter(HAND), Counter(HAND)]
    down = [0, 0]
    for druid in view.points.values():
        if druid is None:
            continue
        if druid.value is None:
            down[druid.seat] += 1
        else:
            left[druid.seat][druid.value] -= 1
    return left, down


def world(position: State, record: Record, rng: random.Random) -> State:
    """The same game with every druid not revealed yet given a value its owner still had."""
    view = position.view(None)
    if not view.hidden:
        return position.clone()
    left, _ = _unrevealed(view)
    pools = [list(counts.elements()) for counts in left]
    for pool in pools:
        rng.shuffle(pool)
    options = {"hidden": True, "first": record.options.get("first", 0)}
    state = get_game(record.game).new(record.players, rng.randrange(2**31), options)
    for text in record.moves:
        point = text.strip()[-1].upper()
        druid = view.points[point]
        number = pools[druid.seat].pop() if druid.value is None else druid.value
        state.play(f"{number}{point}")
    return state


def public_moves(position: State) -> list[Any]:
    """Every placement of a value the mover surely still holds (face down, which values are
    left is not known: a value shown is one nobody could doubt)."""
    view = position.view(None)
    seat = view.turn
    if seat is None:
        return []
    if not view.hidden:
        return list(position.legal_moves())
    left, down = _unrevealed(view)
    sure = sorted((v for v, n in left[seat].items() if n > down[seat]), reverse=True)
    return [Placement(v, p) for v in sure for p in POINTS if view.points[p] is None]


REVIEWER = Reviewer(value=value, world=world, public_moves=public_moves)
