"""What the two-player tests and the one-path tests would let through, end to end: a rematch
at a table of three turns the seats round by one (a reversal looks the same at two), and
the per-member limits hold on every way into a game or a challenge, not only /play and
Accept (a game against the bot alone, a rematch)."""

from __future__ import annotations

from locales import t
from loopback.perms import MANAGE_GUILD
from tests.e2e import (
    World,
    accept,
    boards,
    button,
    challenge,
    play,
    resign,
    settled,
    stored_game,
    wait_boards,
)


async def _limits(world: World, **limits: int) -> None:
    """Luis manages the server and sets its per-member limits."""
    admins = world.fake.add_role(world.guild, "admins", MANAGE_GUILD)
    admins.member_ids.add(world.luis.id)
    ix = await (
        await world.fake.slash(world.luis, world.channel, "settings", limits, subcommand="server")
    ).done()
    assert ix.ephemeral, ix.text


async def _games(world: World) -> int:
    assert world.bot is not None
    rows = await world.bot.store.db.fetchall("SELECT COUNT(*) AS n FROM games")
    return int(rows[0]["n"])


async def _open_challenges(world: World) -> int:
    assert world.bot is not None
    rows = await world.bot.store.db.fetchall(
        "SELECT COUNT(*) AS n FROM challenges WHERE status = 'open'"
    )
    return int(rows[0]["n"])


async def test_a_rematch_at_a_table_of_three_turns_the_seats_round_by_one(tablero: World) -> None:
    world = tablero
    args = {"opponent": world.luis, "opponent2": world.eve, "first": "me"}
    offer = (await (await play(world, world.ana, "islas", args)).done()).message
    assert offer is not None
    for user in (world.eve, world.luis):
        await (await world.fake.click(user, offer, button(offer, "ch:", ":accept"))).done()
    place = world.fake.threads(world.channel)[-1]
    await wait_boards(world, place, 1)
    await settled(world)
    assert (await stored_game(world)).names() == ("Ana", "Luis", "Eve")
    await resign(world, world.ana, place)
    final = (await wait_boards(world, place, 2))[-1]
    assert final.custom_ids == ["rm:1"]
    over = await stored_game(world)
    assert over.result.winners == (1, 2) and over.result.loser == 0  # both others win
    ix = await (await world.fake.click(world.luis, final, "rm:1")).done()
    rematch = ix.message
    assert not ix.ephemeral and rematch is not None, ix.text
    assert {world.ana.id, world.eve.id} <= set(rematch.pinged_user_ids)
    for user in (world.ana, world.eve):
        await (await world.fake.click(user, rematch, button(rematch, "ch:", ":accept"))).done()
    await world.fake.wait_for_message(place, lambda m: len(boards(world, place)) >= 3)
    await settled(world)
    game = await stored_game(world, 2)
    # Each seat moves one place round: who sat second now sits first, the first sits last.
    assert game.names() == ("Luis", "Eve", "Ana") and game.active


async def test_a_game_against_the_bot_alone_is_refused_at_the_games_limit(
    tablero: World,
) -> None:
    world = tablero
    await _limits(world, max_games=1)
    await accept(world, world.ana, await challenge(world, world.luis, world.ana, first="me"))
    await settled(world)
    assert await _games(world) == 1
    against_bot = await (
        await play(world, world.ana, "stonehenge", {"opponent": world.fake.bot_user})
    ).done()
    at_limit = t("en", "error-limit-games", count=1)
    assert against_bot.ephemeral and at_limit in against_bot.text, against_bot.text
    with_eve = await (await play(world, world.ana, "stonehenge", {"opponent": world.eve})).done()
    assert with_eve.ephemeral and at_limit in with_eve.text, with_eve.text
    assert await _games(world) == 1 and await _open_challenges(world) == 0


async def test_a_rematch_is_refused_over_the_challenge_limit(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await settled(world)
    await resign(world, world.luis, place)
    final = (await wait_boards(world, place, 2))[-1]
    await _limits(world, max_challenges=1)
    await challenge(world, world.ana, world.eve)  # Ana's one open challenge
    refused = await (await world.fake.click(world.ana, final, "rm:1")).done()
    over = t("en", "error-limit-challenges", count=1)
    assert refused.ephemeral and over in refused.text, refused.text
    assert await _open_challenges(world) == 1
