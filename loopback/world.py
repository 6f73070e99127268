"""The fake Discord's state: entities, messages, application commands and interactions."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from . import perms
from .ids import SnowflakeGenerator, iso_now
from .models import (
    DM_CHANNEL,
    TEXT_CHANNEL,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
)
from .notifier import Notifier

if TYPE_CHECKING:
    from .records import Interaction

log = logging.getLogger("fakediscord")

Emitter = Callable[[str, dict[str, Any], int], None]


class World:
    """Everything the fake Discord knows; shared by the REST routes, gateway and test API."""

    def __init__(self, bot_name: str = "Tablero", shard_count: int = 1) -> None:
        self.ids = SnowflakeGenerator()
        #: the shards ``GET /gateway/bot`` recommends (a session may still choose its own)
        self.shard_count = shard_count
        self.notifier = Notifier()
        self.base_url = "http://127.0.0.1"
        self.bot = FakeUser(self.ids.next(), bot_name, bot=True)
        self.application_id = self.bot.id
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot}
        #: guild id -> ids of the users who left it
        self.left: dict[int, set[int]] = {}
        #: channels and threads deleted (kept for inspection; the API no longer knows them)
        self.deleted_channels: dict[int, FakeChannel] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.roles: dict[int, FakeRole] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.uploads: dict[int, FakeAttachment] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.sync_log: list[tuple[int | None, list[str]]] = []
        self.interactions: dict[str, Interaction] = {}
        self.interaction_list: list[Interaction] = []
        self.unknown_routes: list[str] = []
        self.server_errors: list[str] = []
        self.api_errors: list[str] = []
        self.bot_role: dict[int, FakeRole] = {}
        # channel id -> permission bits denied to the bot there (a member overwrite)
        self.bot_denied: dict[int, int] = {}
        # (channel id, nonce) -> message id: Discord returns the first message for a repeated
        # nonce sent with enforce_nonce (for a few minutes; here for the fake's lifetime)
        self.nonces: dict[tuple[int, str], int] = {}
        self.duplicate_nonces = 0
        self.strict = True
        #: whether the bot's files are kept (False: their names and sizes only, as a long
        #: load run needs, thousands of boards later)
        self.keep_files = True
        self.expected_token: str | None = None
        self.interaction_deadline: float | None = 3.0
        self.emit: Emitter = lambda event, data, intent: None

    # ----- entities -------------------------------------------------------------------------

    def add_user(self, name: str, locale: str = "en-US") -> FakeUser:
        """Create a user who is a member of every guild."""
        user = FakeUser(self.ids.next(), name, locale=locale)
        self.users[user.id] = user
        for guild in self.guilds.values():
            self.emit_member_add(guild, user)
        return user

    def add_guild(self, name: str, locale: str = "en-US", shard: int | None = None) -> FakeGuild:
        """Create a guild with ``@everyone`` and a managed bot role; with ``shard``, one
        whose id falls on that shard of the world's ``shard_count``."""
        gid = self.ids.next() if shard is None else self.ids.next_on_shard(shard, self.shard_count)
        # The owner is nobody the tests act as, so nobody bypasses permissions.
        guild = FakeGuild(gid, name, self.ids.next(), locale=locale, joined_at=iso_now())
        everyone = FakeRole(gid, gid, "@everyone", perms.EVERYONE_DEFAULT)
        bot_role = FakeRole(self.ids.next(), gid, self.bot.name, perms.BOT_ROLE_DEFAULT, 1, True)
        bot_role.member_ids.add(self.bot.id)
        guild.roles += [everyone, bot_role]
        self.bot_role[gid] = bot_role
        self.roles.update({everyone.id: everyone, bot_role.id: bot_role})
        self.guilds[gid] = guild
        self.emit_guild_create(guild)
        return guild

    def add_role(self, guild: FakeGuild, name: str, permissions: int = 0) -> FakeRole:
        """Create a role in ``guild``."""
        role = FakeRole(self.ids.next(), guild.id, name, permissions, len(guild.roles))
        guild.roles.append(role)
        self.roles[role.id] = role
        self.emit_role_create(role)
        return role

    def emit_role_create(self, role: FakeRole) -> None:
        """Dispatch GUILD_ROLE_CREATE (guilds intent), as Discord does for a new role."""
        from .payloads import role_payload

        self.emit(
            "GUILD_ROLE_CREATE",
            {"guild_id": str(role.guild_id), "role": role_payload(role)},
            1 << 0,
        )
        self.notifier.notify()

    def add_channel(self, guild: FakeGuild, name: str, threads_allowed: bool = True) -> FakeChannel:
        """Create a text channel; ``threads_allowed=False`` denies thread creation in it."""
        pos = sum(1 for c in self.channels.values() if c.guild_id == guild.id)
        channel = FakeChannel(self.ids.next(), name, TEXT_CHANNEL, guild.id, position=pos)
        channel.threads_allowed = threads_allowed
        self.channels[channel.id] = channel
        self.emit_channel("CHANNEL_CREATE", channel)
        return channel

    def add_thread(
        self,
        parent: FakeChannel,
        name: str,
        owner_id: int,
        thread_type: int,
        tid: int | None = None,
    ) -> FakeChannel:
        """Create a thread under ``parent`` (id ``tid``, e.g. the starter message's id)."""
        thread = FakeChannel(
            tid or self.ids.next(),
            name,
            thread_type,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner_id,
        )
        self.channels[thread.id] = thread
        self.notifier.notify()
        return thread

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        if user.id not in self.dm_channels:
            channel = FakeChannel(self.ids.next(), "", DM_CHANNEL, recipient_id=user.id)
            self.channels[channel.id] = channel
            self.dm_channels[user.id] = channel
        return self.dm_channels[user.id]

    def add_attachment(
        self, filename: str, data: bytes, content_type: str | None = None
    ) -> FakeAttachment:
        """A file uploaded by a user (e.g. for an attachment option)."""
        aid = self.ids.next()
        url = f"{self.base_url}/attachments/0/{aid}/{quote(filename)}"
        att = FakeAttachment(aid, filename, data, url, content_type=content_type)
        self.uploads[aid] = att
        return att

    def find_attachment(self, aid: int) -> FakeAttachment | None:
        """Any attachment (of a message or uploaded) by id."""
        if aid in self.uploads:
            return self.uploads[aid]
        for msg in self.messages.values():
            for att in msg.attachments:
                if att.id == aid:
                    return att
        return None

    def member_ids(self, guild: FakeGuild) -> list[int]:
        """Ids of every member of ``guild`` (all users, the bot included, but those who left)."""
        gone = self.left.get(guild.id, set())
        return [uid for uid in self.users if uid not in gone]

    def remove_bot(self, guild: FakeGuild) -> None:
        """The bot is removed from ``guild`` (GUILD_DELETE); it sees nothing there after."""
        self.left.setdefault(guild.id, set()).add(self.bot.id)
        self.emit("GUILD_DELETE", {"id": str(guild.id), "unavailable": False}, 1 << 0)
        self.notifier.notify()

    def readd_bot(self, guild: FakeGuild) -> None:
        """The bot is invited back into ``guild`` (GUILD_CREATE)."""
        self.left.get(guild.id, set()).discard(self.bot.id)
        self.emit_guild_create(guild)
        self.notifier.notify()

    def remove_member(self, guild: FakeGuild, user: FakeUser) -> None:
        """``user`` leaves ``guild`` (GUILD_MEMBER_REMOVE goes to bots with the members intent)."""
        from .payloads import user_payload

        self.left.setdefault(guild.id, set()).add(user.id)
        data = {"guild_id": str(guild.id), "user": user_payload(user)}
        self.emit("GUILD_MEMBER_REMOVE", data, 1 << 1)
        self.notifier.notify()

    def member_roles(self, guild: FakeGuild, user_id: int) -> list[FakeRole]:
        """Roles of a member, ``@everyone`` excluded."""
        return [r for r in guild.roles[1:] if user_id in r.member_ids]

    # ----- permissions ----------------------------------------------------------------------

    def base_permissions(self, guild: FakeGuild, user_id: int) -> int:
        """Guild-level permissions of a member (none for someone who left)."""
        if user_id in self.left.get(guild.id, set()):
            return 0
        if user_id == guild.owner_id:
            return perms.ALL
        value = guild.everyone.permissions
        for role in self.member_roles(guild, user_id):
            value |= role.permissions
        return perms.ALL if value & perms.ADMINISTRATOR else value

    def overwrites(self, channel: FakeChannel) -> list[dict[str, Any]]:
        """Permission overwrites of a channel (threads not allowed: creation denied; bits
        denied to the bot: a member overwrite)."""
        if channel.guild_id is None:
            return []
        found = []
        if not channel.threads_allowed:
            deny = str(perms.THREAD_CREATION)
            found.append({"id": str(channel.guild_id), "type": 0, "allow": "0", "deny": deny})
        if self.bot_denied.get(channel.id):
            deny = str(self.bot_denied[channel.id])
            found.append({"id": str(self.bot.id), "type": 1, "allow": "0", "deny": deny})
        return found

    def permissions_in(self, channel: FakeChannel, user_id: int) -> int:
        """Channel-level permissions of ``user_id`` (threads inherit from their parent)."""
        if channel.guild_id is None:
            return perms.DM_PERMISSIONS
        guild = self.guilds[channel.guild_id]
        value = self.base_permissions(guild, user_id)
        if value == perms.ALL:
            return value
        target = self.channels[channel.parent_id] if channel.parent_id else channel
        for ow in self.overwrites(target):
            if ow["type"] == 1 and int(ow["id"]) != user_id:
                continue
            value = perms.apply_overwrite(value, int(ow["allow"]), int(ow["deny"]))
        return value

    # ----- lookups --------------------------------------------------------------------------

    def guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        """The guild a channel belongs to (``None`` for DMs)."""
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def find_command(self, name: str, guild_id: int | None) -> dict[str, Any] | None:
        """A synced chat-input command by name: guild commands first, then global ones."""
        scopes = [guild_id, None] if guild_id else [None]
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
        return None

    def channel_messages(self, channel_id: int, viewer: int | None = None) -> list[FakeMessage]:
        """Messages of a channel visible to ``viewer``, oldest first."""
        msgs = [m for m in self.messages.values() if m.channel_id == channel_id]
        return sorted((m for m in msgs if m.visible_for(viewer)), key=lambda m: m.id)

    # ----- gateway events -------------------------------------------------------------------

    def emit_guild_create(self, guild: FakeGuild) -> None:
        """Dispatch GUILD_CREATE for a guild added while a bot is connected."""
        from .payloads import guild_create_payload

        self.emit("GUILD_CREATE", guild_create_payload(self, guild), 1 << 0)

    def emit_channel(self, event: str, channel: FakeChannel) -> None:
        """Dispatch a CHANNEL_*/THREAD_* event."""
        from .payloads import channel_payload

        data = channel_payload(self, channel)
        if event == "THREAD_CREATE":
            data["newly_created"] = True
        self.emit(event, data, 1 << 0)
        self.notifier.notify()

    def emit_member_add(self, guild: FakeGuild, user: FakeUser) -> None:
        """Dispatch GUILD_MEMBER_ADD (members intent only)."""
        from .payloads import member_payload

        data = member_payload(self, guild, user)
        data["guild_id"] = str(guild.id)
        self.emit("GUILD_MEMBER_ADD", data, 1 << 1)

    def emit_message(self, event: str, msg: FakeMessage) -> None:
        """Dispatch MESSAGE_CREATE/UPDATE/DELETE for a public message."""
        from .payloads import message_payload

        self.notifier.notify()
        if msg.ephemeral:
            return
        intent = 1 << 12 if msg.guild_id is None else 1 << 9
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
        else:
            data = message_payload(self, msg)
        self.emit(event, data, intent)
