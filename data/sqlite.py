"""The SQLite engine: WAL, foreign keys, start-up checks, migrations by PRAGMA user_version.

Two connections, each on its own aiosqlite worker thread: one writes, one only reads. WAL lets
the reader see the last committed state while a writer (ours, or another program) holds the
write lock, so looking at a board never queues behind a move that waits for that lock. A write
waits at most ``write_wait`` seconds in all, then fails with StorageBusy, having changed nothing.

A move's writes go to the writer's thread in one trip (``write``: the synchronous setting,
BEGIN, its statements, COMMIT), not a trip a statement: each trip is two thread switches,
which wait for the interpreter lock on a busy machine. (A second writer kept at NORMAL would
save the setting's switch too, but a writer whose read snapshot outlives a commit of the
other cannot write next: SQLite answers busy at once.)
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from data import errors
from data.db import START_WAIT, WAIT_MARGIN, WRITE_WAIT, Database, Dialect, Step, give_up_at
from data.errors import StorageBusy, StorageFull
from data.migrations import MIGRATIONS, statements

log = logging.getLogger(__name__)

#: The largest file whose every page the start checks (``PRAGMA quick_check``).
QUICK_CHECK_BYTES = 64 * 2**20

# The Database whose transaction the current task is in, and the connection it writes on:
# its reads must see its own writes.
_writing: contextvars.ContextVar[tuple[SQLiteDatabase, aiosqlite.Connection] | None] = (
    contextvars.ContextVar("sqlite_writing", default=None)
)


class SQLiteDialect(Dialect):
    """SQLite's spelling of what the engines spell differently."""

    def json_rows(self, columns: str, source: str) -> str:
        return f"(SELECT json_group_array(json_array({columns})) FROM {source})"

    def json_field(self, column: str, key: str) -> str:
        return f"json_extract({column}, '$.{key}')"

    def greatest(self, a: str, b: str) -> str:
        return f"MAX({a}, {b})"

    def same(self, a: str, b: str) -> str:
        return f"{a} IS {b}"


