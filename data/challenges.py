"""Challenges: an invitation to play that is accepted, declined, cancelled or expires.

A challenge names the players it invites (each must accept) or is open: anyone may take a
seat until the table is full or the challenger starts the game.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from data.clock_controls import NO_CONTROL, TimeControl
from data.db import Database, Row
from data.errors import INTEGRITY
from data.game_record import ChallengeGone, Clock, dumps


class RematchOffered(Exception):
    """A rematch of that game is already open: ``challenge`` is the offer to answer."""

    def __init__(self, challenge: Challenge) -> None:
        super().__init__(challenge.id)
        self.challenge = challenge


class ChallengeLimit(Exception):
    """The challenger has ``limit`` open challenges on that server already: none was made."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit


@dataclass(frozen=True)
class Invitee:
    """A player invited to (or seated at) a challenge."""

    user_id: int
    name: str
    accepted: bool


@dataclass(frozen=True)
class Challenge:
    """A stored challenge with its players, challenger excluded, in seat order."""

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
    status: str
    created_at: float
    expires_at: float
    game_id: int | None
    is_open: bool
    max_players: int
    seat_order: tuple[int, ...] | None = None  # user ids, challenger included (a rematch)
    days_per_move: int | None = None  # the deadline of each move, None for none
    rematch_of: int | None = None  # the finished game this challenge repeats
    bot_levels: tuple[str, ...] = ()  # seats the bot takes when the game starts, by level
    players: tuple[Invitee, ...] = field(default=())
    #: a bank instead of days per move, weekends off: what the game it starts gets
    time_control: TimeControl = NO_CONTROL

    @property
    def accepted(self) -> tuple[Invitee, ...]:
        """The players who said yes (or took a seat), in seat order."""
        return tuple(p for p in self.players if p.accepted)

    @property
    def waiting_for(self) -> tuple[Invitee, ...]:
        """Invited players who have not answered yet."""
        return tuple(p for p in self.players if not p.accepted)

    def invitee(self, user_id: int) -> Invitee | None:
        """The player ``user_id`` at this challenge, if any."""
        return next((p for p in self.players if p.user_id == user_id), None)


