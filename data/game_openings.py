"""Games begun: a series, a game with its seats (an accepted challenge, the limit of games a
person plays at once, checked in the same transaction)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from data.clock_controls import NO_CONTROL, TimeControl
from data.db import Transaction
from data.game_reads import GameReads
from data.game_record import DAY, ChallengeGone, GameLimit, NewGame, NewSeat, dumps


class GameOpenings(GameReads):
    """The writes of ``GameStore`` that begin games."""

    async def create_series(self, game: str, length: int) -> int:
        """A new series of ``length`` games."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO series (game, length, created_at) VALUES (?, ?, ?) RETURNING id",
                (game, length, self.clock()),
            )
            return int((await cur.fetchone())[0])

    async def create_game(
        self,
        *,
        game: str,
        seats: Sequence[NewSeat],
        seed: int,
        options: dict[str, Any],
        lang: str,
        guild_id: int | None,
        channel_id: int,
        place_id: int | None = None,
        series_id: int | None = None,
        series_index: int = 0,
        challenge_id: int | None = None,
        days_per_move: int | None = None,
        max_games: int | None = None,
        control: TimeControl = NO_CONTROL,
    ) -> int:
        """Store a new game with its seats (user id, display name[, bot level]) in seat order.

        With ``challenge_id`` the open challenge is marked accepted in the same transaction,
        so a double click on Accept starts one game (ChallengeGone for the other). With
        ``max_games``, GameLimit when a person seated plays that many games on the server
        already: counted in this transaction (writes run one at a time), so games started
        at once cannot pass the limit either.
        """
        new = NewGame(
            game=game,
            seats=seats,
            seed=seed,
            options=options,
            lang=lang,
            guild_id=guild_id,
            channel_id=channel_id,
            place_id=place_id,
            series_id=series_id,
            series_index=series_index,
            days_per_move=days_per_move,
            control=control,
        )
        async with self.db.transaction() as conn:
            if max_games is not None:
                await self._within(conn, seats, guild_id, max_games)
            game_id = await self.insert_game(conn, new)
            if challenge_id is not None:
                cur = await conn.execute(
                    "UPDATE challenges SET status = 'accepted', game_id = ?"
                    " WHERE id = ? AND status = 'open'",
                    (game_id, challenge_id),
                )
                if cur.rowcount != 1:
                    raise ChallengeGone(challenge_id)
        return game_id

    async def insert_game(self, conn: Transaction, new: NewGame) -> int:
        """Store ``new`` with its seats inside the caller's transaction ``conn`` (a
        tournament's round stores its games with its pairings, all or none); its id."""
        now = self.clock()
        cur = await conn.execute(
            "INSERT INTO games (game, players, seed, options, lang, guild_id, channel_id,"
            " place_id, series_id, series_index, created_at, updated_at, days_per_move,"
            " turn_started_at, title, rated, undo, time_control)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                new.game,
                len(new.seats),
                new.seed,
                dumps(dict(new.options)),
                new.lang,
                new.guild_id,
                new.channel_id,
                new.place_id,
                new.series_id,
                new.series_index,
                now,
                now,
                new.days_per_move,
                now,
                new.title,
                int(new.rated),
                int(new.undo),
                new.control.to_json(),
            ),
        )
        game_id = int((await cur.fetchone())[0])
        bank = new.control.bank
        rows = []
        for i, seat in enumerate(new.seats):
            level = seat[2] if len(seat) > 2 else None
            # Each person's bank starts full; the bot has no clock.
            left = bank * DAY if bank is not None and level is None else None
            rows.append((game_id, i, *seat[:2], level, left))
        await conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, level, bank_left)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )
        return game_id

    async def _within(
        self, conn: Transaction, seats: Sequence[NewSeat], guild_id: int | None, limit: int
    ) -> None:
        """GameLimit unless every person of ``seats`` plays fewer than ``limit`` games on the
        server (the bot's own seats have no limit)."""
        people = [seat for seat in seats if len(seat) < 3 or seat[2] is None]
        if not people:
            return
        marks = ", ".join("?" for _ in people)
        cur = await conn.execute(
            "SELECT s.user_id, COUNT(DISTINCT g.id) FROM games g"
            " JOIN seats s ON s.game_id = g.id"
            f" WHERE g.status = 'active' AND {self.db.dialect.same('g.guild_id', '?')}"
            f" AND s.level IS NULL AND s.user_id IN ({marks}) GROUP BY s.user_id",
            (guild_id, *(seat[0] for seat in people)),
        )
        playing = {int(row[0]): int(row[1]) for row in await cur.fetchall()}
        for seat in people:
            if playing.get(seat[0], 0) >= limit:
                raise GameLimit(seat[0], seat[1], limit)

    async def set_place(self, game_id: int, place_id: int) -> None:
        """Record the thread (or channel) where the game is played."""
        async with self.db.transaction() as conn:
            await conn.execute("UPDATE games SET place_id = ? WHERE id = ?", (place_id, game_id))
