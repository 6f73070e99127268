"""Games read back whole: a game's row with its seats and moves in one statement."""

from __future__ import annotations

import json
import time

from data.clock_controls import TimeControl
from data.db import Database, Dialect, Row
from data.game_record import Clock, GameRecord, Seat, held_spans
from data.results import Result
from data.shards import Shards, where_owned
from rules.record import Record
from rules.text import STORED_LIMIT, clean_name


def _select_games(dialect: Dialect) -> str:
    """A game's row with its seats and moves, in one statement (one read per move)."""
    seats = dialect.json_rows(
        "seat, user_id, name, level, held_level, held_from, held_spans, bank_left",
        "seats WHERE seats.game_id = games.id",
    )
    moves = dialect.json_rows("ply, move", "moves WHERE moves.game_id = games.id")
    return f"SELECT *, {seats} AS seat_list, {moves} AS move_list FROM games "


def _game(row: Row) -> GameRecord:
    """A game read by ``_select_games``."""
    seats = sorted(json.loads(row["seat_list"]))
    moves = [move for _, move in sorted(json.loads(row["move_list"]))]
    return GameRecord(
        id=row["id"],
        record=Record(
            game=row["game"],
            players=row["players"],
            seed=row["seed"],
            options=json.loads(row["options"]),
            moves=tuple(moves),
        ),
        lang=row["lang"],
        status=row["status"],
        version=row["version"],
        posted_version=row["posted_version"],
        result=Result.from_json(json.loads(row["result"])) if row["result"] else None,
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        place_id=row["place_id"],
        message_id=row["message_id"],
        series_id=row["series_id"],
        series_index=row["series_index"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        days_per_move=row["days_per_move"],
        turn_started_at=row["turn_started_at"],
        # A name stored before names were cleaned where they come in is cleaned here.
        seats=tuple(
            Seat(
                seat,
                user_id,
                clean_name(name, STORED_LIMIT),
                level,
                held_level,
                held_from,
                held_spans(spans),
                bank_left,
            )
            for seat, user_id, name, level, held_level, held_from, spans, bank_left in seats
        ),
        title=row["title"],
        rated=bool(row["rated"]),
        undo=bool(row["undo"]),
        control=TimeControl.from_json(row["time_control"]),
    )


class GameReads:
    """The reads of ``GameStore``: games whole, by place, person, series or state."""

    def __init__(self, db: Database, clock: Clock = time.time) -> None:
        self.db = db
        self.clock = clock
        self._select = _select_games(db.dialect)

    async def series_length(self, series_id: int) -> int:
        """How many games the series has."""
        row = await self.db.fetchone("SELECT length FROM series WHERE id = ?", (series_id,))
        return int(row["length"]) if row else 1

    async def get(self, game_id: int) -> GameRecord | None:
        """The game with its seats and moves, or None."""
        games = await self._many("WHERE id = ?", (game_id,))
        return games[0] if games else None

    async def _many(self, where: str, params: tuple) -> list[GameRecord]:
        """The games matching ``where`` (a clause on ``games``), each read whole in the one
        query: seats and moves come as JSON arrays of [index, value] pairs, put in order
        here (SQLite does not promise the order of an aggregate)."""
        rows = await self.db.fetchall(self._select + where, params)
        return [_game(row) for row in rows]

    async def active_in_place(self, place_id: int) -> list[GameRecord]:
        """Active games played in a thread or channel, oldest first."""
        return await self._many("WHERE place_id = ? AND status = 'active' ORDER BY id", (place_id,))

    async def active_in_channel(self, channel_id: int) -> list[GameRecord]:
        """Active games challenged in a channel or played in it (its threads included)."""
        return await self._many(
            "WHERE status = 'active' AND (channel_id = ? OR place_id = ?) ORDER BY id",
            (channel_id, channel_id),
        )

    async def latest_in_place(self, place_id: int, *, finished: bool = False) -> GameRecord | None:
        """The newest game (active or not; only a finished one with ``finished``) played in a
        thread or channel."""
        over = " AND status = 'finished'" if finished else ""
        games = await self._many(f"WHERE place_id = ?{over} ORDER BY id DESC LIMIT 1", (place_id,))
        return games[0] if games else None

    async def active_for_user(self, user_id: int) -> list[GameRecord]:
        """The user's active games, oldest first."""
        return await self._many(
            "WHERE status = 'active'"
            " AND id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id",
            (user_id,),
        )

    async def active_count(self, user_id: int, guild_id: int | None) -> int:
        """How many games ``user_id`` plays at once on a server (for its limit)."""
        row = await self.db.fetchone(
            "SELECT COUNT(*) AS n FROM games WHERE status = 'active'"
            f" AND {self.db.dialect.same('guild_id', '?')}"
            " AND id IN (SELECT game_id FROM seats WHERE user_id = ? AND level IS NULL)",
            (guild_id, user_id),
        )
        return int(row["n"]) if row else 0

    async def active_by_game(self) -> dict[str, int]:
        """How many games of each kind are being played (the metrics' figure)."""
        rows = await self.db.fetchall(
            "SELECT game, COUNT(*) AS n FROM games WHERE status = 'active' GROUP BY game"
        )
        return {row["game"]: int(row["n"]) for row in rows}

    async def active_with_bots(self, shards: Shards | None = None) -> list[GameRecord]:
        """Active games in which the bot plays a seat (its own, or one it holds), oldest
        first (to resume its turns), on the servers of ``shards`` (None: every server)."""
        owned, params = where_owned(shards, "guild_id")
        return await self._many(
            "WHERE status = 'active'"
            # EXISTS: from the games in play to their seats, not from every seat ever
            " AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id"
            f" AND (level IS NOT NULL OR held_level IS NOT NULL)) AND {owned}"
            " ORDER BY id",
            params,
        )

    async def recently_played(
        self, shards: Shards | None = None, limit: int = 50
    ) -> list[GameRecord]:
        """The active games whose turn began last, newest first, on the servers of ``shards``
        (None: every server): those a player is likeliest to move in next."""
        owned, params = where_owned(shards, "guild_id")
        newest = "ORDER BY COALESCE(turn_started_at, 0) DESC, id DESC"
        # The few chosen first, then read whole: not every game in play read to be sorted.
        return await self._many(
            f"WHERE id IN (SELECT id FROM games WHERE status = 'active' AND {owned}"
            f" {newest} LIMIT ?) {newest}",
            (*params, limit),
        )

    async def in_series(self, series_id: int) -> list[GameRecord]:
        """The games of a series in order."""
        return await self._many("WHERE series_id = ? ORDER BY series_index", (series_id,))

    async def unposted(self, shards: Shards | None = None) -> list[GameRecord]:
        """Games whose last stored moves were never announced (a crash between store and
        post), on the servers of ``shards`` (None: every server)."""
        owned, params = where_owned(shards, "guild_id")
        return await self._many(
            "WHERE (posted_version < version OR (status = 'active' AND posted_version < 0))"
            f" AND {owned} ORDER BY id",
            params,
        )

    async def posted_version(self, game_id: int) -> int:
        """The last version announced (-1 before the opening board)."""
        row = await self.db.fetchone("SELECT posted_version FROM games WHERE id = ?", (game_id,))
        return int(row["posted_version"]) if row else -1

    async def challenge_message(self, game_id: int) -> tuple[int, int | None] | None:
        """(channel id, message id) of the challenge that started the game, if any."""
        row = await self.db.fetchone(
            "SELECT channel_id, message_id FROM challenges WHERE game_id = ?", (game_id,)
        )
        return None if row is None else (row["channel_id"], row["message_id"])

    async def in_place(self, place_id: int) -> list[GameRecord]:
        """Every game (active or not) played in a thread or channel, oldest first."""
        return await self._many("WHERE place_id = ? ORDER BY id", (place_id,))

    async def place_use(self, place_id: int) -> tuple[int, int]:
        """How many games a place hosts, and how many of them in a thread of their own (a
        place other than the channel they were challenged in): counted, not read."""
        row = await self.db.fetchone(
            # CASE, not a bare comparison: PostgreSQL sums no booleans (SQLite takes 0/1).
            "SELECT COUNT(*) AS games,"
            " COALESCE(SUM(CASE WHEN channel_id <> place_id THEN 1 ELSE 0 END), 0) AS own"
            " FROM games WHERE place_id = ?",
            (place_id,),
        )
        return (int(row["games"]), int(row["own"])) if row else (0, 0)
