"""The bot's holds of people's seats (/bot-seat, /takeback-seat): taking one, ending one,
and the news of either that the game's thread has not been told yet."""

from __future__ import annotations

import json
from collections.abc import Sequence

from data.db import Database, Transaction
from data.errors import StaleGame
from data.shards import Shards, where_owned


async def end_hold(conn: Transaction, game_id: int, seat: int, to_ply: int) -> bool:
    """End the bot's hold of ``seat`` at ``to_ply`` (its span kept for the record and the
    rating), inside the caller's transaction; False when the seat was not held."""
    cur = await conn.execute(
        "SELECT held_level, held_from, held_spans FROM seats WHERE game_id = ? AND seat = ?",
        (game_id, seat),
    )
    row = await cur.fetchone()
    if row is None or row[0] is None:
        return False
    spans = json.loads(row[2]) if row[2] else []
    spans.append([row[0], int(row[1] or 0), to_ply])
    await conn.execute(
        "UPDATE seats SET held_level = NULL, held_from = NULL, held_spans = ?,"
        " held_notice = 'back' WHERE game_id = ? AND seat = ?",
        (json.dumps(spans, sort_keys=True, separators=(",", ":")), game_id, seat),
    )
    return True


class HoldStore:
    """Writes the holds of seats; reads them back with the games (``GameRecord.seats``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def hold_seat(
        self, game_id: int, seat: int, level: str, expected_version: int, turn_stamp: float
    ) -> bool:
        """Have the bot hold a person's ``seat`` at ``level`` from now (the game still at
        ``expected_version``, in the turn that began at ``turn_stamp``: StaleGame if not);
        False when it holds it already (asked twice at once: held once)."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "SELECT 1 FROM games WHERE id = ? AND version = ? AND status = 'active'"
                " AND turn_started_at = ?",
                (game_id, expected_version, turn_stamp),
            )
            if await cur.fetchone() is None:
                raise StaleGame(game_id)
            cur = await conn.execute(
                "UPDATE seats SET held_level = ?, held_from = ?, held_notice = 'held'"
                " WHERE game_id = ? AND seat = ? AND level IS NULL AND held_level IS NULL",
                (level, expected_version, game_id, seat),
            )
            return cur.rowcount == 1

    async def release_seat(
        self,
        game_id: int,
        seat: int,
        *,
        turn_started_at: float | None = None,
        timers: Sequence[tuple[str, float]] = (),
    ) -> bool:
        """End the bot's hold of ``seat`` (/takeback-seat); False when it held it no more.
        With ``turn_started_at`` the seat's own turn, under way, begins again for its player
        then, with its ``timers`` (kind, due), in the same transaction."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "SELECT version FROM games WHERE id = ? AND status = 'active'", (game_id,)
            )
            row = await cur.fetchone()
            if row is None or not await end_hold(conn, game_id, seat, int(row[0])):
                return False
            if turn_started_at is not None:
                await conn.execute(
                    "UPDATE games SET turn_started_at = ? WHERE id = ?",
                    (turn_started_at, game_id),
                )
                await conn.executemany(
                    "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES (?, ?, ?, ?)",
                    [(kind, game_id, turn_started_at, due) for kind, due in timers],
                )
            return True

    async def seat_told(self, game_id: int, seat: int, notice: str) -> None:
        """The thread has the news ``notice`` ('held', 'back') of ``seat``: not told again
        (unless another change of the seat came meanwhile, with its own news)."""
        async with self.db.transaction(durable=False) as conn:
            await conn.execute(
                "UPDATE seats SET held_notice = NULL"
                " WHERE game_id = ? AND seat = ? AND held_notice = ?",
                (game_id, seat, notice),
            )

    async def untold_seats(self, shards: Shards | None = None) -> list[tuple[int, int, str]]:
        """The news of holds and their ends not told yet (game id, seat, 'held' or 'back'),
        on the servers of ``shards`` (None: every server), in order."""
        owned, params = where_owned(shards, "g.guild_id")
        rows = await self.db.fetchall(
            "SELECT s.game_id, s.seat, s.held_notice FROM seats s"
            " JOIN games g ON g.id = s.game_id"
            f" WHERE s.held_notice IS NOT NULL AND {owned} ORDER BY s.game_id, s.seat",
            params,
        )
        return [(int(r["game_id"]), int(r["seat"]), str(r["held_notice"])) for r in rows]
