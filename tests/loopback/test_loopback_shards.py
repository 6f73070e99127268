"""The loopback Discord serves shards as Discord does: each session gets its own guilds' events."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from loopback import FakeDiscord, start_bot, stop_bot, without_identify_pause
from loopback.ids import SnowflakeGenerator, shard_of
from loopback.timing import WAIT

pytest_plugins = ["loopback.pytest_plugin"]


def test_guild_ids_can_be_made_to_fall_on_a_shard() -> None:
    ids = SnowflakeGenerator()
    made = [ids.next_on_shard(shard, 3) for shard in (2, 0, 1, 1, 2, 0)]
    assert [shard_of(i, 3) for i in made] == [2, 0, 1, 1, 2, 0]
    assert made == sorted(set(made))  # newer and newer, as snowflakes are
    assert ids.next() > made[-1]
    assert shard_of(None, 3) == 0  # direct messages belong to shard 0
    with pytest.raises(ValueError):
        ids.next_on_shard(3, 3)


def sharded_bot(shard: int | None, count: int | None = 2) -> commands.AutoShardedBot:
    """A bot on one shard (None: every shard Discord recommends) with a global /where."""
    options = {} if shard is None else {"shard_ids": [shard], "shard_count": count}
    bot = commands.AutoShardedBot(
        command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05, **options
    )
    without_identify_pause(bot)
    bot.channels_seen = []  # type: ignore[attr-defined]

    @app_commands.command(name="where", description="Which shard answers")
    async def where(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"shard {shard}", ephemeral=True)

    bot.tree.add_command(where)

    async def on_guild_channel_create(channel: discord.abc.GuildChannel) -> None:
        bot.channels_seen.append(channel.id)  # type: ignore[attr-defined]

    bot.add_listener(on_guild_channel_create)
    return bot


async def until(check: Callable[[], bool], timeout: float = WAIT) -> None:
    """Wait until the bots' side of things (not the fake's) satisfies ``check``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            raise AssertionError("the bots never got there")
        await asyncio.sleep(0.01)


async def test_each_shard_gets_its_own_guilds_interactions_and_events(
    two_shards: FakeDiscord,
) -> None:
    fake = two_shards
    guilds = [fake.add_guild(f"g{n}", shard=n % 2) for n in range(4)]
    assert [fake.shard_of(g) for g in guilds] == [0, 1, 0, 1]
    channels = [fake.add_channel(g, "games") for g in guilds]
    ana = fake.add_user("Ana")
    bots = [sharded_bot(0), sharded_bot(1)]
    for bot in bots:
        await start_bot(bot)
    await bots[0].tree.sync()
    for shard, bot in enumerate(bots):
        assert bot.shard_count == 2
        assert sorted(g.id for g in bot.guilds) == [g.id for g in guilds[shard::2]]
    for guild, channel in zip(guilds, channels, strict=True):
        ix = await (await fake.slash(ana, channel, "where")).done()
        assert ix.text == f"shard {fake.shard_of(guild)}"
        assert ix.shard == fake.shard_of(guild)
    dm = await (await fake.slash(ana, fake.dm_channel(ana), "where")).done()
    assert dm.text == "shard 0" and dm.shard == 0  # direct messages go to shard 0
    late = [fake.add_channel(g, "later") for g in guilds]
    newer = fake.add_guild("newer", shard=1)
    await until(lambda: bots[1].get_guild(newer.id) is not None)
    for bot, shard in zip(bots, (0, 1), strict=True):
        await until(lambda bot=bot: len(bot.channels_seen) >= 2)
        assert bot.channels_seen == [c.id for c in late[shard::2]]
    assert bots[0].get_guild(newer.id) is None
    for bot in bots:
        await stop_bot(bot)


async def test_an_unsharded_bot_runs_every_recommended_shard(two_shards: FakeDiscord) -> None:
    fake = two_shards
    guilds = [fake.add_guild(f"g{n}", shard=n) for n in range(2)]
    bot = sharded_bot(None)
    await start_bot(bot)
    assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
    assert sorted(g.id for g in bot.guilds) == sorted(g.id for g in guilds)
    await stop_bot(bot)


async def test_an_impossible_shard_is_refused(two_shards: FakeDiscord) -> None:
    bot = sharded_bot(2, count=2)
    with pytest.raises((discord.ConnectionClosed, TimeoutError, discord.ClientException)):
        await start_bot(bot, timeout=2)
    await bot.close()
