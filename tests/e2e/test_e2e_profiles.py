"""Leaderboards, profiles, histories, server statistics and privacy through the loopback Discord."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from data import Ending, PersonSettings, Result
from data.ratings import GLOBAL, human
from loopback import perms
from loopback.models import FakeChannel, FakeUser
from loopback.timing import WAIT
from tests.e2e import (
    Crash,
    World,
    accept,
    button,
    challenge,
    resign,
    until,
    wait_boards,
)

LOCKED_GUILD = 424242  # a server the world's users also play on, which this one must not see


async def _resigned(world: World, loser: FakeUser, winner: FakeUser, **options: Any):
    """A Stonehenge game played through Discord that ``loser`` resigns; its thread."""
    offer = await challenge(world, loser, winner, first="me", **options)
    place = await accept(world, winner, offer)
    await resign(world, loser, place)
    await wait_boards(world, place, 2)
    return place


async def _stored(
    world: World,
    seats: list[tuple],
    winner: int | None,
    *,
    game: str = "stonehenge",
    guild: int | None = None,
    ending: Ending = Ending.RULES,
    loser: int | None = None,
) -> int:
    """A finished game put straight into the store (``winner`` None: a tie), as announced."""
    assert world.bot is not None
    store = world.bot.store
    game_id = await store.games.create_game(
        game=game,
        seats=seats,
        seed=1,
        options={},
        lang="en",
        guild_id=guild or world.guild.id,
        channel_id=world.channel.id,
        place_id=world.channel.id,
    )
    world.clock.now += 3600
    everyone = tuple(range(len(seats)))
    winners = everyone if winner is None else (winner,)
    scores = tuple(5 if s in winners else 3 for s in everyone)
    await store.games.finish(game_id, 0, Result(ending, winners, scores, loser))
    await store.games.mark_posted(game_id, 1, None)
    return game_id


def _seat(user: FakeUser) -> tuple[int, str]:
    return (user.id, user.name)


async def test_a_profile_and_a_leaderboard_after_a_few_games(tablero: World) -> None:
    world = tablero
    place = await _resigned(world, world.ana, world.luis)
    await _resigned(world, world.ana, world.luis)
    me = world.fake.bot_user
    await _stored(world, [_seat(world.ana), (me.id, f"{me.name} · hard", "hard")], 1)
    board = await (
        await world.fake.slash(world.eve, world.channel, "leaderboard", {"game": "stonehenge"})
    ).done()
    assert not board.ephemeral
    text = board.text
    assert "Stonehenge — this server" in text, text
    rows = [line for line in text.splitlines() if line.startswith("**#")]
    assert rows[0].startswith("**#1** Luis — ") and "?" in rows[0], rows  # provisional
    assert any(f"🤖 {me.name} · hard" in row for row in rows), rows
    assert "You are not rated at this game here yet." in text
    assert "? = provisional" in text

    mine = await (await world.fake.slash(world.ana, world.channel, "profile")).done()
    assert not mine.ephemeral
    profile = mine.text
    assert "Ana — profile" in profile and "Games and ratings on this server" in profile
    assert "3 games: 0 won, 0 drawn, 3 lost (0 % won)" in profile, profile
    assert "Rating **" in profile and "over the last game" in profile
    assert "🏳️ Resigned · **Stonehenge** against Luis" in profile
    assert f"<#{place.id}>" in profile  # a link to the game's thread
    assert f"against {me.name} · hard" in profile  # the bot's seat by name
    assert "Winning streak: 0 (best 0)" in profile
    [chart] = mine.attachments
    assert chart.filename == "rating.png" and chart.description is not None
    assert re.fullmatch(
        r"Chart of Ana's rating over time: Stonehenge from \d+ to \d+ in 2 games\.",
        chart.description,
    )
    assert chart.data[:8] == b"\x89PNG\r\n\x1a\n"

    versus = await (
        await world.fake.slash(
            world.luis, world.channel, "profile", {"user": world.luis, "vs": world.ana}
        )
    ).done()
    assert "Luis — perfil" in versus.text
    assert "Contra Ana" in versus.text and "Stonehenge: 2 ganadas, 0 empatadas, 0 perdidas" in (
        versus.text
    )
    bot = await (await world.fake.slash(world.ana, world.channel, "profile", {"user": me})).done()
    assert bot.ephemeral and "The bot has no profile" in bot.text


async def test_the_leaderboard_pages_and_shows_the_callers_place_off_the_page(
    tablero: World,
) -> None:
    world = tablero
    others = [world.fake.add_user(f"Player {n:02}") for n in range(12)]
    for other in others:  # everyone beats Eve: she ends last of 13
        await _stored(world, [_seat(other), _seat(world.eve)], 0)
    ix = await (
        await world.fake.slash(world.eve, world.channel, "leaderboard", {"game": "stonehenge"})
    ).done()
    first = ix.message
    assert first is not None
    rows = [line for line in first.text.splitlines() if line.startswith("**#")]
    assert len(rows) == 11 and rows[-1].startswith("**#13 Eve — ") and rows[-1].endswith("⬅️")
    assert "…" in first.text and "Page 1 of 2" in first.text
    previous, following = first.custom_ids
    assert previous.startswith("pg:lb:0:") and following.startswith("pg:lb:1:")
    await world.restart()  # the page buttons outlive the bot
    turned = await (await world.fake.click(world.eve, first, following)).done()
    page = turned.message
    assert page is first and "Page 2 of 2" in page.text, page.text
    rows = [line for line in page.text.splitlines() if line.startswith("**#")]
    assert [r.split()[0] for r in rows] == ["**#11**", "**#12**", "**#13"]
    assert "…" not in page.text
    # Someone else turning the page gets a page of their own; the message stays Eve's.
    other = await (await world.fake.click(world.ana, page, page.custom_ids[0])).done()
    assert other.ephemeral and "Page 1 of 2" in other.text
    assert "You are not rated at this game here yet." in other.text
    assert "Page 2 of 2" in page.text


async def test_history_pages_newest_first(tablero: World) -> None:
    world = tablero
    ids = []
    for n in range(12):
        seats = [_seat(world.ana), _seat(world.luis)]
        ids.append(await _stored(world, seats, n % 2 if n != 5 else None))
    first_kahuna = await _stored(world, [_seat(world.luis), _seat(world.ana)], 1, game="kahuna")
    ix = await (
        await world.fake.slash(world.ana, world.channel, "history", {"game": "stonehenge"})
    ).done()
    assert ix.ephemeral
    text = ix.text
    assert "Ana: Stonehenge games" in text and "Page 1 of 2 · 12 games · this server" in text
    rows = [line for line in text.splitlines() if "· **Stonehenge**" in line]
    assert len(rows) == 10
    assert rows[0].startswith("❌ Lost") and rows[1].startswith("✅ Won"), rows[:2]
    assert "<t:" in rows[0] and f"<#{world.channel.id}>" in rows[0]
    assert sum(row.startswith("🤝 Draw") for row in rows) == 1
    message = ix.message
    assert message is not None
    await (await world.fake.click(world.ana, message, message.custom_ids[1])).done()
    assert "Page 2 of 2" in message.text
    rows = [line for line in message.text.splitlines() if "· **Stonehenge**" in line]
    assert len(rows) == 2 and rows[-1].startswith("✅ Won")  # the oldest, won by Ana
    everything = await (await world.fake.slash(world.ana, world.channel, "history")).done()
    assert "Ana: finished games" in everything.text and "13 games" in everything.text
    first_row = next(line for line in everything.text.splitlines() if line.startswith("✅"))
    assert "**Kahuna** against Luis" in first_row
    assert first_kahuna == ids[-1] + 1


async def test_the_history_of_someone_without_finished_games_is_titled_with_their_name(
    tablero: World,
) -> None:
    world = tablero
    for asker, asked in ((world.eve, None), (world.ana, world.eve)):
        args = {"user": asked} if asked is not None else {}
        ix = await (await world.fake.slash(asker, world.channel, "history", args)).done()
        assert ix.ephemeral
        assert "Eve: finished games" in ix.text, ix.text
        assert str(world.eve.id) not in ix.text


async def test_stats_of_a_server(tablero: World) -> None:
    world = tablero
    ana, luis, eve = _seat(world.ana), _seat(world.luis), _seat(world.eve)
    await _stored(world, [ana, luis], 0)
    await _stored(world, [luis, eve], 1)
    await _stored(world, [eve, ana], None)
    await _stored(world, [ana, eve], 0)
    await _stored(world, [ana, luis], 0, guild=LOCKED_GUILD)  # another server's
    ix = await (
        await world.fake.slash(world.eve, world.channel, "stats", {"game": "stonehenge"})
    ).done()
    assert not ix.ephemeral
    text = ix.text
    assert "📊 Stonehenge on this server" in text
    assert "**Games:** 4 finished, 0 in progress" in text, text
    assert "**First player:** won 50 % (2 of 4), 1 draw" in text
    assert "**Average length:** 0 moves, 1 hour" in text
    assert "**Most active:** Ana (3), Eve (3), Luis (2)" in text
    empty = await (
        await world.fake.slash(world.luis, world.channel, "stats", {"game": "islas"})
    ).done()
    assert "Aquí todavía no hay partidas terminadas (0 en curso)." in empty.text


async def test_privacy_keeps_a_player_in_their_servers_until_they_opt_in(tablero: World) -> None:
    world = tablero
    ana, luis = _seat(world.ana), _seat(world.luis)
    await _stored(world, [ana, luis], 0)
    await _stored(world, [ana, luis], 0, guild=LOCKED_GUILD)
    args = {"game": "stonehenge", "scope": "global"}
    board = await (await world.fake.slash(world.ana, world.channel, "leaderboard", args)).done()
    assert "all servers" in board.text and "**#" not in board.text
    assert "You are not on the global leaderboard: /privacy puts you on it." in board.text
    profile = await (
        await world.fake.slash(world.eve, world.channel, "profile", {"user": world.ana})
    ).done()
    assert "1 game: 1 won" in profile.text  # only this server's game
    history = await (
        await world.fake.slash(world.eve, world.channel, "history", {"user": world.ana})
    ).done()
    assert "1 game · this server" in history.text and str(LOCKED_GUILD) not in history.text

    done = await (
        await world.fake.slash(world.ana, world.channel, "privacy", {"public": True})
    ).done()
    assert done.ephemeral and "global leaderboards" in done.text
    board = await (await world.fake.slash(world.eve, world.channel, "leaderboard", args)).done()
    rows = [line for line in board.text.splitlines() if line.startswith("**#")]
    assert len(rows) == 1 and rows[0].startswith("**#1** Ana — "), board.text  # not Luis
    profile = await (
        await world.fake.slash(world.eve, world.channel, "profile", {"user": world.ana})
    ).done()
    assert "2 games: 2 won" in profile.text and "Games on every server" in profile.text
    history = await (
        await world.fake.slash(world.eve, world.channel, "history", {"user": world.ana})
    ).done()
    assert f"https://discord.com/channels/{LOCKED_GUILD}/" in history.text
    await (await world.fake.slash(world.ana, world.channel, "privacy", {"public": False})).done()
    board = await (await world.fake.slash(world.eve, world.channel, "leaderboard", args)).done()
    assert "**#" not in board.text


async def test_an_empty_global_leaderboard_says_why(tablero: World) -> None:
    world = tablero
    args = {"game": "stonehenge", "scope": "global"}

    async def board() -> str:
        return (
            await (await world.fake.slash(world.eve, world.channel, "leaderboard", args)).done()
        ).text

    nobody = await board()
    assert "Nobody is rated at this game yet" in nobody and "public" not in nobody, nobody
    await _stored(world, [_seat(world.ana), _seat(world.luis)], 0)
    hidden = await board()
    assert "**#" not in hidden and "Nobody is rated" not in hidden, hidden
    assert "none has made their rating public yet" in hidden, hidden
    here = await (
        await world.fake.slash(world.eve, world.channel, "leaderboard", {"game": "kahuna"})
    ).done()
    assert "Nobody is rated at this game here yet" in here.text, here.text


async def test_forget_me_keeps_the_games_and_the_other_players_results(tablero: World) -> None:
    world = tablero
    assert world.bot is not None
    store = world.bot.store
    place = await _resigned(world, world.ana, world.luis)
    luis_before = await store.ratings.get("stonehenge", world.guild.id, human(world.luis.id))
    own = {"timezone": "Europe/Madrid", "quiet-from": "23:00", "quiet-to": "07:00"}
    await (
        await world.fake.slash(world.ana, world.channel, "settings", own, subcommand="me")
    ).done()
    clocks = {"before": "4h", "digest": 9, "next": True, "on": True}
    await (await world.fake.slash(world.ana, world.channel, "notify", clocks)).done()
    offer = await challenge(world, world.ana, world.luis, first="me")
    waiting = await (await world.fake.slash(world.ana, world.channel, "forget-me")).done()
    assert waiting.ephemeral and "You have an open challenge" in waiting.text, waiting.text
    playing = await accept(world, world.luis, offer)
    refused = await (await world.fake.slash(world.ana, world.channel, "forget-me")).done()
    assert refused.ephemeral and "You are still playing a game" in refused.text, refused.text
    assert f"<#{playing.id}>" in refused.text
    await resign(world, world.ana, playing)
    await wait_boards(world, playing, 2)

    asked = await (await world.fake.slash(world.ana, world.channel, "forget-me")).done()
    assert asked.ephemeral and "former player" in asked.text
    message = asked.message
    assert message is not None and message.custom_ids == [f"fm:{world.ana.id}"]
    assert await store.ratings.get("stonehenge", GLOBAL, human(world.ana.id)) is not None
    done = await (await world.fake.click(world.ana, message, f"fm:{world.ana.id}")).done()
    assert "you are forgotten" in done.text and "2 stored games" in done.text, done.text
    for game_id in (1, 2):
        game = await store.games.get(game_id)
        assert game.names() == ("former player", "Luis") and game.seats[0].user_id == 0
    for scope in (GLOBAL, world.guild.id):
        assert await store.ratings.get("stonehenge", scope, human(world.ana.id)) is None
    gone = await store.db.fetchall(
        "SELECT 1 FROM rating_history WHERE player = ?", (human(world.ana.id),)
    )
    assert gone == []
    luis_after = await store.ratings.get("stonehenge", world.guild.id, human(world.luis.id))
    assert luis_before is not None and luis_after is not None
    assert luis_after.games == luis_before.games + 1  # the second game still counted for him
    assert await store.settings.person(world.ana.id) == PersonSettings()  # all of them gone
    shown = await (
        await world.fake.slash(world.ana, world.channel, "settings", subcommand="me")
    ).done()
    assert "Your time zone: UTC" in shown.text and "No reminders" in shown.text, shown.text
    profile = await (await world.fake.slash(world.luis, world.channel, "profile")).done()
    assert "2 partidas: 2 ganadas" in profile.text and "contra former player" in profile.text
    assert f"<#{place.id}>" in profile.text
    final = (await wait_boards(world, place, 2))[-1]
    again = await (await world.fake.click(world.luis, final, "rm:1")).done()
    assert again.ephemeral and "pidió ser olvidado" in again.text, again.text
    final = (await wait_boards(world, place, 2))[-1]
    again = await (await world.fake.click(world.luis, final, "rm:1")).done()
    assert again.ephemeral and "pidió ser olvidado" in again.text, again.text
    mine = await (await world.fake.slash(world.ana, world.channel, "profile")).done()
    assert "No finished games yet." in mine.text and not mine.attachments


async def test_forget_me_leaves_neither_the_id_nor_the_name_anywhere(tablero: World) -> None:
    world = tablero
    assert world.bot is not None
    db = world.bot.store.db
    zed = world.fake.add_user("Zephyrine")
    archived = await _resigned(world, zed, world.luis)
    locked = await _resigned(world, zed, world.luis)
    deleted = await _resigned(world, zed, world.luis)
    others = await _resigned(world, world.luis, world.ana)
    declined = await challenge(world, zed, world.eve)
    await (await world.fake.click(world.eve, declined, button(declined, "ch:", ":decline"))).done()
    for command, args in (
        ("away", {"days": 2}),
        ("privacy", {"public": True}),
        ("notify", {"on": True}),
    ):
        await (await world.fake.slash(zed, world.channel, command, args)).done()
    assert (await db.fetchall("SELECT 1 FROM away WHERE user_id = ?", (zed.id,))) != []
    world.fake.archive_thread(archived)  # Discord archived it: renamed, then archived again
    world.fake.lock_thread(locked)  # a moderator locked it, and the bot may not unlock it
    world.fake.deny_bot(world.channel, perms.MANAGE_THREADS)
    world.fake.delete_channel(deleted)
    # A replay kept shows their name (in its picture, and its alt text).
    replayed = await (
        await world.fake.slash(world.eve, world.channel, "replay", {"game": 1})
    ).done()
    assert "Zephyrine" in replayed.messages[0].attachments[0].description
    # Kept beside a SQLite file, or in memory on PostgreSQL.
    replays = world.bot.get_cog("Records").replays  # type: ignore[union-attr]
    assert any(b"Zephyrine" in kept for kept in await replays.kept())

    asked = await (await world.fake.slash(zed, world.channel, "forget-me")).done()
    assert asked.message is not None
    done = await (await world.fake.click(zed, asked.message, f"fm:{zed.id}")).done()
    assert "you are forgotten" in done.text and "3 stored games" in done.text, done.text

    async def no_replay_kept() -> bool:
        return not await replays.kept()

    await until(no_replay_kept, "the replays kept to be forgotten")
    assert f"<#{locked.id}>" in done.text and f"<#{deleted.id}>" in done.text, done.text
    assert f"<#{archived.id}>" not in done.text
    assert archived.name == "Stonehenge: former player – Luis" and archived.archived
    assert others.name == "Stonehenge: Luis – Ana"
    threads = [c for c in world.fake.world.channels.values() if c.is_thread]
    assert [c.id for c in threads if "Zephyrine" in c.name] == [locked.id]
    for table, _columns in (await db.tables()).items():
        for row in await db.fetchall(f"SELECT * FROM {table}"):
            for value in tuple(row):
                text = str(value)
                assert str(zed.id) not in text and "Zephyrine" not in text, (table, tuple(row))
    await _no_rename_left(world)  # the refused ones given up


async def _nowhere(world: World, user: FakeUser) -> None:
    """No row of any table holds ``user``'s id or name."""
    assert world.bot is not None
    db = world.bot.store.db
    for table in await db.tables():
        for row in await db.fetchall(f"SELECT * FROM {table}"):
            for value in tuple(row):
                text = str(value)
                assert str(user.id) not in text and user.name not in text, (table, tuple(row))


