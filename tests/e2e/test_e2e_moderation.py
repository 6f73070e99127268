"""Moderators and limits through the loopback Discord: /mod end, /mod cancel, a moderator's
Decline, and the per-member limits set in /settings."""

from __future__ import annotations

from data import Ending
from data.ratings import human
from loopback.perms import MANAGE_GUILD
from tests.e2e import (
    World,
    accept,
    button,
    challenge,
    command,
    move,
    play,
    settled,
    stored_game,
    wait_boards,
)


async def test_a_moderator_ends_a_game_and_it_is_not_rated(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await move(world, world.ana, place, "1A")
    refused = await command(world, world.eve, place, "mod", {"reason": "x"}, subcommand="end")
    assert refused.ephemeral and "Only moderators" in refused.text
    # A manager names a moderator role; Eve, in it, may now end the game.
    admins = world.fake.add_role(world.guild, "admins", MANAGE_GUILD)
    admins.member_ids.add(world.ana.id)
    mods = world.fake.add_role(world.guild, "mods")
    mods.member_ids.add(world.eve.id)
    await command(
        world, world.ana, world.channel, "settings", {"mod_role": mods}, subcommand="server"
    )
    assert (await world.bot.store.settings.guild(world.guild.id)).mod_role_id == mods.id
    reason = "Playing with a second account " + "!" * 300  # cut to fit
    done = await command(world, world.eve, place, "mod", {"reason": reason[:200]}, subcommand="end")
    assert done.ephemeral and "Game #1 is over" in done.text, done.text
    final = (await wait_boards(world, place, 3))[-1]
    assert "🛡️ A moderator ended the game: Playing with a second account" in final.content
    assert "📈" not in final.content
    record = await stored_game(world)
    assert record.result.ending is Ending.MODERATOR and record.result.winners == ()
    ratings = world.bot.store.ratings
    assert await ratings.get("stonehenge", world.guild.id, human(world.luis.id)) is None
    assert await world.bot.store.stats.count_finished(world.ana.id) == 0  # not counted either


async def test_a_member_over_a_limit_is_refused(tablero: World) -> None:
    world = tablero
    admins = world.fake.add_role(world.guild, "admins", MANAGE_GUILD)
    admins.member_ids.add(world.luis.id)
    await command(
        world,
        world.luis,
        world.channel,
        "settings",
        {"max_challenges": 1, "max_games": 1},
        subcommand="server",
    )
    await challenge(world, world.ana, world.luis)
    second = await (await play(world, world.ana, "kahuna", {"opponent": world.eve})).done()
    assert second.ephemeral and "You have one open challenge on this server already" in second.text
    first = world.fake.messages(world.channel)[-1]
    await (await world.fake.click(world.luis, first, button(first, "ch:", ":accept"))).done()
    await settled(world)
    third = await (await play(world, world.eve, "stonehenge", {"opponent": world.ana})).done()
    offer = third.message
    accepted = await (
        await world.fake.click(world.ana, offer, button(offer, "ch:", ":accept"))
    ).done()
    assert accepted.ephemeral and "playing one game on this server already" in accepted.text


async def test_a_moderator_cancels_someone_elses_challenge(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis)
    decline = button(message, "ch:", ":decline")
    outsider = await (await world.fake.click(world.eve, message, decline)).done()
    assert outsider.ephemeral  # not hers to decline
    admins = world.fake.add_role(world.guild, "admins", MANAGE_GUILD)
    admins.member_ids.add(world.eve.id)
    await (await world.fake.click(world.eve, message, decline)).done()
    assert "A moderator cancelled this challenge" in world.fake.messages(world.channel)[0].content
    assert (await world.bot.store.challenges.get(1)).status == "cancelled"
    other = await challenge(world, world.luis, world.ana)
    done = await command(
        world, world.eve, world.channel, "mod", {"challenge": 2}, subcommand="cancel"
    )
    assert "Challenge #2 is cancelled" in done.text
    assert (await world.bot.store.challenges.get(2)).status == "cancelled"
    assert other.id


async def test_a_moderator_finds_the_number_of_a_challenge(tablero: World) -> None:
    world = tablero
    first = await challenge(world, world.ana, world.luis)
    second = await challenge(world, world.luis, world.ana, game="kahuna")
    assert "Challenge #1" in first.content and "Reto #2" in second.content, first.content

    async def offered(user, typed: str) -> list[dict]:
        return await world.fake.autocomplete(
            user,
            world.channel,
            "mod",
            {"challenge": typed},
            focused="challenge",
            subcommand="cancel",
        )

    assert await offered(world.eve, "") == []  # not a moderator: nothing to choose from
    admins = world.fake.add_role(world.guild, "admins", MANAGE_GUILD)
    admins.member_ids.add(world.eve.id)
    choices = await offered(world.eve, "")
    assert [c["value"] for c in choices] == [1, 2], choices
    assert "Ana" in choices[0]["name"] and "Stonehenge" in choices[0]["name"], choices
    assert [c["value"] for c in await offered(world.eve, "kahu")] == [2]
    assert [c["value"] for c in await offered(world.eve, "1")] == [1]
    await (await world.fake.click(world.ana, first, button(first, "ch:", ":decline"))).done()
    assert [c["value"] for c in await offered(world.eve, "")] == [2]  # only open ones

    # Over the limit, the refusal says how to withdraw one.
    await command(
        world, world.eve, world.channel, "settings", {"max_challenges": 1}, subcommand="server"
    )
    refused = await (await play(world, world.luis, "stonehenge", {"opponent": world.eve})).done()
    assert refused.ephemeral and "botón Rechazar de su mensaje" in refused.text, refused.text
