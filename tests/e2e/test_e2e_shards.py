"""Two bots on the shards of one loopback Discord, sharing one database, as two processes do:
each takes up, posts and fires only what belongs to its own servers."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest_asyncio

from bot import Tablero
from loopback import FakeDiscord, start_bot, stop_bot, without_identify_pause
from loopback.models import FakeChannel
from tests.e2e import (
    BOT_OPTIONS,
    World,
    accept,
    boards,
    challenge,
    crash_at,
    move,
    settled,
    stored_game,
    thinking_when_asked,
    timers_asleep,
    until,
    vs_bot,
)

HOUR = 3600.0


@pytest_asyncio.fixture
async def servers(two_shards: FakeDiscord, database: str) -> AsyncIterator[tuple[World, World]]:
    """A loopback Discord recommending two shards, a server on each (one world a server,
    sharing the users, the database and the clock); no bot running yet. Once on each
    database engine."""
    fake = two_shards
    users = [fake.add_user(name) for name in ("Ana", "Luis", "Eve")]
    worlds = []
    for shard in (0, 1):
        guild = fake.add_guild(f"shard {shard}", shard=shard)
        channel = fake.add_channel(guild, "games")
        worlds.append(World(fake, guild, channel, *users, database=database))
    first, second = worlds
    second.clock = first.clock
    yield first, second


async def run_bot(world: World, shards: list[int] | None, **options: Any) -> Tablero:
    """A bot on ``shards`` of two (None: both) on the world's database, started."""
    bot = Tablero(
        world.database,
        sync=True,  # global commands: every server has them
        clock=world.clock,
        guild_ready_timeout=0.05,
        shard_ids=shards,
        shard_count=None if shards is None else 2,
        **{**BOT_OPTIONS, **options},
    )
    await start_bot(without_identify_pause(thinking_when_asked(bot)))
    return bot


async def _moves(world: World, game_id: int, count: int) -> Any:
    """The game once it has ``count`` moves, all announced."""

    async def reached() -> Any:
        record = await stored_game(world, game_id)
        if len(record.moves) >= count and record.posted_version == record.version:
            return record
        return None

    return await until(reached, f"game {game_id} to reach {count} moves")


async def test_each_process_takes_up_only_its_own_servers_bot_turns(
    servers: tuple[World, World],
) -> None:
    worlds = servers
    both = await run_bot(worlds[0], None, bot_pause=60.0)  # the bot would wait a minute
    places: list[FakeChannel] = []
    for world in worlds:
        world.bot = both
        places.append(await vs_bot(world, world.ana, "stonehenge", first="me"))
        await move(world, world.ana, places[-1], "1A")
    games = [1, 2]
    await asyncio.sleep(0.2)
    await stop_bot(both)  # ... when the one process stops; two take its place
    second = await run_bot(worlds[1], [1])
    worlds[1].bot = second
    await _moves(worlds[1], games[1], 2)
    await asyncio.sleep(0.5)
    worlds[0].bot = second
    assert len((await stored_game(worlds[0], games[0])).moves) == 1  # not its server's
    first = await run_bot(worlds[0], [0])
    worlds[0].bot = first
    await _moves(worlds[0], games[0], 2)
    for world, place, game in zip(worlds, places, games, strict=True):
        record = await stored_game(world, game)
        state = world.bot.table.state(record)
        ix = await move(world, world.ana, place, state.format(state.legal_moves()[0]))
        assert ix.shard == world.fake.shard_of(world.guild), "the server's own process answers"
        await _moves(world, game, 4)
    await asyncio.sleep(0.3)
    for world, place in zip(worlds, places, strict=True):
        posts = boards(world, place)
        assert len(posts) == 5, [p.content for p in posts]  # each board once
    await stop_bot(first)
    await stop_bot(second)


