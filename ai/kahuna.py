"""Kahuna players: an evaluation, a greedy turn planner, and hard's search over whole turns.

A Kahuna turn is several actions and a draw. The greedy planner builds the whole turn at
once (actions while one improves the position, a discard when the hand is full, then the
best draw); hard compares a dozen such turns by playing each on sampled deals (the other
hand, the pile, the face-down discards), followed by a greedy turn of each seat. Either
way the player returns the turn one action at a time.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from ai.kahuna_deal import kahuna_state
from ai.knowledge import UNSEEN, SeatInfo
from ai.player import ComputerPlayer
from ai.players import EASY_GREEDY, planned_rest, remember
from ai.sample import determinise
from ai.sample import pool as sample_pool
from ai.search import Budget, bandit, outcome_rewards
from rules.base import RulesError
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


def _mover(state: KahunaState) -> int:
    """The seat to move (a finished game has none: no player is asked to plan for one)."""
    if state.turn is None:
        raise ValueError("no turn to plan: the game is over")
    return state.turn


def plan_turn(state: KahunaState) -> list[object]:
    """A whole turn for the player to move: useful actions, a discard if full, a draw."""
    seat = _mover(state)
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
    plan.append(max(draws, key=lambda m: (_draw_worth(state, seat, m), m.source)))
    return plan


def candidates(state: KahunaState) -> list[object]:
    """Moves ``easy`` picks among: builds and removals, single-card discards, draws."""
    moves = state.legal_moves()
    return [m for m in moves if not isinstance(m, Discard) or len(m.cards) == 1]


# -- hard: whole turns searched over sampled hands and piles ---------------------------------------

REPLIES = 2  # greedy turns played after the turn being judged
FIRST_ACTIONS = 6  # the turns hard compares start with the best few actions by the evaluation


def turn_candidates(state: KahunaState) -> list[list[object]]:
    """Whole turns worth comparing: the greedy turn, turns starting with another good action
    (then greedy), and the greedy turn ending with another draw."""
    seat = _mover(state)
    greedy = plan_turn(state)
    turns = [greedy]
    scored = []
    for move in state.legal_moves():
        if isinstance(move, Place | Remove):
            scored.append((-evaluate(_after(state, move), seat), state.format(move), move))
    scored.sort(key=lambda s: s[:2])
    for _, _, move in scored[:FIRST_ACTIONS]:
        turns.append([move, *plan_turn(_after(state, move))])
    if not isinstance(greedy[0], Draw):  # the greedy turn builds: also compare not building
        rest = state.clone()
        turns.append(plan_turn_without_actions(rest))
    # The same actions, then each other draw.
    before_draw = state.clone()
    for move in greedy[:-1]:
        before_draw.apply(move)
    for draw in before_draw.legal_moves():
        if isinstance(draw, Draw) and draw != greedy[-1]:
            turns.append([*greedy[:-1], draw])
    unique: dict[tuple[str, ...], list[object]] = {}
    for turn in turns:
        unique.setdefault(tuple(state.format(m) for m in turn), turn)
    return list(unique.values())


def plan_turn_without_actions(state: KahunaState) -> list[object]:
    """Only the discard (when the hand is full) and the draw of the greedy turn."""
    seat = _mover(state)
    draws = [m for m in state.legal_moves() if isinstance(m, Draw)]
    plan: list[object] = []
    if not draws:
        hand = sorted(state.view(seat).hand or ())
        worst = min(hand, key=lambda card: (card_worth(state, seat, card), card))
        plan.append(Discard((worst,)))
        state = _after(state, plan[0])
        draws = [m for m in state.legal_moves() if isinstance(m, Draw)]
    return [*plan, max(draws, key=lambda m: (_draw_worth(state, seat, m), m.source))]


def _draw_worth(state: KahunaState, seat: int, move: Draw) -> float:
    """A face-up card by its use; the pile's unknown card at a fair average."""
    return 0.9 if move.source == DECK else card_worth(state, seat, move.source)


