"""Every query the stores run finds its rows through an index on both engines (issue 25).

A query that reads a whole table is as fast as any other on a test's handful of rows and
grows with every game ever played. So the storage scenario (every public store method, see
test_storage_engines.py) runs on each engine with every statement captured with its
parameters, and after it the reads whose SQL differs with their arguments, each way
(``_variants``: a leaderboard across servers and a season's, a person's games everywhere,
on one server or of one game, later pages); then the tables that grow with the data are
filled with thousands of rows and each statement is explained: a full scan of a growing
table fails the test (SQLite: ``SCAN <table>`` without an index; PostgreSQL: a ``Seq Scan``
on it). PostgreSQL's tables are analysed, as autovacuum does; SQLite's both ways, since the
bot never runs ANALYZE there (its planner goes by rules of thumb) but an operator may.
``python -m bench data`` times the same queries on a year of games.

Growing tables: every table of the schema. Each holds rows per game, move, person, server,
challenge or tournament, all of which grow with a server's history; the smallest
(guild_settings, seasons, series) grow with the number of servers and their seasons.

Not checked (they read everything by nature, and run as maintenance, not per command):
``python -m data check`` (data/check.py), backups (data/backup.py), copies between engines
(data/copy.py) and migrations (they run before the capture starts). None of them is a store
method of the scenario; the store methods that scan by nature are in ``SCANS_BY_NATURE``.
"""

from __future__ import annotations

import contextvars
import inspect
import json
import re
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import pytest

import data.postgres
from data import Store
from data.postgres import PostgresDatabase, translate
from data.ratings import GLOBAL
from tests.data.test_storage_engines import _clock, _public, _scenario, _stores
from tests.postgres import PostgresServer

GROWING = frozenset(
    {
        "series", "games", "seats", "moves", "challenges", "challenge_players", "timers",
        "user_settings", "guild_settings", "skip_votes", "ratings", "rating_history",
        "rated_games", "offers", "away", "tournaments", "entrants", "pairings", "seasons",
        "digests", "reviews", "server_endings", "server_players",
    }
)  # fmt: skip

#: store methods whose queries read a whole table on purpose, and why
SCANS_BY_NATURE: dict[str, str] = {
    "ratings.rerate": "rebuilds every rating from every finished game, in the order they"
    " ended (an operator's rebuild, or once on a database from before ratings)",
    "games.unposted": "recovery, once at start-up: a board left unposted can be in any game,"
    " finished ones too, and what marks it (posted_version < version) changes at every move:"
    " an index on it would cost every move a write (on PostgreSQL, no move's UPDATE of games"
    " would be HOT any more: each would write every index of games)",
    "privacy.check": "a person's /forget, once in their life (below)",
    "privacy.forget": "a person's /forget, once in their life: their rows in moves, votes,"
    " challenges, entrants, events and ratings are found by user id, which no per-command"
    " query looks up; an index for each would cost every move and vote a write",
}

N = 4000  # games; the other tables get a like number of rows
B = 100_000  # the filled rows' ids start here, past the scenario's own
AHEAD = 2_000_000.0  # what waits (timers, open challenges) falls due after the scenario's clock

