"""The Discord side of each game, by the engine's name."""

from __future__ import annotations

from cogs.games.base import GameAdapter
from cogs.games.islas import IslasAdapter
from cogs.games.kahuna import KahunaAdapter
from cogs.games.stonehenge import StonehengeAdapter

ADAPTERS: dict[str, GameAdapter] = {
    a.name: a for a in (StonehengeAdapter(), KahunaAdapter(), IslasAdapter())
}


def adapter_for(game: str) -> GameAdapter:
    """The adapter of a stored game's engine."""
    return ADAPTERS[game]
