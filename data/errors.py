"""What can go wrong with the database file, told in words an operator can act on."""

from __future__ import annotations

import sqlite3

import asyncpg

# Primary SQLite result codes (the low byte of an extended code).
_BUSY, _LOCKED, _READONLY, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 5, 6, 8, 11, 13, 14, 26


class StorageError(Exception):
    """The database cannot be used; the message names the file and what to do.

    Raised at start-up, before the bot connects to Discord: ``bot.main`` prints it and exits.
    """


class StaleGame(Exception):
    """The game moved on (or ended) since the caller read it: the write was not applied."""


#: A unique key or other constraint refused a write, in either engine.
INTEGRITY = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


class StorageBusy(Exception):
    """Another program holds the database's write lock: the write was not applied at all."""


class StorageFull(StorageBusy):
    """The disk (or the database's size limit) had no room for a write: it was rolled back
    whole, nothing was changed. A StorageBusy, so that whatever retries a busy write later
    (timers, announcements) does so here too; a player is told it is full."""


class StorageDown(StorageBusy):
    """The database server cannot be reached: nothing was written. The database logs one
    line when it goes and one when it is back, so whoever catches this logs nothing more
    (see ``worth_logging``)."""


def worth_logging(error: StorageBusy) -> bool:
    """Whether a busy write is worth a line of its own: not while the server is down, which
    the database already said once."""
    return not isinstance(error, StorageDown)


def _code(error: sqlite3.Error) -> int:
    return (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def is_busy(error: sqlite3.Error) -> bool:
    """Whether SQLite gave up waiting for a lock another connection holds."""
    return _code(error) in (_BUSY, _LOCKED) or "database is locked" in str(error)


def is_full(error: sqlite3.Error) -> bool:
    """Whether SQLite found no room to write (the disk, or ``PRAGMA max_page_count``)."""
    return _code(error) == _FULL or "database or disk is full" in str(error)


def newer_schema(path: str, found: int, known: int) -> StorageError:
    """The file was written by a newer Tablero: its tables may not be what this one expects."""
    return StorageError(
        f"The database {path} has schema {found}, but this Tablero knows schemas up to {known}:"
        " it was written by a newer Tablero. Run that newer Tablero, or restore a backup made"
        " by this version. Tablero did not change the file."
    )


def read_only(path: str) -> StorageError:
    """SQLite opened the file read-only: every move would fail."""
    name = path.rsplit("/", 1)[-1]
    return StorageError(
        f"The database {path} cannot be written (a read-only file, folder or disk), so no move"
        " could be saved. Give the user running Tablero write access to the file and its"
        f" folder (SQLite also creates {name}-wal and {name}-shm beside it), or set TABLERO_DB"
        " to a writable place."
    )


def damaged(path: str, detail: str) -> StorageError:
    """Not a database, or one whose pages do not hold together."""
    return StorageError(
        f"The database {path} is damaged or is not a Tablero database ({detail[:200]})."
        " Stop Tablero, keep a copy of the file, and restore a backup (or move the file away"
        " to start again with an empty database)."
    )


def cannot_open(path: str, detail: str) -> StorageError:
    """The path leads nowhere usable: a missing or unreadable folder, a folder as the file."""
    return StorageError(
        f"Tablero cannot open the database {path} ({detail[:200]}). Check that its folder"
        " exists and that the user running Tablero may read and write there, or set TABLERO_DB"
        " to another file."
    )


def read_only_server(url: str, detail: str) -> StorageError:
    """PostgreSQL refused a write: a read-only role, database or standby."""
    return StorageError(
        f"The database {url} refuses writes ({detail[:200]}), so no move could be saved."
        " Give Tablero's role the right to create tables and write in that database (or"
        " point TABLERO_DB at the primary server, not a read-only standby)."
    )


def unreachable(url: str, detail: str) -> StorageError:
    """No PostgreSQL answered at that URL, or it refused Tablero's login."""
    return StorageError(
        f"Tablero cannot use the database {url} ({detail[:200]}). Check that the PostgreSQL"
        " server is running and reachable, and that the URL's user, password and database"
        " name are right."
    )


def locked_at_start(path: str) -> StorageError:
    """Another program kept the write lock through the whole start-up wait."""
    return StorageError(
        f"The database {path} is locked by another program (a backup, a sqlite3 shell, another"
        " Tablero?). Stop that program, or wait for it to finish, and start Tablero again."
    )


def explain(path: str, error: sqlite3.Error | OSError) -> StorageError:
    """The StorageError for a failure while opening and checking the file."""
    if isinstance(error, OSError):
        return cannot_open(path, error.strerror or str(error))
    code = _code(error)
    if code == _READONLY:
        return read_only(path)
    if code in (_CORRUPT, _NOTADB):
        return damaged(path, str(error))
    if is_busy(error):
        return locked_at_start(path)
    return cannot_open(path, str(error))
