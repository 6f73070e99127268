"""Seasons through the loopback Discord: a moderator starts one, rated games count on its
ladder (/leaderboard season:), and its end is posted in its channel once, a restart and a
process that died after posting notwithstanding, on both engines and shard by shard. The
clock is the test's (no sleeping)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from data import Ending, Result
from data.seasons import WEEK
from loopback import stop_bot
from loopback.models import FakeMessage, FakeUser
from loopback.perms import MANAGE_GUILD
from tests.e2e import World, accept, challenge, command, resign, wait_boards
from tests.e2e.test_e2e_shards import run_bot, servers  # noqa: F401 (a fixture)

END_TITLE = "Season 1 is over"


def _moderator(world: World, user: FakeUser) -> None:
    admins = world.fake.add_role(world.guild, "admins", MANAGE_GUILD)
    admins.member_ids.add(user.id)


async def _won(world: World, loser: FakeUser, winner: FakeUser) -> None:
    """A rated Stonehenge game that ``loser`` resigns, its last board out."""
    place = await accept(world, winner, await challenge(world, loser, winner, first="me"))
    world.clock.now += 60  # it ends a minute on
    await resign(world, loser, place)
    await wait_boards(world, place, 2)


def _end_posts(world: World) -> list[FakeMessage]:
    return [m for m in world.fake.messages(world.channel) if END_TITLE in m.text]


class Died(BaseException):
    """The process stopped dead here (nothing after it ran)."""


async def _dies_after_posting(world: World) -> None:
    """The bot fires the due season-end timer and dies before marking it done."""
    assert world.bot is not None
    timers = world.bot.get_cog("Timers")
    fire = timers.fire

    async def dying(timer: Any) -> None:
        await fire(timer)
        if timer.kind == "season-end":
            raise Died

    timers.fire = dying
    with pytest.raises(Died):
        await timers.fire_due()
    timers.fire = fire


async def test_a_season_ladders_its_games_and_its_end_is_posted_once(tablero: World) -> None:
    world = tablero
    args = {"length": 2}
    refused = await command(world, world.eve, world.channel, "season", args, subcommand="start")
    assert refused.ephemeral and "Only moderators" in refused.text
    _moderator(world, world.ana)
    begun = await command(world, world.ana, world.channel, "season", args, subcommand="start")
    assert not begun.ephemeral and "Season 1" in begun.text, begun.text
    ends = int(world.clock.now + 2 * WEEK)
    assert f"<t:{ends}:f>" in begun.text
    again = await command(world, world.ana, world.channel, "season", args, subcommand="start")
    assert again.ephemeral and "Season 1 is running already" in again.text, again.text
    shown = await command(world, world.luis, world.channel, "season", subcommand="show")
    assert "temporada 1 está en curso" in shown.text and f"<t:{ends}:R>" in shown.text, shown.text

    await _won(world, world.ana, world.luis)
    await _won(world, world.eve, world.luis)
    board = await command(
        world, world.eve, world.channel, "leaderboard", {"game": "stonehenge", "season": 1}
    )
    assert not board.ephemeral and "Stonehenge — season 1" in board.text, board.text
    rows = [line for line in board.text.splitlines() if line.startswith("**#")]
    assert rows[0].startswith("**#1** Luis — ") and "2 games" in rows[0], rows
    assert len(rows) == 3 and any(r.startswith("**#2 Eve — ") for r in rows), rows  # hers
    unknown = await command(
        world, world.eve, world.channel, "leaderboard", {"game": "stonehenge", "season": 2}
    )
    assert unknown.ephemeral and "no season 2" in unknown.text, unknown.text

    await world.restart()  # the season and its end outlive the bot
    world.clock.now = ends + 1
    await _dies_after_posting(world)
    assert len(_end_posts(world)) == 1
    await world.restart()  # another process takes the timer over once its lease ran out
    world.clock.now += world.bot.timer_lease + 1
    await world.bot.get_cog("Timers").fire_due()
    world.clock.now += WEEK
    await world.bot.get_cog("Timers").fire_due()
    posts = _end_posts(world)
    assert len(posts) == 1, [m.text for m in posts]
    text = posts[0].text
    assert "Stonehenge: Luis" in text, text  # the champion of each game played
    assert "**#1** Luis — " in text and "**#3** Ana — " in text, text  # the final ladder
    over = await command(world, world.ana, world.channel, "season", subcommand="show")
    assert over.ephemeral and "No season is running" in over.text, over.text
    # A new season starts fresh: nobody on its ladder yet.
    await command(world, world.ana, world.channel, "season", args, subcommand="start")
    board = await command(
        world, world.eve, world.channel, "leaderboard", {"game": "stonehenge", "season": 2}
    )
    assert "season 2" in board.text and "**#" not in board.text, board.text


async def test_a_moderator_ends_a_season_early(tablero_on: World) -> None:
    world = tablero_on
    none = await command(world, world.ana, world.channel, "season", subcommand="end")
    assert none.ephemeral and "Only moderators" in none.text
    _moderator(world, world.ana)
    none = await command(world, world.ana, world.channel, "season", subcommand="end")
    assert none.ephemeral and "No season is running" in none.text, none.text
    await command(world, world.ana, world.channel, "season", {"length": 4}, subcommand="start")
    await _won(world, world.luis, world.ana)
    ended = await command(world, world.ana, world.channel, "season", subcommand="end")
    assert ended.ephemeral and "Season 1 is over" in ended.text, ended.text
    post = await world.fake.wait_for_message(world.channel, lambda m: END_TITLE in m.text)
    assert "Stonehenge: Ana" in post.text, post.text
    await _won(world, world.luis, world.ana)  # after the end: not on its ladder
    board = await command(
        world, world.ana, world.channel, "leaderboard", {"game": "stonehenge", "season": 1}
    )
    assert "1 game" in board.text and "2 games" not in board.text, board.text
    await world.bot.get_cog("Timers").fire_due()
    assert len(_end_posts(world)) == 1


async def test_each_process_posts_only_its_own_servers_season_end(
    servers: tuple[World, World],  # noqa: F811 (the fixture imported above)
) -> None:
    worlds = servers
    bots = [await run_bot(worlds[0], [0]), await run_bot(worlds[1], [1])]
    try:
        for world, bot in zip(worlds, bots, strict=True):
            world.bot = bot
            _moderator(world, world.ana)
            args = {"length": 1}
            begun = await command(
                world, world.ana, world.channel, "season", args, subcommand="start"
            )
            assert "Season 1" in begun.text, begun.text  # each server numbers its own
        worlds[0].clock.now += WEEK + 1
        await bots[1].get_cog("Timers").fire_due()  # shard 1's process: its server only
        assert [len(_end_posts(w)) for w in worlds] == [0, 1]
        await bots[0].get_cog("Timers").fire_due()
        await bots[1].get_cog("Timers").fire_due()
        assert [len(_end_posts(w)) for w in worlds] == [1, 1]
        assert all("No rated game" in _end_posts(w)[0].text for w in worlds)
    finally:
        for bot in bots:
            await stop_bot(bot)


async def test_a_season_ladder_pages_after_a_restart_and_is_offered_by_number(
    tablero: World,
) -> None:
    world = tablero
    _moderator(world, world.ana)
    await command(world, world.ana, world.channel, "season", {"length": 1}, subcommand="start")
    store = world.bot.store
    for n in range(12):  # everyone beats Eve: she ends last of 13
        other = world.fake.add_user(f"Player {n:02}")
        game_id = await store.games.create_game(
            game="stonehenge",
            seats=[(other.id, other.name), (world.eve.id, "Eve")],
            seed=1,
            options={},
            lang="en",
            guild_id=world.guild.id,
            channel_id=world.channel.id,
            place_id=world.channel.id,
        )
        world.clock.now += 60
        await store.games.finish(game_id, 0, Result(Ending.RULES, (0,), (5, 3)))
        await store.games.mark_posted(game_id, 1, None)
    args = {"game": "stonehenge", "season": 1}
    first = (await command(world, world.eve, world.channel, "leaderboard", args)).message
    assert first is not None and "Page 1 of 2" in first.text, first.text
    _, following = first.custom_ids
    season = (await store.seasons.of_guild(world.guild.id))[0]
    assert following.startswith("pg:lb:1:") and following.endswith(f":-{season.id}:stonehenge")
    await world.restart()
    turned = await (await world.fake.click(world.eve, first, following)).done()
    assert turned.message is first and "Page 2 of 2" in first.text, turned.text
    assert "Stonehenge — season 1" in first.text
    rows = [line for line in first.text.splitlines() if line.startswith("**#")]
    assert rows == [r for r in rows if "Player" in r or "Eve" in r] and len(rows) == 3, rows

    await command(world, world.ana, world.channel, "season", subcommand="end")
    await command(world, world.ana, world.channel, "season", {"length": 3}, subcommand="start")
    offered = await world.fake.autocomplete(
        world.luis, world.channel, "leaderboard", {"game": "stonehenge", "season": ""},
        focused="season",
    )  # fmt: skip
    assert [(c["name"], c["value"]) for c in offered] == [
        ("Temporada 2 · en curso", 2),
        ("Temporada 1 · terminada", 1),
    ]


async def test_two_moderators_starting_a_season_at_once_start_one(tablero: World) -> None:
    world = tablero
    _moderator(world, world.ana)
    _moderator(world, world.eve)
    sent = [
        await world.fake.slash(user, world.channel, "season", {"length": 3}, subcommand="start")
        for user in (world.ana, world.eve)
    ]  # both sent before either is answered
    answers = await asyncio.gather(*(ix.done() for ix in sent))
    assert sorted(ix.ephemeral for ix in answers) == [False, True]
    refused = next(ix for ix in answers if ix.ephemeral)
    assert "Season 1 is running already" in refused.text, refused.text
    assert len(await world.bot.store.seasons.of_guild(world.guild.id)) == 1
    too_long = await command(
        world, world.ana, world.channel, "season", {"length": 53}, subcommand="start", check=False
    )
    assert too_long.ephemeral and "A season lasts from 1 to 52 weeks" in too_long.text
