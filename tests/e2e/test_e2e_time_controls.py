"""Time controls through the loopback Discord (issue 23): a bank with its increment, its
time left shown in the turn message and /games, the time-out at the bank's end, /claim
under a bank, and weekends off. The clock is the test's: nothing sleeps."""

from __future__ import annotations

from data import Ending, TimeControl
from tests.e2e import World, accept, challenge, command, move, started, stored_game

HOUR = 3600.0


async def _tick(world: World, hours: float) -> None:
    """Move the clock and let the timer loop look (no real waiting)."""
    world.clock.now += hours * HOUR
    await world.bot.get_cog("Timers").fire_due()


async def test_a_bank_shows_time_left_and_times_out_at_its_end(tablero: World) -> None:
    world = tablero
    place = await started(world, bank=2, increment=1, cap=3)
    opening = world.fake.messages(place)[-1]
    assert "Deadline <t:" in opening.content
    assert "Time left: Ana 2d 0h, Luis 2d 0h" in opening.content, opening.content
    game = await stored_game(world)
    assert game.control == TimeControl(bank=2, increment=1, cap=3) and game.days_per_move is None
    await _tick(world, 10)
    await move(world, world.ana, place, "6L")  # 2 d - 10 h + 1 d (the cap is 3 d)
    told = world.fake.messages(place)[-1]
    assert "Time left: Ana 2d 14h, Luis 2d 0h" in told.content, told.content
    listed = await command(world, world.luis, world.channel, "games")
    assert "⏳ <t:" in listed.text and "2 d 0 h" in listed.text, listed.text  # Luis reads Spanish
    early = await command(world, world.ana, place, "claim")
    assert "still has time" in early.text  # under a bank too
    await _tick(world, 47)
    assert not any("run out of time" in m.content for m in world.fake.messages(place))
    await _tick(world, 2)  # 49 h: Luis's two days are gone
    assert any("run out of time" in m.content for m in world.fake.messages(place))
    claimed = await command(world, world.ana, place, "claim")
    assert claimed.ephemeral and "Luis" in claimed.text, claimed.text
    game = await stored_game(world)
    assert game.result.ending is Ending.TIMEOUT and game.result.winners == (0,)


async def test_a_challenge_says_its_control_and_its_game_keeps_it(tablero: World) -> None:
    world = tablero
    refused = await command(
        world, world.ana, world.channel, "play", {"opponent": world.luis, "cap": 14},
        subcommand="stonehenge",
    )  # fmt: skip
    assert refused.ephemeral and "bank" in refused.text, refused.text
    control = {"bank": 7, "increment": 1, "cap": 14, "weekends": True}
    offer = await challenge(world, world.ana, world.luis, **control)
    assert "7 days + 1 a move (at most 14), weekends off" in offer.content, offer.content
    place = await accept(world, world.luis, offer)
    game = await stored_game(world)
    assert game.control == TimeControl(bank=7, increment=1, cap=14, weekends=True)
    assert [s.bank_left for s in game.seats] == [7 * 24 * HOUR] * 2
    assert "No clock on weekends" in world.fake.messages(place)[-1].content
