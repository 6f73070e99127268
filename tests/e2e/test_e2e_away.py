"""Time away through the loopback Discord: the clocks of an away player stand still."""

from __future__ import annotations

from tests.e2e import World, accept, boards, challenge, command, move, settled, stored_game

HOUR = 3600.0
DAY = 24 * HOUR


async def _tick(world: World, hours: float) -> None:
    world.clock.now += hours * HOUR
    await world.bot.get_cog("Timers").fire_due()
    await settled(world)


async def test_an_away_players_deadline_waits_and_resumes_after(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, first="me", days=1)
    place = await accept(world, world.luis, message)
    await settled(world)
    away = await command(world, world.ana, world.channel, "away", {"days": 3})
    assert away.ephemeral and "You are away until" in away.text, away.text
    games = await command(world, world.luis, world.channel, "games")
    assert "Ausente hasta" in games.text  # Luis sees why Ana's clock stands still
    await _tick(world, 30)  # her day is long gone, but she is away
    texts = [m.content for m in world.fake.messages(place)]
    assert not any(t.startswith(("⌛", "⏰")) for t in texts)  # no deadline, no reminder
    early = await command(world, world.luis, place, "claim")
    assert early.ephemeral and (await stored_game(world)).active, early.text
    await _tick(world, 3 * 24 - 30 + 23)  # back since 23 h: her day has not run out yet
    assert (await stored_game(world)).active
    await _tick(world, 2)  # now it has
    assert any("has run out of time" in m.content for m in world.fake.messages(place))
    claimed = await command(world, world.luis, place, "claim")
    assert claimed.ephemeral
    record = await stored_game(world)
    assert not record.active and record.result.loser == 0


async def test_moving_ends_time_away_and_the_year_has_a_limit(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await settled(world)
    await command(world, world.ana, world.channel, "away", {"days": 5})
    assert await world.bot.store.away.current(world.ana.id) is not None
    await move(world, world.ana, place, "1A")
    assert await world.bot.store.away.current(world.ana.id) is None  # she is back
    latest = boards(world, place)[-1]
    assert "Away until" not in latest.content
    for _ in range(2):
        await command(world, world.eve, world.channel, "away", {"days": 14})
        world.clock.now += 14 * DAY
    refused = await command(world, world.eve, world.channel, "away", {"days": 3})
    assert refused.ephemeral and "you have 2 days left" in refused.text, refused.text
    back = await command(world, world.eve, world.channel, "away", {"days": 0})
    assert "You were not away" in back.text


async def test_a_player_who_left_the_server_can_be_claimed_against(tablero: World) -> None:
    world = tablero
    await world.bot.store.settings.set_dm_turns(world.ana.id, True)  # a DM that cannot go
    message = await challenge(world, world.ana, world.luis, first="me", days=1)
    place = await accept(world, world.luis, message)
    await settled(world)
    world.fake.remove_member(world.guild, world.ana)
    await _tick(world, 25)  # reminded where possible; her time runs out all the same
    texts = [m.content for m in world.fake.messages(place)]
    assert any(t.startswith("⏰") for t in texts) and any("has run out of time" in t for t in texts)
    claimed = await command(world, world.luis, place, "claim")
    assert claimed.ephemeral
    record = await stored_game(world)
    assert not record.active and record.result.winners == (1,)
