"""A process that dies while firing a timer: the next one takes it over, players see it once."""

from __future__ import annotations

from typing import Any

import pytest

from data import Store
from loopback.bots import start_bot, stop_bot
from tests.e2e import (
    World,
    boards,
    challenge,
    crash_at,
    make_bot,
    reminder_posts,
    settled,
    started,
    stored_game,
    timers_asleep,
    vs_bot,
)

HOUR = 3600.0


class Died(BaseException):
    """The process stopped dead here (nothing after it ran: no except, no finally of ours)."""


async def _fire(world: World) -> None:
    assert world.bot is not None
    await world.bot.get_cog("Timers").fire_due()


async def _dies_in_fire(world: World, kind: str, *, after_acting: bool) -> None:
    """The bot claims the due timer of ``kind`` and dies: before its action, or right after
    it (the timers due before it fire as usual)."""
    assert world.bot is not None
    timers = world.bot.get_cog("Timers")
    fire = timers.fire

    async def dying(timer: Any) -> None:
        if after_acting or timer.kind != kind:
            await fire(timer)
        if timer.kind == kind:
            raise Died

    timers.fire = dying
    with pytest.raises(Died):
        await timers.fire_due()
    timers.fire = fire


async def test_a_reminder_whose_process_died_before_sending_is_sent_by_the_next(
    tablero: World,
) -> None:
    world = tablero
    place = await started(world)
    world.clock.now += 25 * HOUR
    await _dies_in_fire(world, "reminder", after_acting=False)
    await world.restart()  # another process (a new claimant) on the same shards
    await _fire(world)
    assert reminder_posts(world, place) == []  # the dead process's claim still holds
    world.clock.now += world.bot.timer_lease + 1
    await _fire(world)
    assert len(reminder_posts(world, place)) == 1  # nothing lost
    world.clock.now += 48 * HOUR
    await _fire(world)
    assert len(reminder_posts(world, place)) == 1  # and once only


async def test_a_reminder_sent_by_a_process_that_died_shows_once(tablero: World) -> None:
    world = tablero
    on = await (await world.fake.slash(world.ana, world.channel, "notify", {"on": True})).done()
    assert on.ephemeral
    place = await started(world)
    ana_dm = world.fake.dm_channel(world.ana)
    await world.fake.wait_for_message(ana_dm)  # "your turn", sent after the board
    told = len(world.fake.messages(ana_dm))
    world.clock.now += 25 * HOUR
    await _dies_in_fire(world, "reminder", after_acting=True)  # sent, not marked done
    assert len(reminder_posts(world, place)) == 1
    await world.restart()
    world.clock.now += world.bot.timer_lease + 1
    await _fire(world)  # sent again, with the same nonce: Discord shows the first one
    assert world.fake.world.duplicate_nonces == 2  # the place's and the DM's, both again
    assert len(reminder_posts(world, place)) == 1
    assert len(world.fake.messages(ana_dm)) == told + 1
    await timers_asleep(world)
    world.clock.now += 48 * HOUR
    await _fire(world)
    assert len(reminder_posts(world, place)) == 1


async def test_a_deadline_notice_of_a_process_that_died_shows_once(tablero: World) -> None:
    world = tablero
    place = await started(world, days=1)
    world.clock.now += 25 * HOUR  # the reminder and the deadline are due
    await _dies_in_fire(world, "deadline", after_acting=True)
    assert len(reminder_posts(world, place)) == 1
    await world.restart()
    world.clock.now += world.bot.timer_lease + 1
    await _fire(world)
    notices = [m for m in world.fake.messages(place) if "run out of time" in m.content]
    assert len(notices) == 1 and world.fake.world.duplicate_nonces == 1


async def test_an_expiry_of_a_process_that_died_midway_is_finished_by_the_next(
    tablero: World,
) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis)
    assert world.bot is not None
    lease = world.bot.timer_lease
    # The process marked the challenge expired, then died before editing its message. Its
    # last acts are played here on the database once its timer loop is gone: a loop still
    # running could fire the timer first (the test's writes would then find it taken).
    await stop_bot(world.bot)
    world.clock.now += 25 * HOUR
    store = await Store(world.database, world.clock).open()
    try:
        (timer,) = await store.timers.due()
        assert await store.challenges.resolve(timer.ref_id, "expired")
        assert await store.timers.claim(timer.id, "a process that died", lease)
    finally:
        await store.close()
    world.bot = make_bot(world)
    await start_bot(world.bot)
    world.clock.now += lease + 1
    await _fire(world)
    edited = world.fake.world.messages[message.id]
    assert "expired" in edited.content and edited.custom_ids == []  # its buttons are gone
    assert await world.bot.store.timers.due() == []


async def test_the_bots_win_on_time_claimed_by_a_process_that_died_shows_once(
    tablero: World,
) -> None:
    world = tablero
    place = await vs_bot(world, world.ana, "stonehenge", first="me", days=1)
    await settled(world)
    await timers_asleep(world)
    world.clock.now += 24 * HOUR + 1
    await _dies_in_fire(world, "deadline", after_acting=True)  # won, not marked done
    await settled(world)
    await world.restart()
    world.clock.now += world.bot.timer_lease + 1
    await _fire(world)  # the game is over: the version check lets nothing happen twice
    await settled(world)
    record = await stored_game(world)
    assert record.status == "finished" and record.result.loser == 0
    posts = boards(world, place)
    assert len(posts) == 2 and "**Ana** ran out of time" in posts[1].content  # one ending
    assert await world.bot.store.timers.due() == []


async def test_a_turn_stored_but_not_posted_yet_is_nobodys_to_be_reminded_of(
    tablero: World,
) -> None:
    world = tablero
    place = await started(world)
    assert world.bot is not None
    crash_at(world, "stored")  # the process stops after storing a move, before its board
    await (await world.fake.slash(world.ana, place, "move", {"move": "6L"})).done()
    world.bot.table.fault = None
    world.clock.now += 25 * HOUR  # Ana's turn's reminder is due; her move is not out yet
    await _fire(world)
    assert reminder_posts(world, place) == []  # not Ana (she moved), not Luis (no board yet)
    await world.restart()  # recovery posts Ana's move: Luis's turn and its timers begin
    await settled(world)
    assert len(boards(world, place)) == 2
    world.clock.now += 25 * HOUR
    await _fire(world)
    reminders = reminder_posts(world, place)
    assert len(reminders) == 1 and f"<@{world.luis.id}>" in reminders[0]
