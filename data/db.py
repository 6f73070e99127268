"""One interface, two engines: SQLite (the default, a file beside the bot) and PostgreSQL.

The stores in data/ write their SQL once, with ``?`` placeholders and the syntax both engines
share; the few places where the engines differ (aggregating rows into JSON, reading a JSON
field, the larger of two values) go through ``Database.dialect``. ``data.engines`` picks the
engine from the database setting: a ``postgresql://`` URL, else a SQLite file path.

Writes are serialised, one transaction at a time across every process using the database
(SQLite's write lock; on PostgreSQL a transaction-scoped advisory lock), so a store may read
and then write in one transaction and trust what it read. A write waits at most
``write_wait`` seconds in all, then fails with StorageBusy, having changed nothing.
"""

from __future__ import annotations

import contextvars
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

WRITE_WAIT = 1.5  # seconds a write may wait for the lock, so the "try again" comes within 2 s
START_WAIT = 10.0  # at start-up nobody is waiting: let a short backup finish first
WAIT_MARGIN = 0.1  # seconds already spent before a shorter budget is worth applying

# When set (loop time), the task's next write gives up then rather than after a full wait:
# an action that already queued elsewhere (for its game's turn to be stored) keeps one budget.
_give_up_at: contextvars.ContextVar[float | None] = contextvars.ContextVar("give_up", default=None)


@contextmanager
def write_deadline(at: float) -> Iterator[None]:
    """Writes of this task inside the block give up at loop time ``at`` (StorageBusy)."""
    token = _give_up_at.set(at)
    try:
        yield
    finally:
        _give_up_at.reset(token)


def give_up_at() -> float | None:
    """The loop time this task's writes must give up at, if shorter than a full wait."""
    return _give_up_at.get()


class Row(Protocol):
    """A result row, read by column name or position (sqlite3.Row, asyncpg.Record)."""

    def __getitem__(self, key: str | int) -> Any: ...

    def keys(self) -> Any: ...


class Cursor(Protocol):
    """What a statement run inside a transaction gives back."""

    @property
    def rowcount(self) -> int: ...

    async def fetchone(self) -> Any: ...

    async def fetchall(self) -> Any: ...


class Transaction(Protocol):
    """The connection a transaction runs on."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor: ...

    async def executemany(self, sql: str, params: Sequence[Sequence[Any]]) -> Any: ...


@dataclass(frozen=True)
class Step:
    """One statement of a ``Database.write``: its parameters (a list of them with ``many``),
    and the number of rows it must change (None: any), else the whole write is undone."""

    sql: str
    params: Sequence[Any] = ()
    many: bool = False
    rows: int | None = None


class _Unexpected(Exception):
    """A step of a write changed another number of rows than it must: undo it all."""


class Dialect(ABC):
    """The SQL the two engines spell differently."""

    @abstractmethod
    def json_rows(self, columns: str, source: str) -> str:
        """An expression: the rows of ``SELECT columns FROM source`` as a JSON array of
        arrays, as text (``'[]'`` when there are none)."""

    @abstractmethod
    def json_field(self, column: str, key: str) -> str:
        """An expression: the text of field ``key`` of the JSON object in ``column``."""

    @abstractmethod
    def greatest(self, a: str, b: str) -> str:
        """An expression: the larger of two values."""

    @abstractmethod
    def same(self, a: str, b: str) -> str:
        """A condition: ``a`` equals ``b``, NULL equal to NULL."""


class Database(ABC):
    """A connected database: transactions for writes, ``fetchall``/``fetchone`` for reads."""

    #: "sqlite" or "postgresql"
    engine: str
    #: how messages name the database (a file path, or a URL without its password)
    path: str
    dialect: Dialect

    @abstractmethod
    async def connect(self) -> Database:
        """Connect, check the database can be used (StorageError if not), migrate it."""

    @abstractmethod
    async def close(self) -> None:
        """Close every connection (idempotent)."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The schema version stored in the database (0: empty)."""

    @abstractmethod
    def transaction(self, *, durable: bool = True) -> AbstractAsyncContextManager[Transaction]:
        """BEGIN … COMMIT, rolled back on any exception; StorageBusy when the write lock stays
        taken too long. A ``durable`` commit reaches the disk before it returns; any commit
        survives the bot's own crash."""

    async def write(self, steps: Sequence[Step], *, durable: bool = True) -> bool:
        """Run ``steps`` in one transaction, as ``transaction`` would; False, with nothing
        written, when a step changed another number of rows than it must. An engine may do
        it in fewer round trips (SQLite: one trip to its thread, not one a statement)."""
        try:
            async with self.transaction(durable=durable) as conn:
                for step in steps:
                    if step.many:
                        await conn.executemany(step.sql, step.params)
                        continue
                    cur = await conn.execute(step.sql, step.params)
                    if step.rows is not None and cur.rowcount != step.rows:
                        raise _Unexpected
        except _Unexpected:
            return False
        return True

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Run a query and return all its rows (inside this task's transaction, if any)."""

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run a query and return its first row, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def tables(self) -> dict[str, list[str]]:
        """Every table of Tablero's schema and its columns, in order (for copies and checks)."""
        raise NotImplementedError
