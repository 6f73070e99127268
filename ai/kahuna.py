"""Kahuna players: an evaluation, a greedy turn planner, and the rollout policy of the search.

A Kahuna turn is several actions and a draw. The greedy planner builds the whole turn at
once (actions while one improves the position, a discard when the hand is full, then the
best draw); the player returns it one action at a time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ai.search import outcome_rewards
from rules.kahuna import (
    DECK,
    ENDS,
    ISLANDS,
    LINES_OF,
    TO_CONTROL,
    Discard,
    Draw,
    KahunaState,
    Place,
    Remove,
)

CARD_WORTH = 0.25  # a card in hand is a future action
ISLAND_WORTH = 2.5  # control counts at every scoring and at the end
HAND_LIMIT = 5


def evaluate(state: KahunaState, seat: int) -> float:
    """How good the position is for ``seat``, in [0, 1] (1: won)."""
    outcome = state.outcome()
    if outcome.finished:
        return outcome_rewards(state)[seat]
    summary = state.summary()
    control, bridges, hands = summary["control"], summary["bridges"], summary["hand_sizes"]
    other = 1 - seat
    value = 3.0 * (outcome.scores[seat] - outcome.scores[other])
    for island in ISLANDS:
        owner = control[island]
        mine = sum(bridges[line] == seat for line in LINES_OF[island])
        theirs = sum(bridges[line] == other for line in LINES_OF[island])
        need = TO_CONTROL[island]
        if owner == seat:
            value += ISLAND_WORTH + 0.3 * min(1, mine - need)
        elif owner == other:
            value -= ISLAND_WORTH + 0.3 * min(1, theirs - need)
        else:
            value += 0.9 * (mine - theirs) / need
            # One bridge short of control is a threat worth more than its share.
            value += 0.4 * ((mine == need - 1) - (theirs == need - 1))
    value += CARD_WORTH * (hands[seat] - hands[other])
    mine_on_board = sum(owner == seat for owner in bridges.values())
    if summary["round"] >= 2 and mine_on_board == 0:
        value -= 5.0
    return 1 / (1 + math.exp(-value / 4))


def _after(state: KahunaState, move: object) -> KahunaState:
    copy = state.clone()
    copy.apply(move)
    return copy


def card_worth(state: KahunaState, seat: int, card: str) -> float:
    """How useful a card of ``card``'s island would be to ``seat`` now."""
    control = state.controller(card)
    mine = state.bridges_on(card, seat)
    bridges = state.summary()["bridges"]
    free = sum(bridges[line] is None for line in LINES_OF[card])
    worth = 0.0
    if control is None:
        worth += 1.0 + 0.5 * mine + 0.1 * free
    elif control == seat:
        worth += 0.3
    else:
        worth += 0.6  # towards removing a bridge there
    # A card that builds next to an island nearly won adds there too.
    for line in LINES_OF[card]:
        if bridges[line] is None:
            far = ENDS[line][1] if ENDS[line][0] == card else ENDS[line][0]
            if state.controller(far) is None and state.bridges_on(far, seat) == TO_CONTROL[far] - 1:
                worth += 0.5
    return worth


def plan_turn(state: KahunaState) -> list[object]:
    """A whole turn for the player to move: useful actions, a discard if full, a draw."""
    seat = state.turn
    assert seat is not None
    state = state.clone()
    plan: list[object] = []
    while True:
        base = evaluate(state, seat)
        best, best_value = None, base + 1e-3
        for move in state.legal_moves():
            if isinstance(move, Place | Remove):
                value = evaluate(_after(state, move), seat)
                if value > best_value:
                    best, best_value = move, value
        if best is None:
            break
        plan.append(best)
        state.apply(best)
        if state.turn != seat:
            return plan
    moves = state.legal_moves()
    draws = [m for m in moves if isinstance(m, Draw)]
    if not draws:
        hand = sorted(state.view(seat).hand or ())
        worst = min(hand, key=lambda card: (card_worth(state, seat, card), card))
        discard = Discard((worst,))
        plan.append(discard)
        state.apply(discard)
        draws = [m for m in state.legal_moves() if isinstance(m, Draw)]

    def draw_worth(move: Draw) -> float:
        if move.source == DECK:
            return 0.9
        return card_worth(state, seat, move.source)

    plan.append(max(draws, key=lambda m: (draw_worth(m), m.source)))
    return plan


def candidates(state: KahunaState) -> list[object]:
    """Moves the search tries: builds and removals, single-card discards, draws."""
    moves = state.legal_moves()
    return [m for m in moves if not isinstance(m, Discard) or len(m.cards) == 1]


ROLLOUT_TURNS = 4


def _quick_action(state: KahunaState, seat: int, rng: random.Random) -> object:
    """The rollout policy: take or break control when possible, build sometimes, then draw."""
    moves = state.legal_moves()
    places = [m for m in moves if isinstance(m, Place)]
    for move in places:
        for island in ENDS[move.line]:
            if (
                state.controller(island) is None
                and state.bridges_on(island, seat) + 1 >= TO_CONTROL[island]
            ):
                return move
    removes = [m for m in moves if isinstance(m, Remove)]
    for move in removes:
        if any(state.controller(island) == 1 - seat for island in ENDS[move.line]):
            return move
    if places and rng.random() < 0.4:
        return rng.choice(places)
    draws = [m for m in moves if isinstance(m, Draw)]
    if draws:
        return rng.choice(draws)
    singles = [m for m in moves if isinstance(m, Discard) and len(m.cards) == 1]
    return rng.choice(singles)


def rollout(state: KahunaState, rng: random.Random) -> Sequence[float]:
    """A few turns of the quick policy, then the evaluation."""
    turns = 0
    while state.turn is not None and turns < ROLLOUT_TURNS:
        seat = state.turn
        move = _quick_action(state, seat, rng)
        state.apply(move)
        if state.turn != seat:
            turns += 1
    if state.turn is None:
        return outcome_rewards(state)
    value = evaluate(state, 0)
    return [value, 1 - value]
