"""The daily digest through the loopback Discord, with a clock the tests move (no sleeps):
one direct message a day at the person's hour in their time zone, listing every game
waiting on them on any server, sent by shard 0's process, none on a day with nothing
waiting, per-turn direct messages held back meanwhile, and once across a process's death."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

import pytest

from cogs.utils import digest
from cogs.utils.digest import MESSAGE_LIMIT, words
from loopback.models import FakeMessage
from table.digests import Digest, Waiting
from tests.e2e import (
    World,
    accept,
    boards,
    challenge,
    command,
    move,
    resign,
    settled,
    started,
    stored_game,
    timers_asleep,
)
from tests.e2e.test_e2e_shards import run_bot, servers  # noqa: F401 (a fixture)

HOUR = 3600.0


class Died(BaseException):
    """The process stopped dead here (nothing after it ran: no except, no finally of ours)."""


def digests(world: World) -> list[FakeMessage]:
    """The digests Ana was sent, oldest first."""
    dm = world.fake.dm_channel(world.ana)
    return [m for m in world.fake.messages(dm) if m.content.startswith("📰 Your daily digest")]


async def _fire(*worlds: World) -> None:
    for world in worlds:
        assert world.bot is not None
        await world.bot.get_cog("Timers").fire_due()


async def _live_digest_timers(world: World, user_id: int) -> list[Any]:
    assert world.bot is not None
    return await world.bot.store.db.fetchall(
        "SELECT due_at FROM timers WHERE kind = 'digest' AND ref_id = ? AND fired_at IS NULL",
        (user_id,),
    )


async def test_one_digest_a_day_lists_the_games_waiting_in_both_servers(
    servers: tuple[World, World],  # noqa: F811
) -> None:
    worlds = servers
    first, second = await run_bot(worlds[0], [0]), await run_bot(worlds[1], [1])
    places = []
    for world, bot in zip(worlds, (first, second), strict=True):
        world.bot = bot
        message = await challenge(world, world.ana, world.luis, first="me", days=3)
        places.append(await accept(world, world.luis, message))
        await settled(world)
    world = worlds[0]
    ana_dm = world.fake.dm_channel(world.ana)
    set_hour = await command(world, world.ana, ana_dm, "notify", {"digest": 8})
    assert "A daily digest of your games at 08:00 (UTC)" in set_hour.text, set_hour.text
    zone = {"timezone": "America/New_York"}  # the digest follows a change of zone
    await command(world, world.ana, ana_dm, "settings", zone, subcommand="me")
    assert len(await _live_digest_timers(world, world.ana.id)) == 1
    start = world.clock.now  # 2027-01-15 08:00 UTC: 03:00 in New York, the digest at 13:00
    assert datetime.fromtimestamp(start, UTC).hour == 8

    async def at(hours: float) -> None:
        for each in worlds:
            await timers_asleep(each)
        world.clock.now = start + hours * HOUR
        await _fire(worlds[1], worlds[0])  # shard 1's process first: it sends no digest

    await at(5 - 1 / 60)
    assert digests(world) == []  # a minute early
    await at(5)
    (sent,) = digests(world)
    for each, place in zip(worlds, places, strict=True):
        board = boards(each, place)[-1]
        assert f"https://discord.com/channels/{each.guild.id}/{place.id}/{board.id}" in sent.content
    assert "2 games wait for your move" in sent.content and sent.content.count("<t:") == 2
    assert "Luis" in sent.content
    await _fire(*worlds)
    assert len(digests(world)) == 1  # once

    for each, place in zip(worlds, places, strict=True):
        await move(each, each.ana, place, "6L")  # Luis's turn in both
    await settled(worlds[0])
    await settled(worlds[1])
    await at(29)
    assert len(digests(world)) == 1  # nothing waits on Ana: nothing sent
    for each, place in zip(worlds, places, strict=True):
        await move(each, each.luis, place, "5D")  # Ana's turn again
    await settled(worlds[0])
    await settled(worlds[1])
    await at(53)
    assert len(digests(world)) == 2 and "2 games wait" in digests(world)[1].content
    assert len(await _live_digest_timers(world, world.ana.id)) == 1  # tomorrow's
    for bot in (first, second):
        await bot.close()


async def test_the_digest_keeps_its_local_hour_across_a_daylight_saving_change(
    tablero: World,
) -> None:
    world = tablero
    # 2027-03-26 12:00 UTC: Madrid moves its clocks forward on Sunday the 28th.
    world.clock.now = datetime(2027, 3, 26, 12, tzinfo=UTC).timestamp()
    await started(world, days=7)
    madrid = {"timezone": "Europe/Madrid"}
    await command(world, world.ana, world.channel, "settings", madrid, subcommand="me")
    await command(world, world.ana, world.channel, "notify", {"digest": 8})

    async def at(day: int, hour: int, minute: int = 0) -> int:
        await timers_asleep(world)
        world.clock.now = datetime(2027, 3, day, hour, minute, tzinfo=UTC).timestamp()
        await _fire(world)
        return len(digests(world))

    assert await at(27, 6, 59) == 0
    assert await at(27, 7) == 1  # 08:00 in Madrid (UTC+1)
    assert await at(28, 5, 59) == 1
    assert await at(28, 6) == 2  # 08:00 in Madrid (UTC+2 from today)
    assert await at(29, 6) == 3
    assert "one game waits for your move" in digests(world)[-1].content


async def test_no_direct_message_per_turn_while_the_digest_is_on(tablero: World) -> None:
    world = tablero
    luis_dm = world.fake.dm_channel(world.luis)
    await command(world, world.luis, world.channel, "notify", {"on": True, "digest": 20})
    place = await started(world)
    await move(world, world.ana, place, "6L")  # Luis's turn: the thread still tells him
    await settled(world)
    assert world.luis.id in boards(world, place)[-1].pinged_user_ids
    await command(world, world.luis, world.channel, "notify", {"digest": -1})
    await move(world, world.luis, place, "5D")
    await move(world, world.ana, place, "4A")  # Luis's turn, the digest off: a DM again
    dm = await world.fake.wait_for_message(luis_dm, lambda m: "Stonehenge" in m.content)
    assert world.fake.messages(luis_dm) == [dm]  # none for the turn while it was on
    assert await _live_digest_timers(world, world.luis.id) == []


async def test_a_digest_sent_by_a_process_that_died_before_noting_it_shows_once(
    tablero_on: World,
) -> None:
    world = tablero_on
    await started(world, days=3)
    await command(world, world.ana, world.channel, "notify", {"digest": 9})  # 1 h from now
    assert world.bot is not None
    store = world.bot.store
    handled = store.digests.handled

    async def dies(timer: Any, day: Any, then: Any) -> bool:
        if timer.kind == "digest" and day is not None:
            raise Died  # sent, not noted: the process stops dead
        return await handled(timer, day, then)

    store.digests.handled = dies  # type: ignore[method-assign]
    await timers_asleep(world)
    world.clock.now += HOUR
    with pytest.raises(Died):
        await _fire(world)
    assert len(digests(world)) == 1
    await world.restart()  # another process on the same database
    await _fire(world)
    assert world.fake.world.duplicate_nonces == 0  # the dead process's claim still holds
    await timers_asleep(world)  # the new process's loop decides nothing meanwhile
    world.clock.now += world.bot.timer_lease + 1
    await _fire(world)  # sent again with the same nonce: Discord shows the first one
    assert world.fake.world.duplicate_nonces == 1 and len(digests(world)) == 1
    await _fire(world)
    assert len(await _live_digest_timers(world, world.ana.id)) == 1  # tomorrow's, once
    await timers_asleep(world)
    world.clock.now += 24 * HOUR
    await _fire(world)
    assert len(digests(world)) == 2 and world.fake.world.duplicate_nonces == 1


async def test_notify_digest_off_stops_it_and_forget_me_removes_its_timer(
    tablero: World,
) -> None:
    world = tablero
    place = await started(world, days=3)
    await command(world, world.ana, world.channel, "notify", {"digest": 9})
    assert len(await _live_digest_timers(world, world.ana.id)) == 1
    await command(world, world.ana, world.channel, "notify", {"digest": -1})
    assert await _live_digest_timers(world, world.ana.id) == []
    await timers_asleep(world)
    world.clock.now += 2 * HOUR
    await _fire(world)
    assert digests(world) == []

    await command(world, world.ana, world.channel, "notify", {"digest": 12})
    await resign(world, world.luis, place)  # forget-me waits for the games to end
    await settled(world)
    assert (await stored_game(world)).status == "finished"
    asked = await command(world, world.ana, world.channel, "forget-me")
    assert asked.message is not None
    await (await world.fake.click(world.ana, asked.message, f"fm:{world.ana.id}")).done()
    assert world.bot is not None
    left = await world.bot.store.db.fetchall(
        "SELECT id FROM timers WHERE kind = 'digest' AND ref_id = ?", (world.ana.id,)
    )
    assert left == []
    rows = await world.bot.store.db.fetchall(
        "SELECT user_id FROM digests WHERE user_id = ?", (world.ana.id,)
    )
    assert rows == []


async def test_a_digest_of_sixty_games_is_cut_at_whole_lines_within_discords_limit(
    tablero: World,
) -> None:
    world = tablero
    await started(world, days=3)
    record = await stored_game(world)
    long_name = "Luis " + "x" * 60
    seats = tuple(
        dataclasses.replace(s, name=long_name) if s.user_id != world.ana.id else s
        for s in record.seats
    )
    games = tuple(
        Waiting(dataclasses.replace(record, id=n, seats=seats, message_id=10**18 + n), 1.9e9 + n)
        for n in range(60)
    )
    for lang, more in (("en", "more (all of them: /games)."), ("es", "más (todas: /partidas).")):
        text = words(Digest(None, world.ana.id, 1, lang, games))  # type: ignore[arg-type]
        lines = text.split("\n")
        assert len(text) <= MESSAGE_LIMIT and lines[-1].endswith(more), lines[-1]
        shown = lines[1:-1]
        assert 5 < len(shown) < 60 and all(line.startswith("• ") for line in shown)
        assert all(line.endswith(":R>") for line in shown)  # whole lines, each with its time
        assert f" {60 - len(shown)} " in lines[-1]
        assert ("60 games" if lang == "en" else "60 partidas") in lines[0]


async def test_a_digest_that_failed_is_given_up_and_tomorrows_still_comes(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = tablero
    await started(world, days=7)
    await command(world, world.ana, world.channel, "notify", {"digest": 9})
    failures = [1]
    worded = digest.words

    def broken(sent: Any) -> str:
        if failures:
            failures.pop()
            raise RuntimeError("a bug, say")
        return worded(sent)

    monkeypatch.setattr(digest, "words", broken)
    await timers_asleep(world)
    world.clock.now += HOUR
    await _fire(world)  # given up (logged), as any timer whose action failed
    assert failures == [] and digests(world) == []
    assert len(await _live_digest_timers(world, world.ana.id)) == 1  # tomorrow's all the same
    await timers_asleep(world)
    world.clock.now += 24 * HOUR
    await _fire(world)
    assert len(digests(world)) == 1
