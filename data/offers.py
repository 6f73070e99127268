"""Offers to end a game by agreement: one open offer a game, answered seat by seat.

An offer names the ply it was made at; it lapses when its maker moves again, which the
caller tells from the game's moves since that ply (``Offer.lapsed``), so nothing here has to
watch the moves.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

from data.db import Database, Row
from data.errors import INTEGRITY
from data.game_record import Clock


@dataclass(frozen=True)
class Offer:
    """An open offer to end a game: by whom, at which ply, and who said yes so far."""

    game_id: int
    by_seat: int
    ply: int
    accepted: tuple[int, ...]
    declined: bool = False

    def lapsed(self, movers: Sequence[int | None]) -> bool:
        """Whether its maker moved again since (``movers``: the seat of each stored ply)."""
        return self.by_seat in movers[self.ply :]


class OfferExists(Exception):
    """The game has an open offer already (one at a time)."""


def _offer(row: Row) -> Offer:
    accepted = tuple(json.loads(row["accepted"]))
    return Offer(row["game_id"], row["by_seat"], row["ply"], accepted, bool(row["declined"]))


class OfferStore:
    """Reads and writes offers; each change is conditional, so a double click acts once."""

    def __init__(self, db: Database, clock: Clock = time.time) -> None:
        self.db = db
        self.clock = clock

    async def get(self, game_id: int) -> Offer | None:
        """The game's offer, if one was made and not taken (a declined one too)."""
        row = await self.db.fetchone("SELECT * FROM offers WHERE game_id = ?", (game_id,))
        return None if row is None else _offer(row)

    async def make(self, game_id: int, by_seat: int, ply: int, *, replacing: Offer | None) -> Offer:
        """Store a new offer; OfferExists when one is open (``replacing``: a lapsed one, which
        goes, if it is still the one stored)."""
        async with self.db.transaction() as conn:
            if replacing is not None:
                await conn.execute(
                    "DELETE FROM offers WHERE game_id = ? AND ply = ? AND by_seat = ?",
                    (game_id, replacing.ply, replacing.by_seat),
                )
            try:
                await conn.execute(
                    "INSERT INTO offers (game_id, by_seat, ply, created_at) VALUES (?, ?, ?, ?)",
                    (game_id, by_seat, ply, self.clock()),
                )
            except INTEGRITY:
                raise OfferExists(game_id) from None
        return Offer(game_id, by_seat, ply, ())

    async def accept(self, offer: Offer, seat: int) -> Offer | None:
        """Count ``seat``'s yes to ``offer``; the offer as it is now (None: it is gone)."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "SELECT * FROM offers WHERE game_id = ? AND ply = ? AND by_seat = ?"
                " AND declined = 0",
                (offer.game_id, offer.ply, offer.by_seat),
            )
            row = await cur.fetchone()
            if row is None:
                return None
            accepted = sorted({*json.loads(row["accepted"]), seat})
            await conn.execute(
                "UPDATE offers SET accepted = ? WHERE game_id = ?",
                (json.dumps(accepted), offer.game_id),
            )
        return Offer(offer.game_id, offer.by_seat, offer.ply, tuple(accepted))

    async def decline(self, offer: Offer) -> bool:
        """Mark ``offer`` declined: it keeps its place until its maker moves again (so it is
        not made again at once); False when it was answered or gone already."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE offers SET declined = 1"
                " WHERE game_id = ? AND ply = ? AND by_seat = ? AND declined = 0",
                (offer.game_id, offer.ply, offer.by_seat),
            )
        return cur.rowcount == 1

    async def close(self, offer: Offer) -> bool:
        """Remove ``offer`` (taken, or the game ended); False when it was gone already."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "DELETE FROM offers WHERE game_id = ? AND ply = ? AND by_seat = ?",
                (offer.game_id, offer.ply, offer.by_seat),
            )
        return cur.rowcount == 1
