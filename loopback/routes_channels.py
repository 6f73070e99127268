"""REST routes: channels, messages, threads, reactions and DMs."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import perms
from .errors import MISSING_ACCESS, MISSING_PERMISSIONS, ApiError, unknown
from .http_util import json_response, no_content, world_of
from .messaging import create_message, delete_message, edit_message
from .models import HAS_THREAD, PRIVATE_THREAD, PUBLIC_THREAD, FakeChannel, FakeMessage
from .multipart import read_body
from .payloads import channel_payload, message_payload
from .world import World

routes = web.RouteTableDef()


def _channel(world: World, request: web.Request) -> FakeChannel:
    try:
        channel = world.channels.get(int(request.match_info["channel"]))
    except ValueError:
        channel = None
    if channel is None:
        raise unknown("Channel", 10003)
    return channel


def _message(world: World, channel: FakeChannel, request: web.Request) -> FakeMessage:
    msg = world.messages.get(int(request.match_info["message"]))
    if msg is None or msg.channel_id != channel.id or msg.deleted or msg.ephemeral:
        raise unknown("Message", 10008)
    return msg


def _require(world: World, channel: FakeChannel, bits: int) -> None:
    granted = world.permissions_in(channel, world.bot.id)
    if not granted & perms.VIEW_CHANNEL:
        raise ApiError(*MISSING_ACCESS)  # as Discord: a channel it cannot see at all
    if granted & bits != bits:
        raise ApiError(*MISSING_PERMISSIONS)


@routes.get("/api/v10/channels/{channel}")
async def get_channel(request: web.Request) -> web.Response:
    """GET /channels/{id}."""
    world = world_of(request)
    return json_response(channel_payload(world, _channel(world, request)))


@routes.patch("/api/v10/channels/{channel}")
async def patch_channel(request: web.Request) -> web.Response:
    """PATCH /channels/{id}: rename, archive or lock (threads), as Discord allows it."""
    world = world_of(request)
    channel = _channel(world, request)
    body, _ = await read_body(request)
    body = body or {}
    if channel.is_thread:
        _may_edit_thread(world, channel, body)
    if "name" in body and not 1 <= len(str(body["name"]).strip()) <= 100:
        raise ApiError(400, 50035, "Invalid Form Body", {"name": {"_errors": [{"code": "x"}]}})
    for key in ("name", "archived", "locked", "auto_archive_duration"):
        if key in (body or {}):
            setattr(channel, key, body[key])
    world.emit_channel("THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", channel)
    return json_response(channel_payload(world, channel))


def _may_edit_thread(world: World, thread: FakeChannel, body: dict[str, Any]) -> None:
    """Discord's rules for editing a thread: an archived one only together with unarchiving
    it, a locked one only with Manage Threads, another's thread only with Manage Threads."""
    _require(world, thread, perms.VIEW_CHANNEL)
    manages = world.permissions_in(thread, world.bot.id) & perms.MANAGE_THREADS
    if thread.archived and body.get("archived") is not False:
        raise ApiError(400, 50083, "Thread is archived")
    if not manages and (thread.locked or "locked" in body or thread.owner_id != world.bot.id):
        raise ApiError(*MISSING_PERMISSIONS)


@routes.post("/api/v10/channels/{channel}/messages")
async def post_message(request: web.Request) -> web.Response:
    """POST /channels/{id}/messages (JSON or multipart with files)."""
    world = world_of(request)
    channel = _channel(world, request)
    bits = perms.SEND_MESSAGES_IN_THREADS if channel.is_thread else perms.SEND_MESSAGES
    _require(world, channel, perms.VIEW_CHANNEL | bits)
    if channel.is_thread and channel.locked:
        raise ApiError(400, 50083, "Thread is archived")
    body, files = await read_body(request)
    body = body or {}
    key = (channel.id, str(body.get("nonce")))
    if body.get("enforce_nonce") and key in world.nonces:
        earlier = world.messages.get(world.nonces[key])
        if earlier is not None and not earlier.deleted:
            world.duplicate_nonces += 1
            return json_response(message_payload(world, earlier))
    msg = create_message(world, channel, body, files, author_id=world.bot.id)
    if body.get("nonce") is not None:
        world.nonces[key] = msg.id
    return json_response(message_payload(world, msg))


@routes.get("/api/v10/channels/{channel}/messages")
async def get_messages(request: web.Request) -> web.Response:
    """GET /channels/{id}/messages (newest first; ``limit``, ``before``, ``after``)."""
    world = world_of(request)
    msgs = world.channel_messages(_channel(world, request).id)
    q = request.query
    if "before" in q:
        msgs = [m for m in msgs if m.id < int(q["before"])]
    if "after" in q:
        msgs = [m for m in msgs if m.id > int(q["after"])]
    limit = int(q.get("limit", 50))
    newest = list(reversed(msgs))[:limit]
    return json_response([message_payload(world, m) for m in newest])


