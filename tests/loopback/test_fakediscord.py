"""Proof that the real discord.py client works against the loopback fake Discord."""

from __future__ import annotations

import io
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from loopback import (
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    UnknownRouteWarning,
    perms,
    start_bot,
    stop_bot,
)
from tests.e2e import until

pytest_plugins = ["loopback.pytest_plugin"]

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(64))
SPANISH = {"move": "mover", "Make a move": "Haz una jugada", "notation": "notacion"}


class DemoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"demo:(?P<n>\d+)"):
    """A persistent button that survives restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Bump {n}", custom_id=f"demo:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DemoButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        interaction.client.seen.append(("click", self.n))  # type: ignore[attr-defined]
        await interaction.response.send_message(f"bumped {self.n}", ephemeral=True)


class PickView(discord.ui.View):
    """A select menu that rewrites its message."""

    @discord.ui.select(
        custom_id="pick",
        options=[discord.SelectOption(label=x.upper(), value=x) for x in "abc"],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class DemoTranslator(app_commands.Translator):
    """Spanish names and descriptions."""

    async def translate(
        self, string: _, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return SPANISH.get(string.message) if locale is discord.Locale.spain_spanish else None


def make_bot(guild_id: int, *, sync: bool = True) -> commands.Bot:
    """A tiny bot with guild commands covering what the fake must support."""
    bot = commands.Bot(
        command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
    )
    bot.seen = []  # type: ignore[attr-defined]
    guild = discord.Object(guild_id)

    @app_commands.command(name=_("move"), description=_("Make a move"))
    @app_commands.describe(notation=_("notation"))
    async def move(interaction: discord.Interaction, notation: str) -> None:
        bot.seen.append(("locale", interaction.locale))  # type: ignore[attr-defined]
        await interaction.response.send_message(f"moved {notation} ({interaction.locale.value})")

    @move.autocomplete("notation")
    async def move_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        moves = ["6L", "6R", "7L"]
        return [app_commands.Choice(name=m, value=m) for m in moves if m.startswith(current)]

    @app_commands.command(description="Show the board")
    async def board(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None).add_item(DemoButton(1))
        file = discord.File(io.BytesIO(PNG), "board.png", description="Board: empty")
        await interaction.response.send_message("The board", file=file, view=view)

    @app_commands.command(description="Think, then answer privately")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("secret hand: 3 cards", ephemeral=True)

    @app_commands.command(description="Open a game thread")
    async def play(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        try:
            thread = await channel.create_thread(
                name="Game 1", type=discord.ChannelType.public_thread
            )
        except discord.Forbidden as exc:
            bot.seen.append(("thread-error", exc))  # type: ignore[attr-defined]
            await interaction.followup.send("Game 1 starts here")
            return
        await thread.send("Opening board")
        await interaction.followup.send(f"Game 1 in {thread.mention}")

    @app_commands.command(description="Say too much")
    async def chatter(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            bot.seen.append(("chatter-error", exc.code))  # type: ignore[attr-defined]

    @app_commands.command(description="Pick a letter")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick one", view=PickView())

    game = app_commands.Group(name="game", description="Games")

    @game.command(name="challenge", description="Challenge someone")
    async def challenge(
        interaction: discord.Interaction, opponent: discord.Member, rounds: int = 1
    ) -> None:
        bot.seen.append(("opponent", opponent))  # type: ignore[attr-defined]
        await interaction.response.send_message(f"{opponent.mention}: {rounds} round(s)?")

    async def setup_hook() -> None:
        bot.add_dynamic_items(DemoButton)
        await bot.tree.set_translator(DemoTranslator())
        for cmd in (move, board, slow, play, pick, chatter, game):
            bot.tree.add_command(cmd, guild=guild)
        if sync:
            await bot.tree.sync(guild=guild)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@dataclass
class Env:
    """A fake with a guild, two channels, two users and a running bot."""

    fake: FakeDiscord
    guild: FakeGuild
    games: FakeChannel
    closed: FakeChannel
    alice: FakeUser
    bob: FakeUser
    bot: commands.Bot


@pytest.fixture
async def env(fake_discord: FakeDiscord) -> AsyncIterator[Env]:
    """The standard scene, with the bot started (and stopped afterwards)."""
    guild = fake_discord.add_guild("Board games")
    games = fake_discord.add_channel(guild, "games")
    closed = fake_discord.add_channel(guild, "no-threads", threads_allowed=False)
    alice = fake_discord.add_user("alice")
    bob = fake_discord.add_user("bob", locale="es-ES")
    bot = make_bot(guild.id)
    await start_bot(bot)
    yield Env(fake_discord, guild, games, closed, alice, bob, bot)
    await stop_bot(bot)


async def test_guild_sync_records_localizations(env: Env) -> None:
    move = env.fake.command("move", env.guild)
    assert move is not None and move["guild_id"] == str(env.guild.id)
    assert move["name_localizations"] == {"es-ES": "mover"}
    assert move["description_localizations"] == {"es-ES": "Haz una jugada"}
    assert move["options"][0]["description_localizations"] == {"es-ES": "notacion"}
    assert env.fake.sync_log == [
        (env.guild.id, ["move", "board", "slow", "play", "pick", "chatter", "game"])
    ]


async def test_autocomplete_returns_choices(env: Env) -> None:
    choices = await env.fake.autocomplete(
        env.alice, env.games, "move", {"notation": "6"}, focused="notation"
    )
    assert choices == [{"name": "6L", "value": "6L"}, {"name": "6R", "value": "6R"}]


async def test_user_locale_reaches_the_interaction(env: Env) -> None:
    ix = await env.fake.slash(env.bob, env.games, "move", {"notation": "6L"})
    await ix.done()
    assert ix.response_type == 4 and not ix.ephemeral
    assert ix.text == "moved 6L (es-ES)"
    assert ("locale", discord.Locale.spain_spanish) in env.bot.seen  # type: ignore[attr-defined]
    assert env.fake.last_message(env.games) is ix.message


async def test_file_and_persistent_button(env: Env) -> None:
    ix = await (await env.fake.slash(env.alice, env.games, "board")).done()
    msg = ix.message
    assert msg is not None and msg.text == "The board"
    [att] = msg.attachments
    assert (att.filename, att.data, att.description) == ("board.png", PNG, "Board: empty")
    assert msg.custom_ids == ["demo:1"]

    click = await (await env.fake.click(env.bob, msg, "demo:1")).done()
    assert click.ephemeral and click.text == "bumped 1"
    assert click.message is not None and click.message.visible_to == env.bob.id
    assert "bumped" not in env.fake.all_text_public()
    assert "Board: empty" in env.fake.all_text_public()
    assert click.message not in env.fake.messages(env.games)
    assert click.message in env.fake.messages(env.games, include_ephemeral_for=env.bob)


async def test_files_may_be_kept_by_name_and_size_only(env: Env) -> None:
    """A load run keeps thousands of boards: their names and sizes suffice there."""
    env.fake.world.keep_files = False
    ix = await (await env.fake.slash(env.alice, env.games, "board")).done()
    assert ix.message is not None
    [att] = ix.message.attachments
    assert (att.filename, att.size, att.data) == ("board.png", len(PNG), b"")


async def test_button_survives_a_restart(env: Env) -> None:
    ix = await (await env.fake.slash(env.alice, env.games, "board")).done()
    assert ix.message is not None
    await stop_bot(env.bot)

    second = make_bot(env.guild.id, sync=False)
    await start_bot(second)
    try:
        click = await (await env.fake.click(env.alice, ix.message, "demo:1")).done()
        assert click.text == "bumped 1"
        assert second.seen == [("click", 1)]  # type: ignore[attr-defined]
        assert len(env.fake.sync_log) == 1
    finally:
        await stop_bot(second)


async def test_deferred_ephemeral_followup(env: Env) -> None:
    ix = await (await env.fake.slash(env.alice, env.games, "slow")).done()
    assert ix.deferred and ix.response_type == 5 and ix.ephemeral
    assert ix.text == "secret hand: 3 cards"
    assert ix.message is not None and not ix.message.loading
    assert "secret" not in env.fake.all_text_public()


async def test_thread_and_fallback_when_threads_are_not_allowed(env: Env) -> None:
    ix = await (await env.fake.slash(env.alice, env.games, "play")).done()
    [thread] = env.fake.threads(env.games)
    assert thread.type == 11 and thread.parent_id == env.games.id and thread.name == "Game 1"
    assert [m.text for m in env.fake.messages(thread)] == ["Opening board"]
    assert ix.text == f"Game 1 in <#{thread.id}>"
    assert env.bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the cache

    ix = await (await env.fake.slash(env.alice, env.closed, "play")).done()
    assert env.fake.threads(env.closed) == []
    assert ix.text == "Game 1 starts here"
    [(_kind, error)] = [s for s in env.bot.seen if s[0] == "thread-error"]  # type: ignore[attr-defined]
    assert isinstance(error, discord.Forbidden) and error.status == 403
    assert any("/threads: 403 50013" in e for e in env.fake.api_errors)
    closed = env.bot.get_channel(env.closed.id)
    assert isinstance(closed, discord.TextChannel)
    assert not closed.permissions_for(closed.guild.me).create_public_threads


async def test_a_thread_is_edited_as_discord_allows(env: Env) -> None:
    await (await env.fake.slash(env.alice, env.games, "play")).done()
    [thread] = env.fake.threads(env.games)
    env.fake.archive_thread(thread)
    with pytest.raises(discord.HTTPException) as refused:  # archived: only while unarchiving
        await env.bot.http.edit_channel(thread.id, name="Renamed")
    assert refused.value.code == 50083 and thread.name == "Game 1"
    await env.bot.http.edit_channel(thread.id, name="Renamed", archived=False)
    assert thread.name == "Renamed" and not thread.archived
    env.fake.lock_thread(thread)
    env.fake.deny_bot(env.games, perms.MANAGE_THREADS)  # a locked one needs Manage Threads
    with pytest.raises(discord.Forbidden):
        await env.bot.http.edit_channel(thread.id, name="Again", archived=False)
    assert thread.name == "Renamed" and thread.locked and thread.archived
    env.fake.deny_bot(env.games, 0)
    await env.bot.http.edit_channel(thread.id, name="Again", archived=False)
    assert thread.name == "Again" and not thread.archived


async def test_select_menu_edits_the_message(env: Env) -> None:
    ix = await (await env.fake.slash(env.alice, env.games, "pick")).done()
    assert ix.message is not None
    with pytest.raises(ValueError):
        await env.fake.select(env.alice, ix.message, "pick", ["z"])
    chosen = await (await env.fake.select(env.alice, ix.message, "pick", ["b"])).done()
    assert chosen.response_type == 7 and chosen.message is ix.message
    assert ix.message.content == "picked b" and ix.message.components == []
    assert [v.content for v in ix.message.history] == ["Pick one"]


async def test_subcommand_with_member_option(env: Env) -> None:
    ix = await env.fake.slash(
        env.alice,
        env.games,
        "game",
        {"opponent": env.bob, "rounds": 3},
        subcommand="challenge",
    )
    await ix.done()
    assert ix.text == f"<@{env.bob.id}>: 3 round(s)?"
    assert ix.message is not None and ix.message.pinged_user_ids == [env.bob.id]
    [(_kind, member)] = [s for s in env.bot.seen if s[0] == "opponent"]  # type: ignore[attr-defined]
    assert isinstance(member, discord.Member) and member.id == env.bob.id


async def test_gateway_resume_and_unknown_routes(env: Env) -> None:
    await env.fake.drop_gateway(resume=True)
    await env.fake.wait_connected()
    ix = await (await env.fake.slash(env.alice, env.games, "move", {"notation": "7L"})).done()
    assert ix.text == "moved 7L (en-US)"
    with pytest.warns(UnknownRouteWarning), pytest.raises(discord.NotFound):
        await env.bot.http.request(discord.http.Route("GET", "/no/such/route"))
    assert env.fake.unknown_routes == ["GET /api/v10/no/such/route"]


async def test_discord_limits_are_enforced(env: Env) -> None:
    ix = await env.fake.slash(env.alice, env.games, "chatter")
    with pytest.raises(AssertionError, match="50035"):
        await ix.done()

    async def seen() -> bool:  # the bot sees the 400 just after the fake recorded it
        return ("chatter-error", 50035) in env.bot.seen  # type: ignore[attr-defined]

    await until(seen, "the bot to see the 400")
    assert env.fake.messages(env.games) == []


async def test_channel_added_while_connected(env: Env) -> None:
    later = env.fake.add_channel(env.guild, "later")
    ix = await (await env.fake.slash(env.alice, later, "board")).done()
    assert isinstance(env.bot.get_channel(later.id), discord.TextChannel)
    assert env.fake.last_message(later) is ix.message


class _Clock:
    """Stands in for ``time`` in ``loopback.timing``: wall time the test moves on, and the
    time this process is said to have waited for a CPU."""

    def __init__(self) -> None:
        self.ahead = 0.0
        self.waited = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.ahead


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> _Clock:
    from loopback import timing

    fake_time = _Clock()
    monkeypatch.setattr(timing, "time", fake_time)
    monkeypatch.setattr(timing, "waited_for_cpu", lambda: fake_time.waited)
    return fake_time


async def test_an_answer_after_discords_three_seconds_is_refused(env: Env, clock: _Clock) -> None:
    ix = await env.fake.slash(env.alice, env.games, "move", {"notation": "6L"})
    clock.ahead += 3.5  # the bot took three and a half seconds to answer
    with pytest.raises(AssertionError, match="10062"):
        await ix.wait_response()
    assert "Unknown interaction" in env.fake.api_errors[-1]


async def test_the_time_other_jobs_held_the_cpus_does_not_make_an_answer_late(
    env: Env, clock: _Clock
) -> None:
    ix = await env.fake.slash(env.alice, env.games, "move", {"notation": "6L"})
    clock.ahead += 10  # a machine so busy that the answer came ten seconds later ...
    clock.waited += 9.5  # ... nine and a half of which this process waited for a CPU
    await ix.done()
    assert ix.text == "moved 6L (en-US)"


def test_the_own_clock_counts_sleeping_and_never_goes_back() -> None:
    from loopback.timing import own_clock, waited_for_cpu

    waited, start = waited_for_cpu(), own_clock()
    time.sleep(0.05)  # not ready to run: this counts, as a bot's sleep or lock wait would
    assert own_clock() - start >= 0.05
    assert waited_for_cpu() >= waited
