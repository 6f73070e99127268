"""The players: for each game and level, a move for the seat of a ``SeatInfo``.

Every player starts from ``SeatInfo`` and its own generator only. Levels:

- ``easy``: legal moves with a light preference (now and then the greedy move);
- ``normal``: greedy, one ply (Stonehenge averages over sampled hidden druids; Kahuna plans
  its whole turn greedily);
- ``hard``: search over sampled determinisations. Stonehenge: information-set MCTS (the
  open game is plain UCT whose leaves near the end are solved exactly, and the game is
  solved exactly from ``SOLVE_EMPTY`` empty points on); Kahuna: flat Monte Carlo (UCB1) over
  whole turns, each played on sampled deals and followed by a greedy turn of each seat;
  Islas: the best few moves by a one-ply look that values followers in hand more than
  ``normal`` does, compared on the same sampled piles, each followed by a greedy round of
  every seat, and weighed against their one-ply value.
"""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import Callable
from dataclasses import replace

from ai import islas, kahuna, stonehenge
from ai.sample import determinise
from ai.search import Budget, Searcher, bandit, paired, search
from ai.seat import SeatInfo
from rules.base import State

LEVELS = ("easy", "normal", "hard")
STONEHENGE_WIDTH = 10  # hard searches the best moves by the evaluation, this many a node
EASY_GREEDY = 0.3  # how often ``easy`` plays the greedy move
#: Determinisations kept per search (each iteration copies one), by game.
POOL = {"stonehenge": 24, "kahuna": 8, "islas": 6}
#: Moves of a Kahuna turn planned ahead: (SeatInfo key before the turn, planned moves).
_PLANS: dict[tuple[str, int], list[str]] = {}
_PLAN_CACHE = 256


def default_seed(info: SeatInfo) -> int:
    """A seed drawn from what the seat knows only (never from the record's seed)."""
    return zlib.crc32(info.key().encode())


