"""The daily digest's bookkeeping (``/notify digest:``, issue 23).

A person who asked for a digest has one timer waiting ("digest", ``ref_id``: their user id,
``turn_stamp``: the day of theirs it is for, a date's ordinal in their time zone; a partial
unique index keeps it one), and a row here: the language they asked in (Discord tells a bot
a person's language only when they use a command) and the last day whose digest was handled
(sent, or nothing was waiting), so that a day gets one digest whatever they change meanwhile.

The timer has no server: shard 0's process fires it (``data.shards``: rows with no server
are shard 0's, and Discord sends direct messages to shard 0), reading every server's games
from the shared database. When a digest is due is the table's to say (``table.digests``):
the functions here take it as ``when``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from data.db import Database, Transaction
from data.game_record import Clock
from data.timers import Timer

#: Given the last day handled (None: none yet), the next digest's (day, due time).
When = Callable[[int | None], tuple[int, float]]

#: The one digest timer waiting for a person, put (back) at a day and time; one held by a
#: process acting on it is left alone (that process arms the next one itself).
_ARM = (
    "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES ('digest', ?, ?, ?)"
    " ON CONFLICT (ref_id) WHERE kind = 'digest' AND fired_at IS NULL DO UPDATE SET"
    " turn_stamp = excluded.turn_stamp, due_at = excluded.due_at,"
    " claimed_by = NULL, lease_until = NULL"
    " WHERE timers.lease_until IS NULL OR timers.lease_until <= ?"
)


class DigestStore:
    """Arms, re-arms and stops each person's daily digest timer."""

    def __init__(self, db: Database, clock: Clock = time.time) -> None:
        self.db = db
        self.clock = clock

    async def arm(self, user_id: int, lang: str | None, when: When) -> tuple[int, float]:
        """Put the person's digest timer at the next digest ``when`` says (after the last
        day handled), remembering ``lang`` (None: keep the one stored): the (day, due)."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO digests (user_id, lang) VALUES (?, ?) ON CONFLICT (user_id) DO"
                " UPDATE SET lang = COALESCE(?, digests.lang)",
                (user_id, lang or "en", lang),
            )
            day, due = when(await _last_day(conn, user_id))
            await conn.execute(_ARM, (user_id, day, due, self.clock()))
        return day, due

    async def disarm(self, user_id: int) -> None:
        """No more digests (``/notify digest: off``). A timer a process is acting on now is
        left to it: it reads the settings and arms nothing more."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "DELETE FROM timers WHERE kind = 'digest' AND ref_id = ? AND fired_at IS NULL"
                " AND (lease_until IS NULL OR lease_until <= ?)",
                (user_id, self.clock()),
            )

    async def lang(self, user_id: int) -> str:
        """The language the person asked for their digest in."""
        row = await self.db.fetchone("SELECT lang FROM digests WHERE user_id = ?", (user_id,))
        return "en" if row is None else str(row["lang"])

    async def handled(self, timer: Timer, day: int | None, then: When | None) -> bool:
        """``timer`` done, in one transaction with what follows from it: ``day`` handled
        (None: nothing was, the timer was early or is no longer wanted) and the next timer
        armed where ``then`` says (None: none). False, changing nothing, when the timer was
        done already (a process that took it over finished first)."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE timers SET fired_at = ?, lease_until = NULL"
                " WHERE id = ? AND fired_at IS NULL",
                (self.clock(), timer.id),
            )
            if cur.rowcount != 1:
                return False
            if day is not None:
                await conn.execute(
                    "UPDATE digests SET last_day = ? WHERE user_id = ?"
                    " AND (last_day IS NULL OR last_day < ?)",
                    (day, timer.ref_id, day),
                )
            if then is not None:
                next_day, due = then(await _last_day(conn, timer.ref_id))
                await conn.execute(_ARM, (timer.ref_id, next_day, due, self.clock()))
            return True


async def _last_day(conn: Transaction, user_id: int) -> int | None:
    cur = await conn.execute("SELECT last_day FROM digests WHERE user_id = ?", (user_id,))
    row = await cur.fetchone()
    return None if row is None or row[0] is None else int(row[0])


async def forget_digests(conn: Transaction, user_id: int) -> None:
    """Nothing left of a person's digest (``/forget-me``): its row and every timer of it,
    done or not (a timer names the person by their id)."""
    await conn.execute("DELETE FROM timers WHERE kind = 'digest' AND ref_id = ?", (user_id,))
    await conn.execute("DELETE FROM digests WHERE user_id = ?", (user_id,))