async def _no_rename_left(world: World) -> None:
    """Every stored rename is done (renamed, or refused by Discord and given up): at once,
    or soon after when the timer loop renames (it marks a timer done once Discord answered)."""
    assert world.bot is not None
    db = world.bot.store.db

    async def none_pending() -> bool:
        sql = "SELECT id FROM timers WHERE kind = 'rename' AND fired_at IS NULL"
        return not await db.fetchall(sql)

    await until(none_pending, "every stored rename to be done")


async def _renamed(world: World, *threads: FakeChannel) -> None:
    """Wait until the bot has renamed ``threads`` (the bot's timer loop does it)."""

    def done() -> bool | None:
        return all(t.name == "Stonehenge: former player – Luis" for t in threads) or None

    await world.fake.world.notifier.wait_for(done, WAIT, "the threads renamed")


async def test_forget_me_renames_the_threads_after_a_crash_right_after_forgetting(
    tablero: World,
) -> None:
    """The bot stops between forgetting and renaming: the threads are renamed after the
    restart all the same (the name is gone from the database: only stored work finds them)."""
    world = tablero
    assert world.bot is not None
    zed = world.fake.add_user("Zephyrine")
    first = await _resigned(world, zed, world.luis)
    second = await _resigned(world, zed, world.luis)
    privacy = world.bot.store.privacy
    forget = privacy.forget

    async def forget_then_crash(*args: Any) -> Any:
        await forget(*args)
        raise Crash("right after the forget transaction")

    privacy.forget = forget_then_crash  # type: ignore[method-assign]
    asked = await (await world.fake.slash(zed, world.channel, "forget-me")).done()
    assert asked.message is not None
    await (await world.fake.click(zed, asked.message, f"fm:{zed.id}")).done()
    assert "Zephyrine" in first.name and "Zephyrine" in second.name  # not renamed yet
    await world.restart()
    await _renamed(world, first, second)
    await _nowhere(world, zed)
    await _no_rename_left(world)
    again = await (await world.fake.slash(zed, world.channel, "forget-me")).done()
    assert again.message is not None
    done = await (await world.fake.click(zed, again.message, f"fm:{zed.id}")).done()
    assert "you are forgotten" in done.text and "<#" not in done.text, done.text


