"""The aiohttp application and its lifecycle on 127.0.0.1 (random free port)."""

from __future__ import annotations

from aiohttp import web

from . import routes_channels, routes_core, routes_interactions
from .gateway import Gateway
from .http_util import WORLD_KEY, api_middleware
from .world import World


def build_app(world: World, gateway: Gateway) -> web.Application:
    """The application: REST under ``/api/v10``, the gateway at ``/gateway``, attachments."""
    app = web.Application(middlewares=[api_middleware], client_max_size=64 * 1024 * 1024)
    app[WORLD_KEY] = world
    app.router.add_get("/gateway", gateway.handle)
    app.router.add_get("/gateway/", gateway.handle)
    app.add_routes(routes_core.routes)
    app.add_routes(routes_channels.routes)
    app.add_routes(routes_interactions.routes)
    return app


class Server:
    """Runs the application on a free port of 127.0.0.1."""

    def __init__(self, app: web.Application) -> None:
        self.app = app
        self.runner = web.AppRunner(
            app, handle_signals=False, access_log=None, shutdown_timeout=0.5
        )
        self.port = 0

    async def start(self) -> int:
        """Start listening; return the port."""
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = self.runner.addresses[0][1]
        return self.port

    async def close(self) -> None:
        """Stop listening and close open connections."""
        await self.runner.cleanup()
