"""`python -m data COMMAND`: maintenance of the bot's database.

    rerate [DATABASE]          rebuild every rating from the stored games
    backup DEST [--db DATABASE] a consistent copy of a live SQLite database
    check [DATABASE]           schema version, integrity, and that every stored game replays
    copy SQLITE_PATH URL       copy everything into PostgreSQL, then replay every game there

DATABASE defaults to the bot's (TABLERO_DB, else tablero.sqlite3 beside bot.py). Ratings are
always a function of the records, in the order the games ended: after a change of formula
(or to check the stored ones), rerating loses nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import sqlite3
import sys
from pathlib import Path

from data import StorageError, Store
from data.backup import PG_DUMP_HELP, BackupError, backup
from data.check import Report, check, check_path
from data.copy import CopyError, copy
from data.engines import is_postgres, open_database
from data.postgres import redact

DEFAULT = Path(__file__).resolve().parent.parent / "tablero.sqlite3"
EXIT_FAULTS, EXIT_USAGE, EXIT_STORAGE = 1, 2, 4


async def _rerate(database: str) -> int:
    store = await Store(database).open()
    try:
        return await store.ratings.rerate()
    finally:
        await store.close()


def rerate(args: argparse.Namespace) -> int:
    """Rate every finished game again."""
    games = asyncio.run(_rerate(str(args.database)))
    print(f"Rated again from {games} finished games in {args.database}.")
    return 0


def backup_command(args: argparse.Namespace) -> int:
    """Copy a live SQLite database (PostgreSQL: say how pg_dump does it)."""
    if is_postgres(args.db):
        print(PG_DUMP_HELP.format(url=redact(args.db)), file=sys.stderr)
        return EXIT_USAGE
    try:
        done = backup(args.db, Path(args.dest), replace=args.replace)
    except BackupError as error:
        print(error, file=sys.stderr)
        return EXIT_STORAGE
    print(done.summary())
    return 0


async def _check_url(url: str, load: list[str]) -> Report:
    """Check a PostgreSQL database through the store's own connection (which, as at the
    bot's start, refuses a newer schema and migrates an older one)."""
    db = await open_database(url).connect()
    try:
        return await check(db, load)
    finally:
        await db.close()


def check_command(args: argparse.Namespace) -> int:
    """Check a database; exit code 1 when anything fails."""
    for module in args.load:  # a game of a plugin: its records replay once it registered
        importlib.import_module(module)
    database = str(args.database)
    try:
        load = args.load
        checking = (
            _check_url(database, load) if is_postgres(database) else check_path(database, load)
        )
        report = asyncio.run(checking)
    except FileNotFoundError:
        print(f"There is no database at {database}.", file=sys.stderr)
        return EXIT_STORAGE
    except sqlite3.Error as error:  # not a database at all, or unreadable
        print(f"{database} cannot be read as a database: {error}.", file=sys.stderr)
        return EXIT_STORAGE
    print("\n".join(report.lines(redact(database) if is_postgres(database) else database)))
    return 0 if report.ok else EXIT_FAULTS


def copy_command(args: argparse.Namespace) -> int:
    """Copy a SQLite database into PostgreSQL and verify the copy."""
    if not is_postgres(args.destination):
        print(f"{args.destination} is not a postgresql:// URL.", file=sys.stderr)
        return EXIT_USAGE
    try:
        done = asyncio.run(copy(str(args.source), args.destination, replace=args.replace))
    except CopyError as error:
        print(f"Nothing was copied: {error}.", file=sys.stderr)
        return EXIT_FAULTS
    except BackupError as error:
        print(error, file=sys.stderr)
        return EXIT_STORAGE
    print(done.summary())
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run a maintenance command; exit code 4 when the database cannot be used."""
    default = os.environ.get("TABLERO_DB", str(DEFAULT))
    parser = argparse.ArgumentParser(prog="python -m data", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    sub = commands.add_parser("rerate", help="rebuild every rating from the stored games")
    sub.add_argument("database", nargs="?", default=default)
    sub.set_defaults(run=rerate)
    sub = commands.add_parser("backup", help="a consistent copy of a live SQLite database")
    sub.add_argument("dest", help="the copy's file, or a folder to put a dated copy in")
    sub.add_argument("--db", default=default, help="the database (default: TABLERO_DB)")
    sub.add_argument("--replace", action="store_true", help="overwrite DEST if it exists")
    sub.set_defaults(run=backup_command)
    sub = commands.add_parser("check", help="schema, integrity, and that every game replays")
    sub.add_argument("database", nargs="?", default=default)
    sub.add_argument(
        "--load", action="append", default=[], metavar="MODULE", help="import a game plugin first"
    )
    sub.set_defaults(run=check_command)
    sub = commands.add_parser("copy", help="copy a SQLite database into PostgreSQL, verified")
    sub.add_argument("source", help="the SQLite file (the bot may be running on it)")
    sub.add_argument("destination", help="a postgresql:// URL of an empty database")
    sub.add_argument("--replace", action="store_true", help="empty the destination first")
    sub.set_defaults(run=copy_command)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except StorageError as error:
        print(error, file=sys.stderr)
        return EXIT_STORAGE


if __name__ == "__main__":
    sys.exit(main())
