"""Tournaments: an event's settings, its entrants and each round's tables (a game, or a bye).

Every limit is checked in the transaction that writes (writes run one at a time on both
engines): a join counts the entrants as it inserts, and a round is paired once, by the one
transaction that finds the event still at the round before (its pairings, its games, the
round's number and the timer that posts the standings, all or none).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from data.clock_controls import NO_CONTROL, TimeControl
from data.db import Database, Row, Transaction
from data.game_record import Clock, NewGame, dumps
from data.games import GameStore
from data.ratings import FORGOTTEN
from data.rounds import Pairing, RoundStore
from data.seasons import season_at
from data.shards import Shards, where_owned
from rules.text import STORED_LIMIT, clean_name

#: The formats an event may have.
FORMATS = ("swiss", "round-robin", "tables")
#: Statuses: taking entries, playing rounds, over (the last round ended), called off.
ACTIVE = ("signup", "running")
#: Timer kinds: the sign-up's end (ref: the event), and a round's standings to post (ref:
#: the event, turn_stamp: the round that ended; 0: the event began).
SIGNUP_TIMER, ROUND_TIMER = "event-signup", "event-round"


class EntryRefused(Exception):
    """A join or a leave was refused (nothing written): ``key`` says why (a message key)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class RoundTaken(Exception):
    """The round was paired (or the event ended or was called off) meanwhile."""


class EntrantsChanged(Exception):
    """Someone joined or withdrew since the pairing was worked out: work it out again."""


@dataclass(frozen=True)
class EventSettings:
    """What a moderator chose at /tournament create: every game of the event is made from it
    (``control``: a bank and weekends off, as at /play; ``days_per_move`` None with a bank)."""

    name: str
    game: str
    options: dict[str, Any]
    format: str
    rounds: int | None
    days_per_move: int | None
    signup_ends: float | None
    min_players: int
    max_players: int
    rated: bool
    undo: bool
    lang: str
    control: TimeControl = NO_CONTROL


