"""The Islas game: its options, the shuffle, and the start of a state."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from rules.base import Game, InvalidRecord
from rules.islas.state import IslasState
from rules.islas.tiles import pile


def _deck(value: Any) -> list[str]:
    """The record's pile, top first: 71 tile letters (a list, or one string), or InvalidRecord."""
    letters = list(value) if isinstance(value, str) else value
    if not isinstance(letters, list) or not all(isinstance(v, str) for v in letters):
        raise InvalidRecord("record-bad-option", option="deck")
    if Counter(letters) != Counter(pile()):
        raise InvalidRecord("record-bad-option", option="deck")
    return letters


class Islas(Game):
    """Two to five players lay sea tiles and score islands, bridges, lighthouses and water."""

    name: ClassVar[str] = "islas"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    option_defaults: ClassVar[Mapping[str, Any]] = {"deck": None}

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> IslasState:
        """A fresh game; ``seed`` picks the first seat and shuffles the pile unless given."""
        checked = self.check_options(players, options or {})
        rng = random.Random(seed)
        # Drawn even when ``first`` is given, so that a seed shuffles the same pile either way.
        first = rng.randrange(players)
        if checked.get("first") is not None:
            first = checked["first"]
        if checked["deck"] is None:
            tiles = pile()
            rng.shuffle(tiles)
        else:
            tiles = _deck(checked["deck"])
        return IslasState(players, first, tiles)


ISLAS = Islas()
IslasState.game = ISLAS