def play_out_turn(state: KahunaState, turn: list[object]) -> float:
    """Play ``turn`` on a sampled state, let the other seat answer with its greedy turn, and
    return how good that leaves the position for the mover."""
    seat = _mover(state)
    for move in turn:
        state.apply(move)
        if state.turn is None:
            return evaluate(state, seat)
    # Both answer greedily once, so that the turn is not judged at the other seat's best.
    for _ in range(REPLIES):
        for move in plan_turn(state):
            state.apply(move)
            if state.turn is None:
                return evaluate(state, seat)
    return evaluate(state, seat)


# -- the computer player: what a seat knows, its levels (its sampler: ai/kahuna_deal.py) ---------

POOL = 8  # determinisations kept per search (each iteration copies one)


def _start(view: Any) -> tuple[Any, ...]:
    """Before the first move a seat sees its hand and the display."""
    return (view.hand, view.display)


def _ply(seat: int, mover: int | None, notation: str, before: Any, after: Any) -> tuple:
    """The card this seat drew from the pile (None for every other move), the display and
    the round after the move; a face-down discard of another seat as its count."""
    drawn = None
    if mover == seat and notation == "draw deck":
        gained = Counter(after.hand) - Counter(before.hand)
        drawn = next(iter(gained)) if gained else None
    if mover != seat and notation.startswith("discard "):
        notation = "discard " + " ".join([UNSEEN] * (len(notation.split()) - 1))
    return (drawn, after.display, after.round), notation


#: hard thinks again at each action of its turn (each is a move with a budget of its own),
#: the rest of the turn it planned before among the turns compared
RETHINK = True


def _choose(info: SeatInfo, level: str, budget: Budget, rng: random.Random) -> str:
    rest = planned_rest(info) if level != "easy" else None
    try:
        state = determinise(info, rng)
    except RuntimeError:
        return _kahuna_from_view(info)
    legal = {state.format(m) for m in state.legal_moves()}
    if rest and rest[0] in legal and not (level == "hard" and RETHINK):
        return rest[0]
    if level == "easy":
        if rng.random() < EASY_GREEDY:
            return state.format(plan_turn(state)[0])
        moves = candidates(state)
        calm = [m for m in moves if not isinstance(m, Discard)] or moves
        return state.format(rng.choice(calm))
    if level == "normal":
        plan = [state.format(m) for m in plan_turn(state)]
    else:
        turns = turn_candidates(state)
        if rest and rest[0] in legal:
            turns = _with_plan(state, rest, turns)
        samples = sample_pool(info, rng, POOL, state)
        stats = bandit(len(turns), lambda i, arm: play_out_turn(samples(i), turns[arm]), budget)
        plan = [state.format(m) for m in turns[stats[0][0]]]
    remember(info, plan)
    return plan[0]


def _with_plan(
    state: KahunaState, rest: list[str], turns: list[list[object]]
) -> list[list[object]]:
    """``turns`` with the rest of the turn planned before first (once), if it is still legal."""
    copy, plan = state.clone(), []
    try:
        for text in rest:
            move = copy.parse(text)
            copy.apply(move)
            plan.append(move)
    except RulesError:
        return turns
    written = [state.format(m) for m in plan]
    return [plan, *(t for t in turns if [state.format(m) for m in t] != written)]


def _kahuna_from_view(info: SeatInfo) -> str:
    """A legal move read from the seat's view alone, for the rare history no sample fits:
    a build that the view offers, else the draw (after a discard when the hand is full)."""
    view = info.view
    for card, lines in sorted(view.buildable.items()):
        if lines:
            return f"place {lines[0]} with {card}"
    hand = sorted(view.hand or ())
    if len(hand) >= HAND_LIMIT:
        return f"discard {hand[0]}"
    if view.pile_size:
        return "draw deck"
    return f"draw {min(card for card in view.display if card)}"


#: Kahuna's computer player: its registration (cogs/games/kahuna.py) makes it the game's.
PLAYER = ComputerPlayer(
    choose=_choose,
    sample=kahuna_state,
    public_options=("forbid_build_on_controlled", "no_bridges_ends_game"),
    start=_start,
    ply=_ply,
)
