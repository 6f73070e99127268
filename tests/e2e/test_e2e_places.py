"""A game whose place goes away goes on elsewhere, with its board (loopback Discord)."""

from __future__ import annotations

import asyncio
from typing import Any

from loopback.bots import start_bot, stop_bot
from loopback.models import FakeChannel
from tests.e2e import (
    World,
    accept,
    boards,
    challenge,
    crash_at,
    make_bot,
    move,
    settled,
    started,
    stored_game,
    until,
    vs_bot,
    wait_boards,
)


async def _game(world: World) -> FakeChannel:
    message = await challenge(world, world.ana, world.luis, first="me")
    place = await accept(world, world.luis, message)
    await move(world, world.ana, place, "1A")
    return place


async def _new_place(world: World, old: FakeChannel) -> FakeChannel:
    async def moved() -> FakeChannel | None:
        record = await stored_game(world)
        return (
            None
            if record.place_id in (None, old.id)
            else world.fake.world.channels[record.place_id]
        )

    place = await until(moved, "the game to move")
    await world.fake.wait_for_message(place, lambda m: bool(m.attachments))
    await settled(world)
    return place


def _moved_here(world: World, place: FakeChannel) -> None:
    posts = boards(world, place)
    assert len(posts) == 1 and posts[0].content.startswith("📦")
    assert {world.ana.id, world.luis.id} <= set(posts[0].pinged_user_ids)
    assert "**Ana** played 1 on A" in posts[0].content  # the board as it stands


async def test_a_deleted_thread_leads_to_the_game_going_on_elsewhere(tablero: World) -> None:
    world = tablero
    thread = await _game(world)
    world.fake.delete_channel(thread)
    place = await _new_place(world, thread)
    assert place.is_thread and place.parent_id == world.channel.id
    _moved_here(world, place)
    await move(world, world.luis, place, "1B")  # and it goes on there
    assert (await stored_game(world)).moves == ("1A", "1B")
    games = await (await world.fake.slash(world.ana, world.channel, "games")).done()
    assert place.mention in games.text


async def test_a_locked_thread_leads_to_the_game_going_on_elsewhere(tablero: World) -> None:
    world = tablero
    thread = await _game(world)
    world.fake.lock_thread(thread)
    place = await _new_place(world, thread)
    _moved_here(world, place)
    record = await stored_game(world)
    assert record.turn_started_at == world.clock.now  # the turn's clock is not started again


async def test_a_place_that_went_while_the_bot_was_away_is_found_by_the_next_post(
    tablero: World,
) -> None:
    world = tablero
    thread = await _game(world)
    await stop_bot(world.bot)
    world.fake.delete_channel(thread)  # nobody told the bot
    world.bot = make_bot(world)
    await start_bot(world.bot)
    ix = await (await world.fake.slash(world.luis, world.channel, "move", {"move": "1B"})).done()
    assert ix.ephemeral
    place = await _new_place(world, thread)
    posts = boards(world, place)
    assert posts and "📦" in posts[0].content and "1 on B" in posts[0].content
    assert (await stored_game(world)).posted_version == 2


async def test_a_deleted_channel_sends_its_games_to_another(tablero: World) -> None:
    world = tablero
    general = world.fake.add_channel(world.guild, "general")
    thread = await _game(world)
    world.fake.delete_channel(world.channel)  # the challenge's channel, its threads with it
    place = await _new_place(world, thread)
    assert place.parent_id == general.id
    _moved_here(world, place)


async def test_a_place_the_bot_can_no_longer_see_is_left_for_another(tablero: World) -> None:
    from loopback import perms

    world = tablero
    general = world.fake.add_channel(world.guild, "general")
    thread = await _game(world)
    world.fake.deny_bot(world.channel, perms.VIEW_CHANNEL)  # and its threads
    ix = await move(world, world.luis, thread, "1B")
    assert ix.ephemeral
    place = await _new_place(world, thread)
    assert place.parent_id == general.id
    assert "📦" in boards(world, place)[0].content and "1 on B" in boards(world, place)[0].content


async def test_games_are_kept_while_the_bot_is_removed_and_go_on_when_it_returns(
    tablero: World,
) -> None:

    world = tablero
    assert world.bot is not None
    thinker = world.bot.thinker
    think = thinker.think
    removed = asyncio.Event()

    async def after_removal(*args: Any) -> Any:
        await removed.wait()  # the bot answers only once it has been removed
        return await think(*args)

    thinker.think = after_removal
    place = await vs_bot(world, world.ana, "stonehenge", first="me")
    await move(world, world.ana, place, "1A")
    world.fake.remove_bot(world.guild)
    removed.set()

    async def played() -> bool:  # the bot plays its turn: stored, though it cannot post it
        return len((await stored_game(world)).moves) == 2

    await until(played, "the bot to store its turn")
    record = await stored_game(world)
    assert record.active and len(record.moves) == 2 and record.posted_version == 1
    assert len(boards(world, place)) == 2  # nothing new to see while it is away
    world.fake.readd_bot(world.guild)
    await world.fake.wait_for_message(place, lambda _: len(boards(world, place)) == 3)
    assert "**Tablero · normal** played" in boards(world, place)[-1].content  # in its thread
    assert (await stored_game(world)).place_id == place.id


async def test_a_game_left_without_a_place_is_told_to_players_who_asked_for_messages(
    tablero: World,
) -> None:
    world = tablero
    await (await world.fake.slash(world.luis, world.channel, "notify", {"on": True})).done()
    await _game(world)  # Ana played: Luis's turn (and a direct message saying so)
    luis_dm, ana_dm = world.fake.dm_channel(world.luis), world.fake.dm_channel(world.ana)
    world.fake.delete_channel(world.channel)  # the server's only channel, its threads with it
    told = await world.fake.wait_for_message(luis_dm, lambda m: m.content.startswith("⏸️"))
    assert "Stonehenge" in told.content and "Ana" in told.content
    assert world.fake.messages(ana_dm) == []  # she did not ask for direct messages
    record = await stored_game(world)
    assert record.active and record.moves == ("1A",)  # kept as it stood
    # Every refused post tries to move the game again: he is not told twice.
    assert world.bot is not None
    assert await world.bot.table.relocate(record) is None
    stranded = [m for m in world.fake.messages(luis_dm) if m.content.startswith("⏸️")]
    assert len(stranded) == 1


async def test_a_board_a_crash_left_unposted_goes_to_a_new_place_if_its_own_went(
    tablero: World,
) -> None:
    world = tablero
    place = await started(world)
    crash_at(world, "stored")
    await (await world.fake.slash(world.ana, place, "move", {"move": "6L"})).done()
    await stop_bot(world.bot)
    world.fake.delete_channel(place)  # the thread goes while the bot is away
    world.bot = make_bot(world)
    await start_bot(world.bot)
    await settled(world)  # recovery posted the stored move's board, somewhere
    record = await stored_game(world)
    assert record.place_id not in (None, place.id) and record.posted_version == 1
    new = world.fake.world.channels[record.place_id]
    posts = boards(world, new)
    assert len(posts) == 1 and "📦" in posts[0].content and "6 on L" in posts[0].content
    assert world.luis.id in posts[0].pinged_user_ids
    await move(world, world.luis, new, "5D")  # and the game goes on there
    assert len(await wait_boards(world, new, 2)) == 2
