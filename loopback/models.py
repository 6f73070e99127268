"""The fake world's entities: users, guilds, roles, channels, messages and attachments."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .ids import iso_from_snowflake

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5
MENTION_RE = re.compile(r"<@!?(\d+)>")


@dataclass(eq=False)
class FakeUser:
    """A Discord user; every non-bot user is a member of every guild."""

    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    global_name: str | None = None
    #: a server nickname per guild id (what the member is called there)
    nicks: dict[int, str] = field(default_factory=dict)

    @property
    def mention(self) -> str:
        """The ``<@id>`` mention string."""
        return f"<@{self.id}>"


@dataclass(eq=False)
class FakeRole:
    """A guild role; the ``@everyone`` role has the guild's id."""

    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    member_ids: set[int] = field(default_factory=set)


@dataclass(eq=False)
class FakeGuild:
    """A guild (server)."""

    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: list[FakeRole] = field(default_factory=list)
    joined_at: str = ""

    @property
    def everyone(self) -> FakeRole:
        """The ``@everyone`` role."""
        return self.roles[0]


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread (type 11/12, ``parent_id`` set) or a DM (type 1)."""

    id: int
    name: str
    type: int = TEXT_CHANNEL
    guild_id: int | None = None
    parent_id: int | None = None
    threads_allowed: bool = True
    owner_id: int | None = None
    recipient_id: int | None = None
    position: int = 0
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    message_count: int = 0
    last_message_id: int | None = None
    starter_message_id: int | None = None

    @property
    def is_thread(self) -> bool:
        """Whether this channel is a thread."""
        return self.type in (10, PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def is_dm(self) -> bool:
        """Whether this channel is a direct-message channel."""
        return self.type == DM_CHANNEL

    @property
    def mention(self) -> str:
        """The ``<#id>`` mention string."""
        return f"<#{self.id}>"

    @property
    def created_at(self) -> str:
        """Creation time (from the snowflake)."""
        return iso_from_snowflake(self.id)


@dataclass(eq=False)
class FakeAttachment:
    """A file attached to a message; ``description`` is the alt text."""

    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None
    content_type: str | None = None
    #: the size of a file whose bytes were not kept (``FakeDiscord(keep_files=False)``)
    dropped_size: int | None = None

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data) if self.dropped_size is None else self.dropped_size


@dataclass
class MessageVersion:
    """A snapshot of a message's content, kept in :attr:`FakeMessage.history`."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[FakeAttachment]
    flags: int


def embed_texts(embed: dict[str, Any]) -> list[str]:
    """The human-readable strings of one embed (title, description, fields, footer, author)."""
    parts = [embed.get("title"), embed.get("description")]
    for fld in embed.get("fields") or []:
        parts += [fld.get("name"), fld.get("value")]
    parts.append((embed.get("footer") or {}).get("text"))
    parts.append((embed.get("author") or {}).get("name"))
    return [p for p in parts if p]


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, including those nested in rows, sections and containers."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


def component_texts(components: list[dict[str, Any]]) -> list[str]:
    """Labels, placeholders, option texts and text-display contents of components."""
    out: list[str] = []
    for comp in walk_components(components):
        out += [comp.get(k) for k in ("label", "placeholder") if comp.get(k)]
        for opt in comp.get("options") or []:
            out += [opt.get(k) for k in ("label", "description") if opt.get(k)]
    return out


@dataclass(eq=False)
class FakeMessage:
    """A message; edits are applied in place and previous versions kept in ``history``."""

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    kind: str = "channel"  # "channel", "response", "followup" or "user"
    message_type: int = 0
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user_id: int | None = None
    interaction_name: str | None = None
    visible_to: int | None = None
    deleted: bool = False
    edited_at: str | None = None
    thread_id: int | None = None
    allowed_mentions: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    reactions: list[str] = field(default_factory=list)
    history: list[MessageVersion] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        """Whether only the interaction's user can see it."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is a deferred "thinking" response not yet filled in."""
        return bool(self.flags & LOADING)

    @property
    def created_at(self) -> str:
        """Creation time (from the snowflake)."""
        return iso_from_snowflake(self.id)

    @property
    def text(self) -> str:
        """Content, text displays (components v2) and embed titles/descriptions/fields/footers."""
        parts = [self.content] if self.content else []
        parts += [c["content"] for c in self.all_components if c.get("type") == 10]
        for embed in self.embeds:
            parts += embed_texts(embed)
        return "\n".join(p for p in parts if p)

    @property
    def all_text(self) -> str:
        """:attr:`text` plus attachment names and alt texts and component labels."""
        parts = [self.text] if self.text else []
        for att in self.attachments:
            parts += [att.filename] + ([att.description] if att.description else [])
        parts += component_texts(self.components)
        return "\n".join(parts)

    @property
    def mentioned_user_ids(self) -> list[int]:
        """Users mentioned (``<@id>``) in the content, in order, without repeats."""
        return list(dict.fromkeys(int(x) for x in MENTION_RE.findall(self.content or "")))

    @property
    def pinged_user_ids(self) -> list[int]:
        """Mentioned users whom ``allowed_mentions`` lets be notified."""
        allowed = self.allowed_mentions
        if allowed is None or "users" in (allowed.get("parse") or []):
            return self.mentioned_user_ids
        explicit = {int(x) for x in allowed.get("users") or []}
        return [m for m in self.mentioned_user_ids if m in explicit]

    @property
    def all_components(self) -> list[dict[str, Any]]:
        """Every component, flattened."""
        return list(walk_components(self.components))

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """Every button (type 2)."""
        return [c for c in self.all_components if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        """Every select menu (types 3, 5, 6, 7, 8)."""
        return [c for c in self.all_components if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def custom_ids(self) -> list[str]:
        """Custom ids of every interactive component."""
        return [c["custom_id"] for c in self.all_components if c.get("custom_id")]

    def find_component(
        self, custom_id: str | None = None, *, label: str | None = None
    ) -> dict[str, Any]:
        """The component with this ``custom_id`` (or button ``label``); ``LookupError`` if none."""
        for comp in self.all_components:
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if custom_id is None and label is not None and comp.get("label") == label:
                return comp
        raise LookupError(
            f"message {self.id} has no component custom_id={custom_id!r} label={label!r}; "
            f"custom ids: {self.custom_ids}"
        )

    def snapshot(self) -> MessageVersion:
        """The current version, for the history."""
        return MessageVersion(
            self.content,
            copy.deepcopy(self.embeds),
            copy.deepcopy(self.components),
            list(self.attachments),
            self.flags,
        )

    def visible_for(self, user_id: int | None) -> bool:
        """Whether ``user_id`` (``None``: anyone) can see this message."""
        if self.deleted:
            return False
        return not self.ephemeral or (user_id is not None and self.visible_to == user_id)
