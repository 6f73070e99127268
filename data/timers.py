"""Timers kept in the database, so they fire after restarts (RoboDanny's reminder design).

A timer names what it is for (``kind``: "challenge", "reminder", "deadline", a person's
own reminders before it "before:<minutes>", the next player's "heads-up", "rename": a
forgotten player's name to take out of a game's thread, an event's "event-signup" and
"event-round", "season-end", or a person's daily "digest"), the row it refers to
(``ref_id``: a challenge, a game, an event, a season or, for a digest, the person's user id)
and, for games' turns, ``turn_stamp``: when the turn it watches began (an event's round:
which round; a digest: the day of the person's it is for). A timer whose game has started
another turn since is simply stale. A digest has no server: it is shard 0's (data.digests).

Several processes may share the database, each running some of the bot's shards: a process
fires only the timers of its own shards' servers (the game's or challenge's guild), and
claims each in the database before acting, with a lease (``claimed_by``, ``lease_until``).
Once it has acted it marks the timer done (``fired_at``). A claim whose lease ran out
without the timer being done belongs to a process that died: the next process of those
shards to look claims it again and acts again, so every action must be idempotent.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from data.db import Database
from data.game_record import Clock
from data.shards import Shards, where_owned

#: The server of a timer's game, challenge, event or season (NULL: none), each looked up by
#: its id for the timers at hand only: joined instead, PostgreSQL may read every game,
#: challenge and event to hash them when it guesses wrong how many timers are due.
_GUILD = (
    "COALESCE("
    "(SELECT g.guild_id FROM games g WHERE (t.kind IN ('reminder', 'deadline', 'rename',"
    " 'heads-up') OR t.kind LIKE 'before:%') AND g.id = t.ref_id),"
    " (SELECT c.guild_id FROM challenges c WHERE t.kind = 'challenge' AND c.id = t.ref_id),"
    " (SELECT e.guild_id FROM tournaments e WHERE t.kind LIKE 'event-%' AND e.id = t.ref_id),"
    " (SELECT s.guild_id FROM seasons s WHERE t.kind = 'season-end' AND s.id = t.ref_id))"
)


@dataclass(frozen=True)
class Timer:
    """A stored timer."""

    id: int
    kind: str
    ref_id: int
    turn_stamp: float | None
    due_at: float
    #: the process that claimed it last and did not finish (None: never claimed)
    claimed_by: str | None = None


class TimerStore:
    """Adds timers, finds the due ones, and claims each for one process at a time."""

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
            (row,) = await cur.fetchall()  # read whole: the insert is done when it returns
            return int(row[0])

    async def due(self, shards: Shards | None = None) -> list[Timer]:
        """Timers of ``shards``' servers (None: every server) whose time has come and that
        nobody holds: never claimed, or claimed by a process whose lease ran out. Oldest
        first."""
        now = self.clock()
        owned, params = where_owned(shards, _GUILD)
        rows = await self.db.fetchall(
            "SELECT t.id, t.kind, t.ref_id, t.turn_stamp, t.due_at, t.claimed_by"
            + " FROM timers t WHERE t.fired_at IS NULL AND t.due_at <= ?"
            " AND (t.lease_until IS NULL OR t.lease_until <= ?) AND "
            + owned
            + " ORDER BY t.due_at, t.id",
            (now, now, *params),
        )
        return [Timer(**dict(row)) for row in rows]

    async def due_count(self) -> int:
        """How many timers are due and not done, on every server (the metrics' figure)."""
        row = await self.db.fetchone(
            "SELECT COUNT(*) AS n FROM timers WHERE fired_at IS NULL AND due_at <= ?",
            (self.clock(),),
        )
        return int(row["n"]) if row else 0

    async def claim(self, timer_id: int, owner: str, lease: float) -> bool:
        """Hold a due timer for ``lease`` seconds as ``owner``; False when it is done or
        another process holds it (that one acts)."""
        now = self.clock()
        # Not durable: a claim lost to a power cut only lets the timer be claimed again,
        # and its action is idempotent.
        async with self.db.transaction(durable=False) as conn:
            cur = await conn.execute(
                "UPDATE timers SET claimed_by = ?, lease_until = ?"
                " WHERE id = ? AND fired_at IS NULL AND (lease_until IS NULL OR lease_until <= ?)",
                (owner, now + lease, timer_id, now),
            )
            return cur.rowcount == 1

    async def renew(self, timer_id: int, owner: str, lease: float) -> bool:
        """Hold a claimed timer ``lease`` seconds more (an action that takes long); False
        when ``owner`` no longer holds it."""
        async with self.db.transaction(durable=False) as conn:
            cur = await conn.execute(
                "UPDATE timers SET lease_until = ?"
                " WHERE id = ? AND claimed_by = ? AND fired_at IS NULL",
                (self.clock() + lease, timer_id, owner),
            )
            return cur.rowcount == 1

    async def done(self, timer_id: int) -> None:
        """Mark a timer fired: its action is done, nobody claims it again."""
        async with self.db.transaction(durable=False) as conn:
            await conn.execute(
                "UPDATE timers SET fired_at = ?, lease_until = NULL"
                " WHERE id = ? AND fired_at IS NULL",
                (self.clock(), timer_id),
            )

    async def postpone(self, timer: Timer, due_at: float) -> int:
        """Replace ``timer`` by one due at ``due_at`` (its player was away), in one
        transaction: a process that dies meanwhile leaves either the old timer or the new
        one, never both."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES (?, ?, ?, ?)"
                " RETURNING id",
                (timer.kind, timer.ref_id, timer.turn_stamp, due_at),
            )
            (row,) = await cur.fetchall()
            await conn.execute(
                "UPDATE timers SET fired_at = ?, lease_until = NULL WHERE id = ?",
                (self.clock(), timer.id),
            )
            return int(row[0])

    async def waiting(self, ref_id: int, turn_stamp: float, prefix: str) -> list[tuple[str, float]]:
        """The timers of row ``ref_id``'s turn ``turn_stamp`` whose kind starts with ``prefix``
        and that are not done: (kind, when it is next looked at: its due time, or the end
        of the lease of a process that holds it)."""
        rows = await self.db.fetchall(
            "SELECT kind, due_at, lease_until FROM timers"
            " WHERE ref_id = ? AND turn_stamp = ? AND kind LIKE ? AND fired_at IS NULL",
            (ref_id, turn_stamp, prefix + "%"),
        )
        return [
            (str(row["kind"]), max(float(row["due_at"]), float(row["lease_until"] or 0.0)))
            for row in rows
        ]

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """When a timer of ``shards``' servers next needs a look, or None: the next due
        time, or for one held by a process, when its lease runs out."""
        owned, params = where_owned(shards, _GUILD)
        row = await self.db.fetchone(
            "SELECT MIN(CASE WHEN t.lease_until > t.due_at THEN t.lease_until"
            " ELSE t.due_at END) AS next_at"
            + " FROM timers t WHERE t.fired_at IS NULL AND "
            + owned,
            params,
        )
        return None if row is None or row["next_at"] is None else float(row["next_at"])
