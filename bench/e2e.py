"""End-to-end time of one /move: from the interaction leaving "Discord" to the bot's answer.

The real bot runs against the loopback fake Discord (loopback) on a temporary
database; each measured /move is stored, rendered, posted and acknowledged before the
clock stops.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot import Tablero
from loopback.bots import start_bot, stop_bot
from loopback.fake import FakeDiscord
from rules import get_game


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _measure(game: str, moves: int) -> list[float]:
    fake = FakeDiscord()
    await fake.start()
    fake.install()
    guild = fake.add_guild("bench")
    channel = fake.add_channel(guild, "games")
    users = [fake.add_user("Ana"), fake.add_user("Luis")]
    with tempfile.TemporaryDirectory() as tmp:
        bot = Tablero(Path(tmp) / "bench.sqlite3", dev_guild=guild.id, guild_ready_timeout=0.05)
        await start_bot(bot)
        rng = random.Random(1)
        timings: list[float] = []
        try:
            while len(timings) < moves:
                args = {"opponent": users[1], "first": "me"}
                challenge = await fake.slash(users[0], channel, "play", args, subcommand=game)
                message = (await challenge.done()).message
                accept = next(c for c in message.custom_ids if c.endswith(":accept"))
                await (await fake.click(users[1], message, accept)).done()
                place = fake.threads(channel)[-1]
                await fake.wait_for_message(place, lambda m: bool(m.attachments))
                # Follow the real game (its seed deals the secret cards) to pick legal moves.
                record = await bot.store.games.latest_in_place(place.id)
                assert record is not None
                state = get_game(game).new(2, record.seed, record.options)
                while state.turn is not None and len(timings) < moves:
                    notation = state.format(rng.choice(state.legal_moves()))
                    started = time.perf_counter()
                    ix = await fake.slash(users[state.turn], place, "move", {"move": notation})
                    await ix.done()
                    timings.append((time.perf_counter() - started) * 1000)
                    state.play(notation)
        finally:
            await stop_bot(bot)
            await fake.close()
    return timings


def move_e2e(game: str, moves: int = 200) -> dict[str, float]:
    """p50 and p99 of /move end to end, in ms, over ``moves`` moves."""
    timings = asyncio.run(_measure(game, moves))
    return {
        "p50": round(statistics.median(timings), 2),
        "p99": round(_percentile(timings, 0.99), 2),
    }
