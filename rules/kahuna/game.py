"""The Kahuna game: its options, the deal, and the start of a state."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from rules.base import Game, InvalidRecord
from rules.kahuna.board import CARDS, ROUNDS, island_named
from rules.kahuna.state import KahunaState


def _card_list(value: Any, option: str, length: int | None = None) -> tuple[str, ...]:
    """A list of island names from a record option (canonical spelling), or InvalidRecord."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise InvalidRecord("record-bad-option", option=option)
    names = [island_named(v) if isinstance(v, str) else None for v in value]
    if None in names:
        raise InvalidRecord("record-bad-option", option=option)
    return tuple(name for name in names if name is not None)


class Kahuna(Game):
    """Two players build bridges between 12 islands to control the most over three rounds."""

    name: ClassVar[str] = "kahuna"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_defaults: ClassVar[Mapping[str, Any]] = {
        "deck": None,
        "reshuffles": None,
        "forbid_build_on_controlled": False,
        "no_bridges_ends_game": True,
    }

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> KahunaState:
        """A fresh game; ``seed`` shuffles, picks the first seat and later reshuffles."""
        checked = self.check_options(players, options or {})
        for flag in ("forbid_build_on_controlled", "no_bridges_ends_game"):
            if not isinstance(checked[flag], bool):
                raise InvalidRecord("record-bad-option", option=flag)
        rng = random.Random(seed)
        # Drawn even when ``first`` is given, so that a seed deals the same cards either way.
        first = rng.randrange(players)
        if checked.get("first") is not None:
            first = checked["first"]
        if checked["deck"] is None:
            deck = list(CARDS)
            rng.shuffle(deck)
        else:
            deck = list(_card_list(checked["deck"], "deck", len(CARDS)))
            if sorted(deck) != list(CARDS):
                raise InvalidRecord("record-bad-option", option="deck")
        reshuffles: list[tuple[str, ...]] = []
        if checked["reshuffles"] is not None:
            orders = checked["reshuffles"]
            if not isinstance(orders, list) or len(orders) > ROUNDS - 1:
                raise InvalidRecord("record-bad-option", option="reshuffles")
            reshuffles = [_card_list(order, "reshuffles") for order in orders]
        return KahunaState(
            deck,
            first,
            rng,
            forbid_build_on_controlled=checked["forbid_build_on_controlled"],
            no_bridges_ends_game=checked["no_bridges_ends_game"],
            reshuffles=reshuffles,
        )


KAHUNA = Kahuna()
KahunaState.game = KAHUNA