@dataclass(frozen=True, kw_only=True)
class Tournament(EventSettings):
    """A stored event: its settings, and where it stands."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    status: str
    round: int
    created_by: int
    created_at: float
    finished_at: float | None
    season_id: int | None

    @property
    def active(self) -> bool:
        """Taking entries or playing."""
        return self.status in ACTIVE


@dataclass(frozen=True)
class Entrant:
    """A player of an event (``withdrawn_round`` None: still in)."""

    user_id: int
    name: str
    joined_at: float
    withdrawn_round: int | None


def _tournament(row: Row) -> Tournament:
    return Tournament(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        name=row["name"],
        game=row["game"],
        options=json.loads(row["options"]),
        format=row["format"],
        rounds=row["rounds"],
        days_per_move=row["days_per_move"],
        signup_ends=row["signup_ends"],
        min_players=row["min_players"],
        max_players=row["max_players"],
        rated=bool(row["rated"]),
        undo=bool(row["undo"]),
        lang=row["lang"],
        status=row["status"],
        round=row["round"],
        created_by=row["created_by"],
        created_at=row["created_at"],
        finished_at=row["finished_at"],
        season_id=row["season_id"],
        control=TimeControl.from_json(row["time_control"]),
    )


class TournamentStore(RoundStore):
    """Reads and writes events; every write is one transaction."""

    def __init__(self, db: Database, games: GameStore, clock: Clock = time.time) -> None:
        self.db = db
        self.games = games
        self.clock = clock

    async def create(
        self, guild_id: int, channel_id: int, created_by: int, settings: EventSettings
    ) -> Tournament:
        """A new event taking entries; with ``signup_ends``, its sign-up timer too."""
        now = self.clock()
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, name, game, options, format,"
                " rounds, days_per_move, signup_ends, min_players, max_players, rated, undo,"
                " lang, status, round, created_by, created_at, time_control)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', 0, ?, ?, ?)"
                " RETURNING id",
                (
                    guild_id,
                    channel_id,
                    clean_name(settings.name, STORED_LIMIT),
                    settings.game,
                    dumps(settings.options),
                    settings.format,
                    settings.rounds,
                    settings.days_per_move,
                    settings.signup_ends,
                    settings.min_players,
                    settings.max_players,
                    int(settings.rated),
                    int(settings.undo),
                    settings.lang,
                    created_by,
                    now,
                    settings.control.to_json(),
                ),
            )
            event_id = int((await cur.fetchone())[0])
            if settings.signup_ends is not None:
                await conn.execute(
                    "INSERT INTO timers (kind, ref_id, due_at) VALUES (?, ?, ?)",
                    (SIGNUP_TIMER, event_id, settings.signup_ends),
                )
        found = await self.get(event_id)
        if found is None:  # just written: only a database that lost it gets here
            raise RuntimeError(f"tournament {event_id} vanished")
        return found

    async def get(self, event_id: int) -> Tournament | None:
        """The event, or None."""
        row = await self.db.fetchone("SELECT * FROM tournaments WHERE id = ?", (event_id,))
        return None if row is None else _tournament(row)

    async def of_guild(self, guild_id: int, *, active: bool = True) -> list[Tournament]:
        """The server's events, newest first (``active``: only those taking entries or
        playing)."""
        which = " AND status IN ('signup', 'running')" if active else ""
        rows = await self.db.fetchall(
            f"SELECT * FROM tournaments WHERE guild_id = ?{which} ORDER BY id DESC", (guild_id,)
        )
        return [_tournament(row) for row in rows]

    async def set_message(self, event_id: int, message_id: int) -> None:
        """Record the announcement's message."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, event_id)
            )

    async def entrants(self, event_id: int) -> list[Entrant]:
        """Everyone who entered (withdrawn players too), in the order they joined."""
        rows = await self.db.fetchall(
            "SELECT user_id, name, joined_at, withdrawn_round FROM entrants"
            " WHERE tournament_id = ? ORDER BY joined_at, user_id",
            (event_id,),
        )
        return [
            Entrant(row["user_id"], row["name"], row["joined_at"], row["withdrawn_round"])
            for row in rows
        ]

    async def join(self, event_id: int, user_id: int, name: str) -> Tournament:
        """Enter ``user_id``; EntryRefused (``error-event-closed``, ``-joined``, ``-full``)
        when they may not. The count is read in the transaction that inserts, so joins at
        once never pass ``max_players``. A Swiss event takes late entries until half its
        rounds have started."""
        async with self.db.transaction() as conn:
            event = await _locked(conn, event_id)
            late = event.status == "running" and event.format == "swiss"
            if event.status != "signup" and not (late and 2 * event.round < (event.rounds or 0)):
                raise EntryRefused("error-event-closed")
            cur = await conn.execute(
                "SELECT 1 FROM entrants WHERE tournament_id = ? AND user_id = ?",
                (event_id, user_id),
            )
            if await cur.fetchone() is not None:
                raise EntryRefused("error-event-joined")
            if await _count(conn, event_id) >= event.max_players:
                raise EntryRefused("error-event-full")
            # Joined after everyone before: the order of entry is the order of the list.
            cur = await conn.execute(
                "SELECT MAX(joined_at) AS last FROM entrants WHERE tournament_id = ?", (event_id,)
            )
            row = await cur.fetchone()
            last = row["last"] if row is not None and row["last"] is not None else 0.0
            await conn.execute(
                "INSERT INTO entrants (tournament_id, user_id, name, joined_at)"
                " VALUES (?, ?, ?, ?)",
                (event_id, user_id, clean_name(name, STORED_LIMIT), max(self.clock(), last)),
            )
        return event

    async def leave(self, event_id: int, user_id: int) -> tuple[Tournament, bool]:
        """Take ``user_id`` out: removed during the sign-up, withdrawn (from the round being
        played) while running; the event and whether they were withdrawn. EntryRefused
        (``error-event-closed``, ``error-event-not-entered``) when they may not."""
        async with self.db.transaction() as conn:
            event = await _locked(conn, event_id)
            if not event.active:
                raise EntryRefused("error-event-closed")
            if event.status == "signup":
                cur = await conn.execute(
                    "DELETE FROM entrants WHERE tournament_id = ? AND user_id = ?",
                    (event_id, user_id),
                )
            else:
                cur = await conn.execute(
                    "UPDATE entrants SET withdrawn_round = ? WHERE tournament_id = ?"
                    " AND user_id = ? AND withdrawn_round IS NULL",
                    (event.round, event_id, user_id),
                )
            if cur.rowcount != 1:
                raise EntryRefused("error-event-not-entered")
        return event, event.status == "running"

    async def cancel(self, event_id: int, *, entrants: int | None = None) -> bool:
        """Call the event off (taking entries or running); False when it was over already.
        With ``entrants``: only while it takes entries and has that many (the sign-up ended
        with too few, and nobody joined meanwhile)."""
        more = ""
        params: tuple[Any, ...] = (event_id,)
        if entrants is not None:
            more = (
                " AND status = 'signup' AND (SELECT COUNT(*) FROM entrants"
                " WHERE tournament_id = tournaments.id AND withdrawn_round IS NULL) = ?"
            )
            params = (event_id, entrants)
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE tournaments SET status = 'cancelled', finished_at = ?"
                f" WHERE id = ? AND status IN ('signup', 'running'){more}",
                (self.clock(), *params),
            )
            return cur.rowcount == 1

    async def pair_round(
        self,
        event_id: int,
        after: int,
        players: Sequence[int],
        tables: Sequence[tuple[tuple[int, ...], NewGame | None]],
        *,
        rounds: int | None = None,
        due: float,
    ) -> list[Pairing]:
        """Store round ``after + 1``: each table (players in seat order, and its game, None
        for a bye) with its game, the event's round moved on (and running, with ``rounds``
        when given), and the timer that posts round ``after``'s standings at ``due``.

        RoundTaken unless the event is active at round ``after`` (paired once, whoever
        tries); EntrantsChanged unless ``players`` are exactly the entrants still in."""
        nxt = after + 1
        async with self.db.transaction() as conn:
            event = await _locked(conn, event_id)
            if not event.active or event.round != after:
                raise RoundTaken(event_id)
            cur = await conn.execute(
                "SELECT user_id FROM entrants WHERE tournament_id = ? AND withdrawn_round IS NULL",
                (event_id,),
            )
            if {int(row[0]) for row in await cur.fetchall()} != set(players):
                raise EntrantsChanged(event_id)
            stored: list[Pairing] = []
            for board, (seated, game) in enumerate(tables, start=1):
                game_id = None if game is None else await self.games.insert_game(conn, game)
                stored.append(Pairing(nxt, board, tuple(seated), game_id))
            await conn.executemany(
                "INSERT INTO pairings (tournament_id, round, board, players, game_id)"
                " VALUES (?, ?, ?, ?, ?)",
                [(event_id, p.round, p.board, json.dumps(p.players), p.game_id) for p in stored],
            )
            await conn.execute(
                "UPDATE tournaments SET round = ?, status = 'running',"
                " rounds = COALESCE(?, rounds) WHERE id = ?",
                (nxt, rounds, event_id),
            )
            await _round_timer(conn, event_id, after, due)
        return stored

    async def finish(self, event_id: int, last: int, *, due: float) -> bool:
        """End a running event whose round ``last`` (its last) is over, with the timer that
        posts the final standings at ``due``; False when it ended already (once)."""
        now = self.clock()
        async with self.db.transaction() as conn:
            cur = await conn.execute("SELECT guild_id FROM tournaments WHERE id = ?", (event_id,))
            row = await cur.fetchone()
            # An event belongs to the season it ends in (issue 22), found in the same
            # transaction as its end so that a season ending meanwhile cannot split them.
            season = None if row is None else await season_at(conn, row["guild_id"], now)
            cur = await conn.execute(
                "UPDATE tournaments SET status = 'finished', finished_at = ?, season_id = ?"
                " WHERE id = ? AND status = 'running' AND round = ?",
                (now, season, event_id, last),
            )
            if cur.rowcount != 1:
                return False
            await _round_timer(conn, event_id, last, due)
            return True

    async def running(self, shards: Shards | None = None) -> list[Tournament]:
        """The running events of ``shards``' servers (None: every server): recovery looks
        for a round over but not paired."""
        owned, params = where_owned(shards, "guild_id")
        rows = await self.db.fetchall(
            f"SELECT * FROM tournaments WHERE status = 'running' AND {owned} ORDER BY id", params
        )
        return [_tournament(row) for row in rows]


