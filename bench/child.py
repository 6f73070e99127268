"""Tablero in a process of its own against a loopback Discord served by another process.

    python -m bench.child API_URL GATEWAY_URL DATABASE GUILD_ID

Prints "ready" once the bot is connected, has recovered and has warmed its renderers up (as
before a player's first command); stops cleanly when its standard input closes. With
BENCH_CHILD_PROFILE=FILE, what follows "ready" is profiled as bench/profile.py does (the
main thread's cProfile statistics go to FILE, the wall-clock tally to FILE.json).
"""

from __future__ import annotations

import asyncio
import cProfile
import json
import os
import sys
from pathlib import Path

import discord.gateway
import discord.http
import yarl

from bench.bare import add_bare
from bench.profile import PROFILE_ENV, Tally, instrumented
from bot import Tablero


async def run(api: str, gateway: str, database: str, guild: int) -> None:
    """Run the bot until stdin closes."""
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    # Guild 0: the commands go out globally, for a loopback Discord with several servers.
    bot = Tablero(database, dev_guild=guild or None, sync=not guild, guild_ready_timeout=0.05)
    add_bare(bot)
    running = asyncio.create_task(bot.start("bench-token"))
    while not bot.is_ready():
        if running.done():
            running.result()
            raise RuntimeError("the bot stopped before becoming ready")
        await asyncio.sleep(0.005)
    recovery = getattr(bot, "recovery", None)
    if recovery is not None:
        await recovery
    print("ready", flush=True)
    profile_to = os.environ.get(PROFILE_ENV)
    if profile_to:  # bench/profile.py: what the commands after the start cost
        tally, profiler = Tally(), cProfile.Profile()
        with instrumented(bot, tally):
            profiler.enable()
            await asyncio.to_thread(sys.stdin.read)
            profiler.disable()
        profiler.dump_stats(profile_to)
        found = {"ms": tally.ms, "count": tally.count}
        Path(f"{profile_to}.json").write_text(json.dumps(found))
    else:
        await asyncio.to_thread(sys.stdin.read)
    await bot.close()
    await running


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])))
