"""Stonehenge endgames checked by brute force on the rules' own engine.

The players solve the open game exactly from ``ai.stonehenge.SOLVE_EMPTY`` empty points on,
on a copy of the rules of their own. This checks them against the engine: every line of play
is tried (positions met twice are looked up, not searched again), nothing is pruned by
reasoning about lines. Shared by tests/ai/test_ai.py (up to 6 empty points) and ``bench ai``
(up to 8).
"""

from __future__ import annotations

import random

from ai import stonehenge
from rules.record import Record
from rules.stonehenge import POINTS, STONEHENGE, StonehengeState


def _key(state: StonehengeState) -> tuple:
    """What decides the rest of an open game: the druids on the board, the lines' owners and
    the seat to move (the hands are what is not on the board; a tied full line is decided
    when it fills, so the order of placements no longer matters)."""
    view = state.view(None)
    return tuple(view.points.values()), view.line_owners, view.turn


def brute_wins(state: StonehengeState, memo: dict[tuple, bool] | None = None) -> bool:
    """Whether the player to move can force a win, trying every line of play on the engine."""
    memo = {} if memo is None else memo
    key = _key(state)
    found = memo.get(key)
    if found is not None:
        return found
    seat = state.turn
    result = False
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        if after.winner == seat or (after.turn is not None and not brute_wins(after, memo)):
            result = True
            break
    memo[key] = result
    return result


def random_record(
    seed: int, plies: int, options: dict | None = None, greedy: float = 0.0
) -> Record:
    """A Stonehenge record of ``plies`` moves (fewer if the game would end), first seat
    ``seed % 2``, that leaves a move to make: random moves, or with probability ``greedy``
    the move of ``ai.stonehenge.greedy`` (sensible play keeps more games open longer)."""
    options = {**(options or {}), "first": seed % 2}
    state = STONEHENGE.new(2, seed, options)
    rng = random.Random(seed)
    moves = []
    for _ in range(plies):
        if state.turn is None:
            break
        if rng.random() < greedy:
            text = stonehenge.greedy(state, rng)
        else:
            text = state.format(rng.choice(state.legal_moves()))
        moves.append(text)
        state.play(text)
    if state.turn is None:
        moves.pop()
    return Record("stonehenge", 2, seed, options, tuple(moves))


def endgame_position(seed: int, max_empty: int, greedy: float = 0.0) -> Record | None:
    """The open-game position of ``seed`` (``random_record``'s play, aiming at 3 to
    ``max_empty`` empty points by the seed), if it has at most ``max_empty`` empty points
    and a move to make."""
    empty = 3 + seed % (max_empty - 2)
    record = random_record(seed, len(POINTS) - empty + 1, greedy=greedy)
    state = STONEHENGE.replay(2, record.seed, record.options, record.moves)
    empty = sum(druid is None for druid in state.view(None).points.values())
    return record if state.turn is not None and empty <= max_empty else None


def endgame_positions(count: int, max_empty: int, greedy: float = 0.0) -> list[Record]:
    """The first ``count`` positions ``endgame_position`` finds from seed 1 on."""
    found, seed = [], 0
    while len(found) < count:
        seed += 1
        record = endgame_position(seed, max_empty, greedy)
        if record is not None:
            found.append(record)
    return found


def immediate_wins(state: StonehengeState) -> dict[str, int]:
    """The moves that win at once on the engine, each with the mover's margin after it
    (its megaliths minus the other seat's)."""
    seat = state.turn
    found = {}
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        if after.winner == seat:
            megaliths = after.outcome().scores
            found[state.format(move)] = megaliths[seat] - megaliths[1 - seat]
    return found


def wins_now_position(seed: int) -> Record | None:
    """An open-game position of ``seed`` (mostly greedy play, 8 to 15 moves in) where the
    mover has a move that wins at once, if ``seed``'s game has one there."""
    record = random_record(seed, 8 + seed % 8, greedy=0.8)
    state = STONEHENGE.replay(2, record.seed, record.options, record.moves)
    return record if state.turn is not None and immediate_wins(state) else None


def wins_now_positions(count: int) -> list[Record]:
    """The first ``count`` positions ``wins_now_position`` finds from seed 1 on."""
    found, seed = [], 0
    while len(found) < count:
        seed += 1
        record = wins_now_position(seed)
        if record is not None:
            found.append(record)
    return found
