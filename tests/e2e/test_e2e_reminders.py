"""Reminders a person chose before their deadline (/notify before:), quiet hours in their time
zone, and the heads-up of the player who moves next (/notify next:), with a clock the test
moves: each sent once, in order, after restarts and a process that died."""

from __future__ import annotations

import contextlib
import random
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from loopback.models import FakeUser
from tests.e2e import (
    World,
    command,
    move,
    play_turn,
    reminder_posts,
    settled,
    started,
    stored_game,
    three_players,
    timers_asleep,
)

HOUR = 3600.0
MINUTE = 60.0
#: 2027-01-18 02:00 in Tokyo (17:00 UTC the day before): a deadline inside the night
TOKYO_2AM = 1_800_205_200.0


class Died(BaseException):
    """The process stopped dead here (nothing after it ran)."""


async def _notify(world: World, user: FakeUser, args: dict[str, Any]) -> None:
    done = await command(world, user, world.channel, "notify", args)
    assert done.ephemeral, done.text


async def _fire(world: World) -> None:
    assert world.bot is not None
    await world.bot.get_cog("Timers").fire_due()


async def _at(world: World, hours: float, start: float) -> None:
    """Move the clock to ``hours`` after ``start`` and let the timer loop look."""
    world.clock.now = start + hours * HOUR
    await _fire(world)


def _of(world: World, place: Any, user: FakeUser) -> list[str]:
    return [text for text in reminder_posts(world, place) if f"<@{user.id}>" in text]


async def test_reminders_before_a_deadline_come_once_each_in_order(tablero: World) -> None:
    world = tablero
    await _notify(world, world.ana, {"before": "24h 4h 1h"})
    start = world.clock.now
    place = await started(world, days=2)  # Ana's deadline: 48 h on
    deadline = int(start + 48 * HOUR)
    seen = []
    for hours, count in [(23.9, 0), (24, 1), (43.9, 1), (44, 2), (46.9, 2), (47, 3), (60, 3)]:
        await _at(world, hours, start)
        seen = _of(world, place, world.ana)
        assert len(seen) == count, (hours, seen)
    assert all(f"<t:{deadline}:R>" in text for text in seen), seen
    # The server's reminder (after 24 h) is not sent besides the ones she chose.
    assert len(reminder_posts(world, place)) == 3


async def test_quiet_hours_move_a_reminder_unless_the_deadline_is_inside_them(
    tablero: World,
) -> None:
    world = tablero
    me = {"timezone": "Asia/Tokyo", "quiet-from": "22:00", "quiet-to": "07:00"}
    await command(world, world.ana, world.channel, "settings", me, subcommand="me")
    await _notify(world, world.ana, {"before": "24h 4h 1h"})
    start = world.clock.now = TOKYO_2AM - 48 * HOUR  # 02:00 in Tokyo, two days before
    place = await started(world, days=2)
    # 24 h before is 02:00, in the quiet hours: sent at 21:59 the evening before instead.
    # 4 h before is 22:00 and 1 h before 01:00: quiet, but so is the deadline (02:00), sent.
    for hours, count in [(19.9, 0), (20 - 1 / 60, 1), (43.9, 1), (44, 2), (46.9, 2), (47, 3)]:
        await _at(world, hours, start)
        assert len(_of(world, place, world.ana)) == count, hours


async def test_the_servers_reminder_waits_for_the_end_of_quiet_hours(tablero: World) -> None:
    world = tablero
    me = {"timezone": "Asia/Tokyo", "quiet-from": "22:00", "quiet-to": "07:00"}
    await command(world, world.ana, world.channel, "settings", me, subcommand="me")
    start = world.clock.now = TOKYO_2AM - 48 * HOUR  # 02:00 in Tokyo, two days before
    place = await started(world, days=2)
    # The server's reminder, 24 h into the turn, would come at 02:00 in Tokyo: at 07:00.
    for hours, count in [(24, 0), (29 - 1 / 60, 0), (29, 1), (40, 1)]:
        await _at(world, hours, start)
        assert len(_of(world, place, world.ana)) == count, hours


async def test_no_more_reminders_once_the_player_moved(tablero: World) -> None:
    world = tablero
    await _notify(world, world.ana, {"before": "24h 4h 1h"})
    start = world.clock.now
    place = await started(world, days=2)
    await _at(world, 25, start)
    assert len(_of(world, place, world.ana)) == 1
    await move(world, world.ana, place, "6L")
    await settled(world)
    await _at(world, 100, start)
    assert len(_of(world, place, world.ana)) == 1  # the 4 h and 1 h ones are stale


