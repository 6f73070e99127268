"""Shared fixtures: the loopback Discord (loopback) and a Tablero bot wired to it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from loopback.bots import start_bot, stop_bot
from loopback.fake import FakeDiscord
from tests.e2e import World, make_bot

pytest_plugins = ["loopback.pytest_plugin"]


@pytest.fixture
def world(fake_discord: FakeDiscord, tmp_path: Path) -> World:
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
    )


@pytest_asyncio.fixture
async def tablero(world: World) -> AsyncIterator[World]:
    """The world with a running bot (``world.bot``)."""
    world.bot = make_bot(world)
    await start_bot(world.bot)
    try:
        yield world
    finally:
        await stop_bot(world.bot)
