"""What profiles, histories and server statistics read: finished games only.

Only what was announced when a game ended is read here (seats, names, result, how many
moves, when): never a seed, a move list or anything else of a game still being played.
A ``guild_id`` of None reads every server (a player who made their profile public, or one
looking at their own); a server's id reads that server's games alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from data.db import Database, Dialect, Row
from data.game_record import Seat
from data.ratings import FORFEITS, ranks
from data.results import Ending, Result


class PlayerResult(StrEnum):
    """How a finished game went for one player."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


def result_for(result: Result, seat: int) -> PlayerResult:
    """A win, a draw or a loss for ``seat``: winning alone is a win; a first place shared by
    the rules or by agreement is a draw; winning because someone else resigned or ran out of
    time is a win (everyone left wins then); not being among the winners is a loss. (A game
    called off in its first turns is not counted at all: the queries leave it out.)"""
    if seat not in result.winners:
        return PlayerResult.LOSS
    if len(result.winners) == 1 or result.ending in FORFEITS:
        return PlayerResult.WIN
    return PlayerResult.DRAW


def _judged(reason: str | None, winners: str | None, seat: int) -> PlayerResult:
    """``result_for`` of a stored result's reason and winners (JSON text)."""
    stored = {"reason": reason or Ending.RULES.value, "winners": json.loads(winners or "[]")}
    return result_for(Result.from_json(stored), seat)


@dataclass(frozen=True)
class Finished:
    """A finished game as a list shows it."""

    id: int
    game: str
    guild_id: int | None
    place_id: int  #: the thread (or channel) where it was played
    seats: tuple[Seat, ...]
    result: Result
    moves: int
    created_at: float
    finished_at: float

    def seat_of(self, user_id: int) -> int | None:
        """The seat a person played (None: not at this table)."""
        return next((s.seat for s in self.seats if s.user_id == user_id and not s.level), None)


@dataclass(frozen=True)
class PlayerRecord:
    """A player's games in one game: counts and streaks of wins."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    streak: int = 0  #: wins in a row up to the last game
    best_streak: int = 0

    @property
    def win_rate(self) -> float:
        """Wins per game (0 before the first game)."""
        return self.wins / self.games if self.games else 0.0

    def after(self, result: PlayerResult) -> PlayerRecord:
        """This record with one more game at its end."""
        streak = self.streak + 1 if result is PlayerResult.WIN else 0
        return PlayerRecord(
            self.games + 1,
            self.wins + (result is PlayerResult.WIN),
            self.draws + (result is PlayerResult.DRAW),
            self.losses + (result is PlayerResult.LOSS),
            streak,
            max(self.best_streak, streak),
        )


@dataclass(frozen=True)
class Meetings:
    """Two players' games against each other in one game, seen from the first."""

    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass(frozen=True)
class ServerStats:
    """One game on one server."""

    finished: int
    active: int
    first_seat_wins: int  #: games the first seat won (alone, or as forfeits leave it)
    draws: int  #: games whose first place was shared by the rules
    average_moves: float
    average_days: float
    #: the people with most finished games: (user id, latest name, games), most first
    most_active: tuple[tuple[int, str, int], ...]


def counted(dialect: Dialect) -> str:
    """The finished games that count: all but those called off or ended by a moderator
    (``data.results.UNCOUNTED``)."""
    reason = dialect.json_field("g.result", "reason")
    return (
        "g.status = 'finished' AND g.result IS NOT NULL"
        f" AND COALESCE({reason}, '') NOT IN ('abort', 'moderator')"
    )


#: How many moves a game has: its last ply's number, plus one (plies are numbered from 0
#: without gaps: ``python -m data check`` says so). One step down the moves' primary key,
#: where counting them would walk every move of the game.
PLIES = (
    "COALESCE((SELECT m.ply + 1 FROM moves m WHERE m.game_id = g.id"
    " ORDER BY m.ply DESC LIMIT 1), 0)"
)
#: When a finished game ended (games finished before finished_at was kept: their last change).
_ENDED = "COALESCE(g.finished_at, g.updated_at)"


