"""Games stored as records: game, seats, seed, options and the move list, plus Discord places."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from data.clock_controls import NO_CONTROL, TimeControl
from data.db import Database, Dialect, Row, Step, Transaction
from data.errors import StaleGame
from data.holds import end_hold, held_spans
from data.ratings import rate_finished
from data.results import Result
from data.shards import Shards, where_owned
from data.summary import Summaries
from rules.record import Record
from rules.text import STORED_LIMIT, clean_name

Clock = Callable[[], float]
DAY = 86400.0


class ChallengeGone(Exception):
    """The challenge was no longer open (accepted twice, declined or expired meanwhile)."""


class GameLimit(Exception):
    """A person to be seated plays ``limit`` games at once on the server already: the game
    was not started (``user_id``, ``name``: the first such person in seat order)."""

    def __init__(self, user_id: int, name: str, limit: int) -> None:
        super().__init__(user_id, limit)
        self.user_id = user_id
        self.name = name
        self.limit = limit


@dataclass(frozen=True)
class Seat:
    """A player in a game: a person, or the bot itself playing at ``level``."""

    seat: int
    user_id: int
    name: str
    level: str | None = None
    #: the level the bot plays a person's seat at while it holds it (their time ran out)
    held_level: str | None = None
    #: the ply the bot's hold of the seat began at (None: not held now)
    held_from: int | None = None
    #: the holds that ended: (level, from ply, to ply), oldest first
    held: tuple[tuple[str, int, int], ...] = ()
    #: seconds left in the seat's bank (games with a bank; None: no bank, or the bot's seat)
    bank_left: float | None = None

    @property
    def is_bot(self) -> bool:
        """Whether the bot plays this seat (it moves by itself, and has no clock)."""
        return self.level is not None

    @property
    def bot_moves(self) -> bool:
        """Whether the bot makes this seat's moves now: its own seat, or a person's it holds
        (no clock, no reminder: the bot is on it)."""
        return self.level is not None or self.held_level is not None

    @property
    def ever_held(self) -> bool:
        """Whether the bot held this person's seat at any time in the game (not rated)."""
        return self.held_level is not None or bool(self.held)


#: A seat of a new game: (user id, display name) or (user id, name, the bot's level).
NewSeat = tuple[int, str] | tuple[int, str, str | None]


