"""A whole turn of one seat of a stored record: what the bot's worker processes compute.

The record goes in whole (a worker process has nothing else), but only ``SeatTracker``
reads it: the players get the seat's ``SeatInfo``, as everywhere else in ``ai``.
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass
from typing import Any

from ai.player import has_computer
from ai.players import LEVELS, choose_move
from ai.search import Budget
from ai.seat import SeatTracker
from rules.record import Record


@dataclass(frozen=True)
class Thought:
    """The moves of a turn (a Kahuna turn is several) and how long finding them took."""

    moves: tuple[str, ...]
    think_ms: float


def plan_turn(
    record: dict[str, Any], seat: int, level: str, ms: float, home: str | None = None
) -> Thought:
    """The moves ``seat`` plays now, at ``level``, thinking about ``ms`` per move: every
    action of its turn, in one call (Kahuna's hard thinks again at each action, up to ``ms``
    each, with the rest of the turn it planned among the turns it compares).

    ``home`` is the module whose import registers the game's computer player: a worker
    process finds the installed games (``rules.registry``), not one registered elsewhere
    (a plugin in tests/toy), until a turn of that game brings the module to import."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    if home is not None and not has_computer(str(record.get("game"))):
        importlib.import_module(home)
    started = time.perf_counter()
    tracker = SeatTracker(Record.from_json(record), seat)
    moves: list[str] = []
    while tracker.history.state.turn == seat:
        move = choose_move(tracker.info(), level, Budget(ms=ms))
        tracker.push(move)
        moves.append(move)
    return Thought(tuple(moves), (time.perf_counter() - started) * 1000)
