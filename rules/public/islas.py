"""Islas's public record: the moves as they are, and the tiles drawn (everyone saw each one).

The pile's order beyond the tile on top was never seen: the position holds ``?`` for those
tiles, and a record whose moves would need one of them to be known is refused.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules.base import Event, InvalidRecord
from rules.islas import ISLAS
from rules.islas.state import IslasState
from rules.islas.tiles import pile
from rules.public.common import UNKNOWN, Publisher


def public_moves(record: Any, seat: int | None) -> tuple[list[str], list[str]]:
    """The moves, and the tiles drawn so far: placed, put out, and the one on top."""
    state = cast(
        IslasState, ISLAS.replay(record.players, record.seed, record.options, record.moves)
    )
    return list(record.moves), list(state.pile[: state.next + 1])


class PublicIslasState(IslasState):
    """A position whose pile below the tiles shown is unknown."""

    def _draw(self) -> list[Event]:
        # The engine looks at each tile until one fits: each must have been shown.
        index = self.next
        while index < len(self.pile) and self.pile[index] != UNKNOWN:
            if self.board.fits_somewhere(self.pile[index]):
                return super()._draw()
            index += 1
        if index < len(self.pile):
            raise InvalidRecord("record-bad-field", field="shown")
        return super()._draw()


def public_state(players: int, options: Mapping[str, Any], shown: Sequence[str]) -> IslasState:
    """The start of a public record's game: the tiles shown on top of unknown ones."""
    tiles = pile()
    if not shown or Counter(shown) - Counter(tiles):
        raise InvalidRecord("record-bad-field", field="shown")
    checked = ISLAS.check_options(players, options)
    if checked.get("deck") is not None:
        raise InvalidRecord("record-bad-option", option="deck")
    rest = [UNKNOWN] * (len(tiles) - len(shown))
    return PublicIslasState(players, int(checked["first"]), [*shown, *rest])


PUBLISHER = Publisher(public_moves, public_state)