# What fills each growing table, in the SQL both engines share, from the numbers table qp_n
# (0 ≤ i < 10,000). Values spread as on a real server: most games finished, many servers,
# channels and people, most timers fired and most challenges answered, those left waiting
# due ahead (a timer or challenge long overdue is handled at once, and does not pile up).
FILL = [
    f"INSERT INTO series (id, game, length, created_at) SELECT {B} + i, 'kahuna', 3, i"
    " FROM qp_n WHERE i < 1000",
    "INSERT INTO games (id, game, players, seed, options, lang, status, version,"
    " posted_version, result, guild_id, channel_id, place_id, message_id, series_id,"
    " series_index, created_at, updated_at, finished_at, turn_started_at, finish_seq,"
    " rated, undo)"
    f" SELECT {B} + i, CASE i % 3 WHEN 0 THEN 'kahuna' WHEN 1 THEN 'islas' ELSE 'stonehenge'"
    " END, 2, i, '{}', 'en', CASE WHEN i % 10 = 0 THEN 'active' ELSE 'finished' END, 20, 20,"
    " NULL, 1000 + i % 100, 2000 + i % 500, 3000 + i, 4000 + i,"
    f" CASE WHEN i % 4 = 0 THEN {B} + i / 4 END, 0, i, i,"
    f" CASE WHEN i % 10 = 0 THEN NULL ELSE i END, i,"
    f" CASE WHEN i % 10 = 0 THEN NULL ELSE {B} + i END, 1, 1"
    f" FROM qp_n WHERE i < {N}",
    f"INSERT INTO seats (game_id, seat, user_id, name) SELECT {B} + i, 0, 5000 + i % 3000,"
    f" 'p' FROM qp_n WHERE i < {N}",
    f"INSERT INTO seats (game_id, seat, user_id, name) SELECT {B} + i, 1,"
    f" 5000 + (i + 7) % 3000, 'p' FROM qp_n WHERE i < {N}",
    "INSERT INTO moves (game_id, ply, seat, user_id, move, at)"
    f" SELECT {B} + g.i, p.i, p.i % 2, 5000 + g.i % 3000, 'm', g.i"
    f" FROM qp_n g, qp_n p WHERE g.i < {N} AND p.i < 10",
    "INSERT INTO timers (id, kind, ref_id, turn_stamp, due_at, fired_at)"
    f" SELECT {B} + i, CASE i % 4 WHEN 0 THEN 'reminder' WHEN 1 THEN 'deadline'"
    f" WHEN 2 THEN 'challenge' ELSE 'before:60' END, {B} + i % {N}, i,"
    f" CASE WHEN i % 10 = 0 THEN {AHEAD} + i ELSE i END,"
    f" CASE WHEN i % 10 = 0 THEN NULL ELSE i END FROM qp_n WHERE i < {2 * N}",
    "INSERT INTO user_settings (user_id, dm_turns, public, heads_up, digest_hour)"
    " SELECT 5000 + i, i % 2, CASE WHEN i % 20 = 0 THEN 1 ELSE 0 END, 0,"
    " CASE WHEN i % 5 = 0 THEN i % 24 END"
    " FROM qp_n WHERE i < 3000",
    "INSERT INTO guild_settings (guild_id, reminder_hours, threads, max_challenges, max_games)"
    " SELECT 1000 + i, 24, 1, 3, 20 FROM qp_n WHERE i < 1000",
    "INSERT INTO skip_votes (game_id, turn_stamp, user_id)"
    f" SELECT {B} + i, i, 5000 + i % 3000 FROM qp_n WHERE i < {N}",
    "INSERT INTO ratings (game, scope, player, mu, sigma, games, updated_at)"
    " SELECT CASE i % 3 WHEN 0 THEN 'kahuna' WHEN 1 THEN 'islas' ELSE 'stonehenge' END,"
    " CASE WHEN i % 2 = 0 THEN 0 ELSE 1000 + i % 100 END, 'u:' || (5000 + i), 25, 8, 1, i"
    " FROM qp_n WHERE i < 6000",
    "INSERT INTO rating_history (game_id, game, scope, player, mu, sigma, at)"
    f" SELECT {B} + i / 2, 'kahuna', 0, 'u:' || (5000 + i), 25, 8, i"
    f" FROM qp_n WHERE i < {2 * N}",
    f"INSERT INTO rated_games (game_id, at) SELECT {B} + i, i FROM qp_n"
    f" WHERE i < {N} AND i % 10 <> 0",
    "INSERT INTO offers (game_id, by_seat, ply, accepted, declined, created_at)"
    f" SELECT {B} + i, 0, 1, '[]', 0, i FROM qp_n WHERE i < {N} AND i % 10 = 0",
    "INSERT INTO away (user_id, started_at, until)"
    " SELECT 5000 + i % 3000, i, i + 10 FROM qp_n WHERE i < 4000",
    "INSERT INTO challenges (id, game, options, series_length, lang, guild_id, channel_id,"
    " challenger_id, challenger_name, status, created_at, expires_at, is_open, max_players)"
    f" SELECT {B} + i, 'kahuna', '{{}}', 1, 'en', 1000 + i % 100, 2000 + i % 500,"
    " 5000 + i % 3000, 'p', CASE WHEN i % 20 = 0 THEN 'open' ELSE 'accepted' END, i,"
    f" CASE WHEN i % 20 = 0 THEN {AHEAD} + i ELSE i + 600 END, 0, 2 FROM qp_n WHERE i < 4000",
    "INSERT INTO challenge_players (challenge_id, user_id, name, accepted, joined_at)"
    f" SELECT {B} + i, 5000 + (i + 1) % 3000, 'p', 1, i FROM qp_n WHERE i < 4000",
    "INSERT INTO tournaments (id, guild_id, channel_id, name, game, options, format,"
    " min_players, max_players, rated, undo, lang, status, round, created_by, created_at)"
    f" SELECT {B} + i, 1000 + i % 100, 2000 + i % 500, 't', 'kahuna', '{{}}', 'swiss', 2, 8,"
    " 0, 0, 'en', CASE WHEN i % 10 = 0 THEN 'running' ELSE 'finished' END, 1, 5000, i"
    " FROM qp_n WHERE i < 1000",
    "INSERT INTO entrants (tournament_id, user_id, name, joined_at)"
    f" SELECT {B} + i / 8, 5000 + i % 3000, 'p', i FROM qp_n WHERE i < 8000",
    "INSERT INTO pairings (tournament_id, round, board, players, game_id)"
    f" SELECT {B} + i / 4, 1, i % 4, '[]', {B} + i FROM qp_n WHERE i < {N}",
    "INSERT INTO seasons (id, guild_id, channel_id, started_at, ends_at, weeks, status,"
    " ended_at) SELECT"
    f" {B} + i, 1000 + i % 100, 2000, i, i + 1, 1, 'ended', i + 1 FROM qp_n WHERE i < 1000",
    "INSERT INTO digests (user_id, lang) SELECT 5000 + i, 'en' FROM qp_n WHERE i < 3000",
    "INSERT INTO server_endings (guild_id, game, reason, winners, games, plies, days)"
    " SELECT 1000 + i % 100, CASE i % 3 WHEN 0 THEN 'kahuna' WHEN 1 THEN 'islas'"
    " ELSE 'stonehenge' END, CASE i / 300 % 3 WHEN 0 THEN 'rules' WHEN 1 THEN 'resign'"
    " ELSE 'draw' END, '[' || (i / 900) || ']', 10, 200, 3.5 FROM qp_n WHERE i < 2700",
    "INSERT INTO server_players (guild_id, game, user_id, games, latest)"
    " SELECT 1000 + i % 100, CASE i / 100 % 3 WHEN 0 THEN 'kahuna' WHEN 1 THEN 'islas'"
    f" ELSE 'stonehenge' END, 5000 + i / 300, 1 + i % 7, {B} + i FROM qp_n WHERE i < 9000",
    "INSERT INTO reviews (game_id, view, figures, created_at)"
    f" SELECT {B} + i / 2, i % 2 - 1, '{{}}', i FROM qp_n WHERE i < {N}",
]

