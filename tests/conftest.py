"""Shared fixtures: the loopback Discord (loopback) and a Tablero bot wired to it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from data import Store
from loopback.fake import FakeDiscord, served
from tests.e2e import World, running
from tests.postgres import PostgresServer

pytest_plugins = ["loopback.pytest_plugin"]


@pytest.fixture(scope="session")
def postgres(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PostgresServer]:
    """A real PostgreSQL server for the whole session (started on first use)."""
    server = PostgresServer(tmp_path_factory.mktemp("postgres"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's store lives, once per engine: a SQLite file, or a fresh PostgreSQL
    database on the session's server."""
    if request.param == "sqlite":
        return str(tmp_path / "t.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()


@pytest_asyncio.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """An open store, once on each engine."""
    opened = await Store(database).open()
    try:
        yield opened
    finally:
        await opened.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "thinking_at_start: the test's bots start their thinking workers as they start, as"
        " the bot does (tests.e2e.thinking_when_asked says why the others do not)",
    )


#: Where the longest tests are (bot processes, the bench, the whole demo: up to a minute each).
LONGEST = "tests/ops/"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first: with two test processes (tasks.py), each takes the next test
    in this order, so the long ones are shared out at the start and the short ones fill the
    time around them, rather than one long test running on alone at the end."""
    items.sort(key=lambda item: not item.nodeid.startswith(LONGEST))


@pytest.fixture
def world(fake_discord: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest) -> World:
    """A server with a game channel, two players (Ana in English, Luis in Spanish) and Eve."""
    guild = fake_discord.add_guild("Board games")
    return World(
        fake=fake_discord,
        guild=guild,
        channel=fake_discord.add_channel(guild, "games"),
        ana=fake_discord.add_user("Ana", locale="en-US"),
        luis=fake_discord.add_user("Luis", locale="es-ES"),
        eve=fake_discord.add_user("Eve", locale="en-GB"),
        database=tmp_path / "tablero.sqlite3",
        thinking_at_start=request.node.get_closest_marker("thinking_at_start") is not None,
    )


@pytest_asyncio.fixture
async def tablero(world: World) -> AsyncIterator[World]:
    """The world with a running bot (``world.bot``)."""
    async with running(world):
        yield world


@pytest_asyncio.fixture
async def tablero_on(world: World, database: str) -> AsyncIterator[World]:
    """The world with a running bot, once on each storage engine."""
    async with running(world, database):
        yield world


@pytest_asyncio.fixture
async def two_shards() -> AsyncIterator[FakeDiscord]:
    """A loopback Discord that recommends two shards."""
    async with served(shard_count=2) as fake:
        yield fake
    assert not fake.server_errors, fake.server_errors
