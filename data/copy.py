"""`python -m data copy SQLITE_PATH postgresql://…`: move a server's data up to PostgreSQL.

The source may be in use by a running bot: the copy reads an online backup of it (one
commit's state, data/backup.py), migrated to this Tablero's schema. Every table of the
schema is copied row for row, ids included, in the order the migrations created the tables
(a table only refers to older ones), in one transaction on the destination: a copy that
fails leaves the destination as it was. Then each game is read back from the destination
and compared with its source record, and the check (data/check.py) replays every copied game:
the same record reaches the same position.

The destination must be empty (the bot's schema, no rows) unless ``replace`` is given, which
empties it first in the same transaction. Stop the bot before the copy, or the moves it
stores after the backup's moment stay behind in the SQLite file.
"""

from __future__ import annotations

import json
import re
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from data import Store
from data.backup import backup
from data.check import check
from data.db import Database
from data.migrations import MIGRATIONS
from data.postgres import VERSION_TABLE
from rules.record import Record

BATCH = 2000  # rows read and written at a time: bounded memory on a large file


class CopyError(Exception):
    """The copy was refused or did not verify; the message says why."""


@dataclass(frozen=True)
class Copied:
    """What a copy wrote, table by table."""

    source: str
    destination: str
    rows: dict[str, int]
    games: dict[str, int]
    seconds: float

    def summary(self) -> str:
        """A few lines for the operator."""
        kinds = ", ".join(f"{count} {game}" for game, count in sorted(self.games.items()))
        tables = ", ".join(f"{table} {count}" for table, count in self.rows.items() if count)
        total = sum(self.games.values())
        return (
            f"Copied {self.source} to {self.destination} in {self.seconds:.1f} s:"
            f" {total} games ({kinds or 'none'}), each replayed to the same position.\n"
            f"Rows: {tables or 'none'}."
        )


def table_order() -> list[str]:
    """Tables in the order the migrations create them: each refers only to earlier ones."""
    order: list[str] = []
    for script in MIGRATIONS:
        for name in re.findall(r"CREATE TABLE (\w+)", script):
            order.append(name)
    return order


async def copy(source: str, destination: str, *, replace: bool = False) -> Copied:
    """Copy the SQLite database ``source`` into the PostgreSQL ``destination``."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tablero-copy-") as folder:
        snapshot = Path(folder) / "snapshot.sqlite3"
        backup(source, snapshot)  # a running bot's file: one commit's state
        src = await Store(str(snapshot)).open()  # migrated to this Tablero's schema
        try:
            dst = await Store(destination).open()
            try:
                if dst.db.engine != "postgresql":
                    raise CopyError(f"{destination} is not a postgresql:// URL.")
                tables = await _tables(src.db, dst.db)
                rows = await _copy_rows(src.db, dst.db, tables, replace)
                games = await _verify(src.db, dst.db, tables)
                destination = dst.db.path  # without its password
            finally:
                await dst.close()
        finally:
            await src.close()
    return Copied(source, destination, rows, games, time.perf_counter() - started)


async def _tables(src: Database, dst: Database) -> dict[str, list[str]]:
    """The tables to copy with their columns, in creation order (CopyError if they differ)."""
    theirs, ours = await src.tables(), await dst.tables()
    ours.pop(VERSION_TABLE, None)  # PostgreSQL's schema version: already the same
    if set(theirs) != set(ours):
        raise CopyError(f"the schemas differ: {sorted(set(theirs) ^ set(ours))}")
    for name, columns in theirs.items():
        if set(columns) != set(ours[name]):
            raise CopyError(
                f"the columns of {name} differ: {sorted(set(columns) ^ set(ours[name]))}"
            )
    known = table_order()
    order = [t for t in known if t in theirs] + sorted(t for t in theirs if t not in known)
    return {name: theirs[name] for name in order}


async def _copy_rows(
    src: Database, dst: Database, tables: dict[str, list[str]], replace: bool
) -> dict[str, int]:
    rows: dict[str, int] = {}
    async with dst.transaction() as tx:
        for name in reversed(tables):  # children first, when emptying
            if replace:
                await tx.execute(f"DELETE FROM {name}")
            elif await (await tx.execute(f"SELECT 1 FROM {name} LIMIT 1")).fetchall():
                raise CopyError(
                    f"the destination already holds data ({name}): copy into an empty"
                    " database, or add --replace to empty this one first"
                )
        for name, columns in tables.items():
            rows[name] = 0
            listed = ", ".join(columns)
            insert = f"INSERT INTO {name} ({listed}) VALUES ({', '.join('?' * len(columns))})"
            async for batch in _batches(src, name, listed):
                await tx.executemany(insert, [_values(row, columns) for row in batch])
                rows[name] += len(batch)
            if "id" in columns:  # new rows on PostgreSQL get ids after the copied ones
                await tx.execute(
                    f"SELECT setval(pg_get_serial_sequence('{name}', 'id'),"
                    f" (SELECT COALESCE(MAX(id), 0) + 1 FROM {name}), false)"
                )
    return rows


async def _batches(src: Database, name: str, listed: str) -> AsyncIterator[list[Any]]:
    """The rows of a SQLite table, BATCH at a time (by rowid: no OFFSET rescans)."""
    last = 0
    while True:
        batch = await src.fetchall(
            f"SELECT rowid AS rowid_, {listed} FROM {name} WHERE rowid > ? ORDER BY rowid"
            f" LIMIT {BATCH}",
            (last,),
        )
        if not batch:
            return
        yield batch
        last = batch[-1]["rowid_"]


def _values(row: Any, columns: Sequence[str]) -> tuple[Any, ...]:
    return tuple(row[column] for column in columns)


async def _verify(src: Database, dst: Database, tables: dict[str, list[str]]) -> dict[str, int]:
    """Every table as long on both sides, every game the same record and position; the
    count of games by kind (CopyError naming what differs)."""
    for name in tables:
        query = f"SELECT COUNT(*) AS n FROM {name}"
        theirs, ours = (await src.fetchone(query))["n"], (await dst.fetchone(query))["n"]
        if theirs != ours:
            raise CopyError(f"{name}: {theirs} rows in the source, {ours} copied")
    games: dict[str, int] = {}
    source, copied = await _records(src), await _records(dst)
    for game_id, record in source.items():
        # A record is the whole game (its seed deals every hidden card): the same record
        # replays to the same position, so the check's one replay of the copy is enough.
        if copied.get(game_id) != record:
            raise CopyError(f"game #{game_id}: the copied record differs from the source")
        games[record.game] = games.get(record.game, 0) + 1
    report = await check(dst)
    if not report.ok:
        raise CopyError("the copy fails the check: " + "; ".join(report.faults[:5]))
    return games


async def _records(db: Database) -> dict[int, Record]:
    """Every stored game's record, read with portable SQL."""
    moves: dict[int, list[str]] = {}
    for row in await db.fetchall("SELECT game_id, move FROM moves ORDER BY game_id, ply"):
        moves.setdefault(row["game_id"], []).append(row["move"])
    return {
        row["id"]: Record(
            game=row["game"],
            players=row["players"],
            seed=row["seed"],
            options=json.loads(row["options"]),
            moves=tuple(moves.get(row["id"], ())),
        )
        for row in await db.fetchall("SELECT id, game, players, seed, options FROM games")
    }