_method: contextvars.ContextVar[str | None] = contextvars.ContextVar("qp_method", default=None)

Statement = tuple[str, str, tuple[Any, ...]]  # (store method, SQL as the store wrote it, params)


def _name_calls(store: Store) -> None:
    """While a public store method runs, ``_method`` names it (the outermost one)."""
    for store_name, obj in _stores(store):
        for name in _public(obj):
            real = getattr(obj, name)
            if not inspect.iscoroutinefunction(real):
                continue

            def wrap(real: Callable[..., Any], key: str) -> Callable[..., Any]:
                @wraps(real)
                async def calling(*args: Any, **kw: Any) -> Any:
                    token = _method.set(_method.get() or key)
                    try:
                        return await real(*args, **kw)
                    finally:
                        _method.reset(token)

                return calling

            setattr(obj, name, wrap(real, f"{store_name}.{name}"))


_QUERY = re.compile(r"\s*(SELECT|WITH|UPDATE|DELETE|INSERT)\b", re.IGNORECASE)


@contextmanager
def _capturing(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Statement]]:
    """Every statement the stores send either engine, with its parameters."""
    seen: list[Statement] = []

    def keep(sql: str, params: Sequence[Any]) -> None:
        if _QUERY.match(sql):
            seen.append((_method.get() or "?", sql, tuple(params)))

    def spy(cls: Any, name: str, many: bool = False) -> None:
        real = getattr(cls, name)

        async def spying(self: Any, sql: str, params: Any = (), *rest: Any, **kw: Any) -> Any:
            rows = list(params) if many else [params]
            if rows:  # an executemany of no rows runs nothing
                keep(sql, rows[0])
            return await real(self, sql, params, *rest, **kw)

        monkeypatch.setattr(cls, name, spying)

    spy(aiosqlite.Connection, "execute")
    spy(aiosqlite.Connection, "execute_fetchall")
    spy(aiosqlite.Connection, "executemany", many=True)
    spy(data.postgres._Transaction, "execute")
    spy(data.postgres._Transaction, "executemany", many=True)
    spy(PostgresDatabase, "fetchall")
    try:
        yield seen
    finally:
        monkeypatch.undo()


async def _variants(store: Store) -> None:
    """The reads whose SQL differs with their arguments, each way the commands ask them
    (the scenario asks each method once): a leaderboard across servers (only the people who
    made theirs public) and a season's, a person's games on every server or one game's,
    a later page, names across servers."""
    guild, season = 10, -1
    ratings, stats = store.ratings, store.stats
    for scope in (GLOBAL, guild, season):
        await ratings.leaderboard("stonehenge", scope, offset=10)
        await ratings.count("stonehenge", scope)
        await ratings.count("stonehenge", scope, listed=False)
        await ratings.place_of("stonehenge", scope, "u:1")
        await ratings.trend("stonehenge", scope, "u:1", 11)
    for where in ({}, {"guild_id": guild}, {"game": "stonehenge"}):
        await stats.finished(1, offset=10, **where)
        await stats.count_finished(1, **where)
    await stats.records(1)
    await stats.head_to_head(1, 2)
    await stats.names([1, 2, 3])


