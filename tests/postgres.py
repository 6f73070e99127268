"""A real PostgreSQL 16 server for the tests (the pgserver package: no system package needed).

The server starts once per test session in a temporary folder and listens on a Unix socket
there only; each test that asks gets a fresh, empty database on it. When the server cannot
start, the tests that need it fail with the reason: they never skip.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

_names = itertools.count(1)


class PostgresServer:
    """A running server and the URL of its maintenance database."""

    def __init__(self, folder: Path) -> None:
        import pgserver  # a test extra: imported only when a test needs the server

        self._server = pgserver.get_server(folder, cleanup_mode="stop")
        self.url: str = self._server.get_uri()

    def database_url(self, name: str) -> str:
        """The URL of database ``name`` on this server."""
        parts = urlsplit(self.url)
        return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, ""))

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        name = f"t{next(_names)}"
        # In a thread of its own: callers may be inside a running event loop (async tests).
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, self._execute(f"CREATE DATABASE {name}")).result()
        return self.database_url(name)

    async def _execute(self, sql: str) -> None:
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    def halt(self) -> None:
        """Stop the server as an operator (or a crash) would, keeping its data: the tests of
        a server that goes away mid-run (``resume`` starts it again)."""
        from pgserver._commands import pg_ctl

        server = self._server
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=server.pgdata, user=server.system_user)

    def resume(self) -> None:
        """Start the server ``halt`` stopped, on the same socket."""
        self._server.ensure_postgres_running()

    def stop(self) -> None:
        """Stop the server (its folder goes with the test session's temporary files).

        At once, without the shutdown checkpoint that writes every database the session
        made back to disk (half a minute at the end of a whole run on a busy machine): the
        data is thrown away anyway."""
        from pgserver._commands import pg_ctl

        server = self._server
        with contextlib.suppress(Exception):  # already stopped: cleanup has nothing to do
            pg_ctl(["-w", "-m", "immediate", "stop"], pgdata=server.pgdata, user=server.system_user)
        server.cleanup()