async def test_forget_me_tries_a_rename_discord_did_not_answer_again(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 503 on the first rename leaves it to the timer loop, which renames the thread once
    the claim runs out; the confirmation does not call it refused."""
    world = tablero
    assert world.bot is not None
    zed = world.fake.add_user("Zephyrine")
    place = await _resigned(world, zed, world.luis)
    edit = discord.Thread.edit
    failures = [1]

    async def once_unavailable(self: discord.Thread, **kwargs: Any) -> Any:
        if failures and "name" in kwargs:
            failures.pop()
            answer = SimpleNamespace(status=503, reason="Service Unavailable")
            raise discord.DiscordServerError(answer, "try again later")
        return await edit(self, **kwargs)

    monkeypatch.setattr(discord.Thread, "edit", once_unavailable)
    asked = await (await world.fake.slash(zed, world.channel, "forget-me")).done()
    assert asked.message is not None
    done = await (await world.fake.click(zed, asked.message, f"fm:{zed.id}")).done()
    assert "you are forgotten" in done.text and f"<#{place.id}>" not in done.text, done.text
    assert failures == [] and "Zephyrine" in place.name  # not renamed, not given up
    world.clock.now += world.bot.timer_lease + 1  # the first try's claim has run out
    await world.bot.get_cog("Timers").fire_due()
    await _renamed(world, place)
    await _nowhere(world, zed)
    await _no_rename_left(world)