@routes.get("/api/v10/channels/{channel}/messages/{message}")
async def get_message(request: web.Request) -> web.Response:
    """GET /channels/{id}/messages/{id}."""
    world = world_of(request)
    channel = _channel(world, request)
    return json_response(message_payload(world, _message(world, channel, request)))


@routes.patch("/api/v10/channels/{channel}/messages/{message}")
async def patch_message(request: web.Request) -> web.Response:
    """PATCH /channels/{id}/messages/{id} (only the bot's own messages)."""
    world = world_of(request)
    channel = _channel(world, request)
    msg = _message(world, channel, request)
    if msg.author_id != world.bot.id:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    body, files = await read_body(request)
    return json_response(message_payload(world, edit_message(world, msg, body or {}, files)))


@routes.delete("/api/v10/channels/{channel}/messages/{message}")
async def delete_channel_message(request: web.Request) -> web.Response:
    """DELETE /channels/{id}/messages/{id}."""
    world = world_of(request)
    channel = _channel(world, request)
    delete_message(world, _message(world, channel, request))
    return no_content()


@routes.post("/api/v10/channels/{channel}/typing")
async def typing(request: web.Request) -> web.Response:
    """POST /channels/{id}/typing."""
    _channel(world_of(request), request)
    return no_content()


@routes.put("/api/v10/channels/{channel}/messages/{message}/reactions/{emoji}/@me")
@routes.delete("/api/v10/channels/{channel}/messages/{message}/reactions/{emoji}/@me")
async def own_reaction(request: web.Request) -> web.Response:
    """Add or remove the bot's reaction."""
    world = world_of(request)
    msg = _message(world, _channel(world, request), request)
    emoji = request.match_info["emoji"]
    if request.method == "PUT" and emoji not in msg.reactions:
        msg.reactions.append(emoji)
    elif request.method == "DELETE" and emoji in msg.reactions:
        msg.reactions.remove(emoji)
    world.notifier.notify()
    return no_content()


# ----- threads -----------------------------------------------------------------------------


def _start_thread(
    world: World, parent: FakeChannel, body: dict[str, Any], thread_type: int, tid: int | None
) -> FakeChannel:
    if parent.is_thread or parent.is_dm:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    bit = (
        perms.CREATE_PRIVATE_THREADS
        if thread_type == PRIVATE_THREAD
        else perms.CREATE_PUBLIC_THREADS
    )
    _require(world, parent, perms.VIEW_CHANNEL | bit)
    name = (body.get("name") or "").strip()
    if not 1 <= len(name) <= 100:
        raise ApiError(400, 50035, "Invalid Form Body", {"name": {"_errors": [{"code": "x"}]}})
    thread = world.add_thread(parent, name, world.bot.id, thread_type, tid)
    thread.auto_archive_duration = body.get("auto_archive_duration") or 1440
    world.emit_channel("THREAD_CREATE", thread)
    return thread


@routes.post("/api/v10/channels/{channel}/threads")
async def post_thread(request: web.Request) -> web.Response:
    """POST /channels/{id}/threads: a thread without a starter message."""
    world = world_of(request)
    body, _ = await read_body(request)
    body = body or {}
    thread_type = body.get("type") or PRIVATE_THREAD
    thread = _start_thread(world, _channel(world, request), body, thread_type, None)
    return json_response(channel_payload(world, thread), 201)


@routes.post("/api/v10/channels/{channel}/messages/{message}/threads")
async def post_message_thread(request: web.Request) -> web.Response:
    """POST /channels/{id}/messages/{id}/threads: a public thread from a message (same id)."""
    world = world_of(request)
    channel = _channel(world, request)
    msg = _message(world, channel, request)
    if msg.thread_id:
        raise ApiError(400, 160004, "A thread has already been created for this message")
    body, _ = await read_body(request)
    thread = _start_thread(world, channel, body or {}, PUBLIC_THREAD, msg.id)
    thread.starter_message_id = msg.id
    msg.thread_id = thread.id
    msg.flags |= HAS_THREAD
    return json_response(channel_payload(world, thread), 201)


@routes.put("/api/v10/channels/{channel}/thread-members/{member}")
@routes.delete("/api/v10/channels/{channel}/thread-members/{member}")
async def thread_member(request: web.Request) -> web.Response:
    """Join/leave/add/remove thread members (accepted, not tracked)."""
    _channel(world_of(request), request)
    return no_content()


# ----- DMs ---------------------------------------------------------------------------------


@routes.post("/api/v10/users/@me/channels")
async def open_dm(request: web.Request) -> web.Response:
    """POST /users/@me/channels: the DM channel with a user."""
    world = world_of(request)
    body, _ = await read_body(request)
    user = world.users.get(int((body or {}).get("recipient_id", 0)))
    if user is None or user.bot:
        raise unknown("User", 10013)
    return json_response(channel_payload(world, world.dm_channel(user)))