def _finished_sql(dialect: Dialect, source: str = "games g") -> str:
    """The counted finished games of ``source`` (which names them ``g``) with their seats and
    lengths."""
    seats = dialect.json_rows("seat, user_id, name, level", "seats WHERE seats.game_id = g.id")
    return (
        "SELECT g.id, g.game, g.guild_id, COALESCE(g.place_id, g.channel_id) AS place, g.result,"
        f" g.created_at, {_ENDED} AS ended, {seats} AS seat_list, {PLIES} AS plies"
        f" FROM {source} WHERE {counted(dialect)}"
    )


#: People whose names one query looks up (SQLite takes 500 SELECTs joined by UNION ALL).
NAMES_AT_ONCE = 100
#: A person's own seat (the bot's seats carry the bot's id too, with a level).
_PLAYED_BY = "g.id IN (SELECT game_id FROM seats WHERE user_id = ? AND level IS NULL)"


def _where(
    user_ids: Iterable[int], game: str | None, guild_id: int | None
) -> tuple[str, tuple[object, ...]]:
    clauses, params = [], []
    for user_id in user_ids:
        clauses.append(_PLAYED_BY)
        params.append(user_id)
    if game is not None:
        clauses.append("g.game = ?")
        params.append(game)
    if guild_id is not None:
        clauses.append("g.guild_id = ?")
        params.append(guild_id)
    return "".join(f" AND {c}" for c in clauses), tuple(params)


def _finished(row: Row) -> Finished:
    return Finished(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        place_id=row["place"],
        seats=tuple(Seat(*seat) for seat in sorted(json.loads(row["seat_list"]))),
        result=Result.from_json(json.loads(row["result"])),
        moves=row["plies"],
        created_at=row["created_at"],
        finished_at=row["ended"],
    )


