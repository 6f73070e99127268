"""Post-game reviews (issue 24): the figures of a finished game's review, once per game and
view (``PUBLIC`` or a seat), as the table computed them (``table.reviews``)."""

from __future__ import annotations

import json
import time
from typing import Any

from data.db import Database
from data.game_record import Clock

#: The view of the review anyone may see (a seat's own review is stored under its seat).
PUBLIC = -1


class ReviewStore:
    """Keeps each review's figures (JSON), written once."""

    def __init__(self, db: Database, clock: Clock = time.time) -> None:
        self.db = db
        self.clock = clock

    async def get(self, game_id: int, seat: int | None = None) -> dict[str, Any] | None:
        """The figures of the game's review for ``seat`` (None: the public one), if stored."""
        row = await self.db.fetchone(
            "SELECT figures FROM reviews WHERE game_id = ? AND view = ?",
            (game_id, PUBLIC if seat is None else seat),
        )
        if row is None:
            return None
        figures: dict[str, Any] = json.loads(row["figures"])
        return figures

    async def put(self, game_id: int, seat: int | None, figures: dict[str, Any]) -> dict[str, Any]:
        """Store a review's figures unless one is stored already (two computed at once: the
        first kept); the figures stored."""
        view = PUBLIC if seat is None else seat
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO reviews (game_id, view, figures, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, view) DO NOTHING",
                (game_id, view, json.dumps(figures, separators=(",", ":")), self.clock()),
            )
            cursor = await conn.execute(
                "SELECT figures FROM reviews WHERE game_id = ? AND view = ?", (game_id, view)
            )
            row = await cursor.fetchone()
        kept: dict[str, Any] = json.loads(row["figures"])
        return kept
