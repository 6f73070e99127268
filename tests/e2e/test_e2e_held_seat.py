"""The bot holds a missing player's seat at an Islas table of three (issue 23, item 6):
offered when a player runs out of time, played by the bot like its own seats without a
clock, handed back by /takeback-seat or a move, and left out of the ratings."""

from __future__ import annotations

import json
import random

from data.ratings import human
from loopback.models import FakeChannel, FakeMessage, FakeUser
from tests.e2e import (
    World,
    button,
    command,
    my_turn,
    play_turn,
    resign,
    settled,
    stored_game,
    three_players,
)

HOUR = 3600.0


async def _tick(world: World, hours: float) -> None:
    """Move the clock and let the timer loop look (no real waiting)."""
    assert world.bot is not None
    world.clock.now += hours * HOUR
    await world.bot.get_cog("Timers").fire_due()


async def _ana_out_of_time(world: World) -> tuple[FakeChannel, FakeMessage]:
    """An Islas table of three (Ana first) whose first turn ran out of time: its place and
    the post that says so."""
    place, _ = await three_players(world, days=1)
    await _tick(world, 25)
    told = next(m for m in world.fake.messages(place) if "run out of time" in m.content)
    return place, told


def _turn_dms(world: World, user: FakeUser) -> list[str]:
    """The direct messages that told ``user`` it is their turn."""
    dms = world.fake.messages(world.fake.dm_channel(user))
    return [m.content for m in dms if m.content.startswith("🎲")]


async def test_the_bot_holds_a_timed_out_seat_until_its_player_takes_it_back(
    tablero: World,
) -> None:
    world = tablero
    await command(world, world.ana, world.channel, "notify", {"on": True})
    place, told = await _ana_out_of_time(world)
    assert "/skip" in told.content and "/hold-seat" in told.content  # both offered
    hold = button(told, "hs:")
    turn_dms = len(_turn_dms(world, world.ana))  # her first turn's
    own = await (await world.fake.click(world.ana, told, hold)).done()
    assert own.ephemeral and "your own turn" in own.text  # nobody asks for their own seat
    asked = await (await world.fake.click(world.luis, told, hold)).done()
    assert asked.ephemeral and "⚠" not in asked.text, asked.text
    said = await world.fake.wait_for_message(place, lambda m: "holds" in m.content)
    assert "Ana" in said.content and "normal" in said.content
    dm = await world.fake.wait_for_message(
        world.fake.dm_channel(world.ana), lambda m: "holds" in m.content
    )
    assert "/takeback-seat" in dm.content
    again = await (await world.fake.click(world.eve, told, hold)).done()
    assert again.ephemeral and "⚠" in again.text  # held once (or her turn is over already)

    record = await my_turn(world, 1)  # the bot played Ana's turn
    assert record.seats[0].held_level == "normal" and len(record.moves) >= 1
    rng = random.Random(23)
    await play_turn(world, world.luis, place, record, rng)
    await play_turn(world, world.eve, place, await stored_game(world), rng)
    record = await my_turn(world, 1)  # and her next one, with no clock and no reminder
    held_turn = "The bot plays next for Ana (orange), holding the seat."  # no mention, no clock
    assert any(m.content.endswith(held_turn) for m in world.fake.messages(place))
    ana_turns = await world.bot.store.db.fetchall(
        "SELECT DISTINCT turn_stamp FROM timers WHERE ref_id = 1 AND turn_stamp > ?",
        (world.clock.now - 1,),
    )
    assert len(ana_turns) <= 2  # Luis's and Eve's turns' timers only (none of Ana's)
    assert len(_turn_dms(world, world.ana)) == turn_dms  # none while the bot holds her seat

    taken = await command(world, world.ana, place, "takeback-seat")
    assert taken.ephemeral and "⚠" not in taken.text, taken.text
    back = await world.fake.wait_for_message(place, lambda m: "takes back" in m.content)
    assert "Ana" in back.content
    record = await stored_game(world)
    assert record.seats[0].held_level is None
    assert [span[0] for span in record.seats[0].held] == ["normal"]
    await play_turn(world, world.luis, place, record, rng)
    await play_turn(world, world.eve, place, await stored_game(world), rng)
    # Her seat is hers again: she is told it is her turn, and she moves herself.
    await world.fake.wait_for_message(
        world.fake.dm_channel(world.ana), lambda _: len(_turn_dms(world, world.ana)) > turn_dms
    )
    await play_turn(world, world.ana, place, await stored_game(world), rng)
    await _tick(world, 25)  # Luis runs out of time now: Ana's old notice is not his
    late = await (await world.fake.click(world.eve, told, hold)).done()
    assert late.ephemeral and "⚠" in late.text
    assert (await stored_game(world)).seats[1].held_level is None

    await resign(world, world.luis, place)
    await settled(world)
    game = await stored_game(world)
    assert game.status == "finished"
    ratings = world.bot.store.ratings
    assert await ratings.get("islas", 0, human(world.ana.id)) is None  # held: not rated
    assert await ratings.get("islas", 0, human(world.eve.id)) is not None
    assert await ratings.get("islas", 0, human(world.luis.id)) is not None
    # The public record says who played that seat when: the bot, from her first move on
    # until she took the seat back (plies, counted from 0); nothing of her hand in it.
    exported = await command(world, world.eve, place, "export")
    public = json.loads(exported.attachments[0].data)
    (span,) = record.seats[0].held
    assert public["held"] == [{"seat": 0, "level": "normal", "from": 0, "to": span[2]}]
    assert span[2] >= 4 and "seed" not in public


async def test_a_held_seat_is_played_on_after_a_restart(tablero_on: World) -> None:
    world = tablero_on  # on both storage engines
    place, _ = await _ana_out_of_time(world)
    asked = await command(world, world.eve, place, "hold-seat", {"level": "easy"})
    assert asked.ephemeral and "⚠" not in asked.text, asked.text
    record = await my_turn(world, 1)
    assert record.seats[0].held_level == "easy"
    rng = random.Random(7)
    await play_turn(world, world.luis, place, record, rng)
    assert world.bot is not None and world.bot.table.bots is not None
    world.bot.table.bots.close()  # the bot stops thinking: Ana's turn waits for the restart
    await play_turn(world, world.eve, place, await stored_game(world), rng)
    await settled(world)
    before = len((await stored_game(world)).moves)
    await world.restart()
    record = await my_turn(world, 1)  # played by the new process
    assert len(record.moves) > before and record.seats[0].held_level == "easy"
    await settled(world)
    played = await world.bot.store.db.fetchall(
        "SELECT seat FROM moves WHERE game_id = 1 ORDER BY ply", ()
    )
    assert [row["seat"] for row in played].count(0) == 2  # each of her turns once
