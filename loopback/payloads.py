"""JSON payloads in Discord's API shapes, built from the world's entities."""

from __future__ import annotations

from typing import Any, Protocol

from .models import FakeAttachment, FakeChannel, FakeGuild, FakeMessage, FakeRole, FakeUser


class World(Protocol):
    """What payloads read of the fake Discord's world (world.World is one): a protocol,
    so that world.py, which builds payloads, and this module are not a circle."""

    bot: FakeUser
    application_id: int
    users: dict[int, FakeUser]
    channels: dict[int, FakeChannel]

    def member_ids(self, guild: FakeGuild) -> list[int]: ...

    def member_roles(self, guild: FakeGuild, user_id: int) -> list[FakeRole]: ...

    def overwrites(self, channel: FakeChannel) -> list[dict[str, Any]]: ...

    def permissions_in(self, channel: FakeChannel, user_id: int) -> int: ...


def user_payload(user: FakeUser) -> dict[str, Any]:
    """A user object."""
    data: dict[str, Any] = {
        "id": str(user.id),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.global_name or user.name,
        "avatar": None,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
    }
    if user.bot:
        data.update(bot=True, verified=True, mfa_enabled=False, locale="en-US")
    return data


def role_payload(role: FakeRole) -> dict[str, Any]:
    """A role object."""
    return {
        "id": str(role.id),
        "name": role.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": role.position,
        "permissions": str(role.permissions),
        "managed": role.managed,
        "mentionable": False,
        "flags": 0,
    }


def member_payload(
    world: World, guild: FakeGuild, user: FakeUser, *, with_user: bool = True
) -> dict[str, Any]:
    """A guild member object (with ``user`` unless ``with_user`` is false)."""
    data: dict[str, Any] = {
        "roles": [str(r.id) for r in world.member_roles(guild, user.id)],
        "joined_at": guild.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "nick": user.nicks.get(guild.id),
        "avatar": None,
        "banner": None,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user_payload(user)
    return data


def thread_metadata(channel: FakeChannel) -> dict[str, Any]:
    """The ``thread_metadata`` of a thread."""
    return {
        "archived": channel.archived,
        "auto_archive_duration": channel.auto_archive_duration,
        "archive_timestamp": channel.created_at,
        "locked": channel.locked,
        "invitable": True,
        "create_timestamp": channel.created_at,
    }


def channel_payload(
    world: World, channel: FakeChannel, *, viewer: int | None = None
) -> dict[str, Any]:
    """A channel object (text channel, thread or DM); ``viewer`` adds ``permissions``."""
    last = str(channel.last_message_id) if channel.last_message_id else None
    data: dict[str, Any] = {"id": str(channel.id), "type": channel.type, "last_message_id": last}
    if channel.is_dm:
        recipient = world.users[channel.recipient_id or 0]
        data.update(recipients=[user_payload(recipient)], flags=0)
    else:
        data.update(
            guild_id=str(channel.guild_id),
            name=channel.name,
            position=channel.position,
            permission_overwrites=world.overwrites(channel),
            parent_id=str(channel.parent_id) if channel.parent_id else None,
            nsfw=False,
            topic=None,
            rate_limit_per_user=0,
            flags=0,
            default_auto_archive_duration=1440,
        )
    if channel.is_thread:
        data.update(
            owner_id=str(channel.owner_id),
            message_count=channel.message_count,
            total_message_sent=channel.message_count,
            member_count=1,
            thread_metadata=thread_metadata(channel),
            member={
                "id": str(channel.id),
                "user_id": str(world.bot.id),
                "join_timestamp": channel.created_at,
                "flags": 0,
            },
        )
        data.pop("permission_overwrites", None)
    if viewer is not None:
        data["permissions"] = str(world.permissions_in(channel, viewer))
    return data


def guild_create_payload(world: World, guild: FakeGuild) -> dict[str, Any]:
    """The GUILD_CREATE payload: guild with roles, channels, active threads and members."""
    chans = [c for c in world.channels.values() if c.guild_id == guild.id]
    members = [member_payload(world, guild, world.users[uid]) for uid in world.member_ids(guild)]
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": guild.locale,
        "features": [],
        "roles": [role_payload(r) for r in guild.roles],
        "emojis": [],
        "stickers": [],
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "application_id": None,
        "max_members": 500000,
        "joined_at": guild.joined_at,
        "large": False,
        "unavailable": False,
        "member_count": len(members),
        "members": members,
        "channels": [channel_payload(world, c) for c in chans if not c.is_thread],
        "threads": [channel_payload(world, c) for c in chans if c.is_thread and not c.archived],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def attachment_payload(att: FakeAttachment) -> dict[str, Any]:
    """An attachment object."""
    data: dict[str, Any] = {
        "id": str(att.id),
        "filename": att.filename,
        "size": att.size,
        "url": att.url,
        "proxy_url": att.url,
        "content_type": att.content_type,
        "flags": 0,
    }
    if att.description is not None:
        data["description"] = att.description
    return data


def message_payload(world: World, msg: FakeMessage) -> dict[str, Any]:
    """A message object as Discord returns it."""
    author = world.users.get(msg.author_id) or world.bot
    mentions = [user_payload(world.users[i]) for i in msg.pinged_user_ids if i in world.users]
    data: dict[str, Any] = {
        "id": str(msg.id),
        "channel_id": str(msg.channel_id),
        "author": user_payload(author),
        "content": msg.content,
        "timestamp": msg.created_at,
        "edited_timestamp": msg.edited_at,
        "tts": False,
        "mention_everyone": False,
        "mentions": mentions,
        "mention_roles": [],
        "attachments": [attachment_payload(a) for a in msg.attachments],
        "embeds": msg.embeds,
        "components": msg.components,
        "pinned": False,
        "type": msg.message_type,
        "flags": msg.flags,
        "reactions": [
            {"emoji": {"id": None, "name": r}, "count": 1, "me": True} for r in msg.reactions
        ],
    }
    if msg.guild_id:
        data["guild_id"] = str(msg.guild_id)
    if msg.interaction_id is not None:
        user = world.users[msg.interaction_user_id or 0]
        owners = {"0": str(msg.guild_id)} if msg.guild_id else {"1": str(user.id)}
        data.update(webhook_id=str(world.application_id), application_id=str(world.application_id))
        data["interaction_metadata"] = {
            "id": str(msg.interaction_id),
            "type": msg.interaction_type,
            "user": user_payload(user),
            "authorizing_integration_owners": owners,
        }
        if msg.interaction_name:
            data["interaction"] = {
                "id": str(msg.interaction_id),
                "type": msg.interaction_type,
                "name": msg.interaction_name,
                "user": user_payload(user),
            }
    if msg.thread_id and msg.thread_id in world.channels:
        data["thread"] = channel_payload(world, world.channels[msg.thread_id])
    if msg.message_reference:
        data["message_reference"] = msg.message_reference
    return data


def command_payload(
    world: World, body: dict[str, Any], guild_id: int | None, cid: int, version: int
) -> dict[str, Any]:
    """An application command as stored and returned by Discord."""
    data = dict(body)
    data.setdefault("type", 1)
    data.setdefault("description", "")
    data.setdefault("options", [])
    data.setdefault("name_localizations", None)
    data.setdefault("description_localizations", None)
    data.setdefault("default_member_permissions", None)
    data.setdefault("nsfw", False)
    data.setdefault("contexts", None)
    data.setdefault("integration_types", [0])
    data.update(id=str(cid), application_id=str(world.application_id), version=str(version))
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    else:
        data.setdefault("dm_permission", True)
    return data