class SQLiteDatabase(Database):
    """The writer and reader connections shared by the bot.

    Coroutines could interleave statements of two transactions on the writer connection;
    ``transaction()`` serialises writers with a lock so each transaction is whole.
    """

    engine = "sqlite"
    dialect = SQLiteDialect()

    def __init__(self, path: str | Path, write_wait: float = WRITE_WAIT) -> None:
        self.path = str(path)
        self.write_wait = write_wait
        self._conn: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()
        #: whether the writer commits with synchronous=FULL right now (None: not set yet;
        #: the first transaction sets it, once the file is known to be a database)
        self._durable: bool | None = None

    @property
    def conn(self) -> aiosqlite.Connection:
        """The writing connection (``connect()`` first)."""
        if self._conn is None:
            raise RuntimeError("Database.connect() was not called")
        return self._conn

    async def connect(self) -> SQLiteDatabase:
        """Open the file, check it can be used, migrate it, and open the reader.

        StorageError, naming the file and what to do, when it is from a newer Tablero,
        read-only, damaged, or cannot be opened at all.
        """
        try:
            await self._open()
        except BaseException:
            await self.close()
            raise
        return self

    async def _open(self) -> None:
        memory = self.path == ":memory:"
        try:
            if not memory:
                self._make_folder()
            # Open once with the plain module first: when aiosqlite fails to open a file, its
            # worker thread later reports to an event loop that may be closed by then, which
            # prints a traceback at exit instead of our message.
            await asyncio.to_thread(_open_and_close, self.path)
            self._conn = await self._connection()
            self._durable = None
            await self._check()
            await self.migrate()
            await self._set_busy_timeout(self.conn, self.write_wait)
            # A second connection to ":memory:" would be another, empty database.
            if not memory:
                self._reader = await self._connection()
                await self._reader.execute("PRAGMA query_only=ON")
                await self._set_busy_timeout(self._reader, self.write_wait)
        except StorageBusy:
            raise errors.locked_at_start(self.path) from None
        except (sqlite3.Error, OSError) as error:
            raise errors.explain(self.path, error) from None

    def _make_folder(self) -> None:
        path = Path(self.path)
        try:
            if path.is_dir():
                raise errors.cannot_open(self.path, "that is a folder, not a file")
            path.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            detail = f"a part of {path.parent} is a file, not a folder"
            raise errors.cannot_open(self.path, detail) from None
        except OSError as error:
            detail = f"no access to the folder {path.parent}: {error.strerror or error}"
            raise errors.cannot_open(self.path, detail) from None

    async def _connection(self) -> aiosqlite.Connection:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so a transaction's extent is
        # visible in the code, not implied by the sqlite3 module.
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA foreign_keys=ON")
        await self._set_busy_timeout(conn, START_WAIT)
        return conn

    async def _check(self) -> None:
        """Refuse a file we must not or cannot write, before writing anything to it."""
        found = await self.schema_version()  # also "file is not a database"
        if found > len(MIGRATIONS):
            raise errors.newer_schema(self.path, found, len(MIGRATIONS))
        await self.conn.execute("PRAGMA journal_mode=WAL")
        # quick_check reads every page but skips the index cross-checks: milliseconds for
        # the few megabytes of a young database, but minutes for a year of games (1.2 GB:
        # 256 s on a busy 2-core machine). Past QUICK_CHECK_BYTES the start reads the schema
        # alone (a damaged page is still refused when a read meets it), and the whole file
        # is `python -m data check`'s to check, beside the running bot.
        if self.path == ":memory:" or Path(self.path).stat().st_size <= QUICK_CHECK_BYTES:
            check = "PRAGMA quick_check(1)"
        else:
            check = "SELECT CASE WHEN COUNT(*) > 0 THEN 'ok' END FROM sqlite_master"
        async with self.conn.execute(check) as cur:
            row = await cur.fetchone()
        if row is None or row[0] != "ok":
            raise errors.damaged(self.path, str(row[0] if row else "no answer"))
        # SQLite falls back to read-only when it may not write the file and says so only at
        # the first write: write the schema version back unchanged, then undo it.
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            await self.conn.execute(f"PRAGMA user_version={found}")
        finally:
            await self.conn.execute("ROLLBACK")

    @staticmethod
    async def _set_busy_timeout(conn: aiosqlite.Connection, seconds: float) -> None:
        await conn.execute(f"PRAGMA busy_timeout={max(0, int(seconds * 1000))}")

    async def close(self) -> None:
        """Close both connections (idempotent)."""
        for conn in (self._reader, self._conn):
            if conn is not None:
                await conn.close()
        self._reader = self._conn = None

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
                for statement in statements(script):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version={version}")

    @asynccontextmanager
    async def _turn(self) -> AsyncIterator[float]:
        """The write lock, held: the seconds SQLite may still wait for the file's lock (a
        write waits ``write_wait`` in all: less once it queued here, or when its task has
        less), -1 for all of them."""
        current = _writing.get()
        if current is not None and current[0] is self:
            raise RuntimeError("transactions do not nest")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.write_wait
        give_up = give_up_at()
        shorter = give_up is not None and give_up < deadline - WAIT_MARGIN
        if shorter:
            deadline = max(loop.time(), give_up or 0.0)
        queued = self._write_lock.locked() or shorter
        if queued:
            try:
                await asyncio.wait_for(self._write_lock.acquire(), deadline - loop.time())
            except TimeoutError:
                raise StorageBusy(self.path) from None
        else:
            await self._write_lock.acquire()
        try:
            yield deadline - loop.time() if queued else -1.0
        finally:
            self._write_lock.release()

    @asynccontextmanager
    async def transaction(self, *, durable: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE … COMMIT, rolled back on any exception.

        StorageBusy, with nothing written, when the write lock (ours or another program's)
        stays taken for ``write_wait`` seconds. A ``durable`` commit reaches the disk before
        it returns (SQLite's synchronous=FULL: a move survives even a power cut); any commit
        survives the bot's own crash, which is all a fact the bot can find again needs (a
        post's marker: recovery reads the post back from the channel).
        """
        async with self._turn() as left:
            conn = self.conn
            wait = self.write_wait if left < 0 else left
            sync = None if durable == self._durable else ("FULL" if durable else "NORMAL")
            self._durable = None  # unknown until it is back
            try:  # the setting and BEGIN in one trip to the writer's thread
                await conn._execute(_begin, conn, sync, wait, self.write_wait)
            except sqlite3.OperationalError as error:
                if errors.is_busy(error):
                    raise StorageBusy(self.path) from None
                raise
            self._durable = durable
            token = _writing.set((self, conn))
            try:
                yield conn
                await conn.execute("COMMIT")
            except BaseException as error:
                if conn.in_transaction:  # a failed COMMIT may have rolled back already
                    await conn.execute("ROLLBACK")
                if isinstance(error, sqlite3.OperationalError):
                    if errors.is_busy(error):
                        raise StorageBusy(self.path) from None
                    if errors.is_full(error):
                        raise StorageFull(self.path) from None
                raise
            finally:
                _writing.reset(token)

    async def write(self, steps: Sequence[Step], *, durable: bool = True) -> bool:
        """``Database.write`` in one trip to the writer's thread: the synchronous setting,
        BEGIN, every step and COMMIT (or ROLLBACK) there, instead of a trip a statement."""
        async with self._turn() as left:
            wait = self.write_wait if left < 0 else left
            sync = None if durable == self._durable else ("FULL" if durable else "NORMAL")
            self._durable = None  # unknown until it is back
            conn = self.conn
            try:
                # aiosqlite runs a function on the connection's own thread with ``_execute``
                # (its execute() is that too, for one statement).
                done = await conn._execute(_write_all, conn, steps, sync, wait, self.write_wait)
                self._durable = durable
                return bool(done)
            except sqlite3.OperationalError as error:
                if errors.is_busy(error):
                    raise StorageBusy(self.path) from None
                if errors.is_full(error):
                    raise StorageFull(self.path) from None
                raise

    def _reading(self) -> aiosqlite.Connection:
        """The reader, unless this task is inside a transaction (it must see its own writes)."""
        current = _writing.get()
        if current is not None and current[0] is self:
            return current[1]
        return self.conn if self._reader is None else self._reader

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        """Run a query and return all rows.

        The statement runs to its end in one call to SQLite's thread. Reads share a
        connection, and SQLite keeps one snapshot for all of a connection's open statements:
        a cursor left open across an ``await`` would show every read started meanwhile the
        database as it was before (a move just marked posted as still unposted).
        """
        try:
            return list(await self._reading().execute_fetchall(sql, params))
        except sqlite3.OperationalError as error:
            if errors.is_busy(error):
                raise StorageBusy(self.path) from None
            if errors.is_full(error):  # a large sort's temporary file found no room
                raise StorageFull(self.path) from None
            raise

    async def tables(self) -> dict[str, list[str]]:
        """Every table and its columns, in order."""
        names = await self.fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        found: dict[str, list[str]] = {}
        for (name,) in names:
            columns = await self.fetchall(f"PRAGMA table_info({name})")
            found[name] = [column["name"] for column in columns]
        return found


def run_step(raw: sqlite3.Connection, step: Step) -> sqlite3.Cursor:
    """One step of a write, on the writer's thread (a test may make it fail)."""
    if step.many:
        return raw.executemany(step.sql, step.params)
    return raw.execute(step.sql, step.params)


def _begin(
    conn: aiosqlite.Connection, sync: str | None, wait: float, usual: float
) -> sqlite3.Connection:
    """On ``conn``'s own thread: switch to the synchronous setting ``sync`` (if not None),
    then BEGIN IMMEDIATE, waiting ``wait`` seconds at most for the file's write lock (the
    usual wait is ``usual``); the sqlite3 connection."""
    raw = conn._conn  # the sqlite3 connection, whose thread this is
    if sync is not None:  # outside a transaction, as SQLite wants
        raw.execute(f"PRAGMA synchronous={sync}")
    if wait != usual:  # what is left of the wait is SQLite's to use
        raw.execute(f"PRAGMA busy_timeout={max(0, int(wait * 1000))}")
    try:
        raw.execute("BEGIN IMMEDIATE")
    finally:
        if wait != usual:
            raw.execute(f"PRAGMA busy_timeout={max(0, int(usual * 1000))}")
    return raw


def _write_all(
    conn: aiosqlite.Connection, steps: Sequence[Step], sync: str | None, wait: float, usual: float
) -> bool:
    """``steps`` in one transaction, on ``conn``'s own thread (``sync``: the synchronous
    setting to switch to first); False, rolled back, when a step changed another number of
    rows than it must."""
    raw = _begin(conn, sync, wait, usual)
    try:
        for step in steps:
            cur = run_step(raw, step)
            if step.rows is not None and not step.many and cur.rowcount != step.rows:
                raw.execute("ROLLBACK")
                return False
        raw.execute("COMMIT")
    except BaseException:
        if raw.in_transaction:  # a failed COMMIT may have rolled back already
            raw.execute("ROLLBACK")
        raise
    return True


def _open_and_close(path: str) -> None:
    sqlite3.connect(path).close()
