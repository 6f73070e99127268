"""Time through the loopback Discord, with a clock the test moves: reminders, deadlines, DMs."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from data import Ending
from tests.e2e import World, move, reminder_posts, started, stored_game, three_players

HOUR = 3600.0


async def _tick(world: World, hours: float) -> None:
    """Move the clock and let the timer loop look (no real waiting)."""
    world.clock.now += hours * HOUR
    timers = world.bot.get_cog("Timers")
    await timers.fire_due()


async def test_a_reminder_fires_once_after_the_delay(tablero: World) -> None:
    world = tablero
    place = await started(world)
    await _tick(world, 23)
    assert reminder_posts(world, place) == []
    await _tick(world, 2)
    reminders = reminder_posts(world, place)
    assert len(reminders) == 1 and f"<@{world.ana.id}>" in reminders[0]
    await _tick(world, 48)
    assert len(reminder_posts(world, place)) == 1  # once per turn


async def test_no_reminder_for_a_player_who_moved(tablero: World) -> None:
    world = tablero
    place = await started(world)
    await _tick(world, 10)
    await move(world, world.ana, place, "6L")
    await _tick(world, 20)  # Ana's reminder (24 h after her turn began) is stale now
    assert reminder_posts(world, place) == []
    await _tick(world, 5)  # Luis's turn began 10 h in: his reminder is due at 34 h
    reminders = reminder_posts(world, place)
    assert len(reminders) == 1 and f"<@{world.luis.id}>" in reminders[0]
    assert "recordatorio" not in reminders[0]  # public text is in the game's language (Ana's)


async def test_a_reminder_due_while_the_bot_was_down_fires_after_the_restart(
    tablero: World,
) -> None:
    world = tablero
    place = await started(world)
    await world.bot.close()  # the bot is down ...
    world.clock.now += 30 * HOUR  # ... while the reminder falls due
    await world.restart()
    await world.fake.wait_for_message(place, lambda m: m.content.startswith("⏰"))
    await asyncio.sleep(0.05)
    assert len(reminder_posts(world, place)) == 1


async def test_claim_only_after_the_deadline(tablero: World) -> None:
    world = tablero
    place = await started(world, days=1)
    opening = world.fake.messages(place)[-1]
    assert "Deadline <t:" in opening.content
    early = await (await world.fake.slash(world.luis, place, "claim")).done()
    assert early.ephemeral and "aún tiene tiempo" in early.text
    own = await (await world.fake.slash(world.ana, place, "claim")).done()
    assert "your own turn" in own.text
    listed = await (await world.fake.slash(world.luis, world.channel, "games")).done()
    assert "⏳ <t:" in listed.text
    await _tick(world, 25)
    assert any("run out of time" in m.content for m in world.fake.messages(place))
    claimed = await (await world.fake.slash(world.luis, place, "claim")).done()
    assert claimed.ephemeral
    game = await stored_game(world)
    assert game.status == "finished" and game.result.winners == (1,)
    assert game.result.ending is Ending.TIMEOUT
    final = world.fake.messages(place)[-1]
    assert "ran out of time" in final.content and "Luis" in final.content


async def test_direct_messages_only_for_players_who_opted_in(tablero: World) -> None:
    world = tablero
    on = await (await world.fake.slash(world.luis, world.channel, "notify", {"on": True})).done()
    assert on.ephemeral and "mensaje directo" in on.text
    place = await started(world)
    await move(world, world.ana, place, "6L")  # Luis's turn: he opted in
    luis_dm = world.fake.dm_channel(world.luis)
    dm = await world.fake.wait_for_message(luis_dm, lambda m: "Stonehenge" in m.content)
    assert "Ana" in dm.content and place.id == int(dm.content.split("/")[-2])
    await move(world, world.luis, place, "5D")  # Ana's turn: she did not opt in
    assert world.fake.messages(world.fake.dm_channel(world.ana)) == []
    await (await world.fake.slash(world.luis, world.channel, "notify", {"on": False})).done()
    await move(world, world.ana, place, "4A")
    assert len(world.fake.messages(luis_dm)) == 1


async def test_a_table_of_three_votes_a_timed_out_turn_away(tablero: World) -> None:

    world = tablero
    place, _ = await three_players(world, days=1)
    typed = await move(world, world.ana, place, "skip")
    assert typed.ephemeral and "vote" in typed.text  # nobody skips their own turn by typing
    early = await (await world.fake.slash(world.luis, place, "skip")).done()
    assert "aún tiene tiempo" in early.text
    await _tick(world, 25)
    told = next(m.content for m in world.fake.messages(place) if "run out of time" in m.content)
    assert "/skip" in told and "/claim" not in told  # what this table may do
    first = await (await world.fake.slash(world.luis, place, "skip")).done()
    assert first.ephemeral and "1 de los 2" in first.text
    again = await (await world.fake.slash(world.luis, place, "skip")).done()
    assert "1 de los 2" in again.text  # one vote each
    decided = await (await world.fake.slash(world.eve, place, "skip")).done()
    assert decided.ephemeral and "Ana's turn is skipped" in decided.text, decided.text
    assert f"<#{place.id}>" in decided.text
    game = await stored_game(world)
    assert game.moves == ("skip",) and game.active
    posted = world.fake.messages(place)[-1]
    assert "Ana's turn was skipped" in posted.content and world.luis.id in posted.pinged_user_ids
    claim = await (await world.fake.slash(world.eve, place, "claim")).done()
    assert "still has time" in claim.text  # Luis's turn has just begun


async def test_a_claim_says_who_won_on_time_and_where(tablero: World) -> None:
    world = tablero
    place = await started(world, days=1)
    await _tick(world, 25)
    claimed = await (await world.fake.slash(world.luis, place, "claim")).done()
    assert claimed.ephemeral and "Ana" in claimed.text and "tiempo" in claimed.text, claimed.text
    assert f"<#{place.id}>" in claimed.text


async def test_a_reminder_discord_did_not_answer_is_tried_again(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 503 (Discord's trouble, not the post's) leaves the reminder for a later round,
    once its claim runs out; a refusal would be given up."""
    world = tablero
    place = await started(world)
    send = discord.abc.Messageable.send
    failures = [1]

    async def once_unavailable(self: Any, content: Any = None, **kwargs: Any) -> Any:
        if failures and isinstance(content, str) and content.startswith("⏰"):
            failures.pop()
            answer = SimpleNamespace(status=503, reason="Service Unavailable")
            raise discord.DiscordServerError(answer, "try again later")
        return await send(self, content, **kwargs)

    monkeypatch.setattr(discord.abc.Messageable, "send", once_unavailable)
    await _tick(world, 25)
    assert failures == [] and reminder_posts(world, place) == []  # not sent, not given up
    await _tick(world, 0.5)  # its claim has run out: the next round sends it
    reminders = reminder_posts(world, place)
    assert len(reminders) == 1 and f"<@{world.ana.id}>" in reminders[0]
    await _tick(world, 48)
    assert len(reminder_posts(world, place)) == 1
