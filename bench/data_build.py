"""The big database of ``python -m bench data``, built once per schema and scale, then reused.

The rows (bench/data_rows.py) go in in bulk, beside the bot's own code: SQLite's
``executemany`` in one transaction, PostgreSQL's ``COPY``, into a database the store created
and migrated (so its schema is the bot's); then each server's summaries of its finished
games are summed from them (data/summary.py), as the bot adds each game as it ends. A
finished build is kept under ``<cache>/schema<N>-scale<F>-rows<G>/`` (``--cache``, else
``TABLERO_BENCH_CACHE``, else ``~/.cache/tablero/bench-data``): a SQLite file, and a
PostgreSQL data folder holding the database ``bench``. A run never writes to the kept copy:
it works on a copy (a file copy; on PostgreSQL a database made from ``bench`` as a
template), thrown away after.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import sqlite3
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bench.data_rows import build
from bench.data_world import MOVE_COLUMNS, Sizes, Tables, move_rows
from data import Store
from data.migrations import MIGRATIONS
from data.postgres import PostgresDialect
from data.sqlite import SQLiteDialect
from data.summary import fill

#: Bump when the rows change: a kept build of an older one is not reused.
ROWS_VERSION = 1
TEMPLATE = "bench"
#: Tables whose ids PostgreSQL hands out itself (identity): set past the ids written.
IDENTITIES = ("games", "challenges", "timers", "seasons", "tournaments", "series")


def cache_root(given: str | None = None) -> Path:
    """Where builds are kept."""
    if given:
        return Path(given)
    env = os.environ.get("TABLERO_BENCH_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "tablero" / "bench-data"


def build_folder(root: Path, scale: float) -> Path:
    """The folder of one build: keyed by the schema version, the scale and the rows' version."""
    return root / f"schema{len(MIGRATIONS)}-scale{scale:g}-rows{ROWS_VERSION}"


def _chunks(rows: Iterator[tuple[Any, ...]], size: int = 50_000) -> Iterator[list[tuple[Any, ...]]]:
    chunk: list[tuple[Any, ...]] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _all_tables(tables: Tables) -> Iterator[tuple[str, tuple[str, ...], Iterator[tuple[Any, ...]]]]:
    for name, (columns, rows) in tables.rows.items():
        yield name, columns, iter(rows)
    yield "moves", MOVE_COLUMNS, move_rows(tables)


async def _create(target: str) -> None:
    """An empty database at the bot's schema (its own migrations)."""
    store = await Store(target).open()
    await store.close()


def write_sqlite(path: Path, tables: Tables) -> None:
    """All rows into a SQLite file the store created."""
    asyncio.run(_create(str(path)))
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA synchronous=OFF")
        conn.execute("PRAGMA cache_size=-262144")  # 256 MB: the indexes stay in memory
        conn.execute("BEGIN")
        for name, columns, rows in _all_tables(tables):
            marks = ", ".join("?" * len(columns))
            sql = f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({marks})"
            for chunk in _chunks(rows):
                conn.executemany(sql, chunk)
        for statement in fill(SQLiteDialect()):  # as the bot sums each game as it ends
            conn.execute(statement)
        conn.execute("COMMIT")
        # As the bot leaves it: no ANALYZE (the bot never runs one), the WAL folded in.
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


async def write_postgres(url: str, tables: Tables) -> None:
    """All rows into a PostgreSQL database the store created, by COPY."""
    await _create(url)
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            for name, columns, rows in _all_tables(tables):
                for chunk in _chunks(rows):
                    await conn.copy_records_to_table(name, records=chunk, columns=list(columns))
            for statement in fill(PostgresDialect()):  # as the bot sums each game as it ends
                await conn.execute(statement)
            for name in IDENTITIES:
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{name}', 'id'),"
                    f" GREATEST((SELECT MAX(id) FROM {name}), 1))"
                )
        # What autovacuum does soon after a bulk load: statistics, and the visibility map
        # that lets an index answer alone.
        await conn.execute("VACUUM ANALYZE")
    finally:
        await conn.close()


def database_url(server_url: str, name: str) -> str:
    """The URL of database ``name`` on the server of ``server_url``."""
    parts = urlsplit(server_url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, ""))


class Built:
    """A kept build of one scale: made if missing, then copied for each run."""

    def __init__(self, root: Path, scale: float) -> None:
        self.scale = scale
        self.folder = build_folder(root, scale)
        self.sqlite = self.folder / "tablero.sqlite3"
        self.pgdata = self.folder / "pg"
        self._server: Any = None
        self.build_s: dict[str, float] = {}

    def _facts(self) -> Path:
        return self.folder / "facts.json"

    def facts(self) -> dict[str, Any]:
        """What the build holds (row counts, when it was made), once built."""
        return json.loads(self._facts().read_text())

    def _rows(self) -> Tables:
        facts = self._facts()
        now = json.loads(facts.read_text())["now"] if facts.exists() else time.time()
        started = time.perf_counter()
        tables = build(Sizes.at(self.scale), now)
        self.build_s["rows"] = round(time.perf_counter() - started, 1)
        counts = {name: tables.count(name) for name in (*tables.rows, "moves")}
        self.folder.mkdir(parents=True, exist_ok=True)
        if not facts.exists():
            facts.write_text(json.dumps({"now": now, "scale": self.scale, "rows": counts}))
        return tables

    def ensure(self, engines: tuple[str, ...]) -> None:
        """Build what is missing for ``engines`` (a build cut short is made again)."""
        missing = [e for e in engines if not (self.folder / f"{e}.done").exists()]
        if not missing:
            return
        tables = self._rows()
        for engine in missing:
            started = time.perf_counter()
            if engine == "sqlite":
                for stale in self.folder.glob("tablero.sqlite3*"):
                    stale.unlink()
                write_sqlite(self.sqlite, tables)
            else:
                shutil.rmtree(self.pgdata, ignore_errors=True)
                url = self.server_url()
                asyncio.run(_execute(url, f"CREATE DATABASE {TEMPLATE}"))
                asyncio.run(write_postgres(database_url(url, TEMPLATE), tables))
            self.build_s[engine] = round(time.perf_counter() - started, 1)
            (self.folder / f"{engine}.done").write_text("")

    def server_url(self) -> str:
        """The PostgreSQL server on the kept data folder, started once (pgserver)."""
        if self._server is None:
            import pgserver  # the test extra has it: a real server, no system package

            self.pgdata.mkdir(parents=True, exist_ok=True)
            self._server = pgserver.get_server(self.pgdata, cleanup_mode="stop")
        return str(self._server.get_uri())

    def stop(self) -> None:
        """Stop the PostgreSQL server, keeping its data."""
        if self._server is not None:
            self._server.cleanup()
            self._server = None

    @contextlib.asynccontextmanager
    async def copy(self, engine: str, work: Path) -> AsyncIterator[str]:
        """A copy of the build to run on (SQLite path, or PostgreSQL URL), removed after."""
        if engine == "sqlite":
            path = work / f"run-{self.scale:g}.sqlite3"
            await asyncio.to_thread(shutil.copyfile, self.sqlite, path)
            try:
                yield str(path)
            finally:
                for leftover in work.glob(f"{path.name}*"):
                    leftover.unlink()
            return
        url = self.server_url()
        name = f"run{os.getpid()}"
        await _execute(url, f"DROP DATABASE IF EXISTS {name}")
        await _execute(url, f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
        try:
            yield database_url(url, name)
        finally:
            await _execute(url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


async def _execute(url: str, sql: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()
