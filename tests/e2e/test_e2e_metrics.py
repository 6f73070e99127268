"""Prometheus metrics: off by default; with a port, a move through the loopback Discord is
counted and timed, and what lives in the database is shown."""

from __future__ import annotations

import contextlib
import inspect
import logging
import os
import re
import socket
from pathlib import Path

import aiohttp
import discord.http
import pytest

from cogs.metrics import RateLimitCounter, metrics_setting
from loopback.bots import start_bot, stop_bot
from tests.e2e import World, accept, challenge, make_bot, move


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _scrape(port: int) -> dict[str, float]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        assert response.status == 200
        text = await response.text()
    found = {}
    for line in text.splitlines():
        match = re.fullmatch(r"(tablero_\S+) (\S+)", line)
        if match:
            found[match[1]] = float(match[2])
    return found


async def test_a_move_is_counted_and_timed_on_the_metrics_port(world: World) -> None:
    port = _free_port()
    bot = make_bot(world)
    bot.metrics_port = port
    await start_bot(bot)
    world.bot = bot
    try:
        place = await accept(
            world, world.luis, await challenge(world, world.ana, world.luis, first="me")
        )
        assert port in _listening()
        before = await _scrape(port)
        await move(world, world.ana, place, "6L")
        refused = await world.fake.slash(world.luis, place, "move", {"move": "Q9"})
        await refused.done()  # Luis's turn, but no such move
        cog = bot.get_cog("Metrics")  # loaded as an extension: its own copy of the class
        assert cog is not None
        await cog.refresh()  # type: ignore[attr-defined]
        after = await _scrape(port)
    finally:
        await stop_bot(bot)
    moves = 'tablero_moves_total{game="stonehenge"}'
    assert after[moves] == before.get(moves, 0) + 1
    errors = [k for k in after if k.startswith('tablero_move_errors_total{game="stonehenge"')]
    assert sum(after[k] - before.get(k, 0) for k in errors) == 1
    assert all(re.search(r'reason="[a-z-]+"', k) for k in errors)
    count = "tablero_move_seconds_count"
    assert after[count] == before.get(count, 0) + 2
    assert after["tablero_move_seconds_sum"] > before.get("tablero_move_seconds_sum", 0)
    renders = 'tablero_render_seconds_count{game="stonehenge",view="public"}'
    assert after[renders] > before.get(renders, 0)
    assert after['tablero_active_games{game="stonehenge"}'] == 1
    assert after['tablero_active_games{game="kahuna"}'] == 0
    assert "tablero_timers_due" in after
    assert port not in _listening()  # stopped with the bot
    _nothing_listens(port)


def _nothing_listens(port: int) -> None:
    with socket.socket() as sock, pytest.raises(ConnectionRefusedError):
        sock.connect(("127.0.0.1", port))


async def test_without_a_port_nothing_listens(world: World) -> None:
    before = _listening()
    bot = make_bot(world)
    await start_bot(bot)
    try:
        assert bot.metrics_port is None and bot.get_cog("Metrics") is None
        assert _listening() == before  # the bot opened no port of its own
    finally:
        await stop_bot(bot)
    assert metrics_setting({}) == (None, "127.0.0.1")
    assert metrics_setting({"TABLERO_METRICS_PORT": "9464"}) == (9464, "127.0.0.1")
    assert metrics_setting({"TABLERO_METRICS_PORT": "x", "TABLERO_METRICS_HOST": "0.0.0.0"}) == (
        None,
        "0.0.0.0",
    )


def _listening() -> set[int]:
    """The TCP ports this process listens on (Linux: its socket inodes in /proc/net/tcp)."""
    inodes = set()
    for fd in Path("/proc/self/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def test_discord_rate_limit_waits_are_counted_from_discord_py_s_own_warnings() -> None:
    from cogs.utils import metrics

    source = inspect.getsource(discord.http)
    route = "We are being rate limited. %s %s responded with 429. Retrying in %.2f seconds."
    glob = "Global rate limit has been hit. Retrying in %.2f seconds."
    assert route in source and glob in source  # the lines discord.py logs before it waits
    logger = logging.getLogger("discord.http")
    counter = RateLimitCounter()
    logger.addFilter(counter)
    before = metrics.RATE_LIMIT_WAIT.labels("route")._value.get()
    try:
        logger.warning(route, "POST", "https://discord.com/api/v10/channels/1/messages", 1.5)
        logger.warning(glob, 2.0)
    finally:
        logger.removeFilter(counter)
    assert metrics.RATE_LIMIT_WAIT.labels("route")._value.get() == before + 1.5
    assert metrics.RATE_LIMITED.labels("global")._value.get() >= 1
