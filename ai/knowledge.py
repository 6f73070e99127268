"""What one seat knows of a game (``SeatInfo``), the only input a computer player gets;
``ai.seat`` builds it from a record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: How an opponent's face-down discard of one card is written in a seat's history.
UNSEEN = "?"


@dataclass(frozen=True)
class SeatInfo:
    """A game as ``seat`` knows it.

    ``moves`` are the moves in order, with what the seat cannot see blanked out (a hidden
    druid's value as ``?``: ``?L``; a face-down discard as ``discard ? ?``). ``start`` and
    ``seen`` hold what the seat saw before the first move and after each move (per game:
    Kahuna its hand and the display, and the card it drew from the pile; Islas the tiles
    drawn and put out). ``view`` is the rules' view of the position for that seat.
    """

    game: str
    players: int
    seat: int
    first: int
    options: tuple[tuple[str, Any], ...]
    moves: tuple[str, ...]
    movers: tuple[int, ...]
    start: tuple[Any, ...]
    seen: tuple[tuple[Any, ...], ...]
    view: Any

    @property
    def turn(self) -> int | None:
        """The seat to move now."""
        return self.view.turn

    def key(self) -> str:
        """A short text naming this knowledge exactly (for caches and default seeds)."""
        return repr(
            (
                self.game,
                self.players,
                self.seat,
                self.first,
                self.options,
                self.moves,
                self.start,
                self.seen,
            )
        )
