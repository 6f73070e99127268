"""What tests do as users: slash commands, autocomplete, clicks, selects, modals, messages."""

from __future__ import annotations

from typing import Any

from .builder import Resolver, base_payload, command_data, component_data, modal_components
from .gateway import Gateway
from .ids import new_token
from .messaging import create_message
from .models import FakeChannel, FakeMessage, FakeUser
from .payloads import message_payload
from .records import Interaction
from .timing import WAIT
from .world import World


class UserActions:
    """Mixin of :class:`~loopback.FakeDiscord`: acting as users."""

    world: World
    gateway: Gateway

    def _dispatch(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        locale: str | None,
        command_name: str | None = None,
        message: FakeMessage | None = None,
    ) -> Interaction:
        world = self.world
        # Discord sends an interaction to the session of its guild's shard (DMs: shard 0).
        session = self.gateway.session_for(channel.guild_id)
        if session is None:
            raise RuntimeError(
                "fake discord: no bot is connected to the gateway"
                + (" for this guild's shard" if self.gateway.live() else "")
            )
        iid, token = world.ids.next(), new_token("interaction")
        payload = base_payload(
            world, iid=iid, token=token, itype=itype, user=user, channel=channel, locale=locale
        )
        payload["data"] = data
        if message is not None:
            payload["message"] = message_payload(world, message)
        ix = Interaction(
            world,
            iid=iid,
            token=token,
            type=itype,
            user=user,
            channel=channel,
            payload=payload,
            command_name=command_name,
            component_message=message,
        )
        ix.shard = None if session.shard is None else session.shard[0]
        world.interactions[token] = ix
        world.interaction_list.append(ix)
        session.dispatch("INTERACTION_CREATE", payload)
        return ix

    def _command(self, name: str, channel: FakeChannel) -> dict[str, Any]:
        cmd = self.world.find_command(name, channel.guild_id)
        if cmd is None:
            synced = {
                scope: [c["name"] for c in cmds] for scope, cmds in self.world.commands.items()
            }
            raise LookupError(f"/{name} is not synced for this channel's guild; synced: {synced}")
        return cmd

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
        subcommand: str | None = None,
        check: bool = True,
    ) -> Interaction:
        """Run ``/name`` (``subcommand``: ``"sub"`` or ``"group sub"``) as ``user``.

        Option values are converted to the synced option types: users, channels, roles and
        attachments may be given as fake objects (or ids) and come with ``resolved`` data.
        ``check=False`` sends values Discord's client would refuse (too long, not a choice).
        """
        cmd = self._command(name, channel)
        resolver = Resolver(self.world, channel)
        data = command_data(cmd, options or {}, subcommand, resolver, check=check)
        label = f"{name} {subcommand}" if subcommand else name
        return self._dispatch(2, user, channel, data, locale=locale, command_name=label)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        options: dict[str, Any],
        *,
        focused: str,
        locale: str | None = None,
        subcommand: str | None = None,
        timeout: float = WAIT,
    ) -> list[dict[str, Any]]:
        """Type into option ``focused``; return the choices (``{"name", "value"}``) offered."""
        cmd = self._command(name, channel)
        resolver = Resolver(self.world, channel)
        data = command_data(cmd, options, subcommand, resolver, focused=focused)
        ix = self._dispatch(4, user, channel, data, locale=locale, command_name=name)
        await ix.wait_response(timeout)
        return list(ix.choices or [])

    def _component(
        self, user: FakeUser, message: FakeMessage, custom_id: str | None, label: str | None
    ) -> dict[str, Any]:
        if not message.visible_for(user.id):
            raise PermissionError(f"message {message.id} is not visible to {user.name}")
        comp = message.find_component(custom_id, label=label)
        if comp.get("disabled"):
            raise ValueError(f"component {comp.get('custom_id')!r} is disabled")
        return comp

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        locale: str | None = None,
    ) -> Interaction:
        """Click the button ``custom_id`` (or the one labelled ``label``) of ``message``."""
        comp = self._component(user, message, custom_id, label)
        if comp.get("type") != 2 or comp.get("style") == 5:
            raise ValueError(f"{comp.get('custom_id')!r} is not a clickable button")
        channel = self.world.channels[message.channel_id]
        data = component_data(comp, None, Resolver(self.world, channel))
        return self._dispatch(3, user, channel, data, locale=locale, message=message)

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[Any],
        *,
        locale: str | None = None,
    ) -> Interaction:
        """Pick ``values`` in the select menu ``custom_id`` of ``message``."""
        comp = self._component(user, message, custom_id, None)
        if comp.get("type") not in (3, 5, 6, 7, 8):
            raise ValueError(f"{custom_id!r} is not a select menu")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"{custom_id!r} takes {lo} to {hi} values, not {len(values)}")
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"{bad} are not options of {custom_id!r}: {allowed}")
        channel = self.world.channels[message.channel_id]
        resolver = Resolver(self.world, channel)
        data = component_data(comp, values, resolver)
        return self._dispatch(3, user, channel, data, locale=locale, message=message)

    async def submit_modal(
        self,
        user: FakeUser,
        shown_by: Interaction,
        values: dict[str, Any],
        *,
        locale: str | None = None,
    ) -> Interaction:
        """Submit the modal the bot showed in answer to ``shown_by`` (values by custom_id)."""
        modal = shown_by.modal
        if modal is None:
            raise ValueError("the bot did not answer this interaction with a modal")
        data = {"custom_id": modal["custom_id"], "components": modal_components(modal, values)}
        return self._dispatch(
            5, user, shown_by.channel, data, locale=locale, message=shown_by.component_message
        )

    async def post_message(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """``user`` writes ``content`` in ``channel`` (dispatched as MESSAGE_CREATE)."""
        return create_message(
            self.world, channel, {"content": content}, {}, author_id=user.id, kind="user"
        )
