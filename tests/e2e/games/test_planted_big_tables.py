"""Islas tables of four and five through the loopback Discord: the counts that a table of
three cannot tell apart ("everyone else" and "two others"; "a majority of the others",
"two" and "all but one") are checked where they differ."""

from __future__ import annotations

import pytest

from data import Ending
from locales import t
from loopback.models import FakeChannel, FakeUser
from tests.e2e import World, boards, button, play, settled, stored_game, wait_boards

HOUR = 3600.0


async def _table(world: World, players: int, **extra: object) -> tuple[FakeChannel, list[FakeUser]]:
    """Ana's Islas table of ``players`` (Luis, Eve and newcomers), every seat accepted."""
    others = [world.luis, world.eve]
    others += [world.fake.add_user(name) for name in ("Noa", "Teo", "Ida")[: players - 3]]
    args: dict[str, object] = {"first": "me", **extra}
    for i, user in enumerate(others):
        args["opponent" if i == 0 else f"opponent{i + 1}"] = user
    offer = (await (await play(world, world.ana, "islas", args)).done()).message
    assert offer is not None
    for user in others:
        await (await world.fake.click(user, offer, button(offer, "ch:", ":accept"))).done()
    place = world.fake.threads(world.channel)[-1]
    await wait_boards(world, place, 1)
    await settled(world)
    assert len((await stored_game(world)).names()) == players
    return place, [world.ana, *others]


@pytest.mark.parametrize("players", [4, 5])
async def test_a_table_of_four_or_five_ends_early_only_when_every_other_player_agrees(
    tablero: World, players: int
) -> None:
    world = tablero
    place, users = await _table(world, players)
    ix = await (await world.fake.slash(users[1], place, "draw")).done()
    assert ix.ephemeral, ix.text
    offer = next(
        m
        for m in reversed(world.fake.messages(place))
        if m.custom_ids and m.custom_ids[0].startswith("dw:")
    )
    yes = button(offer, "dw:", ":yes")
    waiting = [u for u in users if u is not users[1]]
    for user in waiting[:-1]:
        await (await world.fake.click(user, offer, yes)).done()
        assert (await stored_game(world)).active, user.name  # someone has not said yes yet
    await (await world.fake.click(waiting[-1], offer, yes)).done()
    await wait_boards(world, place, 2)
    record = await stored_game(world)
    assert record.result.ending is Ending.DRAW and record.result.winners == tuple(range(players))


@pytest.mark.parametrize(("players", "needed"), [(4, 2), (5, 3)])
async def test_a_majority_of_the_other_players_votes_a_timed_out_turn_away(
    tablero: World, players: int, needed: int
) -> None:
    world = tablero
    place, users = await _table(world, players, days=1)
    world.clock.now += 25 * HOUR
    await world.bot.get_cog("Timers").fire_due()
    for user in users[1:needed]:
        ix = await (await world.fake.slash(user, place, "skip")).done()
        assert ix.ephemeral, ix.text
        assert (await stored_game(world)).moves == (), user.name  # not enough votes yet
    decided = await (await world.fake.slash(users[needed], place, "skip")).done()
    skipped = t("en", "skip-done", player="Ana", place=f"<#{place.id}>")
    assert decided.ephemeral and skipped in decided.text, decided.text
    game = await stored_game(world)
    assert game.moves == ("skip",) and game.active
    await wait_boards(world, place, 2)
    assert users[1].id in boards(world, place)[-1].pinged_user_ids  # the next seat's turn