async def test_a_restart_between_two_reminders_sends_each_once(tablero: World) -> None:
    world = tablero
    await _notify(world, world.ana, {"before": "24h 4h 1h"})
    start = world.clock.now
    place = await started(world, days=2)
    await _at(world, 30, start)
    assert len(_of(world, place, world.ana)) == 1
    assert world.bot is not None
    await world.bot.close()  # down while the 4 h and the 1 h reminders fall due
    world.clock.now = start + 47.5 * HOUR
    await world.restart()
    await world.fake.wait_for_message(place, lambda _: len(_of(world, place, world.ana)) >= 3)
    await timers_asleep(world)
    await _at(world, 60, start)
    assert len(_of(world, place, world.ana)) == 3


async def test_reminders_of_a_process_killed_while_they_are_due_are_sent_once(
    tablero_on: World,
) -> None:
    """The process sends the first of three due reminders and dies before marking it done:
    the next one sends the other two only after the first (its lease run out, sent again,
    shown once by its nonce): each once, in order."""
    world = tablero_on
    await _notify(world, world.ana, {"before": "24h 4h 1h", "on": True})
    start = world.clock.now
    place = await started(world, days=2)
    assert world.bot is not None
    await timers_asleep(world)
    world.clock.now = start + 47.5 * HOUR  # all three due at once
    timers = world.bot.get_cog("Timers")
    fire = timers.fire

    async def dying(timer: Any) -> None:
        await fire(timer)
        if timer.kind.startswith("before:"):  # sent, not marked done
            raise Died

    timers.fire = dying
    with pytest.raises(Died):
        await timers.fire_due()
    timers.fire = fire
    assert len(_of(world, place, world.ana)) == 1
    await world.restart()
    await timers_asleep(world)  # the new process looks: the first is still held
    assert len(_of(world, place, world.ana)) == 1  # the others wait for it
    world.clock.now += world.bot.timer_lease + 30
    await _fire(world)
    assert len(_of(world, place, world.ana)) == 3
    assert world.fake.world.duplicate_nonces == 2  # the first's post and DM, sent again
    ana_dm = world.fake.dm_channel(world.ana)
    assert len([m for m in world.fake.messages(ana_dm) if m.content.startswith("⏰")]) == 3
    await timers_asleep(world)
    await _at(world, 60, start)
    assert len(_of(world, place, world.ana)) == 3


async def test_a_reminder_due_by_the_turns_start_is_not_sent(tablero: World) -> None:
    world = tablero
    await _notify(world, world.ana, {"before": "24h 4h"})
    start = world.clock.now
    place = await started(world, days=1)  # 24 h before the deadline is the turn's start
    await timers_asleep(world)
    assert _of(world, place, world.ana) == []
    await _at(world, 19.9, start)
    assert _of(world, place, world.ana) == []
    await _at(world, 20, start)
    assert len(_of(world, place, world.ana)) == 1
    await _at(world, 30, start)
    assert len(_of(world, place, world.ana)) == 1


def _heads_ups(world: World, user: FakeUser) -> list[str]:
    dms = world.fake.messages(world.fake.dm_channel(user))
    return [m.content for m in dms if m.content.startswith("⏭️")]


async def test_the_player_after_the_next_gets_a_heads_up_at_a_table_of_three(
    tablero: World,
) -> None:
    world = tablero
    await _notify(world, world.eve, {"next": True})
    await _notify(world, world.ana, {"next": True})
    place, _ = await three_players(world)  # Ana, Luis, Eve: Ana moves first
    await timers_asleep(world)
    assert _heads_ups(world, world.eve) == []  # Luis is next, not Eve
    rng = random.Random(3)
    await play_turn(world, world.ana, place, await stored_game(world), rng)  # Luis's turn
    await world.fake.wait_for_message(
        world.fake.dm_channel(world.eve), lambda m: m.content.startswith("⏭️")
    )
    told = _heads_ups(world, world.eve)
    assert len(told) == 1 and "Islas" in told[0] and "Luis" in told[0], told
    await settled(world)
    await play_turn(world, world.luis, place, await stored_game(world), rng)  # Eve's turn
    await world.fake.wait_for_message(
        world.fake.dm_channel(world.ana), lambda m: m.content.startswith("⏭️")
    )
    await settled(world)
    await timers_asleep(world)
    assert len(_heads_ups(world, world.eve)) == 1  # Eve is to move: her turn's notice only
    assert len(_heads_ups(world, world.ana)) == 1
    assert _heads_ups(world, world.luis) == []  # he did not ask
    await _at(world, 100, world.clock.now)
    assert len(_heads_ups(world, world.eve)) == 1 and len(_heads_ups(world, world.ana)) == 1


