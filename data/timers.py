"""Timers kept in the database, so they fire after restarts (RoboDanny's reminder design).

A timer names what it is for (``kind``: "challenge", "reminder", "deadline"), the row it
refers to (``ref_id``: a challenge or a game) and, for games, ``turn_stamp``: when the turn
it watches began. A timer whose game has started another turn since is simply stale.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from data.db import Database
from data.games import Clock


@dataclass(frozen=True)
class Timer:
    """A stored timer."""

    id: int
    kind: str
    ref_id: int
    turn_stamp: float | None
    due_at: float


class TimerStore:
    """Adds timers, finds the due ones, and marks each fired once."""

    def __init__(self, db: Database, clock: Clock = time.time) -> None:
        self.db = db
        self.clock = clock

    async def add(
        self, kind: str, ref_id: int, due_at: float, turn_stamp: float | None = None
    ) -> int:
        """A timer for ``kind`` of row ``ref_id`` at ``due_at``."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES (?, ?, ?, ?)"
                " RETURNING id",
                (kind, ref_id, turn_stamp, due_at),
            )
            return int((await cur.fetchone())[0])

    async def due(self) -> list[Timer]:
        """Unfired timers whose time has come, oldest first."""
        rows = await self.db.fetchall(
            "SELECT id, kind, ref_id, turn_stamp, due_at FROM timers"
            " WHERE fired_at IS NULL AND due_at <= ? ORDER BY due_at, id",
            (self.clock(),),
        )
        return [Timer(**dict(row)) for row in rows]

    async def claim(self, timer_id: int) -> bool:
        """Mark a timer fired; False if it already was (so it acts at most once)."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
                (self.clock(), timer_id),
            )
            return cur.rowcount == 1

    async def next_due(self) -> float | None:
        """When the next unfired timer is due, or None."""
        row = await self.db.fetchone("SELECT MIN(due_at) AS t FROM timers WHERE fired_at IS NULL")
        return None if row is None or row["t"] is None else float(row["t"])