class StatsStore:
    """Reads finished games for profiles, histories, head-to-heads and server statistics."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._counted = counted(db.dialect)
        self._finished_games = _finished_sql(db.dialect)

    async def finished(
        self,
        user_id: int,
        *,
        game: str | None = None,
        guild_id: int | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> list[Finished]:
        """A person's finished games, newest first.

        The page's games are chosen first, by when they ended, and only they are read whole
        (seats, length): a keen player has played thousands."""
        where, params = _where([user_id], game, guild_id)
        page = (
            f"(SELECT g.id AS page_id FROM games g WHERE {self._counted}{where}"
            f" ORDER BY {_ENDED} DESC, g.id DESC LIMIT ? OFFSET ?) page"
            " JOIN games g ON g.id = page.page_id"
        )
        rows = await self.db.fetchall(
            f"{_finished_sql(self.db.dialect, page)} ORDER BY ended DESC, g.id DESC",
            (*params, limit, offset),
        )
        return [_finished(row) for row in rows]

    async def count_finished(
        self, user_id: int, *, game: str | None = None, guild_id: int | None = None
    ) -> int:
        """How many finished games ``finished`` can page through."""
        where, params = _where([user_id], game, guild_id)
        row = await self.db.fetchone(
            f"SELECT COUNT(*) AS n FROM games g WHERE {self._counted}"
            f" AND g.result IS NOT NULL{where}",
            params,
        )
        return int(row["n"]) if row else 0

    async def records(
        self, user_id: int, *, guild_id: int | None = None
    ) -> dict[str, PlayerRecord]:
        """A person's record in each game they finished, by game (in the order played).

        A keen player has finished thousands: each row is the game's way of ending (reason
        and winners, read out of its result by the database) and the person's seat, and
        each different one is judged once (``_judged``)."""
        dialect = self.db.dialect
        where, params = _where([], None, guild_id)  # the join below is their seats already
        rows = await self.db.fetchall(
            f"SELECT g.game, {dialect.json_field('g.result', 'reason')} AS reason,"
            f" {dialect.json_field('g.result', 'winners')} AS winners, s.seat"
            " FROM games g JOIN seats s ON s.game_id = g.id AND s.user_id = ?"
            f" AND s.level IS NULL WHERE {self._counted}"
            f"{where} ORDER BY COALESCE(g.finished_at, g.updated_at), g.id",
            (user_id, *params),
        )
        judged: dict[tuple[str | None, str | None, int], PlayerResult] = {}
        found: dict[str, PlayerRecord] = {}
        for game, reason, winners, seat in rows:
            way = (reason, winners, seat)
            if way not in judged:
                judged[way] = _judged(reason, winners, seat)
            found[game] = found.get(game, PlayerRecord()).after(judged[way])
        return found

    async def head_to_head(
        self, user_id: int, other_id: int, *, guild_id: int | None = None
    ) -> dict[str, Meetings]:
        """Finished games both played, by game, from ``user_id``'s side: who finished ahead
        (by score; whoever resigned or ran out of time behind), ties as draws."""
        where, params = _where([user_id, other_id], None, guild_id)
        rows = await self.db.fetchall(f"{self._finished_games}{where} ORDER BY ended, g.id", params)
        found: dict[str, Meetings] = {}
        for row in rows:
            game = _finished(row)
            mine, theirs = game.seat_of(user_id), game.seat_of(other_id)
            if mine is None or theirs is None or mine == theirs:
                continue
            me, them = ranks(game.result, [mine, theirs])
            seen = found.get(game.game, Meetings())
            found[game.game] = Meetings(
                seen.wins + (me < them), seen.draws + (me == them), seen.losses + (me > them)
            )
        return found

    async def server(self, game: str, guild_id: int, most: int = 5) -> ServerStats:
        """How ``game`` is played on a server: games, the first seat's wins, lengths, players.

        Read from the server's summaries (data/summary.py), which each game's end adds to:
        one row per way a game ended (its reason and winners) and the most active people
        first down their index. A large server has finished thousands of games, which are
        never read here."""
        ways = await self.db.fetchall(
            "SELECT reason, winners, games AS n, plies, days FROM server_endings"
            " WHERE guild_id = ? AND game = ?",
            (guild_id, game),
        )
        active = await self.db.fetchone(
            "SELECT COUNT(*) AS n FROM games WHERE status = 'active' AND game = ? AND guild_id = ?",
            (game, guild_id),
        )
        players = await self.db.fetchall(
            "SELECT user_id, games AS n FROM server_players WHERE guild_id = ? AND game = ?"
            " ORDER BY games DESC, latest DESC LIMIT ?",
            (guild_id, game, most),
        )
        names = await self.names((row["user_id"] for row in players), guild_id=guild_id)
        count = sum(int(way["n"]) for way in ways)
        first: dict[PlayerResult, int] = {}
        for way in ways:
            stored = {"reason": way["reason"] or Ending.RULES.value}
            stored["winners"] = json.loads(way["winners"] or "[]")
            done = result_for(Result.from_json(stored), 0)
            first[done] = first.get(done, 0) + int(way["n"])
        return ServerStats(
            finished=count,
            active=int(active["n"]) if active else 0,
            first_seat_wins=first.get(PlayerResult.WIN, 0),
            draws=first.get(PlayerResult.DRAW, 0),
            average_moves=sum(int(w["plies"]) for w in ways) / count if count else 0.0,
            average_days=sum(float(w["days"]) for w in ways) / count if count else 0.0,
            most_active=tuple(
                (row["user_id"], names.get(row["user_id"], "?"), int(row["n"])) for row in players
            ),
        )

    async def names(
        self, user_ids: Iterable[int], *, guild_id: int | None = None
    ) -> dict[int, str]:
        """The name each person had at their latest game (on one server, when given: a
        nickname from elsewhere is not that server's to see)."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        # Each person's seats newest first, down their (user_id, game_id) index, to the first
        # of their own (on that server): not every seat they ever had.
        where = "" if guild_id is None else " AND g.guild_id = ?"
        latest = (
            "SELECT CAST(? AS BIGINT) AS user_id, (SELECT s.name FROM seats s"
            " JOIN games g ON g.id = s.game_id WHERE s.user_id = ? AND s.level IS NULL"
            f"{where} ORDER BY s.game_id DESC LIMIT 1) AS name"
        )
        found: dict[int, str] = {}
        for start in range(0, len(ids), NAMES_AT_ONCE):
            chunk = ids[start : start + NAMES_AT_ONCE]
            params = [(i, i, *(() if guild_id is None else (guild_id,))) for i in chunk]
            rows = await self.db.fetchall(
                " UNION ALL ".join([latest] * len(chunk)), [p for row in params for p in row]
            )
            found.update((row["user_id"], row["name"]) for row in rows if row["name"] is not None)
        return found
