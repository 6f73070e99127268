"""Tablero in a process of its own against a loopback Discord served by another process.

    python -m bench.child API_URL GATEWAY_URL DATABASE GUILD_ID
        [--shards 0,1 --shard-count 2] [--timer-lease SECONDS] [--die-after-timer KIND
        [--die-at-step STEP]]

Prints "ready" once the bot is connected, has recovered and has warmed its renderers up (as
before a player's first command); stops cleanly when its standard input closes. With
BENCH_CHILD_PROFILE=FILE, what follows "ready" is profiled as bench/profile.py does (the
main thread's cProfile statistics go to FILE, the wall-clock tally to FILE.json).
A line "wake" on its standard input makes the timer loop look at the timers now (the load
bench stored timers behind its back, as another process of the same shards would).

GUILD_ID is the server whose commands are published (0: published globally, for several
servers). ``--shards``/``--shard-count`` run only those shards, as TABLERO_SHARDS and
TABLERO_SHARD_COUNT do (several such processes share one DATABASE). ``--die-after-timer
KIND`` is for tests: the process kills itself (SIGKILL) right after acting on its first
timer of that kind, before marking it done, as a crash there would (``--die-at-step sent``:
right after sending a digest, before the transaction that notes it).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import signal
import sys
from pathlib import Path

import discord.gateway
import discord.http
import yarl

from bench.bare import add_bare
from bench.profile import PROFILE_ENV, Tally, instrumented
from bot import TIMER_LEASE, Tablero, parse_shards
from data import Timer
from loopback.bots import without_identify_pause


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python -m bench.child")
    parser.add_argument("api")
    parser.add_argument("gateway")
    parser.add_argument("database")
    parser.add_argument("guild", type=int, help="whose commands to publish (0: globally)")
    parser.add_argument("--shards", default="", help="the shards to run, such as 0,1")
    parser.add_argument("--shard-count", default="", help="the shards of all processes")
    parser.add_argument("--timer-lease", type=float, default=TIMER_LEASE)
    parser.add_argument("--die-after-timer", default=None, metavar="KIND")
    parser.add_argument("--die-at-step", default="acted", help="of cogs.timers.STEPS")
    args = parser.parse_args(argv)
    env = {"TABLERO_SHARDS": args.shards, "TABLERO_SHARD_COUNT": args.shard_count}
    args.shard_ids, args.shard_count = parse_shards(env)
    return args


def build(args: argparse.Namespace) -> Tablero:
    """The bot the arguments ask for, pointed at the loopback Discord."""
    discord.http.Route.BASE = args.api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    bot = Tablero(
        args.database,
        dev_guild=args.guild or None,
        sync=not args.guild,
        guild_ready_timeout=0.05,
        shard_ids=None if args.shard_ids is None else list(args.shard_ids),
        shard_count=args.shard_count,
        timer_lease=args.timer_lease,
    )
    without_identify_pause(bot)  # the loopback has no identify rate limit to wait for
    add_bare(bot)
    return bot


def die_after(bot: Tablero, kind: str, at: str = "acted") -> None:
    """Kill this process right after the bot acted on a timer of ``kind`` (or reached
    step ``at`` of firing it), set up with the cogs, before the timer loop can fire
    anything."""

    async def fault(step: str, timer: Timer) -> None:
        if step == at and timer.kind == kind:
            os.kill(os.getpid(), signal.SIGKILL)

    setup = bot.setup_hook

    async def setup_hook() -> None:
        await setup()
        bot.get_cog("Timers").fault = fault  # type: ignore[union-attr]

    bot.setup_hook = setup_hook  # type: ignore[method-assign]


async def until_closed(bot: Tablero) -> None:
    """Read standard input until it closes; at each line "wake", wake the timer loop."""
    while line := await asyncio.to_thread(sys.stdin.readline):
        timers = bot.get_cog("Timers")
        if line.strip() == "wake" and timers is not None:
            timers.wake()  # type: ignore[attr-defined]


async def run(args: argparse.Namespace) -> None:
    """Run the bot until stdin closes."""
    bot = build(args)
    if args.die_after_timer:
        die_after(bot, args.die_after_timer, args.die_at_step)
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
            await until_closed(bot)
            profiler.disable()
        profiler.dump_stats(profile_to)
        found = {"ms": tally.ms, "count": tally.count}
        Path(f"{profile_to}.json").write_text(json.dumps(found))
    else:
        await until_closed(bot)
    await bot.close()
    await running


if __name__ == "__main__":
    asyncio.run(run(arguments()))
