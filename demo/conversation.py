"""The conversation as players saw it, read from the loopback Discord's world.

One :class:`Place` per channel or thread (threads right after their channel), each holding
its :class:`Entry` rows in the order they happened: what people typed or clicked, and the
bot's messages (ephemeral ones marked with whom they were shown to).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from demo.markdown import Names
from loopback.models import LOADING, FakeMessage, walk_components
from loopback.records import Interaction
from loopback.world import World

#: Discord's option types that name something: how their values read.
USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT = 6, 7, 8, 9, 11
SUBCOMMAND, GROUP = 1, 2
COMMAND, COMPONENT, MODAL = 2, 3, 5


@dataclass(frozen=True)
class Image:
    """An attached file as a player sees it."""

    filename: str
    data: bytes
    alt: str | None
    content_type: str | None = None


@dataclass(frozen=True)
class Button:
    """A button or select menu, shown as its label."""

    label: str
    style: int = 2  # 1 blurple, 2 grey, 3 green, 4 red, 5 link; 0 for a select menu
    disabled: bool = False


@dataclass(frozen=True)
class Embed:
    """The readable parts of an embed."""

    title: str | None
    description: str | None
    fields: tuple[tuple[str, str], ...] = ()
    footer: str | None = None
    color: int | None = None


@dataclass(frozen=True)
class Entry:
    """One row of the conversation: a command typed, a click, or a message."""

    id: int  # a snowflake: entries sort by it
    kind: str  # "command", "click" or "message"
    author: str
    bot: bool
    text: str  # the command line, what was clicked, or the message's markdown
    images: tuple[Image, ...] = ()
    buttons: tuple[Button, ...] = ()
    embeds: tuple[Embed, ...] = ()
    only_for: str | None = None  # ephemeral: the one person who sees it
    edited: bool = False
    thread: int | None = None  # the thread this message started

    @property
    def at(self) -> float:
        """When it happened (seconds since the epoch, from the snowflake)."""
        return ((self.id >> 22) + 1420070400000) / 1000

    @property
    def when(self) -> str:
        """The time of day, in UTC."""
        return dt.datetime.fromtimestamp(self.at, dt.UTC).strftime("%H:%M:%S")


@dataclass
class Place:
    """A channel, thread or DM with its entries, oldest first."""

    id: int
    name: str
    is_thread: bool = False
    parent: int | None = None
    entries: list[Entry] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        """The id of the place's section in the page."""
        return f"place-{self.id}"


def option_text(option: dict[str, Any], resolved: dict[str, Any], world: World) -> str:
    """``name:value`` as the client shows a filled-in option (users as @Name)."""
    value, kind = option.get("value"), option.get("type")
    if kind in (USER, MENTIONABLE) and str(value) in (resolved.get("users") or {}):
        user = world.users.get(int(value))
        value = f"@{user.name if user else resolved['users'][str(value)]['username']}"
    elif kind == ROLE:
        role = world.roles.get(int(value))
        value = f"@{role.name if role else value}"
    elif kind == CHANNEL:
        channel = world.channels.get(int(value))
        value = f"#{channel.name if channel else value}"
    elif kind == ATTACHMENT:
        attachment = (resolved.get("attachments") or {}).get(str(value)) or {}
        value = attachment.get("filename", value)
    return f"{option['name']}:{value}"


def command_line(data: dict[str, Any], world: World) -> str:
    """``/play stonehenge opponent:@Tablero level:easy``: the command as typed."""
    words = [f"/{data.get('name', '?')}"]
    options = list(data.get("options") or [])
    while options and options[0].get("type") in (SUBCOMMAND, GROUP):
        words.append(options[0]["name"])
        options = list(options[0].get("options") or [])
    resolved = data.get("resolved") or {}
    words += [option_text(option, resolved, world) for option in options]
    return " ".join(words)


def _versions(message: FakeMessage) -> Iterator[list[dict[str, Any]]]:
    yield message.components
    for old in reversed(message.history):
        yield old.components


def click_text(ix: Interaction) -> str:
    """What a click reads as: ``pressed "Accept"``, ``chose "2B" in "Pick a stone"``."""
    data = ix.payload.get("data") or {}
    custom_id = data.get("custom_id")
    if ix.type == MODAL:
        return "filled in a form"
    message = ix.component_message
    component: dict[str, Any] = {}
    for components in _versions(message) if message is not None else ():
        component = next(
            (c for c in walk_components(components) if c.get("custom_id") == custom_id), {}
        )
        if component:
            break
    values = data.get("values")
    if values is None:
        return f'pressed "{component.get("label") or component.get("emoji", {}).get("name", "?")}"'
    labels = {o.get("value"): o.get("label") for o in component.get("options") or []}
    chosen = ", ".join(f'"{labels.get(v, v)}"' for v in values)
    where = component.get("placeholder")
    return f"chose {chosen}" + (f' in "{where}"' if where else "")