@dataclass(frozen=True)
class GameRecord:
    """One stored game: its record (as in spec/records.md) and where it lives on Discord.

    Frozen: a change to a game is a new value (``with_move``, ``dataclasses.replace``), so
    a record read before a change never shows half of it.
    """

    id: int
    record: Record
    lang: str
    status: str
    version: int
    posted_version: int
    result: Result | None
    guild_id: int | None
    channel_id: int
    place_id: int | None
    message_id: int | None
    series_id: int | None
    series_index: int
    created_at: float
    updated_at: float
    days_per_move: int | None = None
    turn_started_at: float | None = None
    seats: tuple[Seat, ...] = ()
    #: the thread's name when set (a tournament's game), else the usual one
    title: str | None = None
    #: False: rate_finished leaves the game out (an unrated tournament's)
    rated: bool = True
    #: False: /undo by consent is refused (a rated tournament's game)
    undo: bool = True
    #: a bank (and increment, cap) instead of days per move, and weekends off
    control: TimeControl = NO_CONTROL

    @property
    def game(self) -> str:
        """The engine's name."""
        return self.record.game

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return self.record.players

    @property
    def seed(self) -> int:
        """The seed of the game's randomness (secret while the game is on)."""
        return self.record.seed

    @property
    def options(self) -> Mapping[str, Any]:
        """The engine's options."""
        return self.record.options

    @property
    def moves(self) -> tuple[str, ...]:
        """The stored moves, in notation."""
        return self.record.moves

    @property
    def active(self) -> bool:
        """Still being played."""
        return self.status == "active"

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` plays, or None for a spectator."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int:
        """The Discord user id at ``seat``."""
        return self.seats[seat].user_id

    def is_bot(self, seat: int) -> bool:
        """Whether the bot itself plays ``seat``."""
        return self.seats[seat].is_bot

    def bot_moves(self, seat: int) -> bool:
        """Whether the bot makes ``seat``'s moves now (its own seat, or one it holds)."""
        return self.seats[seat].bot_moves

    @property
    def has_bots(self) -> bool:
        """Whether the bot plays any seat."""
        return any(s.is_bot for s in self.seats)

    def names(self) -> tuple[str, ...]:
        """Display names by seat."""
        return tuple(s.name for s in self.seats)

    def with_move(
        self,
        move: str,
        version: int,
        result: Result | None,
        *,
        shown: bool = False,
        bank: tuple[int, float] | None = None,
    ) -> GameRecord:
        """This game as stored once ``append_move`` added ``move`` (no need to read it back);
        ``bank``: (seat, seconds) that seat's bank as the move left it."""
        seats = self.seats if bank is None else self.with_bank(*bank).seats
        return replace(
            self,
            seats=seats,
            record=replace(self.record, moves=(*self.record.moves, move)),
            version=version,
            posted_version=version if shown else self.posted_version,
            status="active" if result is None else "finished",
            result=result,
        )

    def released(self, seat: int, to_ply: int) -> GameRecord:
        """This game once the bot's hold of ``seat`` ended at ``to_ply`` (as stored)."""
        held = self.seats[seat]
        if held.held_level is None:
            return self
        span = (held.held_level, held.held_from or 0, to_ply)
        back = replace(held, held_level=None, held_from=None, held=(*held.held, span))
        return replace(self, seats=tuple(back if s.seat == seat else s for s in self.seats))

    def holds(self) -> tuple[tuple[int, str, int, int | None], ...]:
        """Every hold of a seat by the bot, in the order they began: (seat, level, from
        ply, to ply; None while it holds it still, the end of a finished game if it held it
        to the end), as a record writes them (``held``)."""
        spans: list[tuple[int, str, int, int | None]] = []
        end = None if self.active else len(self.moves)
        for s in self.seats:
            spans += [(s.seat, level, start, stop) for level, start, stop in s.held]
            if s.held_level is not None:
                spans.append((s.seat, s.held_level, s.held_from or 0, end))
        return tuple(sorted(spans, key=lambda span: (span[2], span[0])))

    def with_bank(self, seat: int, seconds: float) -> GameRecord:
        """This game with ``seat``'s bank holding ``seconds``."""
        seats = tuple(replace(s, bank_left=seconds) if s.seat == seat else s for s in self.seats)
        return replace(self, seats=seats)

    def to_record(self) -> dict[str, Any]:
        """The record of spec/records.md (what `python -m rules replay` reads)."""
        return self.record.to_json()


#: The number of the game ending now: one more than the last. Only inside the transaction
#: that ends it, where writes run one at a time (SQLite's write lock, PostgreSQL's advisory
#: lock), so numbers are unique and follow the order games ended, whatever the clocks say.
_NEXT_END = "(SELECT COALESCE(MAX(finish_seq), 0) + 1 FROM games)"


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


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


@dataclass(frozen=True)
class NewGame:
    """A game to store: what ``GameStore.insert_game`` writes (seats in seat order)."""

    game: str
    seats: Sequence[NewSeat]
    seed: int
    options: Mapping[str, Any]
    lang: str
    guild_id: int | None
    channel_id: int
    place_id: int | None = None
    series_id: int | None = None
    series_index: int = 0
    days_per_move: int | None = None
    title: str | None = None
    rated: bool = True
    undo: bool = True
    control: TimeControl = NO_CONTROL


class GameStore:
    """Reads and writes games; every write is one transaction."""

    def __init__(self, db: Database, clock: Clock = time.time) -> None:
        self.db = db
        self.clock = clock
        self._select = _select_games(db.dialect)
        self._summaries = Summaries(db.dialect)

    async def create_series(self, game: str, length: int) -> int:
        """A new series of ``length`` games."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO series (game, length, created_at) VALUES (?, ?, ?) RETURNING id",
                (game, length, self.clock()),
            )
            return int((await cur.fetchone())[0])

    async def series_length(self, series_id: int) -> int:
        """How many games the series has."""
        row = await self.db.fetchone("SELECT length FROM series WHERE id = ?", (series_id,))
        return int(row["length"]) if row else 1

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
                _dumps(dict(new.options)),
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

    async def append_move(
        self,
        game_id: int,
        expected_version: int,
        *,
        seat: int,
        user_id: int,
        move: str,
        result: Result | None = None,
        shown: bool = False,
        held: bool = False,
        release: bool = False,
        bank: float | None = None,
    ) -> int:
        """Store the next move if the game is still at ``expected_version``; returns the new one.

        ``bank``: the seconds left in ``seat``'s bank once this move ends its turn (charged
        the time its clock ran, credited the increment, capped: table/clocks.py), written in
        the move's own transaction, so a crash neither loses nor doubles it.

        ``result`` given means this move ended the game. StaleGame when another move (or a
        resignation) got there first: the version check is what makes a double click safe.
        ``shown`` counts the move as announced in the same transaction (an action inside a
        turn, which nobody else sees until the turn ends). ``held``: the bot's move for a
        person's seat it holds, StaleGame too if the hold ended meanwhile (/takeback-seat).
        ``release``: the person's own move at a seat the bot held ends the hold, here.
        """
        now = self.clock()
        still_held = (
            " AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id"
            " AND seats.seat = ? AND seats.held_level IS NOT NULL)"
            if held
            else ""
        )
        update = Step(
            "UPDATE games SET version = version + 1, updated_at = ?, status = ?,"
            f" result = ?, finished_at = ?, finish_seq = CASE WHEN ? THEN {_NEXT_END} END,"
            " posted_version = CASE WHEN ? THEN version + 1 ELSE posted_version END"
            f" WHERE id = ? AND version = ? AND status = 'active'{still_held}",
            (
                now,
                "active" if result is None else "finished",
                None if result is None else _dumps(result.to_json()),
                None if result is None else now,
                result is not None,
                shown,
                game_id,
                expected_version,
                *((seat,) if held else ()),
            ),
            rows=1,
        )
        insert = Step(
            "INSERT INTO moves (game_id, ply, seat, user_id, move, at, bank_before)"
            " VALUES (?, ?, ?, ?, ?, ?,"
            " CASE WHEN ? THEN (SELECT bank_left FROM seats WHERE game_id = ? AND seat = ?)"
            " END)",
            (game_id, expected_version, seat, user_id, move, now, bank is not None, game_id, seat),
        )
        # The move keeps the bank it found, for an undo.
        charge = Step(
            "UPDATE seats SET bank_left = ? WHERE game_id = ? AND seat = ?", (bank, game_id, seat)
        )
        steps = [update, insert] + ([charge] if bank is not None else [])
        if not release and result is None:
            # Nearly every move: its statements in one write (one trip on SQLite).
            if not await self.db.write(steps):
                raise StaleGame(game_id)
            return expected_version + 1
        async with self.db.transaction() as conn:
            cur = await conn.execute(update.sql, update.params)
            if cur.rowcount != 1:
                raise StaleGame(game_id)
            if release:
                await end_hold(conn, game_id, seat, expected_version)
            for step in steps[1:]:
                await conn.execute(step.sql, step.params)
            if result is not None:  # rated and summed as it ends: in the order games end, once
                await rate_finished(conn, game_id, now)
                await self._summaries.ended(conn, game_id)
        return expected_version + 1

    async def finish(self, game_id: int, expected_version: int, result: Result) -> None:
        """End an active game without a move (resignation); StaleGame if it changed meanwhile.

        The version still goes up, so the ending is announced like a move (and re-announced
        after a crash, see ``unposted``).
        """
        now = self.clock()
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE games SET status = 'finished', result = ?, finished_at = ?, updated_at = ?,"
                f" version = version + 1, finish_seq = {_NEXT_END}"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (_dumps(result.to_json()), now, now, game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleGame(game_id)
            await rate_finished(conn, game_id, now)
            await self._summaries.ended(conn, game_id)

    async def take_back(
        self, game_id: int, expected_version: int, *, announce: bool, plies: int = 1
    ) -> None:
        """Remove the last ``plies`` moves of an active game still at ``expected_version``
        (an undo; against the bot, its reply goes with the move it answered).

        The version goes back too, so the record is exactly what it was before those moves;
        StaleGame when anything happened meanwhile. A bank those moves charged is given back
        as the first of them found it. With ``announce`` the restored position
        is left to be posted (and is posted on recovery if the bot stops first); without,
        it counts as shown (an action nobody saw). One transaction: a crash never leaves
        half of an undo.
        """
        shown = plies + 1 if announce else plies
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE games SET version = version - ?, posted_version = version - ?,"
                " updated_at = ? WHERE id = ? AND version = ? AND version >= ?"
                " AND status = 'active'",
                (plies, shown, self.clock(), game_id, expected_version, plies),
            )
            if cur.rowcount != 1:
                raise StaleGame(game_id)
            first = expected_version - plies
            # Each bank those moves charged is as the first of them found it.
            charged = (
                "FROM moves m WHERE m.game_id = seats.game_id AND m.seat = seats.seat"
                " AND m.ply >= ? AND m.bank_before IS NOT NULL"
            )
            await conn.execute(
                f"UPDATE seats SET bank_left = (SELECT m.bank_before {charged}"
                f" ORDER BY m.ply LIMIT 1) WHERE game_id = ? AND EXISTS (SELECT 1 {charged})",
                (first, game_id, first),
            )
            await conn.execute("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, first))

    async def vote_skip(self, game_id: int, turn_stamp: float, user_id: int) -> int:
        """Count ``user_id``'s vote to skip the turn that began at ``turn_stamp``; all votes."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO skip_votes (game_id, turn_stamp, user_id) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (game_id, turn_stamp, user_id),
            )
            cur = await conn.execute(
                "SELECT COUNT(*) FROM skip_votes WHERE game_id = ? AND turn_stamp = ?",
                (game_id, turn_stamp),
            )
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def mark_posted(
        self,
        game_id: int,
        version: int,
        message_id: int | None,
        *,
        turn_started_at: float | None = None,
        timers: Sequence[tuple[str, float]] = (),
    ) -> None:
        """Remember that the position at ``version`` was announced in ``message_id``.

        With ``turn_started_at`` the announced turn begins then, and its ``timers`` (kind,
        due) are stored in the same transaction: a crash leaves either the post unrecorded
        (recovery finds it in the channel) or everything recorded, never a turn without its
        reminder and deadline.
        """
        newest = self.db.dialect.greatest("posted_version", "?")
        mark = Step(
            f"UPDATE games SET posted_version = {newest},"
            " message_id = COALESCE(?, message_id),"
            " turn_started_at = COALESCE(?, turn_started_at) WHERE id = ?",
            (version, message_id, turn_started_at, game_id),
        )
        due = Step(
            "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES (?, ?, ?, ?)",
            [(kind, game_id, turn_started_at, due) for kind, due in timers],
            many=True,
        )
        await self.db.write([mark, due] if timers else [mark], durable=False)

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
