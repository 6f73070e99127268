"""Another process that holds a database's write lock, as a backup script or a sqlite3 shell
left in a transaction would."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from loopback.timing import WAIT

_HOLD = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.read()  # until the test closes our stdin
conn.execute("ROLLBACK")
"""


class WriteLock:
    """``async with WriteLock(path):`` a separate process holds BEGIN IMMEDIATE on ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._proc: asyncio.subprocess.Process | None = None

    async def __aenter__(self) -> WriteLock:
        self._proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            _HOLD,
            str(self.path),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self._proc.stdout is not None
        line = await asyncio.wait_for(self._proc.stdout.readline(), WAIT)
        assert line.strip() == b"locked", line
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        self._proc.stdin.close()
        assert await asyncio.wait_for(self._proc.wait(), WAIT) == 0


class TableLock:
    """``async with TableLock(url):`` an operator's ``LOCK TABLE games IN ACCESS EXCLUSIVE
    MODE`` on a PostgreSQL database: nobody else may even read the games (or the other
    ``tables`` named) until it ends."""

    def __init__(self, url: str, tables: tuple[str, ...] = ("games",)) -> None:
        self.url = url
        self.tables = tables
        self._conn: Any = None

    async def __aenter__(self) -> TableLock:
        import asyncpg  # only the PostgreSQL tests need it

        self._conn = await asyncpg.connect(self.url)
        await self._conn.execute(
            f"BEGIN; LOCK TABLE {', '.join(self.tables)} IN ACCESS EXCLUSIVE MODE"
        )
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._conn.execute("ROLLBACK")
        await self._conn.close()