class ChallengeStore:
    """Reads and writes challenges; state changes are conditional so a double click acts once."""

    def __init__(self, db: Database, clock: Clock = time.time) -> None:
        self.db = db
        self.clock = clock
        dialect = db.dialect
        #: when a player joining now joined: now, yet after everyone seated before (seat
        #: order is join order, even within one tick of a coarse clock)
        self._after_the_last = dialect.greatest(
            "?",
            "(SELECT COALESCE(MAX(joined_at), 0) + 0.000001 FROM challenge_players"
            " WHERE challenge_id = ?)",
        )
        self._same_guild = dialect.same("guild_id", "?")
        #: a challenger's open challenges on a server (those whose time is not up yet)
        self._open_by = (
            "SELECT COUNT(*) AS n FROM challenges WHERE status = 'open' AND challenger_id = ?"
            f" AND {self._same_guild} AND expires_at > ?"
        )

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
        invited: Sequence[tuple[int, str]],
        max_players: int,
        ttl: float,
        seat_order: Sequence[int] | None = None,
        days_per_move: int | None = None,
        rematch_of: int | None = None,
        bot_levels: Sequence[str] = (),
        limit: int | None = None,
        control: TimeControl = NO_CONTROL,
    ) -> Challenge:
        """Store an open challenge that expires ``ttl`` seconds from now.

        With no one ``invited`` it is open to anyone, up to ``max_players`` in all. A rematch
        of a game that has an open one already raises :class:`RematchOffered`: a unique index
        decides, so two clicks at once make one offer. With ``limit``, ChallengeLimit when the
        challenger has that many open on the server already: counted in the transaction that
        adds this one (writes run one at a time), so challenges made at once cannot pass it.
        """
        now = self.clock()
        try:
            async with self.db.transaction() as conn:
                if limit is not None:
                    cur = await conn.execute(self._open_by, (challenger_id, guild_id, now))
                    if int((await cur.fetchone())[0]) >= limit:
                        raise ChallengeLimit(limit)
                cur = await conn.execute(
                    "INSERT INTO challenges (game, options, series_length, lang, guild_id,"
                    " channel_id, challenger_id, challenger_name, created_at, expires_at,"
                    " is_open, max_players, seat_order, days_per_move, rematch_of, bot_levels,"
                    " time_control)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        game,
                        dumps(options),
                        series_length,
                        lang,
                        guild_id,
                        channel_id,
                        challenger_id,
                        challenger_name,
                        now,
                        now + ttl,
                        int(not invited),
                        max_players if not invited else len(invited) + 1,
                        None if seat_order is None else dumps(list(seat_order)),
                        days_per_move,
                        rematch_of,
                        dumps(list(bot_levels)) if bot_levels else None,
                        control.to_json(),
                    ),
                )
                challenge_id = int((await cur.fetchone())[0])
                # Expiry is a timer like any other: one loop fires them all, after restarts too.
                await conn.execute(
                    "INSERT INTO timers (kind, ref_id, due_at) VALUES ('challenge', ?, ?)",
                    (challenge_id, now + ttl),
                )
                await conn.executemany(
                    "INSERT INTO challenge_players"
                    " (challenge_id, user_id, name, accepted, joined_at) VALUES (?, ?, ?, 0, ?)",
                    [
                        (challenge_id, uid, name, now + i * 1e-6)
                        for i, (uid, name) in enumerate(invited)
                    ],
                )
        except INTEGRITY:
            if rematch_of is None:
                raise
            raise RematchOffered(await self._open_rematch(rematch_of)) from None
        found = await self.get(challenge_id)
        if found is None:  # written in the transaction above; never deleted
            raise LookupError(f"challenge {challenge_id} vanished")
        return found

    async def _open_rematch(self, game_id: int) -> Challenge:
        row = await self.db.fetchone(
            "SELECT * FROM challenges WHERE rematch_of = ? AND status = 'open'", (game_id,)
        )
        if row is None:  # open ones are only closed by resolve(), never deleted
            raise LookupError(f"the open rematch of game {game_id} vanished")
        return await self._complete(row)

    async def get(self, challenge_id: int) -> Challenge | None:
        """The challenge with its players, or None."""
        row = await self.db.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        return None if row is None else await self._complete(row)

    async def _complete(self, row: Row) -> Challenge:
        players = await self.db.fetchall(
            "SELECT user_id, name, accepted FROM challenge_players WHERE challenge_id = ?"
            " ORDER BY joined_at",
            (row["id"],),
        )
        values = dict(row)
        values.pop("opponent_id", None)  # schema 1 kept one invitee here; see challenge_players
        values["options"] = json.loads(values["options"])
        values["is_open"] = bool(values["is_open"])
        order = values["seat_order"]
        values["seat_order"] = None if order is None else tuple(json.loads(order))
        values["bot_levels"] = tuple(json.loads(values["bot_levels"] or "[]"))
        values["time_control"] = TimeControl.from_json(values["time_control"])
        values["players"] = tuple(
            Invitee(p["user_id"], p["name"], bool(p["accepted"])) for p in players
        )
        return Challenge(**values)

    async def open_by(self, user_id: int, guild_id: int | None) -> int:
        """How many open challenges ``user_id`` made on a server (for its limit)."""
        row = await self.db.fetchone(self._open_by, (user_id, guild_id, self.clock()))
        return int(row["n"]) if row else 0

    async def set_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the message that shows the challenge and its buttons."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
            )

    async def accept(self, challenge_id: int, user_id: int, name: str) -> bool:
        """An invited player says yes; False when the challenge is closed or they already had."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE challenge_players SET accepted = 1, name = ?"
                " WHERE challenge_id = ? AND user_id = ? AND accepted = 0"
                " AND EXISTS (SELECT 1 FROM challenges WHERE id = ? AND status = 'open')",
                (name, challenge_id, user_id, challenge_id),
            )
            return cur.rowcount == 1

    async def unaccept(self, challenge_id: int, user_id: int) -> bool:
        """An invited player's yes no longer counts (their game could not start); False
        when the challenge is closed or they had not accepted."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE challenge_players SET accepted = 0"
                " WHERE challenge_id = ? AND user_id = ? AND accepted = 1"
                " AND EXISTS (SELECT 1 FROM challenges WHERE id = ? AND status = 'open'"
                " AND is_open = 0)",
                (challenge_id, user_id, challenge_id),
            )
            return cur.rowcount == 1

    async def join(self, challenge_id: int, user_id: int, name: str) -> bool:
        """Take a seat at an open challenge; False when closed, full or already seated."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO challenge_players"
                " (challenge_id, user_id, name, accepted, joined_at)"
                f" SELECT id, ?, ?, 1, {self._after_the_last} FROM challenges"
                " WHERE id = ? AND status = 'open' AND is_open = 1 AND max_players >"
                " 1 + (SELECT COUNT(*) FROM challenge_players WHERE challenge_id = ?)"
                " ON CONFLICT DO NOTHING",
                (user_id, name, self.clock(), challenge_id, challenge_id, challenge_id),
            )
            return cur.rowcount == 1

    async def leave(self, challenge_id: int, user_id: int) -> bool:
        """Give a seat at an open challenge back; False when not seated or closed."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "DELETE FROM challenge_players WHERE challenge_id = ? AND user_id = ?"
                " AND EXISTS (SELECT 1 FROM challenges WHERE id = ? AND status = 'open'"
                " AND is_open = 1)",
                (challenge_id, user_id, challenge_id),
            )
            return cur.rowcount == 1

    async def hand_over(self, challenge_id: int, host_id: int) -> Invitee | None:
        """The host leaves an open table: the player seated longest hosts it now (returned);
        with nobody seated it is cancelled (None). ChallengeGone when it is no longer open or
        ``host_id`` no longer hosts it (a double click)."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "SELECT 1 FROM challenges WHERE id = ? AND status = 'open' AND is_open = 1"
                " AND challenger_id = ?",
                (challenge_id, host_id),
            )
            if await cur.fetchone() is None:
                raise ChallengeGone(challenge_id)
            cur = await conn.execute(
                "SELECT user_id, name FROM challenge_players WHERE challenge_id = ?"
                " ORDER BY joined_at LIMIT 1",
                (challenge_id,),
            )
            row = await cur.fetchone()
            if row is None:
                await conn.execute(
                    "UPDATE challenges SET status = 'cancelled' WHERE id = ?", (challenge_id,)
                )
                return None
            await conn.execute(
                "UPDATE challenges SET challenger_id = ?, challenger_name = ? WHERE id = ?",
                (row["user_id"], row["name"], challenge_id),
            )
            await conn.execute(
                "DELETE FROM challenge_players WHERE challenge_id = ? AND user_id = ?",
                (challenge_id, row["user_id"]),
            )
            return Invitee(row["user_id"], row["name"], True)

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
        return [await self._complete(r) for r in rows]

    async def open_in(self, guild_id: int | None, limit: int) -> list[Challenge]:
        """The open challenges of a server, oldest first, at most ``limit`` (for moderators)."""
        rows = await self.db.fetchall(
            f"SELECT * FROM challenges WHERE status = 'open' AND {self._same_guild}"
            " ORDER BY id LIMIT ?",
            (guild_id, limit),
        )
        return [await self._complete(r) for r in rows]

    async def next_expiry(self) -> float | None:
        """When the next open challenge expires, or None."""
        row = await self.db.fetchone(
            "SELECT MIN(expires_at) AS t FROM challenges WHERE status = 'open'"
        )
        return None if row is None or row["t"] is None else float(row["t"])
