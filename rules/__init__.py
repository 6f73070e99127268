"""Pure game engines, found by name with ``get_game``.

Each game's engine is its own module; this package lists none of them. A game's
registration makes its engine known with ``register_game``; a name not known yet loads the
installed games' registrations once (``rules.registry``), so stored records replay wherever
they are read.
"""

from __future__ import annotations

from rules.base import (
    AmbiguousMove,
    Event,
    Game,
    IllegalMove,
    InvalidMove,
    InvalidRecord,
    Outcome,
    RulesError,
    State,
)
from rules.registry import Registry

#: name -> engine, in the order the games registered
_GAMES: Registry[str, Game] = Registry("engine")


def register_game(game: Game) -> Game:
    """Make ``game`` known to ``get_game`` (again is fine; another game of that name is not)."""
    return _GAMES.add(game.name, game)


def get_game(name: str) -> Game:
    """The engine called ``name`` (InvalidRecord when there is none)."""
    found = _GAMES.find(name)
    if found is None:
        raise InvalidRecord("record-unknown-game", game=name)
    return found


def games() -> tuple[Game, ...]:
    """Every game known here (the installed ones loaded first), in the order they registered."""
    return _GAMES.values()


__all__ = [
    "AmbiguousMove",
    "Event",
    "Game",
    "IllegalMove",
    "InvalidMove",
    "InvalidRecord",
    "Outcome",
    "RulesError",
    "State",
    "games",
    "get_game",
    "register_game",
]
