"""REST routes: interaction callbacks and the interaction webhooks (followups, @original)."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from .errors import ApiError, unknown
from .http_util import json_response, no_content, world_of
from .messaging import create_message, delete_message, edit_message
from .models import LOADING, FakeMessage
from .multipart import UploadedFile, read_body
from .payloads import message_payload
from .records import Interaction
from .timing import own_clock
from .validation import check_choices, check_modal
from .world import World

routes = web.RouteTableDef()

TOKEN_LIFETIME = 15 * 60


def _by_token(world: World, request: web.Request) -> Interaction:
    ix = world.interactions.get(request.match_info["token"])
    if ix is None:
        raise unknown("Webhook", 10015)
    if asyncio.get_running_loop().time() - ix.created_at > TOKEN_LIFETIME:
        raise ApiError(401, 50027, "Invalid Webhook Token")
    return ix


def _callback_result(world: World, ix: Interaction, cb_type: int) -> dict[str, Any]:
    """The InteractionCallbackResponse body (``?with_response=1``)."""
    msg = ix.original if cb_type in (4, 5, 7) else None
    interaction: dict[str, Any] = {"id": str(ix.id), "type": ix.type}
    resource: dict[str, Any] = {"type": cb_type}
    if msg is not None:
        interaction.update(
            response_message_id=str(msg.id),
            response_message_loading=msg.loading,
            response_message_ephemeral=msg.ephemeral,
        )
        resource["message"] = message_payload(world, msg)
    return {"interaction": interaction, "resource": resource}


def _respond(
    world: World,
    ix: Interaction,
    cb_type: int,
    data: dict[str, Any],
    files: dict[int, UploadedFile],
) -> None:
    component = ix.type in (3, 5) and ix.component_message is not None
    if cb_type == 4 and ix.type in (2, 3, 5):
        ix.original = create_message(
            world, ix.channel, data, files, author_id=world.bot.id, kind="response", interaction=ix
        )
    elif cb_type == 5 and ix.type in (2, 3, 5):
        body = {"flags": data.get("flags", 0)}
        ix.original = create_message(
            world,
            ix.channel,
            body,
            {},
            author_id=world.bot.id,
            kind="response",
            interaction=ix,
            loading=True,
        )
    elif cb_type == 6 and component:
        ix.original = ix.component_message
    elif cb_type == 7 and component:
        assert ix.component_message is not None
        ix.original = edit_message(world, ix.component_message, data, files)
    elif cb_type == 8 and ix.type == 4:
        choices = list(data.get("choices") or [])
        if world.strict:
            check_choices(choices)
        ix.choices = choices
    elif cb_type == 9 and ix.type in (2, 3):
        if world.strict:
            check_modal(data)
        ix.modal = data
    else:
        raise ApiError(
            400, 40004, f"Interaction callback type {cb_type} invalid for this interaction"
        )


@routes.post("/api/v10/interactions/{iid}/{token}/callback")
async def callback(request: web.Request) -> web.Response:
    """POST /interactions/{id}/{token}/callback: the bot's answer (types 4-9)."""
    world = world_of(request)
    ix = world.interactions.get(request.match_info["token"])
    if ix is None or str(ix.id) != request.match_info["iid"]:
        raise unknown("interaction", 10062)
    body, files = await read_body(request)
    body = body or {}
    # Discord's 3 s, on the clock of this process's own time: the bot is late when it took
    # too long, not when other jobs kept the machine's CPUs from running it.
    age = own_clock() - ix.created_own
    if world.interaction_deadline is not None and age > world.interaction_deadline:
        raise unknown("interaction", 10062)
    if ix.responded:
        raise ApiError(400, 40060, "Interaction has already been acknowledged.")
    cb_type = int(body.get("type", 0))
    _respond(world, ix, cb_type, body.get("data") or {}, files)
    ix.response_type = cb_type
    ix.response_version = len(ix.original.history) if ix.original else 0
    ix.response_data = body.get("data") or {}
    world.notifier.notify()
    return json_response(_callback_result(world, ix, cb_type))


def _followup_target(ix: Interaction) -> FakeMessage | None:
    """The deferred "thinking" message the first followup replaces, if any."""
    msg = ix.original
    if ix.response_type == 5 and msg is not None and msg.loading and not ix.followups:
        return msg
    return None


@routes.post("/api/v10/webhooks/{app}/{token}")
async def followup(request: web.Request) -> web.Response:
    """POST /webhooks/{app}/{token}: a followup (the first one after a defer fills it in)."""
    world = world_of(request)
    ix = _by_token(world, request)
    if not ix.responded:
        raise unknown("Webhook", 10015)
    body, files = await read_body(request)
    body = body or {}
    target = _followup_target(ix)
    if target is not None:
        msg = edit_message(world, target, {k: v for k, v in body.items() if k != "flags"}, files)
        msg.flags &= ~LOADING
    else:
        msg = create_message(
            world, ix.channel, body, files, author_id=world.bot.id, kind="followup", interaction=ix
        )
    ix.followups.append(msg)
    ix.completions += 1
    world.notifier.notify()
    if request.query.get("wait") in ("1", "true", "True"):
        return json_response(message_payload(world, msg))
    return no_content()


def _webhook_message(world: World, ix: Interaction, request: web.Request) -> FakeMessage:
    mid = request.match_info["message"]
    if mid == "@original":
        msg = ix.original
    else:
        msg = next((m for m in [ix.original, *ix.followups] if m and str(m.id) == mid), None)
    if msg is None or msg.deleted:
        raise unknown("Message", 10008)
    return msg


@routes.get("/api/v10/webhooks/{app}/{token}/messages/{message}")
async def get_webhook_message(request: web.Request) -> web.Response:
    """GET @original or a followup."""
    world = world_of(request)
    ix = _by_token(world, request)
    return json_response(message_payload(world, _webhook_message(world, ix, request)))


@routes.patch("/api/v10/webhooks/{app}/{token}/messages/{message}")
async def patch_webhook_message(request: web.Request) -> web.Response:
    """PATCH @original (completes a defer) or a followup."""
    world = world_of(request)
    ix = _by_token(world, request)
    msg = _webhook_message(world, ix, request)
    body, files = await read_body(request)
    msg = edit_message(world, msg, body or {}, files)
    msg.flags &= ~LOADING
    ix.completions += 1
    world.notifier.notify()
    return json_response(message_payload(world, msg))


@routes.delete("/api/v10/webhooks/{app}/{token}/messages/{message}")
async def delete_webhook_message(request: web.Request) -> web.Response:
    """DELETE @original or a followup."""
    world = world_of(request)
    ix = _by_token(world, request)
    delete_message(world, _webhook_message(world, ix, request))
    ix.completions += 1
    world.notifier.notify()
    return no_content()