async def test_no_heads_up_for_a_player_who_is_away(tablero: World) -> None:
    world = tablero
    await _notify(world, world.eve, {"next": True})
    away = await command(world, world.eve, world.channel, "away", {"days": 3})
    assert away.ephemeral, away.text
    place, _ = await three_players(world)  # Ana, Luis, Eve: Ana moves first
    rng = random.Random(3)
    await play_turn(world, world.ana, place, await stored_game(world), rng)  # Luis's turn
    await settled(world)
    await timers_asleep(world)  # the heads-up's timer has fired (and sent nothing)
    record = await stored_game(world)
    assert record.turn_started_at is not None
    waiting = await world.bot.store.timers.waiting(record.id, record.turn_started_at, "heads")
    assert waiting == []
    assert _heads_ups(world, world.eve) == []


async def test_no_heads_up_at_a_table_of_two(tablero: World) -> None:
    world = tablero
    await _notify(world, world.ana, {"next": True})
    await _notify(world, world.luis, {"next": True})
    place = await started(world)
    await move(world, world.ana, place, "6L")
    await settled(world)
    await timers_asleep(world)
    assert _heads_ups(world, world.ana) == [] and _heads_ups(world, world.luis) == []


async def test_a_reminder_discord_did_not_answer_never_comes_after_a_nearer_one(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 24 h reminder meets a 503 and waits for its claim to run out; the 4 h one, due
    too, waits for it: both go out then, in order, and the 1 h one later."""
    world = tablero
    await _notify(world, world.ana, {"before": "24h 4h 1h"})
    start = world.clock.now
    place = await started(world, days=2)
    await timers_asleep(world)
    send = discord.abc.Messageable.send
    failures = [1]

    async def once_unavailable(self: Any, content: Any = None, **kwargs: Any) -> Any:
        if failures and isinstance(content, str) and content.startswith("⏰"):
            failures.pop()
            answer = SimpleNamespace(status=503, reason="Service Unavailable")
            raise discord.DiscordServerError(answer, "try again later")
        return await send(self, content, **kwargs)

    monkeypatch.setattr(discord.abc.Messageable, "send", once_unavailable)
    await _at(world, 44.5, start)  # the 24 h one fails, the 4 h one waits for it
    assert failures == [] and _of(world, place, world.ana) == []
    await _at(world, 44.6, start)  # the 24 h one's claim ran out: sent, then the 4 h one
    assert len(_of(world, place, world.ana)) == 2
    await _at(world, 47, start)
    assert len(_of(world, place, world.ana)) == 3


async def test_reminders_before_a_deadline_wait_while_the_player_is_away(tablero: World) -> None:
    world = tablero
    await _notify(world, world.ana, {"before": "4h"})
    start = world.clock.now
    place = await started(world, days=2)
    await _at(world, 10, start)
    away = await command(world, world.ana, world.channel, "away", {"days": 1})
    assert "You are away until" in away.text, away.text
    await _at(world, 44.5, start)  # her deadline moved on by the day away: 72 h
    assert _of(world, place, world.ana) == []
    await _at(world, 67.9, start)
    assert _of(world, place, world.ana) == []
    await _at(world, 68, start)
    reminded = _of(world, place, world.ana)
    assert len(reminded) == 1 and f"<t:{int(start + 72 * HOUR)}:R>" in reminded[0]


async def test_a_heads_up_sent_by_a_process_that_died_shows_once(tablero: World) -> None:
    world = tablero
    await _notify(world, world.eve, {"next": True})
    place, _ = await three_players(world)
    await timers_asleep(world)
    assert world.bot is not None
    timers = world.bot.get_cog("Timers")
    fire = timers.fire

    async def dying(timer: Any) -> None:
        await fire(timer)
        if timer.kind == "heads-up":  # sent, not marked done
            raise Died

    timers.fire = dying
    timers.fire_due = _dies_once(timers.fire_due)  # the loop's own look dies too
    await play_turn(world, world.ana, place, await stored_game(world), random.Random(3))
    eve_dm = world.fake.dm_channel(world.eve)
    await world.fake.wait_for_message(eve_dm, lambda m: m.content.startswith("⏭️"))
    await world.restart()
    world.clock.now += world.bot.timer_lease + 1
    await _fire(world)
    await timers_asleep(world)
    assert len(_heads_ups(world, world.eve)) == 1
    assert world.fake.world.duplicate_nonces == 1  # sent again, shown once


def _dies_once(fire_due: Any) -> Any:
    """``fire_due`` whose death (``Died``) ends that look only, as a process's would."""

    async def look() -> None:
        with contextlib.suppress(Died):
            await fire_due()

    return look
