"""Challenges: an invitation to play that is accepted, declined, cancelled or expires."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import aiosqlite

from data.db import Database
from data.games import Clock, _dumps


@dataclass(frozen=True)
class Challenge:
    """A stored challenge; ``opponent_id`` None means open to anyone."""

    id: int
    game: str
    options: dict[str, Any]
    series_length: int
    lang: str
    guild_id: int | None
    channel_id: int
    message_id: int | None
    challenger_id: int
    challenger_name: str
    opponent_id: int | None
    status: str
    created_at: float
    expires_at: float
    game_id: int | None

    @classmethod
    def from_row(cls, row: aiosqlite.Row) -> Challenge:
        """Build from a database row."""
        values = dict(row)
        values["options"] = json.loads(values["options"])
        return cls(**values)


class ChallengeStore:
    """Reads and writes challenges; state changes are conditional so a double click acts once."""

    def __init__(self, db: Database, clock: Clock = time.time) -> None:
        self.db = db
        self.clock = clock

    async def create(
        self,
        *,
        game: str,
        options: dict[str, Any],
        series_length: int,
        lang: str,
        guild_id: int | None,
        channel_id: int,
        challenger_id: int,
        challenger_name: str,
        opponent_id: int | None,
        ttl: float,
    ) -> Challenge:
        """Store an open challenge that expires ``ttl`` seconds from now."""
        now = self.clock()
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO challenges (game, options, series_length, lang, guild_id,"
                " channel_id, challenger_id, challenger_name, opponent_id, created_at, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game,
                    _dumps(options),
                    series_length,
                    lang,
                    guild_id,
                    channel_id,
                    challenger_id,
                    challenger_name,
                    opponent_id,
                    now,
                    now + ttl,
                ),
            )
            challenge_id = int(cur.lastrowid or 0)
        found = await self.get(challenge_id)
        assert found is not None
        return found

    async def get(self, challenge_id: int) -> Challenge | None:
        """The challenge, or None."""
        row = await self.db.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        return None if row is None else Challenge.from_row(row)

    async def set_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the message that shows the challenge and its buttons."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
            )

    async def resolve(self, challenge_id: int, status: str, game_id: int | None = None) -> bool:
        """Move an open challenge to ``status``; False when it was no longer open."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE challenges SET status = ?, game_id = ? WHERE id = ? AND status = 'open'",
                (status, game_id, challenge_id),
            )
            return cur.rowcount == 1

    async def due(self) -> list[Challenge]:
        """Open challenges whose time is up."""
        rows = await self.db.fetchall(
            "SELECT * FROM challenges WHERE status = 'open' AND expires_at <= ? ORDER BY id",
            (self.clock(),),
        )
        return [Challenge.from_row(r) for r in rows]

    async def next_expiry(self) -> float | None:
        """When the next open challenge expires, or None."""
        row = await self.db.fetchone(
            "SELECT MIN(expires_at) AS t FROM challenges WHERE status = 'open'"
        )
        return None if row is None or row["t"] is None else float(row["t"])
