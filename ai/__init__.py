"""Computer players for every game: a seat's knowledge in, a move in notation out.

Pure like ``rules``: no Discord, no I/O, single-threaded. Start from a record::

    info = seat_info(record, seat)           # what that seat knows, and nothing else
    move = choose_move(info, "hard", Budget(ms=2000))

``choose_move`` never sees the record itself: hidden parts are sampled from ``info``.

A game's computer player (``ComputerPlayer``) says everything ``ai`` needs of that game. The
built-in games' players register when their modules are imported, here (like the engines
in ``rules``); any other game's registers with ``register_computer``, or with its plugin.
"""

from __future__ import annotations

# The built-in games' players: each module registers its own (the only list of games in ai),
# in the order /play lists the games (the order the workers warm them up in).
# isort: off
from ai import stonehenge, kahuna, islas  # noqa: F401

# isort: on
from ai.player import ComputerPlayer, computer_for, has_computer, register_computer
from ai.players import LEVELS, choose_move, default_seed
from ai.search import Budget
from ai.seat import SeatInfo, seat_info

__all__ = [
    "LEVELS",
    "Budget",
    "ComputerPlayer",
    "SeatInfo",
    "choose_move",
    "computer_for",
    "default_seed",
    "has_computer",
    "register_computer",
    "seat_info",
]
