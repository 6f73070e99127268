"""Names as people set them (line breaks, control and format characters) through the
loopback Discord: a game with such a player is played, resigned and replayed like any other,
and the name is shown cleaned wherever it appears."""

from __future__ import annotations

from tests.e2e import (
    World,
    accept,
    boards,
    challenge,
    move,
    resign,
    settled,
    stored_game,
    wait_boards,
)

#: A display name as Discord lets people set it: newlines, a tab, NUL, bidi overrides.
MESSY = "Ana\nMaría\r\n\x00\u202e\tLópez\u2028\u200f"
CLEAN = "Ana María López"


async def test_a_player_whose_name_holds_line_breaks_plays_a_whole_game(tablero: World) -> None:
    world = tablero
    world.ana.global_name = MESSY
    offer = await challenge(world, world.ana, world.luis, first="me")
    assert CLEAN in offer.text and MESSY not in offer.text
    place = await accept(world, world.luis, offer)  # the opening board is posted
    await settled(world)
    game = await stored_game(world)
    assert game.names() == (CLEAN, "Luis")
    opening = boards(world, place)
    assert len(opening) == 1 and CLEAN in opening[0].text
    played = await move(world, world.ana, place, "6L")
    assert "6L" in played.text, played.text
    await wait_boards(world, place, 2)
    assert world.bot is not None
    state = world.bot.table.state(await stored_game(world))
    answer = await move(world, world.luis, place, state.format(state.legal_moves()[0]))
    assert "⚠️" not in answer.text, answer.text
    await wait_boards(world, place, 3)
    await resign(world, world.luis, place)
    (*_, result) = await wait_boards(world, place, 4)
    assert CLEAN in result.text and "\n" not in CLEAN
    assert (await stored_game(world)).status == "finished"
    replayed = await (await world.fake.slash(world.eve, place, "replay")).done()
    assert not replayed.ephemeral, replayed.text
    (posted,) = replayed.messages
    assert f"{CLEAN} – Luis" in posted.content and posted.attachments
    assert all(MESSY not in m.text for m in world.fake.messages(place))


async def test_a_game_whose_stored_name_holds_line_breaks_is_played_and_replayed(
    tablero: World,
) -> None:
    """A name stored before names were cleaned (or by another program) is drawn all the same."""
    world = tablero
    assert world.bot is not None
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await settled(world)
    async with world.bot.store.db.transaction() as tx:
        await tx.execute("UPDATE seats SET name = ? WHERE user_id = ?", (MESSY, world.ana.id))
    assert (await stored_game(world)).names() == (CLEAN, "Luis")  # cleaned as it is read
    await move(world, world.ana, place, "6L")
    await wait_boards(world, place, 2)
    await resign(world, world.luis, place)
    (*_, result) = await wait_boards(world, place, 3)
    assert CLEAN in result.text, result.text
    replayed = await (await world.fake.slash(world.eve, place, "replay")).done()
    assert not replayed.ephemeral, replayed.text
    (posted,) = replayed.messages
    assert posted.attachments and f"{CLEAN} – Luis" in posted.content


async def test_a_server_nickname_with_control_characters_is_cleaned_as_it_comes_in(
    tablero: World,
) -> None:
    world = tablero
    world.luis.nicks[world.guild.id] = "\u202eLu\x00is\n\n el\tGrande\u200b"
    offer = await challenge(world, world.ana, world.luis, first="me")
    place = await accept(world, world.luis, offer)
    await settled(world)
    assert (await stored_game(world)).names() == ("Ana", "Luis el Grande")
    assert "Luis el Grande" in boards(world, place)[0].text
    # Nothing visible at all: the username stands in.
    world.eve.nicks[world.guild.id] = "\u200b\n\u202e \x00"
    open_table = await challenge(world, world.eve, None)
    assert "**Eve**" in open_table.text, open_table.text
