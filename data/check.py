"""`python -m data check [DATABASE]`: can Tablero run on this database, is it whole, does it replay?

Three findings: the schema version (known, too new, or older and to be migrated at start),
the engine's own integrity check (SQLite's ``PRAGMA integrity_check``; a PostgreSQL server
keeps its pages whole itself), and that every stored game replays through its rules engine
with its seats and plies whole; and that each server's summaries of its finished games
(``/stats``: data/summary.py) are what its games sum to. The reading goes through
``fetchall`` only, with portable SQL, so the same check runs on either backend; it never
writes.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import multiprocessing
import os
import sqlite3
from collections import deque
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

import aiosqlite

from data.migrations import MIGRATIONS
from data.sqlite import SQLiteDialect
from data.summary import summary_faults
from rules.record import Record
from rules.replay import replay

BATCH = 500  # games whose moves are read in one query: bounded memory on a large database
PARALLEL_FROM = 4 * BATCH  # games from which replaying in worker processes pays for starting them
INTEGRITY_LINES = 20  # SQLite lists every fault; the first ones say enough
SUMMARIES_FROM = 25  # the schema that keeps each server's games summed (data/summary.py)


class Reader(Protocol):
    """What the check needs of a database: ``Database`` is one, ``ReadOnlySQLite`` too."""

    async def fetchall(self, sql: str, params: tuple = ()) -> Sequence[Any]: ...

    async def schema_version(self) -> int: ...


@dataclass
class Report:
    """What ``check`` found: the facts, and every fault (none: the database is fine)."""

    schema: int = 0
    known: int = len(MIGRATIONS)
    integrity: str = "not checked"
    games: int = 0
    moves: int = 0
    faults: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether nothing failed."""
        return not self.faults

    def lines(self, where: str) -> list[str]:
        """The report in words, for the operator."""
        if self.schema > self.known:
            schema = f"schema {self.schema}: too new (this Tablero knows up to {self.known})"
        elif self.schema < self.known:
            schema = f"schema {self.schema}: older than {self.known}, migrated when the bot starts"
        else:
            schema = f"schema {self.schema}: current"
        head = f"{where}: {schema}; integrity {self.integrity}"
        head += f"; {self.games} games, {self.moves} moves checked"
        verdict = "OK" if self.ok else f"{len(self.faults)} problem(s)"
        return [head, *self.notes, *self.faults, verdict]


class ReadOnlySQLite:
    """A SQLite file opened read-only (``mode=ro``): a check never creates, migrates or
    locks it, so it may run beside the bot, on a backup, or on a read-only copy."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._conn: aiosqlite.Connection | None = None

    async def connect(self) -> ReadOnlySQLite:
        """Open the file (FileNotFoundError when there is none: SQLite would create one)."""
        if not Path(self.path).is_file():
            raise FileNotFoundError(self.path)
        uri = f"file:{quote(str(Path(self.path).resolve()))}?mode=ro"
        self._conn = await aiosqlite.connect(uri, uri=True)
        self._conn.row_factory = aiosqlite.Row
        return self

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def fetchall(self, sql: str, params: tuple = ()) -> list[Any]:
        """All rows of a query."""
        if self._conn is None:
            raise RuntimeError("connect() first")
        return list(await self._conn.execute_fetchall(sql, params))

    async def schema_version(self) -> int:
        """The file's schema version (SQLite keeps it in the header: user_version)."""
        rows = await self.fetchall("PRAGMA user_version")
        return int(rows[0][0])

    async def integrity(self) -> list[str]:
        """SQLite's integrity check: ["ok"], or the first faults it lists. On a connection
        of its own, so that the games replay meanwhile (on a year of games each takes
        minutes)."""
        uri = f"file:{quote(str(Path(self.path).resolve()))}?mode=ro"
        try:
            async with aiosqlite.connect(uri, uri=True) as conn:
                rows = await conn.execute_fetchall(f"PRAGMA integrity_check({INTEGRITY_LINES})")
        except sqlite3.DatabaseError as error:  # too damaged to list what is wrong
            return [str(error)]
        return [str(row[0]) for row in rows]


async def check(db: Reader, load: Sequence[str] = ()) -> Report:
    """Check ``db`` (see the module's docstring); the report lists every fault found.
    ``load``: modules of game plugins to import (their records replay once registered)."""
    report = Report(schema=await db.schema_version())
    if report.schema > report.known:
        report.faults.append(
            f"the schema is newer than this Tablero's ({report.schema} > {report.known}):"
            " check it with the Tablero that wrote it"
        )
        return report  # its tables may mean other things: reading on would mislead
    integrity = getattr(db, "integrity", None)  # a SQLite file opened for the check
    # The integrity check and the replay run at once; the replay counts only if the file
    # is whole (a damaged one cannot be read reliably: what it read is set aside).
    checking = asyncio.ensure_future(integrity()) if integrity is not None else None
    replayed, unreadable = Report(), None
    try:
        if report.schema != 0:
            await _replay_games(db, replayed, load)
    except sqlite3.DatabaseError as error:  # damaged: the integrity check says where
        unreadable = error
    finally:
        found = await checking if checking is not None else None
    if found is not None:
        report.integrity = "ok" if found == ["ok"] else "FAILED"
        report.faults.extend(f"integrity: {line}" for line in found if line != "ok")
    elif getattr(db, "engine", "sqlite") == "postgresql":
        report.integrity = "kept by the postgresql server"  # (its amcheck goes deeper)
    if not report.ok:
        report.notes.append("games not replayed: a damaged file cannot be read reliably")
        return report
    if unreadable is not None:
        raise unreadable
    if report.schema == 0:
        report.notes.append("an empty database: no tables yet (the bot creates them at start)")
        return report
    report.games, report.moves = replayed.games, replayed.moves
    report.faults.extend(replayed.faults)
    if report.schema >= SUMMARIES_FROM:  # older: the start migrates and fills them
        report.faults.extend(await summary_faults(db, getattr(db, "dialect", SQLiteDialect())))
    return report


