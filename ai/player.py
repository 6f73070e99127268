"""A game's computer player, and the games that have one.

Everything ``ai`` needs of a game is in its ``ComputerPlayer``: what a seat may know of it
(the record options that are public, what a seat sees before the first move and after each
move, its moves as that seat may write them), how the hidden parts are sampled, and how a
move is chosen. The rest of ``ai`` (seat views, determinisation, levels, whole turns) reads
it from here by the game's name, so a game defined anywhere gets a computer player by
registering one (``games.plugin.register`` does it for a plugin that names one). A game not
known here yet loads the installed games' registrations once (``rules.registry``): a worker
process or a command line finds them without importing them itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.base import State
from rules.registry import Registry

if TYPE_CHECKING:
    from ai.knowledge import SeatInfo
    from ai.search import Budget

#: What a seat learns from one move: (seat, mover, notation, its view before, after) ->
#: (what it saw, the move as it may write it).
PlySeen = Callable[[int, int | None, str, Any, Any], tuple[tuple[Any, ...], str]]


def nothing_seen(view: Any) -> tuple[Any, ...]:
    """What a seat of a game without private sights saw before the first move."""
    return ()


def plain_ply(seat: int, mover: int | None, notation: str, before: Any, after: Any) -> tuple:
    """A move that shows every seat the same: nothing more to note, written as played."""
    return (), notation


@dataclass(frozen=True)
class ComputerPlayer:
    """How the bot plays one game, and what each of its seats may know."""

    #: (what the seat knows, level, budget, the player's own generator) -> a move's notation
    choose: Callable[[SeatInfo, str, Budget, random.Random], str]
    #: a full state the seat cannot tell from the real one, hidden parts drawn from the
    #: generator (``ai.sample.replay_public`` for a game without secrets)
    sample: Callable[[SeatInfo, random.Random], State]
    #: the record options every seat knows (the others, like a deck order, are secret)
    public_options: tuple[str, ...] = ()
    #: what the seat saw before the first move, from its view then
    start: Callable[[Any], tuple[Any, ...]] = nothing_seen
    ply: PlySeen = plain_ply
    #: the moves as the seat may write them now, from every ply and its view now, where
    #: that changes as the game goes (a face-down value revealed later); None: as noted
    shown: Callable[[int, Sequence[Any], Any], list[str]] | None = None


_COMPUTERS: Registry[str, ComputerPlayer] = Registry("computer player")


def register_computer(game: str, player: ComputerPlayer) -> ComputerPlayer:
    """Give ``game`` its computer player (again is fine; another one for it is not)."""
    return _COMPUTERS.add(game, player)


def computer_for(game: str) -> ComputerPlayer:
    """The computer player of ``game`` (KeyError when it has none)."""
    return _COMPUTERS[game]


def has_computer(game: str) -> bool:
    """Whether ``game`` has a computer player here."""
    return game in _COMPUTERS


def computer_games() -> tuple[str, ...]:
    """The games with a computer player (the installed ones loaded first), in the order they
    got one."""
    return _COMPUTERS.keys()
