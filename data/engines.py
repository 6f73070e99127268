"""Which engine a database setting names, and its Database (data/db.py has the interface)."""

from __future__ import annotations

from pathlib import Path

from data.db import WRITE_WAIT, Database
from data.postgres import PostgresDatabase
from data.sqlite import SQLiteDatabase


def is_postgres(target: str | Path) -> bool:
    """Whether the database setting names a PostgreSQL server."""
    return str(target).startswith(("postgresql://", "postgres://"))


def open_database(target: str | Path, write_wait: float = WRITE_WAIT) -> Database:
    """The Database for a setting (not connected yet): a PostgreSQL URL or a SQLite path."""
    if is_postgres(target):
        return PostgresDatabase(str(target), write_wait)
    return SQLiteDatabase(target, write_wait)