def buttons_of(components: list[dict[str, Any]]) -> tuple[Button, ...]:
    """Every button (by its label or emoji) and select menu (by its placeholder)."""
    found = []
    for comp in walk_components(components):
        if comp.get("type") == 2:
            emoji = (comp.get("emoji") or {}).get("name") or ""
            label = " ".join(p for p in (emoji, comp.get("label") or "") if p)
            found.append(Button(label or "?", comp.get("style", 2), bool(comp.get("disabled"))))
        elif comp.get("type") in (3, 5, 6, 7, 8):
            label = comp.get("placeholder") or "Choose…"
            found.append(Button(f"▾ {label}", 0, bool(comp.get("disabled"))))
    return tuple(found)


def embeds_of(embeds: Iterable[dict[str, Any]]) -> tuple[Embed, ...]:
    """The readable parts of each embed."""
    return tuple(
        Embed(
            e.get("title"),
            e.get("description"),
            tuple((f.get("name", ""), f.get("value", "")) for f in e.get("fields") or []),
            (e.get("footer") or {}).get("text"),
            e.get("color"),
        )
        for e in embeds
    )


def message_entry(message: FakeMessage, world: World) -> Entry:
    """A message (its latest version) as a row."""
    author = world.users.get(message.author_id)
    shown_to = world.users.get(message.visible_to or 0) if message.ephemeral else None
    text = message.content
    text_displays = [
        c["content"] for c in walk_components(message.components) if c.get("type") == 10
    ]
    return Entry(
        id=message.id,
        kind="message",
        author=author.name if author else "?",
        bot=bool(author and author.bot),
        text="\n".join(p for p in (text, *text_displays) if p),
        images=tuple(
            Image(a.filename, a.data, a.description, a.content_type) for a in message.attachments
        ),
        buttons=buttons_of(message.components),
        embeds=embeds_of(message.embeds),
        only_for=(shown_to.name if shown_to else "you") if message.ephemeral else None,
        # a deferred reply filled in later is not "edited" on Discord; a change after that is
        edited=any(not old.flags & LOADING for old in message.history),
        thread=message.thread_id,
    )


def interaction_entry(ix: Interaction, world: World) -> Entry | None:
    """What a person did (a command or a click) as a row; None for autocomplete."""
    if ix.type == COMMAND:
        text = command_line(ix.payload.get("data") or {}, world)
        return Entry(ix.id, "command", ix.user.name, ix.user.bot, text)
    if ix.type in (COMPONENT, MODAL):
        return Entry(ix.id, "click", ix.user.name, ix.user.bot, click_text(ix))
    return None


def places(world: World) -> list[Place]:
    """Every channel, thread and DM that holds anything, in reading order."""
    found: dict[int, Place] = {}
    for channel in world.channels.values():
        name = channel.name
        if channel.is_dm:
            user = world.users.get(channel.recipient_id or 0)
            name = f"Direct messages with {user.name if user else '?'}"
        found[channel.id] = Place(channel.id, name, channel.is_thread, channel.parent_id)
    for message in world.messages.values():
        if message.deleted or (message.loading and not message.history):
            continue
        found[message.channel_id].entries.append(message_entry(message, world))
    for ix in world.interaction_list:
        entry = interaction_entry(ix, world)
        if entry is not None and ix.channel.id in found:
            found[ix.channel.id].entries.append(entry)
    for place in found.values():
        place.entries.sort(key=lambda e: e.id)
    channels = sorted(
        (p for p in found.values() if not p.is_thread),
        key=lambda p: (world.channels[p.id].is_dm, world.channels[p.id].position, p.id),
    )
    ordered: list[Place] = []
    for channel in channels:
        threads = sorted((p for p in found.values() if p.parent == channel.id), key=lambda p: p.id)
        ordered += [p for p in (channel, *threads) if p.entries]
    return ordered


def names(world: World) -> Names:
    """How the page names users, roles and channels mentioned in messages."""

    def user(uid: int) -> str | None:
        found = world.users.get(uid)
        return found.name if found else None

    def role(rid: int) -> str | None:
        found = world.roles.get(rid)
        return found.name if found else None

    def channel(cid: int) -> tuple[str, str] | None:
        found = world.channels.get(cid)
        return (found.name, Place(cid, found.name).anchor) if found else None

    return Names(user, role, channel)
