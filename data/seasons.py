"""Seasons: a server's few weeks in which every rated game also counts on a ladder of its own.

A season runs from ``started_at`` until ``ends_at`` (chosen as whole weeks), or until a
moderator ends it early (``ended_at``). A rated game belongs to a season when it ended in
that span (``data.ratings.rate_finished`` asks ``season_at`` inside the transaction that ends
the game, and a rebuild asks the same of the stored times). Its ladder is the ratings of
scope ``-id`` (0 is across servers, a positive scope a server). The season's end is a timer
(``'season-end'``) added with the season, so it fires after restarts, once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from data.db import Database, Row, Transaction
from data.errors import INTEGRITY

WEEK = 7 * 24 * 3600.0
END_TIMER = "season-end"


@dataclass(frozen=True)
class Season:
    """A stored season."""

    id: int
    guild_id: int
    channel_id: int  #: where it was started: its end is posted there
    started_at: float
    ends_at: float
    weeks: int
    status: str  #: running | ended
    ended_at: float | None = None  #: when it ended (early, or at ``ends_at``)

    @property
    def running(self) -> bool:
        """Not ended yet (its timer may be due: it ends when that fires)."""
        return self.status == "running"

    @property
    def scope(self) -> int:
        """The ratings scope of its ladder."""
        return -self.id

    @property
    def until(self) -> float:
        """When its games stop counting: its early end, or its planned one."""
        return self.ended_at if self.ended_at is not None else self.ends_at


class SeasonRunning(Exception):
    """A season runs on the server already (``season``): one at a time."""

    def __init__(self, season: Season) -> None:
        super().__init__(f"season {season.id} runs on server {season.guild_id}")
        self.season = season


def _season(row: Row) -> Season:
    return Season(
        row["id"],
        row["guild_id"],
        row["channel_id"],
        row["started_at"],
        row["ends_at"],
        row["weeks"],
        row["status"],
        row["ended_at"],
    )


#: The season a game ending at a time belongs to: started before then, not ended by then
#: (a game that ends at the very time of the start is left out, as it was rated before
#: the start was written: a rebuild must find what the live rating did).
_AT = "guild_id = ? AND started_at < ? AND ? < COALESCE(ended_at, ends_at)"


async def season_at(conn: Transaction, guild_id: int, at: float) -> int | None:
    """The id of the season of ``guild_id`` that a game ending at ``at`` counts in."""
    cur = await conn.execute(
        f"SELECT id FROM seasons WHERE {_AT} ORDER BY id DESC LIMIT 1", (guild_id, at, at)
    )
    row = await cur.fetchone()
    return None if row is None else int(row["id"])


class SeasonStore:
    """Starts and ends seasons, and finds them."""

    def __init__(self, db: Database, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock

    async def start(self, guild_id: int, channel_id: int, weeks: int) -> Season:
        """Start a season of ``weeks`` now, with its end timer in the same transaction;
        SeasonRunning when one runs on the server already (the unique index decides, so
        starts at once start one)."""
        now = self.clock()
        ends = now + weeks * WEEK
        try:
            async with self.db.transaction() as conn:
                cur = await conn.execute(
                    "INSERT INTO seasons (guild_id, channel_id, started_at, ends_at, weeks,"
                    " status) VALUES (?, ?, ?, ?, ?, 'running') RETURNING id",
                    (guild_id, channel_id, now, ends, weeks),
                )
                season_id = int((await cur.fetchone())[0])
                await conn.execute(
                    "INSERT INTO timers (kind, ref_id, due_at) VALUES (?, ?, ?)",
                    (END_TIMER, season_id, ends),
                )
        except INTEGRITY:
            running = await self.running(guild_id)
            if running is None:  # ended between the two: say so as if it still ran
                raise
            raise SeasonRunning(running) from None
        return Season(season_id, guild_id, channel_id, now, ends, weeks, "running")

    async def end(self, season_id: int, at: float) -> bool:
        """End a running season as of ``at`` (its planned end, or earlier: a moderator's),
        its end timer brought forward to then; False when it had ended already."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE seasons SET status = 'ended', ended_at = ?"
                " WHERE id = ? AND status = 'running'",
                (at, season_id),
            )
            if cur.rowcount != 1:
                return False
            await conn.execute(
                "UPDATE timers SET due_at = ? WHERE kind = ? AND ref_id = ?"
                " AND fired_at IS NULL AND due_at > ?",
                (at, END_TIMER, season_id, at),
            )
            return True

    async def get(self, season_id: int) -> Season | None:
        """A season by id."""
        row = await self.db.fetchone("SELECT * FROM seasons WHERE id = ?", (season_id,))
        return None if row is None else _season(row)

    async def running(self, guild_id: int) -> Season | None:
        """The season of a server that has not ended yet (its end may be due)."""
        row = await self.db.fetchone(
            "SELECT * FROM seasons WHERE guild_id = ? AND status = 'running'", (guild_id,)
        )
        return None if row is None else _season(row)

    async def current(self, guild_id: int, at: float) -> Season | None:
        """The season of a server that a game ending at ``at`` counts in (None: none)."""
        row = await self.db.fetchone(
            f"SELECT * FROM seasons WHERE {_AT} ORDER BY id DESC LIMIT 1", (guild_id, at, at)
        )
        return None if row is None else _season(row)

    async def of_guild(self, guild_id: int) -> list[Season]:
        """A server's seasons, oldest first (the first is its season 1)."""
        rows = await self.db.fetchall(
            "SELECT * FROM seasons WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [_season(row) for row in rows]
