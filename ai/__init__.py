"""Computer players for every game: a seat's knowledge in, a move in notation out.

Pure like ``rules``: no Discord, no I/O, single-threaded. Start from a record::

    info = seat_info(record, seat)           # what that seat knows, and nothing else
    move = choose_move(info, "hard", Budget(ms=2000))

``choose_move`` never sees the record itself: hidden parts are sampled from ``info``.

A game's computer player (``ComputerPlayer``) says everything ``ai`` needs of that game: how
it plays, what a seat may know, how hidden parts are sampled. Each game's is in its own
modules here, and its registration makes it the game's (``register_computer``); this package
lists no game. A game not known yet loads the installed games' registrations once
(``rules.registry``).
"""

from __future__ import annotations

from ai.knowledge import SeatInfo
from ai.player import ComputerPlayer, computer_for, has_computer, register_computer
from ai.players import LEVELS, choose_move, default_seed
from ai.search import Budget
from ai.seat import seat_info

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