async def _replay_games(db: Reader, report: Report, load: Sequence[str] = ()) -> None:
    """Replay every stored game; a fault for each that does not replay or is not whole.

    Batches are read here and replayed in worker processes, one per core (replaying is the
    rules engines' work, and a year of games is hundreds of thousands): a few batches ahead
    at most, so memory stays bounded; faults come out in the games' order all the same. A
    small database is replayed here, without starting workers."""
    games = await db.fetchall(
        "SELECT id, game, players, seed, options, status FROM games ORDER BY id"
    )
    report.games = len(games)
    batches = (games[start : start + BATCH] for start in range(0, len(games), BATCH))
    if len(games) <= PARALLEL_FROM:
        for batch in batches:
            _tally(report, _replay_batch(await _batch(db, batch)))
        return
    workers = os.cpu_count() or 1
    loop = asyncio.get_running_loop()
    # spawn: a fork of this process would copy its database threads' locks mid-use.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        workers, mp_context=context, initializer=_import, initargs=(tuple(load),)
    ) as pool:
        pending: deque[asyncio.Future[tuple[int, list[str]]]] = deque()
        for batch in batches:
            items = await _batch(db, batch)
            pending.append(loop.run_in_executor(pool, _replay_batch, items))
            while len(pending) > 2 * workers:
                _tally(report, await pending.popleft())
        while pending:
            _tally(report, await pending.popleft())


def _import(modules: tuple[str, ...]) -> None:
    """In a worker: the game plugins the command line loaded (``--load``)."""
    for module in modules:
        importlib.import_module(module)


#: (id, game, players, seed, options, status, plies as (ply, move), seats)
Item = tuple[int, str, int, int, str, str, list[tuple[int, str]], list[int]]


async def _batch(db: Reader, batch: Sequence[Any]) -> list[Item]:
    """The games of ``batch`` with their moves and seats, as plain values (for a worker)."""
    first, last = batch[0]["id"], batch[-1]["id"]
    moves: dict[int, list[tuple[int, str]]] = {}
    for row in await db.fetchall(
        "SELECT game_id, ply, move FROM moves WHERE game_id BETWEEN ? AND ? ORDER BY game_id, ply",
        (first, last),
    ):
        moves.setdefault(row["game_id"], []).append((row["ply"], row["move"]))
    seats: dict[int, list[int]] = {}
    for row in await db.fetchall(
        "SELECT game_id, seat FROM seats WHERE game_id BETWEEN ? AND ? ORDER BY game_id, seat",
        (first, last),
    ):
        seats.setdefault(row["game_id"], []).append(row["seat"])
    return [
        (
            g["id"],
            g["game"],
            g["players"],
            g["seed"],
            g["options"],
            g["status"],
            moves.get(g["id"], []),
            seats.get(g["id"], []),
        )
        for g in batch
    ]


def _replay_batch(items: list[Item]) -> tuple[int, list[str]]:
    """The moves replayed and the faults found in a batch of games."""
    moves, faults = 0, []
    for gid, game, players, seed, options, status, plies, seats in items:
        moves += len(plies)
        row = {
            "id": gid,
            "game": game,
            "players": players,
            "seed": seed,
            "options": options,
            "status": status,
        }
        fault = _game_fault(row, plies, seats)
        if fault is not None:
            faults.append(f"game #{gid} ({game}): {fault}")
    return moves, faults


def _tally(report: Report, found: tuple[int, list[str]]) -> None:
    report.moves += found[0]
    report.faults.extend(found[1])


def _game_fault(game: Any, plies: list[tuple[int, str]], seats: list[int]) -> str | None:
    """Why a stored game is not whole or does not replay, or None when it does."""
    if seats != list(range(game["players"])):
        return f"seats {seats} for {game['players']} players"
    if [ply for ply, _ in plies] != list(range(len(plies))):
        missing = sorted(set(range(plies[-1][0] + 1)) - {ply for ply, _ in plies})
        return f"plies missing: {missing[:5]}"
    try:
        options = json.loads(game["options"])
        record = Record.from_json(
            {
                "game": game["game"],
                "players": game["players"],
                "seed": game["seed"],
                "options": options,
                "moves": [move for _, move in plies],
            }
        )
    except ValueError as error:  # options that are not JSON, or a record of the wrong shape
        return f"the record cannot be read ({error})"
    result = replay(record)
    if not result["ok"]:
        where = f" at ply {result['ply']} ({result['move'][:40]!r})" if "ply" in result else ""
        return f"does not replay{where}: {result['error']}"
    if result["finished"] and game["status"] == "active":
        return "the rules say it is over, but it is stored as still being played"
    return None


async def check_path(database: str, load: Sequence[str] = ()) -> Report:
    """Open a SQLite file read-only and check it (FileNotFoundError, sqlite3.Error)."""
    db = await ReadOnlySQLite(database).connect()
    try:
        return await check(db, load)
    finally:
        await db.close()
