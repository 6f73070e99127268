"""What one seat knows of a game: the only input a player gets.

``seat_info`` (and ``SeatTracker``, the same in steps) is the one place where a whole record
(seed, deck, every hand) is read. It replays the record and keeps, move by move, only what
the rules show that seat: its own view after each move (``state.view(seat)``), the notation
of its own moves, and that of the others with their secrets blanked out (a face-down
discard's cards, a face-down druid's value until its line is revealed). Everything a player
does afterwards (sampling hidden parts, searching) starts from a ``SeatInfo``, so it cannot
read another seat's hand, a face-down druid or the order of a pile, not even through the
record's seed or its ``deck`` options, which a ``SeatInfo`` does not hold.
"""

from __future__ import annotations

from typing import Any

from ai.knowledge import SeatInfo
from ai.player import computer_for
from rules import get_game
from rules.history import History
from rules.record import Record


class SeatTracker:
    """Follows a game move by move and keeps what one seat learns (``seat_info`` in steps).

    It holds the referee's history, so it must stay with the referee: only ``info()``,
    which copies out the seat's part, goes to a player.
    """

    def __init__(self, record: Record, seat: int) -> None:
        self.game, self.seat = record.game, seat
        self.players = record.players
        # The game's computer player says what a seat may know (KeyError: it has none).
        self.player = computer_for(record.game)
        self.options = tuple(
            (name, record.options[name])
            for name in self.player.public_options
            if name in record.options
        )
        self.history = History(get_game(record.game), record.players, record.seed, record.options)
        self.view = self.history.state.view(seat)
        self.start = self.player.start(self.view)
        self.seen: list[tuple[Any, ...]] = []
        self.shown: list[str] = []
        for text in record.moves:
            self.push(text)

    def push(self, text: str) -> None:
        """Play the next move of the game and note what the seat learned from it."""
        before = self.view
        ply = self.history.push(text)
        self.view = self.history.state.view(self.seat)
        seen, shown = self.player.ply(self.seat, ply.seat, ply.notation, before, self.view)
        self.seen.append(seen)
        self.shown.append(shown)

    def info(self) -> SeatInfo:
        """What the seat knows now."""
        plies = self.history.plies
        first = plies[0].seat if plies else self.history.state.turn
        shown = list(self.shown)
        if self.player.shown is not None:
            shown = self.player.shown(self.seat, plies, self.view)
        return SeatInfo(
            game=self.game,
            players=self.players,
            seat=self.seat,
            first=first if first is not None else 0,
            options=self.options,
            moves=tuple(shown),
            movers=tuple(ply.seat if ply.seat is not None else -1 for ply in plies),
            start=self.start,
            seen=tuple(self.seen),
            view=self.view,
        )


def seat_info(record: Record, seat: int, upto: int | None = None) -> SeatInfo:
    """What ``seat`` knows after the first ``upto`` moves of ``record`` (all by default)."""
    if upto is not None:
        record = Record(
            record.game, record.players, record.seed, record.options, record.moves[:upto]
        )
    return SeatTracker(record, seat).info()
