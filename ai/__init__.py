"""Computer players for every game: a seat's knowledge in, a move in notation out.

Pure like ``rules``: no Discord, no I/O, single-threaded. Start from a record::

    info = seat_info(record, seat)           # what that seat knows, and nothing else
    move = choose_move(info, "hard", Budget(ms=2000))

``choose_move`` never sees the record itself: hidden parts are sampled from ``info``.
"""

from __future__ import annotations

from ai.players import LEVELS, choose_move, default_seed
from ai.search import Budget
from ai.seat import SeatInfo, seat_info

__all__ = ["LEVELS", "Budget", "SeatInfo", "choose_move", "default_seed", "seat_info"]
