"""Ending a game early by agreement, through the loopback Discord: /abort and /draw."""

from __future__ import annotations

from data import Ending
from data.ratings import human
from loopback.models import FakeChannel, FakeMessage
from tests.e2e import (
    World,
    boards,
    button,
    challenge,
    command,
    move,
    play,
    settled,
    started,
    stored_game,
    wait_boards,
)


def _offer(world: World, place: FakeChannel) -> FakeMessage:
    return next(
        m
        for m in reversed(world.fake.messages(place))
        if m.custom_ids and m.custom_ids[0].startswith("dw:")
    )


async def test_a_game_called_off_in_its_first_turns_has_no_result_and_no_rating(
    tablero: World,
) -> None:
    world = tablero
    place = await started(world)
    await move(world, world.ana, place, "1A")
    ix = await command(world, world.luis, place, "abort")
    assert ix.ephemeral and "queda anulada" in ix.text, ix.text  # Luis reads Spanish
    final = (await wait_boards(world, place, 3))[-1]
    assert "**Luis** called the game off in its first turns" in final.content
    assert "📈" not in final.content  # not rated
    record = await stored_game(world)
    assert record.result.ending is Ending.ABORT and record.result.winners == ()
    assert (
        await world.bot.store.ratings.get("stonehenge", world.guild.id, human(world.ana.id)) is None
    )


async def test_too_late_to_abort_after_each_players_first_two_turns(tablero: World) -> None:
    world = tablero
    place = await started(world)
    for user, notation in ((world.ana, "1A"), (world.luis, "1B"), (world.ana, "2C")):
        await move(world, user, place, notation)
    ix = await command(world, world.ana, place, "abort")
    assert "called off" in ix.text  # three turns played: still each player's first two
    place2 = await _started_again(world)
    moves = ((world.ana, "1A"), (world.luis, "1B"), (world.ana, "2C"), (world.luis, "2D"))
    for user, notation in moves:
        await move(world, user, place2, notation)
    ix = await command(world, world.ana, place2, "abort")
    assert ix.ephemeral and "Too late to call it off" in ix.text
    assert (await stored_game(world, 2)).active


async def _started_again(world: World) -> FakeChannel:
    message = await challenge(world, world.ana, world.luis, first="me")
    await (await world.fake.click(world.luis, message, button(message, "ch:", ":accept"))).done()
    place = world.fake.threads(world.channel)[-1]
    await wait_boards(world, place, 1)
    await settled(world)
    return place


async def test_an_accepted_draw_ends_the_game_level_for_the_ratings(tablero: World) -> None:
    world = tablero
    place = await started(world)
    await move(world, world.ana, place, "6A")
    ix = await command(world, world.ana, place, "draw")  # not her turn: offering is fine
    assert ix.ephemeral and "Your offer is posted" in ix.text
    offer = _offer(world, place)
    assert "**Ana** offers a draw" in offer.content and world.luis.id in offer.pinged_user_ids
    again = await command(world, world.ana, place, "draw")
    assert "Your offer is open already" in again.text  # one open offer a game
    own = await (await world.fake.click(world.ana, offer, button(offer, "dw:", ":yes"))).done()
    assert own.ephemeral and "your own offer" in own.text
    await (await world.fake.click(world.luis, offer, button(offer, "dw:", ":yes"))).done()
    final = (await wait_boards(world, place, 3))[-1]
    assert "agreed on a draw" in final.content
    record = await stored_game(world)
    assert record.result.ending is Ending.DRAW and record.result.winners == (0, 1)
    ratings = world.bot.store.ratings
    ana = await ratings.get("stonehenge", world.guild.id, human(world.ana.id))
    luis = await ratings.get("stonehenge", world.guild.id, human(world.luis.id))
    assert ana.value == luis.value and ana.games == luis.games == 1  # level, though Ana led


async def test_an_offer_lapses_when_its_maker_moves_and_a_refusal_waits_a_move(
    tablero: World,
) -> None:
    world = tablero
    place = await started(world)
    await command(world, world.ana, place, "draw")
    first = _offer(world, place)
    await (await world.fake.click(world.luis, first, button(first, "dw:", ":no"))).done()
    assert any("**Luis** wants to play on" in m.content for m in world.fake.messages(place))
    refused = await command(world, world.ana, place, "draw")
    assert "offer again after your next move" in refused.text
    await move(world, world.ana, place, "1A")
    await command(world, world.ana, place, "draw")  # a new offer after her move
    second = _offer(world, place)
    assert second.id != first.id
    await move(world, world.luis, place, "1B")
    await move(world, world.ana, place, "2C")  # she moved again: her offer lapsed
    late = await (await world.fake.click(world.luis, second, button(second, "dw:", ":yes"))).done()
    assert late.ephemeral and "Esta oferta caducó: Ana ha jugado" in late.text
    assert (await stored_game(world)).active


async def test_a_table_of_three_ends_early_only_when_everyone_agrees(tablero: World) -> None:
    world = tablero
    args = {"opponent": world.luis, "opponent2": world.eve, "first": "me"}
    ix = await (await play(world, world.ana, "islas", args)).done()
    for user in (world.luis, world.eve):
        await (
            await world.fake.click(user, ix.message, button(ix.message, "ch:", ":accept"))
        ).done()
    place = world.fake.threads(world.channel)[-1]
    await wait_boards(world, place, 1)
    await settled(world)
    await command(world, world.luis, place, "draw")
    offer = _offer(world, place)
    assert "everyone must agree" in offer.content
    await (await world.fake.click(world.ana, offer, button(offer, "dw:", ":yes"))).done()
    assert (await stored_game(world)).active  # Eve has not said yes yet
    assert "Agreed so far: Ana" in _offer(world, place).content
    await (await world.fake.click(world.eve, offer, button(offer, "dw:", ":yes"))).done()
    final = (await wait_boards(world, place, 2))[-1]
    assert "The table agreed to end the game here" in final.content
    record = await stored_game(world)
    assert record.result.ending is Ending.DRAW and record.result.winners == (0, 1, 2)  # 0-0-0


async def test_no_draw_against_the_bot(tablero: World) -> None:
    world = tablero
    ix = await (
        await play(world, world.ana, "stonehenge", {"opponent": world.fake.bot_user})
    ).done()
    assert not ix.ephemeral
    place = (await world.fake.wait_for_threads(world.channel))[-1]
    await wait_boards(world, place, 1)
    refused = await command(world, world.ana, place, "draw")
    assert refused.ephemeral and "no draws against it" in refused.text
    assert not any(
        m.custom_ids and m.custom_ids[0].startswith("dw:") for m in world.fake.messages(place)
    )
    assert len(boards(world, place)) >= 1
