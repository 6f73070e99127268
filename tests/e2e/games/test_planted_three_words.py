"""What the bot tells one player about the others, at an Islas table of three (every other
test of these texts has two players, where "the others" and "the other one" read alike):
the turn's direct message, /games and /history name both other players."""

from __future__ import annotations

import random

from locales import join, t
from tests.e2e import World, move, resign, settled, three_players, wait_boards


async def test_a_turn_s_direct_message_and_games_name_both_other_players(tablero: World) -> None:
    world = tablero
    on = await (await world.fake.slash(world.eve, world.channel, "notify", {"on": True})).done()
    assert on.ephemeral, on.text
    place, state = await three_players(world)
    rng = random.Random(2)
    for user in (world.ana, world.luis):  # Eve, the third seat, is to move next
        chosen = rng.choice(state.legal_moves())
        ix = await move(world, user, place, state.format(chosen))
        assert "⚠️" not in ix.text, ix.text
        state.apply(chosen)
    assert state.turn == 2
    dms = world.fake.dm_channel(world.eve)
    dm = await world.fake.wait_for_message(dms, lambda m: "Islas" in m.content)
    assert "Ana, Luis" in dm.content and "Eve" not in dm.content, dm.content
    listed = await (await world.fake.slash(world.luis, world.channel, "games")).done()
    row = next(line for line in listed.text.splitlines() if "**Islas**" in line)
    their_turn = t("es", "games-their-turn", player="Eve")  # Luis reads Spanish
    assert "Ana, Eve" in row and their_turn in row, row


async def test_history_names_both_other_players_of_a_table_of_three(tablero: World) -> None:
    world = tablero
    place, _ = await three_players(world)
    await resign(world, world.ana, place)
    await wait_boards(world, place, 2)
    await settled(world)
    ix = await (await world.fake.slash(world.eve, world.channel, "history")).done()
    rows = [line for line in ix.text.splitlines() if "**Islas**" in line]
    assert len(rows) == 1 and rows[0].startswith("✅"), ix.text  # a win
    assert join("en", ["Ana", "Luis"]) in rows[0], rows[0]
