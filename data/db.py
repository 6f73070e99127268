"""The SQLite connection: WAL, foreign keys, and schema migrations by PRAGMA user_version."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from data.migrations import MIGRATIONS

log = logging.getLogger(__name__)


class Database:
    """One aiosqlite connection shared by the bot.

    aiosqlite runs every statement on one worker thread, but coroutines can still interleave
    statements of two transactions on the same connection; ``transaction()`` serialises
    writers with a lock so each transaction is whole.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._conn: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()

    @property
    def conn(self) -> aiosqlite.Connection:
        """The open connection (``connect()`` first)."""
        if self._conn is None:
            raise RuntimeError("Database.connect() was not called")
        return self._conn

    async def connect(self) -> Database:
        """Open the file, switch on WAL and foreign keys, and migrate to the newest schema."""
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so a transaction's extent is
        # visible in the code, not implied by the sqlite3 module.
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        self._conn.row_factory = aiosqlite.Row
        await self._conn.execute("PRAGMA journal_mode=WAL")
        await self._conn.execute("PRAGMA foreign_keys=ON")
        await self._conn.execute("PRAGMA busy_timeout=5000")
        await self.migrate()
        return self

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def schema_version(self) -> int:
        """The PRAGMA user_version of the file."""
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Apply every migration newer than the file's user_version, each in a transaction."""
        current = await self.schema_version()
        for version, script in enumerate(MIGRATIONS, start=1):
            if version <= current:
                continue
            log.info("migrating database %s to schema %d", self.path, version)
            async with self.transaction() as conn:
                for statement in _statements(script):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version={version}")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE … COMMIT, rolled back on any exception."""
        async with self._write_lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    async def fetchall(self, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
        """Run a query and return all rows."""
        async with self.conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def fetchone(self, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
        """Run a query and return its first row, or None."""
        async with self.conn.execute(sql, params) as cur:
            return await cur.fetchone()


def _statements(script: str) -> list[str]:
    """Split a migration script on semicolons (our scripts hold no semicolons in strings)."""
    return [s.strip() for s in script.split(";") if s.strip()]