async def _captured(target: str, monkeypatch: pytest.MonkeyPatch) -> list[Statement]:
    store = await Store(target, _clock()).open()
    _name_calls(store)
    try:
        with _capturing(monkeypatch) as seen:
            await _scenario(store)
            await _variants(store)
        return seen
    finally:
        await store.close()


def _unique(statements: list[Statement]) -> list[Statement]:
    found: dict[tuple[str, str], Statement] = {}
    for method, sql, params in statements:
        found.setdefault((sql, repr(params)), (method, sql, params))
    return list(found.values())


_NOT_ALIAS = {
    "WHERE", "JOIN", "LEFT", "INNER", "CROSS", "ON", "ORDER", "GROUP", "LIMIT", "USING",
    "SET", "UNION", "AND", "OR", "AS", "NATURAL", "HAVING", "RETURNING", "WINDOW", "EXCEPT",
}  # fmt: skip


def _aliases(sql: str) -> dict[str, str]:
    """The tables a statement names, by the name SQLite's plan uses for them (alias)."""
    names: dict[str, str] = {}
    pattern = r"\b(?:FROM|JOIN|UPDATE|INTO)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?"
    for table, alias in re.findall(pattern, sql, re.IGNORECASE):
        if table in GROWING:
            names[table] = table
            if alias and alias.upper() not in _NOT_ALIAS:
                names[alias] = table
    return names


def _sqlite_scans(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> list[str]:
    names = _aliases(sql)
    scans = []
    for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}", params):
        detail: str = row[3]
        found = re.match(r"SCAN (\w+)( USING (COVERING )?INDEX\b)?", detail)
        if found and found.group(2) is None and found.group(1) in names:
            scans.append(f"SCAN {names[found.group(1)]}")
    return scans


def _seq_scans(plan: dict[str, Any]) -> Iterator[str]:
    if plan.get("Node Type") == "Seq Scan" and plan.get("Relation Name") in GROWING:
        yield f"Seq Scan on {plan['Relation Name']}"
    for child in plan.get("Plans", []):
        yield from _seq_scans(child)


async def _postgres_scans(conn: asyncpg.Connection, sql: str, params: tuple[Any, ...]) -> list[str]:
    text = await conn.fetchval(f"EXPLAIN (FORMAT JSON) {translate(sql)}", *params)
    return list(_seq_scans(json.loads(text)[0]["Plan"]))


def _report(found: list[tuple[str, str, list[str]]]) -> str:
    return "\n".join(f"{method}: {', '.join(scans)}\n    {sql}" for method, sql, scans in found)


def _checked(statements: list[Statement]) -> list[Statement]:
    return [s for s in _unique(statements) if s[0] not in SCANS_BY_NATURE]


# The bot never runs ANALYZE on its SQLite file: its planner goes by its rules of thumb
# there, and by the statistics where an operator ran one. Both must find the index.
@pytest.mark.parametrize("analysed", [False, True], ids=["as-the-bot-leaves-it", "analysed"])
async def test_store_queries_use_an_index_on_sqlite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, analysed: bool
) -> None:
    path = tmp_path / "t.sqlite3"
    statements = await _captured(str(path), monkeypatch)
    conn = sqlite3.connect(path)
    try:
        conn.execute("CREATE TABLE qp_n (i INTEGER PRIMARY KEY)")
        conn.executemany("INSERT INTO qp_n (i) VALUES (?)", [(i,) for i in range(10_000)])
        for fill in FILL:
            conn.execute(fill)
        conn.execute("DROP TABLE qp_n")
        conn.commit()
        if analysed:
            conn.execute("ANALYZE")
        found = [
            (method, sql, scans)
            for method, sql, params in _checked(statements)
            if (scans := _sqlite_scans(conn, sql, params))
        ]
    finally:
        conn.close()
    assert statements
    assert not found, "full scans of growing tables:\n" + _report(found)


async def test_store_queries_use_an_index_on_postgres(
    postgres: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = postgres.new_database()
    statements = await _captured(url, monkeypatch)
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE qp_n (i BIGINT PRIMARY KEY)")
        await conn.execute("INSERT INTO qp_n SELECT generate_series(0, 9999)")
        for fill in FILL:
            await conn.execute(fill)
        await conn.execute("DROP TABLE qp_n")
        await conn.execute("ANALYZE")
        found = [
            (method, sql, scans)
            for method, sql, params in _checked(statements)
            if (scans := await _postgres_scans(conn, sql, params))
        ]
    finally:
        await conn.close()
    assert statements
    assert not found, "full scans of growing tables:\n" + _report(found)
