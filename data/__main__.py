"""`python -m data rerate [DATABASE]`: rebuild every rating from the stored games.

Ratings are always a function of the records, in the order the games ended: after a change
of formula (or to check the stored ones), rerating loses nothing. DATABASE defaults to the
bot's (TABLERO_DB, else tablero.sqlite3 beside bot.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from data import StorageError, Store

DEFAULT = Path(__file__).resolve().parent.parent / "tablero.sqlite3"


async def _rerate(path: Path) -> int:
    store = await Store(path).open()
    try:
        return await store.ratings.rerate()
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    """Run a maintenance command; exit code 4 when the database cannot be used."""
    parser = argparse.ArgumentParser(prog="python -m data", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rerate = commands.add_parser("rerate", help="rebuild every rating from the stored games")
    rerate.add_argument("database", nargs="?", default=os.environ.get("TABLERO_DB", DEFAULT))
    args = parser.parse_args(argv)
    try:
        games = asyncio.run(_rerate(Path(args.database)))
    except StorageError as error:
        print(error, file=sys.stderr)
        return 4
    print(f"Rated again from {games} finished games in {args.database}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
