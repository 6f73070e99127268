"""Time away: a player's clocks stop while they are away (``/away days:N``).

A period away is stored as when it began and until when it lasts (shortened when it ends
early). Nothing is rescheduled when one starts: a deadline is the turn's start plus its days
plus the time its player spent away since the turn began (``paused``), so timers that fall due
while the player is away find their new time and wait for it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from data.db import Database
from data.game_record import Clock

DAY = 86400.0
MOST_AT_ONCE = 14  #: days one period away may last
MOST_IN_A_YEAR = 30  #: days away in any 365
YEAR = 365 * DAY
REMEMBERED = 60.0  #: seconds a player's being away (or not) is remembered
CACHED = 4096  #: players remembered at most (all forgotten at once past that)


class AwayRefused(Exception):
    """Too long: ``days_left`` is what the yearly allowance still has."""

    def __init__(self, days_left: int) -> None:
        super().__init__(days_left)
        self.days_left = days_left


@dataclass(frozen=True)
class Away:
    """A period away."""

    user_id: int
    started_at: float
    until: float


class AwayStore:
    """Reads and writes periods away."""

    def __init__(self, db: Database, clock: Clock = time.time) -> None:
        self.db = db
        self.clock = clock
        #: the time away after a moment (the parameter): the part of a period past it
        self._since = db.dialect.greatest("started_at", "?")
        #: user id -> (read until, in monotonic seconds; their period away then): every move
        #: asks whether its player was away, and nearly always the answer is no
        self._seen: dict[int, tuple[float, Away | None]] = {}
        #: seconds an answer is remembered; 0 (read every time) where other processes
        #: share the database, since /away may be used through any of them
        self.remembered = REMEMBERED

    async def current(self, user_id: int) -> Away | None:
        """The period away the player is in now, if any (remembered ``remembered`` seconds:
        this process's own changes are seen at once, another's within that time)."""
        now, mono = self.clock(), time.monotonic()
        seen = self._seen.get(user_id)
        if seen is not None and seen[0] > mono:
            away = seen[1]
            return away if away is not None and away.until > now else None
        row = await self.db.fetchone(
            "SELECT * FROM away WHERE user_id = ? AND started_at <= ? AND until > ?"
            " ORDER BY started_at DESC LIMIT 1",
            (user_id, now, now),
        )
        away = None if row is None else Away(row["user_id"], row["started_at"], row["until"])
        if self.remembered > 0:
            if len(self._seen) >= CACHED:
                self._seen.clear()
            self._seen[user_id] = (mono + self.remembered, away)
        return away

    async def start(self, user_id: int, days: int) -> Away:
        """Be away ``days`` days from now (a period under way ends first); AwayRefused when
        it is longer than one period may be or than what is left of the year's allowance."""
        now = self.clock()
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE away SET until = ? WHERE user_id = ? AND until > ?", (now, user_id, now)
            )
            cur = await conn.execute(
                f"SELECT COALESCE(SUM(until - {self._since}), 0) FROM away"
                " WHERE user_id = ? AND until > ?",
                (now - YEAR, user_id, now - YEAR),
            )
            row = await cur.fetchone()
            used = float(row[0]) if row else 0.0
            left = max(0, int((MOST_IN_A_YEAR * DAY - used) // DAY))
            if days > MOST_AT_ONCE or days > left:
                raise AwayRefused(min(left, MOST_AT_ONCE))
            await conn.execute(
                "INSERT INTO away (user_id, started_at, until) VALUES (?, ?, ?)",
                (user_id, now, now + days * DAY),
            )
        self._seen.pop(user_id, None)
        return Away(user_id, now, now + days * DAY)

    async def end(self, user_id: int) -> bool:
        """End the period away under way (the player is back, or moved); False if none."""
        now = self.clock()
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE away SET until = ? WHERE user_id = ? AND started_at <= ? AND until > ?",
                (now, user_id, now, now),
            )
        self._seen.pop(user_id, None)
        return cur.rowcount > 0

    def forget_cached(self, user_id: int) -> None:
        """Drop what is remembered of a person's time away (it was deleted)."""
        self._seen.pop(user_id, None)

    async def paused(self, user_id: int, since: float) -> float:
        """Seconds the player's clock stands still from ``since`` on: their time away after
        it, the rest of a period under way included."""
        row = await self.db.fetchone(
            f"SELECT COALESCE(SUM(until - {self._since}), 0) AS s FROM away"
            " WHERE user_id = ? AND until > ?",
            (since, user_id, since),
        )
        return float(row["s"]) if row else 0.0

    async def spans(self, user_id: int, since: float) -> list[tuple[float, float]]:
        """The player's periods away after ``since`` (each cut to begin there at the
        earliest), oldest first: when their clock stood (or will stand) still."""
        rows = await self.db.fetchall(
            f"SELECT {self._since} AS a, until FROM away"
            " WHERE user_id = ? AND until > ? ORDER BY started_at",
            (since, user_id, since),
        )
        return [(float(row["a"]), float(row["until"])) for row in rows]
