"""Undo and rematch through the loopback Discord."""

from __future__ import annotations

from tests.e2e import (
    World,
    boards,
    button,
    move,
    resign,
    started,
    stored_game,
    wait_boards,
)


async def _undo_request(world: World, place, user):
    ix = await (await world.fake.slash(user, place, "undo")).done()
    assert ix.ephemeral, ix.text
    return ix


async def test_undo_accepted_restores_the_exact_previous_state(tablero: World) -> None:
    world = tablero
    place = await started(world)
    await move(world, world.ana, place, "6L")
    await move(world, world.luis, place, "5D")
    before = (await stored_game(world)).to_record()
    await move(world, world.ana, place, "4A")
    asked = await _undo_request(world, place, world.ana)
    assert "opponent decides" in asked.text
    request = world.fake.messages(place)[-1]
    assert "asks to take back" in request.content and world.luis.id in request.pinged_user_ids
    assert "played 4 on A" in request.content
    mover = await (
        await world.fake.click(world.ana, request, button(request, "ud:", ":yes"))
    ).done()
    assert mover.ephemeral and "Luis decides" in mover.text, mover.text
    await (await world.fake.click(world.luis, request, button(request, "ud:", ":yes"))).done()
    restored = (await wait_boards(world, place, 5))[-1]
    assert "taken back" in restored.content and world.ana.id in restored.pinged_user_ids
    game = await stored_game(world)
    assert game.to_record() == before and game.version == 2
    await move(world, world.ana, place, "3A")
    assert (await stored_game(world)).moves == ("6L", "5D", "3A")


async def test_undo_declined_changes_nothing(tablero: World) -> None:
    world = tablero
    place = await started(world)
    await move(world, world.ana, place, "6L")
    await _undo_request(world, place, world.ana)
    request = world.fake.messages(place)[-1]
    ix = await (await world.fake.click(world.luis, request, button(request, "ud:", ":no"))).done()
    assert "said no" in ix.message.content and not ix.message.buttons
    assert (await stored_game(world)).moves == ("6L",)


async def test_undo_is_refused_when_not_yours_or_revealing(tablero: World) -> None:
    world = tablero
    place = await started(world, hidden=True)
    await move(world, world.ana, place, "1A")
    ix = await (await world.fake.slash(world.luis, place, "undo")).done()
    assert "no es tuya" in ix.text
    await move(world, world.luis, place, "1B")  # fills L0 (A, B): both druids are revealed
    ix = await (await world.fake.slash(world.luis, place, "undo")).done()
    assert ix.ephemeral and "reveló algo" in ix.text
    assert (await stored_game(world)).moves == ("1A", "1B")


async def test_rematch_swaps_the_seats(tablero: World) -> None:
    world = tablero
    place = await started(world)
    await resign(world, world.ana, place)
    final = (await wait_boards(world, place, 2))[-1]
    assert final.custom_ids == ["rm:1"]
    outsider = await (await world.fake.click(world.eve, final, "rm:1")).done()
    assert outsider.ephemeral and "not playing" in outsider.text
    ix = await (await world.fake.click(world.luis, final, "rm:1")).done()
    offer = ix.message
    assert not ix.ephemeral and world.ana.id in offer.pinged_user_ids
    await (await world.fake.click(world.ana, offer, button(offer, "ch:", ":accept"))).done()
    await world.fake.wait_for_message(place, lambda m: len(boards(world, place)) >= 3)
    rematch = await stored_game(world, 2)
    assert rematch.names() == ("Luis", "Ana") and rematch.active


async def _finished(world: World):
    place = await started(world)
    await resign(world, world.ana, place)
    return place, (await wait_boards(world, place, 2))[-1]


async def _open_challenges(world: World) -> list[int]:
    rows = await world.bot.store.db.fetchall("SELECT id FROM challenges WHERE status = 'open'")
    return [row["id"] for row in rows]


async def test_a_second_rematch_click_finds_the_first(tablero: World) -> None:
    world = tablero
    _, final = await _finished(world)
    first = await (await world.fake.click(world.luis, final, "rm:1")).done()
    assert not first.ephemeral
    again = await (await world.fake.click(world.luis, final, "rm:1")).done()
    assert again.ephemeral and "Ya has propuesto la revancha" in again.text, again.text
    assert "/channels/" in again.text  # a link to the open offer
    other = await (await world.fake.click(world.ana, final, "rm:1")).done()
    assert other.ephemeral and "Luis has already offered a rematch" in other.text
    assert await _open_challenges(world) == [2]
    offer = first.message
    await (await world.fake.click(world.ana, offer, button(offer, "ch:", ":decline"))).done()
    later = await (await world.fake.click(world.ana, final, "rm:1")).done()
    assert not later.ephemeral  # the first offer was declined: a new one may be made
    assert await _open_challenges(world) == [3]


async def test_two_rematch_clicks_at_once_make_one_challenge(tablero: World) -> None:
    world = tablero
    _, final = await _finished(world)
    clicks = [await world.fake.click(world.luis, final, "rm:1") for _ in range(2)]
    clicks.append(await world.fake.click(world.ana, final, "rm:1"))
    answers = [await c.done() for c in clicks]
    assert sorted(a.ephemeral for a in answers) == [False, True, True]
    assert len(await _open_challenges(world)) == 1


async def test_an_undo_request_names_the_move_and_outsiders_are_not_playing(
    tablero: World,
) -> None:
    world = tablero
    place = await started(world)
    await move(world, world.ana, place, "6L")
    await _undo_request(world, place, world.ana)
    request = world.fake.messages(place)[-1]
    assert "played 6 on L" in request.content, request.content
    outsider = await (
        await world.fake.click(world.eve, request, button(request, "ud:", ":yes"))
    ).done()
    assert outsider.ephemeral and "not playing" in outsider.text, outsider.text
    assert (await stored_game(world)).moves == ("6L",)


async def test_an_undo_request_in_a_hidden_game_keeps_the_druid_hidden(tablero: World) -> None:
    world = tablero
    place = await started(world, hidden=True)
    await move(world, world.ana, place, "6A")
    await _undo_request(world, place, world.ana)
    request = world.fake.messages(place)[-1]
    assert "face down on A" in request.content, request.content
    assert "6 on" not in request.content and "6A" not in request.content
