"""``FakeDiscord``: the loopback Discord the real discord.py client talks to in tests."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any, ClassVar

import discord
import discord.gateway
import discord.http
import yarl

from .actions import UserActions
from .gateway import Gateway
from .ids import shard_of
from .models import FakeAttachment, FakeChannel, FakeGuild, FakeMessage, FakeRole, FakeUser
from .records import Interaction
from .server import Server, build_app
from .timing import WAIT
from .world import World

log = logging.getLogger("fakediscord")


class FakeDiscord(UserActions):
    """A fake Discord (REST + gateway) on 127.0.0.1, with a world model and a message store.

    Use ``async with FakeDiscord() as fake:`` (start + install) or the pytest fixture.
    ``shard_count``: the shards it recommends to a bot (``GET /gateway/bot``); a bot's
    session on one shard gets the events and interactions of that shard's guilds only.
    ``keep_files=False`` keeps only the names and sizes of the files the bot sends (their
    downloads come back empty): for load runs of thousands of boards.
    """

    active: ClassVar[FakeDiscord | None] = None

    def __init__(
        self,
        *,
        bot_name: str = "Tablero",
        token: str | None = None,
        strict: bool = True,
        interaction_deadline: float | None = 3.0,
        shard_count: int = 1,
        keep_files: bool = True,
    ) -> None:
        self.world = World(bot_name, shard_count)
        self.world.strict = strict
        self.world.keep_files = keep_files
        self.world.expected_token = token
        self.world.interaction_deadline = interaction_deadline
        self.gateway = Gateway(self.world)
        self._server = Server(build_app(self.world, self.gateway))
        self.port = 0
        self._saved: tuple[str, yarl.URL] | None = None
        self.bots: dict[discord.Client, asyncio.Task[None]] = {}

    # ----- lifecycle ------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        self.port = await self._server.start()
        self.world.base_url = f"http://127.0.0.1:{self.port}"

    async def close(self) -> None:
        """Stop bots started against this fake, close websockets and the server, uninstall."""
        for bot in list(self.bots):
            await stop_bot(bot)
        await self.gateway.close()
        await self._server.close()
        self.uninstall()

    def install(self) -> None:
        """Point discord.py's REST base and default gateway at this fake."""
        if self._saved is None:
            self._saved = (
                discord.http.Route.BASE,
                discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
            )
        discord.http.Route.BASE = self.api_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        FakeDiscord.active = self

    def uninstall(self) -> None:
        """Restore discord.py's original URLs."""
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None
        if FakeDiscord.active is self:
            FakeDiscord.active = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self.install()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def api_url(self) -> str:
        """``http://127.0.0.1:PORT/api/v10``."""
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        """``ws://127.0.0.1:PORT/gateway``."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ----- world ----------------------------------------------------------------------------

    @property
    def bot_user(self) -> FakeUser:
        """The bot's user."""
        return self.world.bot

    @property
    def application_id(self) -> int:
        """The application id (same as the bot user's id)."""
        return self.world.application_id

    def add_guild(self, name: str, locale: str = "en-US", *, shard: int | None = None) -> FakeGuild:
        """Create a guild (dispatched as GUILD_CREATE if a bot is connected); with
        ``shard``, its id falls on that shard (of ``shard_count``)."""
        return self.world.add_guild(name, locale, shard)

    @property
    def shard_count(self) -> int:
        """The shards the fake recommends (``GET /gateway/bot``)."""
        return self.world.shard_count

    def shard_of(self, guild: FakeGuild | None) -> int:
        """The shard (of ``shard_count``) that receives ``guild``'s events (None: DMs, 0)."""
        return shard_of(None if guild is None else guild.id, self.world.shard_count)

    def add_channel(self, guild: FakeGuild, name: str, threads_allowed: bool = True) -> FakeChannel:
        """Create a text channel; with ``threads_allowed=False`` thread creation gets 403."""
        return self.world.add_channel(guild, name, threads_allowed)

    def add_user(self, name: str, locale: str = "en-US") -> FakeUser:
        """Create a user (member of every guild) with a client locale such as ``"es-ES"``."""
        return self.world.add_user(name, locale)

    def add_role(self, guild: FakeGuild, name: str, permissions: int = 0) -> FakeRole:
        """Create a role; add members with ``role.member_ids.add(user.id)``."""
        return self.world.add_role(guild, name, permissions)

    def remove_bot(self, guild: FakeGuild) -> None:
        """Remove the bot from ``guild``; ``readd_bot`` invites it back."""
        self.world.remove_bot(guild)

    def readd_bot(self, guild: FakeGuild) -> None:
        """Invite the bot back into ``guild``."""
        self.world.readd_bot(guild)

    def remove_member(self, guild: FakeGuild, user: FakeUser) -> None:
        """``user`` leaves ``guild``."""
        self.world.remove_member(guild, user)

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user``."""
        return self.world.dm_channel(user)

    def attachment(
        self, filename: str, data: bytes, content_type: str | None = None
    ) -> FakeAttachment:
        """An uploaded file to pass as an attachment option value of :meth:`slash`."""
        return self.world.add_attachment(filename, data, content_type)

    def commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """Synced commands (raw JSON incl. localizations) of ``guild`` or the global ones."""
        return list(self.world.commands.get(guild.id if guild else None, []))

    def command(self, name: str, guild: FakeGuild | None = None) -> dict[str, Any] | None:
        """One synced command by name (``None`` if not synced)."""
        return next((c for c in self.commands(guild) if c["name"] == name), None)

    @property
    def sync_log(self) -> list[tuple[int | None, list[str]]]:
        """Every bulk sync: ``(guild id or None, [command names])``."""
        return self.world.sync_log

    @property
    def interactions(self) -> list[Interaction]:
        """Every interaction sent, oldest first."""
        return self.world.interaction_list

    @property
    def unknown_routes(self) -> list[str]:
        """``"METHOD /path"`` of every request to a route the fake does not implement."""
        return self.world.unknown_routes

    @property
    def api_errors(self) -> list[str]:
        """Every request the fake refused as Discord would (4xx), with the reason."""
        return self.world.api_errors

    @property
    def server_errors(self) -> list[str]:
        """Tracebacks of bugs inside the fake's handlers (should stay empty)."""
        return self.world.server_errors

    # ----- queries --------------------------------------------------------------------------

    def messages(
        self, channel: FakeChannel, include_ephemeral_for: FakeUser | None = None
    ) -> list[FakeMessage]:
        """Messages of ``channel``, oldest first (plus ephemeral ones shown to that user)."""
        viewer = include_ephemeral_for.id if include_ephemeral_for else None
        return self.world.channel_messages(channel.id, viewer)

    def last_message(
        self, channel: FakeChannel, include_ephemeral_for: FakeUser | None = None
    ) -> FakeMessage | None:
        """The newest message of ``channel`` (see :meth:`messages`)."""
        msgs = self.messages(channel, include_ephemeral_for)
        return msgs[-1] if msgs else None

    def threads(self, channel: FakeChannel) -> list[FakeChannel]:
        """Threads created under ``channel``, oldest first."""
        found = [c for c in self.world.channels.values() if c.parent_id == channel.id]
        return sorted(found, key=lambda c: c.id)

    def all_text_public(self) -> str:
        """Every text ever shown publicly: contents, embeds, alt texts, labels, old versions.

        Ephemeral messages and DMs are left out; deleted messages and thread names are in.
        """
        parts: list[str] = []
        for msg in sorted(self.world.messages.values(), key=lambda m: m.id):
            if msg.ephemeral or msg.guild_id is None:
                continue
            parts.append(msg.all_text)
            for old in msg.history:
                snap = FakeMessage(0, 0, None, 0, old.content, old.embeds, old.components)
                snap.attachments = old.attachments
                parts.append(snap.all_text)
        parts += [c.name for c in self.world.channels.values() if c.is_thread]
        return "\n".join(p for p in parts if p)

    async def wait_for_message(
        self,
        channel: FakeChannel,
        predicate: Callable[[FakeMessage], bool] | None = None,
        timeout: float = WAIT,
        *,
        include_ephemeral_for: FakeUser | None = None,
        after: FakeMessage | None = None,
    ) -> FakeMessage:
        """The newest message of ``channel`` (newer than ``after``) matching ``predicate``."""

        def check() -> FakeMessage | None:
            for msg in reversed(self.messages(channel, include_ephemeral_for)):
                if after is not None and msg.id <= after.id:
                    break
                if predicate is None or predicate(msg):
                    return msg
            return None

        return await self.world.notifier.wait_for(check, timeout, f"a message in #{channel.name}")

    async def wait_for_threads(
        self, channel: FakeChannel, count: int = 1, timeout: float = WAIT
    ) -> list[FakeChannel]:
        """Wait until ``channel`` has at least ``count`` threads; return them, oldest first."""
        return await self.world.notifier.wait_for(
            lambda: found if len(found := self.threads(channel)) >= count else None,
            timeout,
            f"{count} thread(s) under #{channel.name}",
        )

    # ----- gateway control ------------------------------------------------------------------

    async def wait_connected(self, timeout: float = WAIT) -> None:
        """Wait until a bot holds a live gateway session."""
        await self.world.notifier.wait_for(self.gateway.current, timeout, "a gateway session")

    async def drop_gateway(self, resume: bool = True) -> None:
        """Cut the bot's websocket: it reconnects and RESUMEs (or re-IDENTIFYs)."""
        await self.gateway.drop(resume)

    def deny_bot(self, channel: FakeChannel, bits: int) -> None:
        """Deny the bot permission ``bits`` in ``channel`` (and its threads); 0 lifts it."""
        self.world.bot_denied[channel.id] = bits
        parent = self.world.channels.get(channel.parent_id or 0)
        self.world.emit_channel("CHANNEL_UPDATE", parent or channel)

    def lock_thread(self, thread: FakeChannel) -> None:
        """Archive and lock a thread as a moderator does (only moderators may post again)."""
        thread.archived = thread.locked = True
        self.world.emit_channel("THREAD_UPDATE", thread)

    def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a channel or thread (its threads go with a channel); CHANNEL_DELETE or
        THREAD_DELETE is dispatched, and the REST API answers Unknown Channel from now on."""
        for thread in [c for c in self.world.channels.values() if c.parent_id == channel.id]:
            self.delete_channel(thread)
        self.world.channels.pop(channel.id, None)
        self.world.deleted_channels[channel.id] = channel
        self.world.emit_channel("THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE", channel)

    def archive_thread(self, thread: FakeChannel) -> None:
        """Archive a thread as Discord does after inactivity (dispatches THREAD_UPDATE)."""
        thread.archived = True
        self.world.emit_channel("THREAD_UPDATE", thread)


# ----- running real discord.py clients against the active fake ---------------------------

_RUNNING: dict[discord.Client, tuple[asyncio.Task[None], FakeDiscord | None]] = {}


async def start_bot(
    bot: discord.Client, token: str = "test-token", *, timeout: float = WAIT
) -> asyncio.Task[None]:
    """Run ``bot.start(token)`` in a task and wait until the bot is ready.

    Create bots with a low ``guild_ready_timeout`` (e.g. 0.05) so readiness is quick.
    """
    fake = FakeDiscord.active
    task = asyncio.create_task(bot.start(token), name=f"bot-{id(bot)}")
    _RUNNING[bot] = (task, fake)
    if fake is not None:
        fake.bots[bot] = task
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not bot.is_ready():  # polled: discord.py's ready event exists only once it logs in
        if task.done():
            _forget(bot)
            task.result()
            raise RuntimeError("the bot stopped before becoming ready")
        if loop.time() > deadline:
            await stop_bot(bot)
            raise TimeoutError(f"the bot was not ready after {timeout}s")
        await asyncio.sleep(0.005)
    return task


def _forget(bot: discord.Client) -> tuple[asyncio.Task[None], FakeDiscord | None] | None:
    entry = _RUNNING.pop(bot, None)
    if entry is not None and entry[1] is not None:
        entry[1].bots.pop(bot, None)
    return entry


async def stop_bot(bot: discord.Client, *, timeout: float = WAIT) -> None:
    """Close ``bot`` and wait for its ``start`` task to end (re-raising its error, if any)."""
    entry = _forget(bot)
    await bot.close()
    if entry is None:
        return
    task = entry[0]
    try:
        await asyncio.wait_for(task, timeout)
    except TimeoutError:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        raise


@contextlib.asynccontextmanager
async def served(*, install: bool = True, **options: Any) -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord (``options`` as FakeDiscord takes them), closed afterwards (its
    bots stopped, discord.py's URLs restored). ``install``: point this process's discord.py
    at it (not wanted when only bots in other processes connect)."""
    fake = FakeDiscord(**options)
    await fake.start()
    if install:
        fake.install()
    try:
        yield fake
    finally:
        await fake.close()
