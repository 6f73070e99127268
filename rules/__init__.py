"""Pure game engines. ``GAMES`` maps a game's name to its engine."""

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
]
