"""The players: for each game and level, a move for the seat of a ``SeatInfo``.

Every player starts from ``SeatInfo`` and its own generator only. Levels:

- ``easy``: legal moves with a light preference (now and then the greedy move);
- ``normal``: greedy, one ply;
- ``hard``: search over sampled determinisations.

How each game plays each level is its computer player's (``ai.player``; each game's is in
its own modules of ``ai``). What is common stays here: the checks, the player's generator,
and the plans of turns of several moves.
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import replace

from ai.knowledge import SeatInfo
from ai.player import computer_for
from ai.search import Budget

LEVELS = ("easy", "normal", "hard")
EASY_GREEDY = 0.3  # how often ``easy`` plays the greedy move
#: Moves of a turn of several moves planned ahead: (SeatInfo key before the turn, moves).
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
    return computer_for(info.game).choose(info, level, budget, rng)


def planned(info: SeatInfo) -> str | None:
    """The next step of a turn this seat planned earlier in the same turn, if any."""
    rest = planned_rest(info)
    return rest[0] if rest else None


def planned_rest(info: SeatInfo) -> list[str] | None:
    """The steps left of the turn this seat planned latest in the same turn, if any."""
    done = 0
    while done < len(info.moves) and info.movers[len(info.moves) - 1 - done] == info.seat:
        done += 1
        base = SeatInfo(
            info.game, info.players, info.seat, info.first, info.options,
            info.moves[:-done], info.movers[:-done], info.start, info.seen[:-done], None,
        )  # fmt: skip
        plan = _PLANS.get((base.key(), info.seat))
        if plan is not None and list(info.moves[-done:]) == plan[:done] and len(plan) > done:
            return plan[done:]
    return None


def remember(info: SeatInfo, plan: list[str]) -> None:
    """Keep the moves of the turn this seat starts now, for ``planned`` to give out."""
    if len(_PLANS) >= _PLAN_CACHE:
        _PLANS.pop(next(iter(_PLANS)))
    _PLANS[(info.key(), info.seat)] = plan
