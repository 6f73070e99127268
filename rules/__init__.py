"""Pure game engines. ``GAMES`` maps a game's name to its engine.

The three games of this package are known from the start; a game defined elsewhere (a
plugin) makes itself known with ``register_game``, so that its stored records replay.
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
from rules.islas import ISLAS
from rules.kahuna import KAHUNA
from rules.stonehenge import STONEHENGE

GAMES: dict[str, Game] = {game.name: game for game in (STONEHENGE, KAHUNA, ISLAS)}


def register_game(game: Game) -> Game:
    """Make ``game`` known to ``get_game`` (again is fine; another game of that name is not)."""
    known = GAMES.setdefault(game.name, game)
    if known is not game:
        raise ValueError(f"another game is already called {game.name!r}")
    return game


def get_game(name: str) -> Game:
    """The engine called ``name`` (InvalidRecord when there is none)."""
    try:
        return GAMES[name]
    except KeyError:
        raise InvalidRecord("record-unknown-game", game=name) from None


__all__ = [
    "GAMES",
    "AmbiguousMove",
    "Event",
    "Game",
    "IllegalMove",
    "InvalidMove",
    "InvalidRecord",
    "Outcome",
    "RulesError",
    "State",
    "get_game",
    "register_game",
]