async def test_each_process_posts_only_its_own_servers_boards_left_unposted(
    servers: tuple[World, World],
) -> None:
    worlds = servers
    both = await run_bot(worlds[0], None)
    places = []
    for world in worlds:
        world.bot = both
        message = await challenge(world, world.ana, world.luis, first="me")
        places.append(await accept(world, world.luis, message))
        await settled(world)
    crash_at(worlds[0], "stored")  # the process stops after storing a move, before posting
    for world, place in zip(worlds, places, strict=True):
        await (await world.fake.slash(world.ana, place, "move", {"move": "6L"})).done()
    await stop_bot(both)
    assert [len(boards(w, p)) for w, p in zip(worlds, places, strict=True)] == [1, 1]
    second = await run_bot(worlds[1], [1])
    await worlds[1].fake.wait_for_message(
        places[1], lambda _: len(boards(worlds[1], places[1])) > 1
    )
    await asyncio.sleep(0.3)
    assert len(boards(worlds[0], places[0])) == 1  # shard 0's process is not running
    first = await run_bot(worlds[0], [0])
    await worlds[0].fake.wait_for_message(
        places[0], lambda _: len(boards(worlds[0], places[0])) > 1
    )
    await asyncio.sleep(0.3)
    assert [len(boards(w, p)) for w, p in zip(worlds, places, strict=True)] == [2, 2]
    await stop_bot(first)
    await stop_bot(second)


async def test_each_process_fires_only_its_own_servers_timers(
    servers: tuple[World, World],
) -> None:
    worlds = servers
    first, second = await run_bot(worlds[0], [0]), await run_bot(worlds[1], [1])
    places = []
    for world, bot in zip(worlds, (first, second), strict=True):
        world.bot = bot
        message = await challenge(world, world.ana, world.luis, first="me")
        places.append(await accept(world, world.luis, message))
        await settled(world)
    for world in worlds:
        await timers_asleep(world)
    worlds[0].clock.now += 25 * HOUR  # both reminders (and both challenges' expiry) due

    def reminders(world: World, place: FakeChannel) -> int:
        return sum(m.content.startswith("⏰") for m in world.fake.messages(place))

    await second.get_cog("Timers").fire_due()
    assert [reminders(w, p) for w, p in zip(worlds, places, strict=True)] == [0, 1]
    await first.get_cog("Timers").fire_due()
    await second.get_cog("Timers").fire_due()
    assert [reminders(w, p) for w, p in zip(worlds, places, strict=True)] == [1, 1]
    assert await first.store.timers.due() == []
    await stop_bot(first)
    await stop_bot(second)


async def test_what_a_person_sets_through_one_process_counts_at_once_in_the_other(
    servers: tuple[World, World],
) -> None:
    worlds = servers
    first, second = await run_bot(worlds[0], [0]), await run_bot(worlds[1], [1])
    world = worlds[1]  # a game on shard 1's server
    world.bot = second
    message = await challenge(world, world.ana, world.luis, first="me")
    place = await accept(world, world.luis, message)
    await settled(world)
    await move(world, world.ana, place, "6L")  # shard 1's process looked: no DMs for Luis
    await move(world, world.luis, place, "5D")  # nor is he away
    luis_dm, ana_dm = world.fake.dm_channel(world.luis), world.fake.dm_channel(world.ana)
    # In direct messages, so through shard 0's process: DMs on, and Ana away for a day.
    on = await (await world.fake.slash(world.luis, luis_dm, "notify", {"on": True})).done()
    away = await (await world.fake.slash(world.ana, ana_dm, "away", {"days": 1})).done()
    assert on.shard == away.shard == 0 and not on.errors and not away.errors
    assert await first.store.away.current(world.ana.id) is not None
    await move(world, world.ana, place, "4A")  # Ana is back (she moved); Luis's turn
    dm = await world.fake.wait_for_message(luis_dm, lambda m: "Stonehenge" in m.content)
    assert f"/{place.id}/" in dm.content  # shard 1's process knew of his DMs at once
    assert await first.store.away.current(world.ana.id) is None  # and that she was away
    await stop_bot(first)
    await stop_bot(second)
