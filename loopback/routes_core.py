"""REST routes: login, gateway discovery, users, guilds, application commands, CDN."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .errors import ApiError, unknown
from .http_util import json_response, no_content, world_of
from .multipart import read_body
from .payloads import (
    channel_payload,
    command_payload,
    guild_create_payload,
    member_payload,
    role_payload,
    user_payload,
)
from .world import World

routes = web.RouteTableDef()


def _int(request: web.Request, key: str) -> int:
    try:
        return int(request.match_info[key])
    except ValueError as exc:
        raise ApiError(400, 50035, f"Invalid snowflake {key}") from exc


def _check_app(world: World, request: web.Request) -> None:
    if _int(request, "app") != world.application_id:
        raise unknown("Application", 10002)


def _guild(world: World, request: web.Request) -> Any:
    guild = world.guilds.get(_int(request, "guild"))
    if guild is None:
        raise unknown("Guild", 10004)
    return guild


def gateway_url(request: web.Request) -> str:
    """The websocket URL of this server."""
    return f"ws://{request.host}/gateway"


@routes.get("/api/v10/gateway")
async def get_gateway(request: web.Request) -> web.Response:
    """GET /gateway."""
    return json_response({"url": gateway_url(request)})


@routes.get("/api/v10/gateway/bot")
async def get_gateway_bot(request: web.Request) -> web.Response:
    """GET /gateway/bot (used by sharded clients): the shards the world is set up with."""
    limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
    shards = world_of(request).shard_count
    body = {"url": gateway_url(request), "shards": shards, "session_start_limit": limit}
    return json_response(body)


@routes.get("/api/v10/users/@me")
async def get_me(request: web.Request) -> web.Response:
    """GET /users/@me: the bot user (login)."""
    world = world_of(request)
    token = world.expected_token
    auth = request.headers.get("Authorization", "")
    if token is not None and auth != f"Bot {token}":
        raise ApiError(401, 0, "401: Unauthorized")
    return json_response(user_payload(world.bot))


@routes.get("/api/v10/users/{user}")
async def get_user(request: web.Request) -> web.Response:
    """GET /users/{id}."""
    user = world_of(request).users.get(_int(request, "user"))
    if user is None:
        raise unknown("User", 10013)
    return json_response(user_payload(user))


@routes.get("/api/v10/oauth2/applications/@me")
@routes.get("/api/v10/applications/@me")
async def get_application(request: web.Request) -> web.Response:
    """GET /oauth2/applications/@me: the application (login)."""
    world = world_of(request)
    return json_response(
        {
            "id": str(world.application_id),
            "name": world.bot.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": user_payload(world.bot),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "bot": user_payload(world.bot),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(world.guilds),
        }
    )


@routes.get("/api/v10/guilds/{guild}")
async def get_guild(request: web.Request) -> web.Response:
    """GET /guilds/{id}."""
    world = world_of(request)
    data = guild_create_payload(world, _guild(world, request))
    for key in ("members", "channels", "threads", "voice_states", "presences", "joined_at"):
        data.pop(key, None)
    return json_response(data)


@routes.get("/api/v10/guilds/{guild}/channels")
async def get_guild_channels(request: web.Request) -> web.Response:
    """GET /guilds/{id}/channels."""
    world = world_of(request)
    guild = _guild(world, request)
    chans = [c for c in world.channels.values() if c.guild_id == guild.id and not c.is_thread]
    return json_response([channel_payload(world, c) for c in chans])


@routes.get("/api/v10/guilds/{guild}/roles")
async def get_guild_roles(request: web.Request) -> web.Response:
    """GET /guilds/{id}/roles."""
    world = world_of(request)
    return json_response([role_payload(r) for r in _guild(world, request).roles])


@routes.get("/api/v10/guilds/{guild}/members")
async def get_guild_members(request: web.Request) -> web.Response:
    """GET /guilds/{id}/members."""
    world = world_of(request)
    guild = _guild(world, request)
    users = [world.users[i] for i in world.member_ids(guild)]
    return json_response([member_payload(world, guild, u) for u in users])


@routes.get("/api/v10/guilds/{guild}/members/{user}")
async def get_guild_member(request: web.Request) -> web.Response:
    """GET /guilds/{id}/members/{user}."""
    world = world_of(request)
    guild = _guild(world, request)
    user = world.users.get(_int(request, "user"))
    if user is None:
        raise unknown("Member", 10007)
    return json_response(member_payload(world, guild, user))


# ----- application commands ---------------------------------------------------------------


def _scope(world: World, request: web.Request) -> int | None:
    _check_app(world, request)
    return _guild(world, request).id if "guild" in request.match_info else None


def _key(cmd: dict[str, Any]) -> tuple[str, int]:
    return cmd["name"], cmd.get("type", 1)


def _store(world: World, scope: int | None, body: dict[str, Any]) -> dict[str, Any]:
    """Create or replace one command (same name and type keep their id)."""
    current = world.commands.setdefault(scope, [])
    same = next((c for c in current if _key(c) == _key(body)), None)
    cid = int(same["id"]) if same else world.ids.next()
    stored = command_payload(world, body, scope, cid, world.ids.next())
    if same:
        current[current.index(same)] = stored
    else:
        current.append(stored)
    return stored


@routes.get("/api/v10/applications/{app}/commands")
@routes.get("/api/v10/applications/{app}/guilds/{guild}/commands")
async def get_commands(request: web.Request) -> web.Response:
    """GET the synced commands (global or guild)."""
    world = world_of(request)
    return json_response(world.commands.get(_scope(world, request), []))


@routes.put("/api/v10/applications/{app}/commands")
@routes.put("/api/v10/applications/{app}/guilds/{guild}/commands")
async def put_commands(request: web.Request) -> web.Response:
    """PUT (bulk overwrite) the commands of a scope."""
    world = world_of(request)
    scope = _scope(world, request)
    body, _ = await read_body(request)
    old = {_key(c): c for c in world.commands.get(scope, [])}
    new: list[dict[str, Any]] = []
    for item in body or []:
        prev = old.get(_key(item))
        cid = int(prev["id"]) if prev else world.ids.next()
        new.append(command_payload(world, item, scope, cid, world.ids.next()))
    world.commands[scope] = new
    world.sync_log.append((scope, [c["name"] for c in body or []]))
    world.notifier.notify()
    return json_response(world.commands[scope])


@routes.post("/api/v10/applications/{app}/commands")
@routes.post("/api/v10/applications/{app}/guilds/{guild}/commands")
async def post_command(request: web.Request) -> web.Response:
    """POST (upsert) one command."""
    world = world_of(request)
    body, _ = await read_body(request)
    stored = _store(world, _scope(world, request), body)
    world.notifier.notify()
    return json_response(stored, 201)


def _find_command(world: World, request: web.Request) -> tuple[int | None, dict[str, Any]]:
    scope = _scope(world, request)
    cid = request.match_info["command"]
    for cmd in world.commands.get(scope, []):
        if cmd["id"] == cid:
            return scope, cmd
    raise unknown("application command", 10063)


@routes.get("/api/v10/applications/{app}/commands/{command:\\d+}")
@routes.get("/api/v10/applications/{app}/guilds/{guild}/commands/{command:\\d+}")
async def get_command(request: web.Request) -> web.Response:
    """GET one command."""
    return json_response(_find_command(world_of(request), request)[1])


@routes.patch("/api/v10/applications/{app}/commands/{command:\\d+}")
@routes.patch("/api/v10/applications/{app}/guilds/{guild}/commands/{command:\\d+}")
async def patch_command(request: web.Request) -> web.Response:
    """PATCH one command."""
    world = world_of(request)
    _scope, cmd = _find_command(world, request)
    body, _ = await read_body(request)
    cmd.update(body or {})
    cmd["version"] = str(world.ids.next())
    return json_response(cmd)


@routes.delete("/api/v10/applications/{app}/commands/{command:\\d+}")
@routes.delete("/api/v10/applications/{app}/guilds/{guild}/commands/{command:\\d+}")
async def delete_command(request: web.Request) -> web.Response:
    """DELETE one command."""
    world = world_of(request)
    scope, cmd = _find_command(world, request)
    world.commands[scope].remove(cmd)
    return no_content()


@routes.get("/api/v10/applications/{app}/guilds/{guild}/commands/permissions")
async def get_command_permissions(request: web.Request) -> web.Response:
    """GET the guild's command permissions (always none)."""
    _scope(world_of(request), request)
    return json_response([])


# ----- CDN ---------------------------------------------------------------------------------


@routes.get("/attachments/{channel}/{attachment}/{filename}")
async def get_attachment(request: web.Request) -> web.Response:
    """Serve an attachment's bytes (``Attachment.read()``)."""
    world = world_of(request)
    att = world.find_attachment(_int(request, "attachment"))
    if att is None:
        raise unknown("Attachment", 10008)
    ctype = att.content_type or "application/octet-stream"
    return web.Response(body=att.data, headers={"Content-Type": ctype})