async def _locked(conn: Transaction, event_id: int) -> Tournament:
    """The event as this transaction sees it (writes run one at a time: it stays so)."""
    cur = await conn.execute("SELECT * FROM tournaments WHERE id = ?", (event_id,))
    row = await cur.fetchone()
    if row is None:
        raise EntryRefused("error-event-unknown")
    return _tournament(row)


async def _count(conn: Transaction, event_id: int) -> int:
    cur = await conn.execute(
        "SELECT COUNT(*) FROM entrants WHERE tournament_id = ? AND withdrawn_round IS NULL",
        (event_id,),
    )
    row = await cur.fetchone()
    return int(row[0]) if row else 0


async def _round_timer(conn: Transaction, event_id: int, round: int, due: float) -> None:
    await conn.execute(
        "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES (?, ?, ?, ?)",
        (ROUND_TIMER, event_id, round, due),
    )


async def forget_entrant(
    conn: Transaction, user_id: int, names: Mapping[str, str], default: str
) -> None:
    """Forget ``user_id`` in every event (``/forget-me``, inside its transaction): a sign-up
    left, and elsewhere a stand-in in their place, numbered below zero (never a Discord id)
    and named "former player" in the event's language: what they played still counts for
    the others, and a running event pairs them no more."""
    await conn.execute(
        "UPDATE tournaments SET created_by = ? WHERE created_by = ?", (FORGOTTEN, user_id)
    )
    await conn.execute(
        "DELETE FROM entrants WHERE user_id = ?"
        " AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'signup')",
        (user_id,),
    )
    cur = await conn.execute(
        "SELECT e.tournament_id, t.lang FROM entrants e"
        " JOIN tournaments t ON t.id = e.tournament_id WHERE e.user_id = ?",
        (user_id,),
    )
    for event_id, lang in list(await cur.fetchall()):
        cur = await conn.execute("SELECT COALESCE(MIN(user_id), 0) FROM entrants")
        row = await cur.fetchone()
        stand_in = min(int(row[0]) if row else 0, 0) - 1
        await conn.execute(
            "UPDATE entrants SET user_id = ?, name = ?, withdrawn_round = COALESCE("
            "withdrawn_round, (SELECT CASE WHEN status = 'running' THEN round END"
            " FROM tournaments WHERE id = ?)) WHERE tournament_id = ? AND user_id = ?",
            (stand_in, names.get(lang, default), event_id, event_id, user_id),
        )
        cur = await conn.execute(
            "SELECT round, board, players FROM pairings WHERE tournament_id = ?", (event_id,)
        )
        for table in list(await cur.fetchall()):
            players = json.loads(table["players"])
            if user_id in players:
                await conn.execute(
                    "UPDATE pairings SET players = ?"
                    " WHERE tournament_id = ? AND round = ? AND board = ?",
                    (
                        json.dumps([stand_in if p == user_id else p for p in players]),
                        event_id,
                        table["round"],
                        table["board"],
                    ),
                )