def choose_move(
    info: SeatInfo, level: str = "normal", budget: Budget | None = None, seed: int | None = None
) -> str:
    """The move, in canonical notation, that ``level`` plays for ``info.seat``."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    if info.turn != info.seat:
        raise ValueError("it is not this seat's turn")
    budget = replace(budget or Budget(iterations=200), started=time.perf_counter())
    rng = random.Random(default_seed(info) if seed is None else seed)
    return _PLAYERS[info.game](info, level, budget, rng)


def _pool(info: SeatInfo, rng: random.Random, first: State | None = None) -> Callable[[int], State]:
    """Determinisations drawn as the search asks for them (``first``, if given, is one
    already drawn), then reused in turn."""
    size = (
        1 if info.game == "stonehenge" and not dict(info.options).get("hidden") else POOL[info.game]
    )
    pool: list[State] = [] if first is None else [first.clone()]

    def sample(i: int) -> State:
        nonlocal size
        if len(pool) < size:
            try:
                pool.append(determinise(info, rng))
            except RuntimeError:  # a Kahuna history that few deals fit: keep those found
                if not pool:
                    raise
                size = len(pool)
        return pool[i % len(pool)].clone()

    return sample


# -- Stonehenge --------------------------------------------------------------------------------


def _stonehenge(info: SeatInfo, level: str, budget: Budget, rng: random.Random) -> str:
    state = determinise(info, rng)
    hidden = bool(dict(info.options).get("hidden"))
    if level == "easy":
        if rng.random() < EASY_GREEDY:
            return stonehenge.greedy(state, rng)
        return state.format(rng.choice(state.legal_moves()))
    if level == "normal":
        if not hidden:
            return stonehenge.greedy(state, rng)
        # Averaged over a few guesses of the face-down druids.
        samples = [state] + [determinise(info, rng) for _ in range(7)]
        return stonehenge.best_of([stonehenge.Fast.of(s) for s in samples], rng)  # type: ignore[arg-type]
    if not hidden and stonehenge.empty_points(state) <= stonehenge.SOLVE_EMPTY:
        move = stonehenge.winning_move(state)
        if move is not None:
            return state.format(move)
    pool = _pool(info, rng)
    fast = stonehenge.FastSearch(STONEHENGE_WIDTH)
    searcher = Searcher(fast.candidates, fast.rollout)  # type: ignore[arg-type]

    def sample(i: int) -> State:
        return stonehenge.Fast.of(pool(i))  # type: ignore[return-value]

    return search(sample, searcher, budget, rng).best()


# -- Kahuna ---------------------------------------------------------------------------------------


def _planned(info: SeatInfo) -> str | None:
    """The next step of a turn this seat planned earlier in the same turn, if any."""
    done = 0
    while done < len(info.moves) and info.movers[len(info.moves) - 1 - done] == info.seat:
        done += 1
        base = SeatInfo(
            info.game, info.players, info.seat, info.first, info.options,
            info.moves[:-done], info.movers[:-done], info.start, info.seen[:-done], None,
        )  # fmt: skip
        plan = _PLANS.get((base.key(), info.seat))
        if plan is not None and list(info.moves[-done:]) == plan[:done] and len(plan) > done:
            return plan[done]
    return None


def _remember(info: SeatInfo, plan: list[str]) -> None:
    if len(_PLANS) >= _PLAN_CACHE:
        _PLANS.pop(next(iter(_PLANS)))
    _PLANS[(info.key(), info.seat)] = plan


def _kahuna(info: SeatInfo, level: str, budget: Budget, rng: random.Random) -> str:
    cached = _planned(info) if level != "easy" else None
    try:
        state = determinise(info, rng)
    except RuntimeError:
        return _kahuna_from_view(info)
    legal = {state.format(m) for m in state.legal_moves()}
    if cached is not None and cached in legal:
        return cached
    if level == "easy":
        if rng.random() < EASY_GREEDY:
            return state.format(kahuna.plan_turn(state)[0])
        moves = kahuna.candidates(state)
        calm = [m for m in moves if not isinstance(m, kahuna.Discard)] or moves
        return state.format(rng.choice(calm))
    if level == "normal":
        plan = [state.format(m) for m in kahuna.plan_turn(state)]
    else:
        turns = kahuna.turn_candidates(state)
        samples = _pool(info, rng, state)
        stats = bandit(
            len(turns), lambda i, arm: kahuna.play_out_turn(samples(i), turns[arm]), budget
        )
        plan = [state.format(m) for m in turns[stats[0][0]]]
    _remember(info, plan)
    return plan[0]


def _kahuna_from_view(info: SeatInfo) -> str:
    """A legal move read from the seat's view alone, for the rare history no sample fits:
    a build that the view offers, else the draw (after a discard when the hand is full)."""
    view = info.view
    for card, lines in sorted(view.buildable.items()):
        if lines:
            return f"place {lines[0]} with {card}"
    hand = sorted(view.hand or ())
    if len(hand) >= kahuna.HAND_LIMIT:
        return f"discard {hand[0]}"
    if view.pile_size:
        return "draw deck"
    return f"draw {min(card for card in view.display if card)}"


# -- Islas ----------------------------------------------------------------------------------------

ISLAS_ROOT_MOVES = 6
ISLAS_PRIOR = 6.0  # weight of a move's one-ply value against its play-outs


def _islas(info: SeatInfo, level: str, budget: Budget, rng: random.Random) -> str:
    sample = _pool(info, rng)
    state = sample(0)
    if level == "easy":
        moves = state.legal_moves()
        move = islas.ranked(state, 1)[0] if rng.random() < EASY_GREEDY else rng.choice(moves)
        return state.format(move)
    if level == "normal":
        return state.format(islas.ranked(state, 1)[0])
    scored = islas.scored(state, ISLAS_ROOT_MOVES, hopeful=True)
    top = [move for _, move in scored]
    if len(top) == 1:
        return state.format(top[0])
    # Every candidate is played on the same sampled piles (paired, so that luck in the
    # draws cancels out), then a greedy round of everybody with the tiles each pile gives.
    current: list[State] = []

    def pull(i: int, arm: int) -> float:
        if arm == 0 or not current:
            current[:] = [sample(i // len(top))]
        return islas.play_out(current[0].clone(), top[arm], info.seat)

    stats = paired(len(top), pull, budget)
    # A few piles say little, and the best of six noisy means is mostly luck: each mean is
    # drawn towards the move's own one-ply value, as if it had been seen ISLAS_PRIOR times.
    rounds = stats[0][1]
    prior = [islas.reward(lead) for lead, _ in scored]
    best = max(
        stats,
        key=lambda s: ((s[2] * rounds + ISLAS_PRIOR * prior[s[0]]) / (rounds + ISLAS_PRIOR), -s[0]),
    )
    return state.format(top[best[0]])


_PLAYERS: dict[str, Callable[[SeatInfo, str, Budget, random.Random], str]] = {
    "stonehenge": _stonehenge,
    "kahuna": _kahuna,
    "islas": _islas,
}
