"""Time controls through the loopback Discord (issue 23): a bank with its increment, its
time left shown in the turn message and /games, the time-out at the bank's end, /claim
under a bank, and weekends off. The clock is the test's: nothing sleeps."""

from __future__ import annotations

import pytest

from data import Ending, TimeControl
from table.handover import STEPS
from tests.e2e import (
    World,
    accept,
    boards,
    button,
    challenge,
    command,
    crash_at,
    move,
    resign,
    settled,
    started,
    stored_game,
    three_players,
    wait_boards,
)

HOUR = 3600.0
DAY = 24 * HOUR
FRIDAY_NOON_UTC = 1_796_385_600.0  # Friday 4 December 2026, 12:00 UTC


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
    # The board's panels (and so its alt text) carry each clock too.
    assert "Ana · 2d 0h" in opening.attachments[0].description, opening.attachments[0].description
    game = await stored_game(world)
    assert game.control == TimeControl(bank=2, increment=1, cap=3) and game.days_per_move is None
    await _tick(world, 10)
    await move(world, world.ana, place, "6L")  # 2 d - 10 h + 1 d (the cap is 3 d)
    told = world.fake.messages(place)[-1]
    assert "Time left: Ana 2d 14h, Luis 2d 0h" in told.content, told.content
    assert "Ana · 2d 14h" in told.attachments[0].description  # drawn ahead, charged already
    assert "Luis · 2d 0h" in told.attachments[0].description
    await _tick(world, 6)  # /board draws the clocks as they stand (in the reader's language)
    board = await command(world, world.luis, place, "board")
    assert "Luis · 1 d 18 h" in board.attachments[0].description, board.attachments[0].description
    assert "Ana · 2 d 14 h" in board.attachments[0].description
    listed = await command(world, world.luis, world.channel, "games")
    assert "⏳ <t:" in listed.text and "1 d 18 h" in listed.text, listed.text  # Luis reads Spanish
    early = await command(world, world.ana, place, "claim")
    assert "still has time" in early.text  # under a bank too
    await _tick(world, 41)
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


async def test_weekends_off_in_the_player_s_own_time_zone(tablero: World) -> None:
    world = tablero
    world.clock.now = FRIDAY_NOON_UTC  # Friday 21:00 in Tokyo: 3 h before its weekend
    zone = await command(
        world, world.ana, world.channel, "settings", {"timezone": "Asia/Tokyo"}, subcommand="me"
    )
    assert "Asia/Tokyo" in zone.text, zone.text
    place = await started(world, days=1, weekends=True)
    # 3 h of Friday in Tokyo, its weekend, then 21 h of Monday: Monday 12:00 UTC.
    monday = FRIDAY_NOON_UTC + 3 * DAY
    opening = world.fake.messages(place)[-1].content
    assert f"Deadline <t:{int(monday)}:R>" in opening and "No clock on weekends" in opening
    await _tick(world, 2 * 24)  # Sunday noon in UTC: her clock has run 3 h
    early = await command(world, world.luis, place, "claim")
    assert f"<t:{int(monday)}:R>" in early.text, early.text
    listed = await command(world, world.ana, world.channel, "games")
    assert "0d 21h" in listed.text, listed.text  # her time left, as the formula says
    await _tick(world, 23.9)
    assert not any("run out of time" in m.content for m in world.fake.messages(place))
    await _tick(world, 0.2)
    assert any("run out of time" in m.content for m in world.fake.messages(place))


async def test_a_turn_skipped_under_a_bank_leaves_only_the_increment(tablero: World) -> None:
    world = tablero
    place, _ = await three_players(world, bank=1)
    await _tick(world, 25)
    await command(world, world.luis, place, "skip")
    decided = await command(world, world.eve, place, "skip")
    assert "Ana's turn is skipped" in decided.text, decided.text
    game = await stored_game(world)
    assert game.moves == ("skip",) and [s.bank_left for s in game.seats] == [0.0, DAY, DAY]
    posted = world.fake.messages(place)[-1].content
    assert "Time left: Ana 0d 0h, Luis 1d 0h, Eve 1d 0h" in posted, posted


async def test_a_rematch_keeps_the_time_control_and_banks_start_full(tablero: World) -> None:
    world = tablero
    place = await started(world, bank=3, weekends=True)
    await _tick(world, 30)
    await move(world, world.ana, place, "6L")  # Ana's bank: 3 d - 30 h, no increment
    await resign(world, world.luis, place)
    final = (await wait_boards(world, place, 3))[-1]
    offer = (await (await world.fake.click(world.ana, final, "rm:1")).done()).message
    assert "3 days for all moves, weekends off" in offer.content, offer.content
    await (await world.fake.click(world.luis, offer, button(offer, "ch:", ":accept"))).done()
    await world.fake.wait_for_message(place, lambda m: len(boards(world, place)) >= 4)
    rematch = await stored_game(world, 2)
    assert rematch.control == TimeControl(bank=3, weekends=True) and rematch.days_per_move is None
    assert [s.bank_left for s in rematch.seats] == [3 * DAY, 3 * DAY]


@pytest.mark.parametrize("step", STEPS)
async def test_a_crash_at_any_step_charges_the_bank_once(tablero: World, step: str) -> None:
    world = tablero
    place = await started(world, bank=2, increment=1, cap=3)
    await _tick(world, 10)
    crash_at(world, step)
    await (await world.fake.slash(world.ana, place, "move", {"move": "6L"})).done()
    await world.restart()
    await settled(world)
    game = await stored_game(world)
    assert game.moves == ("6L",) and game.posted_version == 1
    assert [s.bank_left for s in game.seats] == [2 * DAY + 14 * HOUR, 2 * DAY]  # charged once
    posts = boards(world, place)
    assert len(posts) == 2 and "Time left: Ana 2d 14h, Luis 2d 0h" in posts[1].content
    row = await world.bot.store.db.fetchone(
        "SELECT due_at FROM timers WHERE kind = 'deadline' AND ref_id = ? AND turn_stamp = ?",
        (game.id, game.turn_started_at),
    )
    assert row is not None and row["due_at"] == game.turn_started_at + 2 * DAY
