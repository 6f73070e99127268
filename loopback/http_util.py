"""JSON responses, rate-limit headers and the error/unknown-route middleware."""

from __future__ import annotations

import json
import logging
import time
import traceback
import warnings
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .errors import ApiError
from .world import World

log = logging.getLogger("fakediscord")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
WORLD_KEY: web.AppKey[World] = web.AppKey("world", World)


class UnknownRouteWarning(UserWarning):
    """The bot called a route the fake Discord does not implement."""


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON response with ``Content-Type: application/json`` exactly (what discord.py checks)."""
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def no_content() -> web.Response:
    """An empty 204 response."""
    return web.Response(status=204)


def rate_limit_headers(request: web.Request) -> dict[str, str]:
    """Rate-limit headers that never make discord.py wait."""
    bucket = f"fake-{request.method}-{request.match_info.route.resource or 'x'}"
    return {
        "X-RateLimit-Limit": "1000",
        "X-RateLimit-Remaining": "999",
        "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
        "X-RateLimit-Reset-After": "1.000",
        "X-RateLimit-Bucket": str(abs(hash(bucket))),
    }


def world_of(request: web.Request) -> World:
    """The world behind the application handling ``request``."""
    return request.app[WORLD_KEY]


def _record_rejection(world: World, request: web.Request, exc: ApiError) -> None:
    """Keep why a request was refused (on the interaction too, for webhook/callback routes)."""
    text = f"{request.method} {request.path}: {exc.status} {exc.code} {exc.message}"
    if exc.errors:
        text += f" {exc.errors}"
    world.api_errors.append(text)
    ix = world.interactions.get(request.match_info.get("token", ""))
    if ix is not None:
        ix.errors.append(text)
    world.notifier.notify()


@web.middleware
async def api_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Turn errors into Discord JSON errors, flag unknown routes, add rate-limit headers."""
    world = world_of(request)
    try:
        response = await handler(request)
    except ApiError as exc:
        _record_rejection(world, request, exc)
        response = json_response(exc.body(), exc.status)
    except (web.HTTPNotFound, web.HTTPMethodNotAllowed):
        route = f"{request.method} {request.path}"
        world.unknown_routes.append(route)
        log.error("FAKE DISCORD: unknown route %s (answered 404)", route)
        warnings.warn(f"fake discord: unknown route {route}", UnknownRouteWarning, stacklevel=1)
        response = json_response({"message": "404: Not Found", "code": 0}, 404)
    except Exception as exc:  # a bug in the fake: answer 400 so discord.py does not retry
        text = "".join(traceback.format_exception(exc))
        world.server_errors.append(f"{request.method} {request.path}\n{text}")
        log.error("FAKE DISCORD: internal error on %s %s\n%s", request.method, request.path, text)
        response = json_response({"message": f"fake discord error: {exc!r}", "code": 0}, 400)
    if not response.prepared:
        response.headers.update(rate_limit_headers(request))
    return response
