"""Building INTERACTION_CREATE payloads the way Discord's client and API do."""

from __future__ import annotations

from typing import Any

from .models import FakeAttachment, FakeChannel, FakeRole, FakeUser
from .payloads import (
    attachment_payload,
    channel_payload,
    member_payload,
    role_payload,
    user_payload,
)
from .world import World

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)


def base_payload(
    world: World,
    *,
    iid: int,
    token: str,
    itype: int,
    user: FakeUser,
    channel: FakeChannel,
    locale: str | None,
) -> dict[str, Any]:
    """Fields common to every interaction: user/member, channel, locales, permissions."""
    guild = world.guild_of(channel)
    data: dict[str, Any] = {
        "id": str(iid),
        "application_id": str(world.application_id),
        "type": itype,
        "token": token,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": channel_payload(world, channel, viewer=user.id),
        "locale": locale or user.locale,
        "app_permissions": str(world.permissions_in(channel, world.bot.id)),
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if guild is not None:
        member = member_payload(world, guild, user)
        member["permissions"] = str(world.permissions_in(channel, user.id))
        data.update(
            guild_id=str(guild.id),
            guild_locale=guild.locale,
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            member=member,
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
        )
    else:
        data.update(user=user_payload(user), authorizing_integration_owners={"0": "0"}, context=1)
    return data


class Resolver:
    """Collects the ``resolved`` data for snowflake option/select values."""

    def __init__(self, world: World, channel: FakeChannel) -> None:
        self.world = world
        self.guild = world.guild_of(channel)
        self.data: dict[str, dict[str, Any]] = {}

    def add(self, value: Any) -> str:
        """Register ``value`` (user, role, channel, attachment or id); return its id string."""
        world = self.world
        if isinstance(value, int) and value in world.users:
            value = world.users[value]
        elif isinstance(value, int) and value in world.roles:
            value = world.roles[value]
        elif isinstance(value, int) and value in world.channels:
            value = world.channels[value]
        if isinstance(value, FakeUser):
            self.data.setdefault("users", {})[str(value.id)] = user_payload(value)
            if self.guild is not None:
                member = member_payload(world, self.guild, value, with_user=False)
                member["permissions"] = str(world.base_permissions(self.guild, value.id))
                self.data.setdefault("members", {})[str(value.id)] = member
        elif isinstance(value, FakeRole):
            self.data.setdefault("roles", {})[str(value.id)] = role_payload(value)
        elif isinstance(value, FakeChannel):
            chan = channel_payload(world, value, viewer=world.bot.id)
            self.data.setdefault("channels", {})[str(value.id)] = chan
        elif isinstance(value, FakeAttachment):
            self.data.setdefault("attachments", {})[str(value.id)] = attachment_payload(value)
        else:
            return str(value)
        return str(value.id)


def _convert(opt: dict[str, Any], value: Any, resolver: Resolver, focused: bool) -> Any:
    kind = opt["type"]
    if focused:
        return value if isinstance(value, str) else str(value)
    if kind == STRING:
        return str(value)
    if kind == INTEGER:
        return int(value)
    if kind == BOOLEAN:
        return bool(value)
    if kind == NUMBER:
        return float(value)
    return resolver.add(value)


def _check_choice(opt: dict[str, Any], value: Any) -> None:
    choices = opt.get("choices") or []
    if choices and value not in [c["value"] for c in choices]:
        names = [c["value"] for c in choices]
        raise ValueError(f"option {opt['name']!r} only accepts the choices {names}, not {value!r}")


def _check_bounds(opt: dict[str, Any], value: Any) -> None:
    """Discord's client refuses a string outside min/max_length, a number outside min/max_value."""
    size, low, high = (
        (len(value), "min_length", "max_length")
        if isinstance(value, str)
        else (value, "min_value", "max_value")
    )
    if opt.get(low) is not None and size < opt[low]:
        raise ValueError(f"option {opt['name']!r} is below its {low} {opt[low]}: {size}")
    if opt.get(high) is not None and size > opt[high]:
        raise ValueError(f"option {opt['name']!r} is over its {high} {opt[high]}: {size}")


def build_options(
    definition: list[dict[str, Any]],
    values: dict[str, Any],
    resolver: Resolver,
    focused: str | None,
    check: bool = True,
) -> list[dict[str, Any]]:
    """Typed option list for ``values`` following the synced option definitions.

    ``check=False`` skips what Discord's own client enforces (choices, lengths, ranges), as a
    modified client or a command synced before a limit existed would.
    """
    by_name = {o["name"]: o for o in definition}
    out = []
    for name, value in values.items():
        if name not in by_name:
            raise ValueError(f"unknown option {name!r}; the command has {sorted(by_name)}")
        opt = by_name[name]
        is_focused = name == focused
        item = {
            "name": name,
            "type": opt["type"],
            "value": _convert(opt, value, resolver, is_focused),
        }
        if is_focused:
            item["focused"] = True
        elif check:
            if not opt.get("autocomplete"):
                _check_choice(opt, item["value"])
            if opt["type"] in (STRING, INTEGER, NUMBER):
                _check_bounds(opt, item["value"])
        out.append(item)
    if focused is None:
        missing = [o["name"] for o in definition if o.get("required") and o["name"] not in values]
        if missing:
            raise ValueError(f"required option(s) missing: {missing}")
    elif focused not in values:
        raise ValueError(f"the focused option {focused!r} needs a value (the text typed so far)")
    return out


def command_data(
    command: dict[str, Any],
    values: dict[str, Any],
    subcommand: str | None,
    resolver: Resolver,
    focused: str | None = None,
    check: bool = True,
) -> dict[str, Any]:
    """The ``data`` of an APPLICATION_COMMAND / AUTOCOMPLETE interaction."""
    definition = command.get("options") or []
    path = subcommand.split() if subcommand else []
    wrappers: list[dict[str, Any]] = []
    for part in path:
        sub = next((o for o in definition if o["name"] == part and o["type"] in (1, 2)), None)
        if sub is None:
            raise ValueError(f"command {command['name']!r} has no subcommand {part!r}")
        wrappers.append({"name": part, "type": sub["type"], "options": []})
        definition = sub.get("options") or []
    if definition and definition[0]["type"] in (SUBCOMMAND, GROUP):
        raise ValueError(f"command {command['name']!r} needs subcommand= (one of its groups)")
    options = build_options(definition, values, resolver, focused, check)
    for wrapper in reversed(wrappers):
        wrapper["options"] = options
        options = [wrapper]
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
    data["options"] = options
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolver.data:
        data["resolved"] = resolver.data
    return data


def component_data(
    component: dict[str, Any],
    values: list[Any] | None,
    resolver: Resolver,
) -> dict[str, Any]:
    """The ``data`` of a MESSAGE_COMPONENT interaction."""
    data: dict[str, Any] = {
        "custom_id": component["custom_id"],
        "component_type": component["type"],
    }
    if "id" in component:
        data["id"] = component["id"]
    if values is not None:
        data["values"] = [resolver.add(v) if component["type"] != 3 else str(v) for v in values]
        if resolver.data:
            data["resolved"] = resolver.data
    return data


def modal_components(modal: dict[str, Any], values: dict[str, Any]) -> list[dict[str, Any]]:
    """Submitted modal components mirroring the modal's rows/labels."""

    def submitted(comp: dict[str, Any]) -> dict[str, Any] | None:
        cid = comp.get("custom_id")
        if cid is None:
            return None
        value = values.get(cid, comp.get("value") or "")
        if comp.get("type") == 4:
            return {"type": 4, "custom_id": cid, "value": value}
        vals = value if isinstance(value, list) else [value]
        return {"type": comp["type"], "custom_id": cid, "values": [str(v) for v in vals]}

    out: list[dict[str, Any]] = []
    for comp in modal.get("components") or []:
        if comp.get("type") == 1:
            kids = [s for c in comp.get("components") or [] if (s := submitted(c))]
            out.append({"type": 1, "components": kids})
        elif comp.get("type") == 18 and (inner := submitted(comp.get("component") or {})):
            out.append({"type": 18, "component": inner})
    return out
