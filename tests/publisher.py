"""A publisher for tests of the table alone: it keeps every turn handed over, posts nothing."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from data import GameRecord, Store
from rules import State
from table.table import Table
from table.turn import Posted, Problem, StoredTurn


class Recorder:
    """The table's publisher in a test: each turn is 'posted' at once, as message 1000 + n."""

    def __init__(self) -> None:
        self.turns: list[StoredTurn] = []
        self.told: list[tuple[int, int]] = []  # (game id, seat) told it is their turn
        self.seats_told: list[tuple[int, int, bool]] = []  # (game id, seat, held) told
        self.refuse: Problem | None = None  # set: every post is refused so

    def draw_ahead(self, record: GameRecord, state: State) -> asyncio.Future[Any] | None:
        return None

    def draw_mine(
        self, record: GameRecord, state: State, seat: int, lang: str, turn_over: bool
    ) -> asyncio.Future[Any] | None:
        return None

    async def publish(self, turn: StoredTurn) -> Posted | Problem:
        if self.refuse is not None:
            return self.refuse
        self.turns.append(turn)
        place = turn.record.place_id or turn.record.channel_id
        return Posted(1000 + len(self.turns), f"link/{len(self.turns)}", place)

    async def open_place(self, record: GameRecord) -> int:
        return record.channel_id

    async def tell_turn(self, record: GameRecord, seat: int, link: str) -> None:
        self.told.append((record.id, seat))

    async def tell_seat(self, record: GameRecord, seat: int, held: bool) -> None:
        self.seats_told.append((record.id, seat, held))

    async def warm(self, record: GameRecord, state: State) -> None:
        return None

    def timers_changed(self, due: float | None) -> None:
        return None


def table_on(store: Store, clock: Any = time.time) -> Table:
    """A table on ``store`` that posts to a ``Recorder`` (``table.publisher``)."""
    return Table(store, Recorder(), clock=clock, is_thread=lambda place: None)
