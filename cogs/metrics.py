"""Prometheus metrics, served on http://HOST:PORT/metrics when TABLERO_METRICS_PORT is set.

Off by default: without a port this extension loads nothing and nothing listens. With one,
it serves what cogs/utils/metrics.py counts, and feeds it from where each fact passes once:
every move (a person's, the bot's, a timer's) through ``Table.play``; every /move
interaction through the clean-stop drain, which sees each arrive and end; Discord's 429s
through the warnings discord.py logs before it waits them out; active games and due timers
from the database, every ``REFRESH_SECONDS``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

from discord.ext import commands
from prometheus_client import start_http_server

from cogs.utils import metrics
from cogs.utils.host import Host
from data import StorageBusy
from data.errors import worth_logging
from rules import games
from table.refusal import Refusal

log = logging.getLogger(__name__)

REFRESH_SECONDS = 15.0  # Prometheus scrapes every 15 s by default
PORT_SETTING, HOST_SETTING = "TABLERO_METRICS_PORT", "TABLERO_METRICS_HOST"
DEFAULT_HOST = "127.0.0.1"  # an operator opens it wider on purpose (TABLERO_METRICS_HOST)
# The warnings discord.py's HTTP client logs on a 429, before sleeping: (scope, the
# position of the wait among the message's arguments).
_RATE_LIMIT_MESSAGES = {
    "We are being rate limited. %s %s responded with 429. Retrying in %.2f seconds.": ("route", 2),
    "Global rate limit has been hit. Retrying in %.2f seconds.": ("global", 0),
}


def metrics_setting(env: Mapping[str, str]) -> tuple[int | None, str]:
    """The port (None: off) and address to serve metrics on, from the settings."""
    port = env.get(PORT_SETTING, "").strip()
    host = env.get(HOST_SETTING, "").strip() or DEFAULT_HOST
    return (int(port) if port.isdigit() and 0 < int(port) < 65536 else None), host


class RateLimitCounter(logging.Filter):
    """Counts the 429 waits discord.py announces in its log (and lets the lines through)."""

    def filter(self, record: logging.LogRecord) -> bool:
        known = _RATE_LIMIT_MESSAGES.get(str(record.msg))
        if known is not None and isinstance(record.args, tuple):
            scope, at = known
            metrics.RATE_LIMITED.labels(scope).inc()
            wait = record.args[at] if len(record.args) > at else 0
            if isinstance(wait, int | float):
                metrics.RATE_LIMIT_WAIT.labels(scope).inc(wait)
        return True


class Metrics(commands.Cog):
    """Serves the metrics and keeps the figures that come from the database fresh."""

    def __init__(self, bot: Host, port: int, host: str) -> None:
        self.bot, self.port, self.host = bot, port, host
        self._server: Any = None
        self._refresher: asyncio.Task[None] | None = None
        self._filter = RateLimitCounter()
        self._play = bot.table.play

    async def cog_load(self) -> None:
        """Listen, and start counting."""
        try:
            self._server, _ = start_http_server(self.port, addr=self.host)
        except OSError as error:  # the bot plays on; the operator reads why in the log
            log.error("metrics: cannot listen on %s:%d (%s)", self.host, self.port, error)
        else:
            log.info("metrics on http://%s:%d/metrics", self.host, self.port)
        logging.getLogger("discord.http").addFilter(self._filter)
        # The service knows nothing of metrics: its one entry for moves is wrapped here.
        self.bot.table.play = self._counted_play
        if self.bot.drain is not None:
            self.bot.drain.watch(_observe_move)
        self._refresher = asyncio.create_task(self._refresh())

    async def cog_unload(self) -> None:
        """Stop listening and counting."""
        if self._refresher is not None:
            self._refresher.cancel()
        self.bot.table.play = self._play
        logging.getLogger("discord.http").removeFilter(self._filter)
        if self._server is not None:
            await asyncio.to_thread(self._server.shutdown)
            self._server.server_close()

    async def _counted_play(self, record: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            played = await self._play(record, *args, **kwargs)
        except Refusal as error:
            metrics.MOVE_ERRORS.labels(record.game, error.key).inc()
            raise
        except StorageBusy:
            metrics.MOVE_ERRORS.labels(record.game, "storage-busy").inc()
            raise
        except Exception:
            metrics.MOVE_ERRORS.labels(record.game, "unexpected").inc()
            raise
        metrics.MOVES.labels(record.game).inc()
        return played

    async def _refresh(self) -> None:
        """Active games and due timers, read from the database now and then."""
        while True:
            try:
                await self.refresh()
            except StorageBusy as busy:
                if worth_logging(busy):
                    log.info("metrics: the database is busy; the figures wait for the next round")
            except Exception:  # figures must never stop the bot
                log.exception("metrics: could not read the figures")
            await asyncio.sleep(REFRESH_SECONDS)

    async def refresh(self) -> None:
        """Read the figures that live in the database."""
        store = self.bot.store
        active = await store.games.active_by_game()
        for game in {*(g.name for g in games()), *active}:
            metrics.ACTIVE_GAMES.labels(game).set(active.get(game, 0))
        metrics.TIMERS_DUE.set(await store.timers.due_count())


def _observe_move(payload: Any, seconds: float) -> None:
    """Time /move (slash commands only: type 2; autocomplete is type 4)."""
    if payload.get("type") == 2 and payload.get("data", {}).get("name") == "move":
        metrics.MOVE_SECONDS.observe(seconds)


async def setup(bot: Host) -> None:
    """Serve metrics if a port is set; otherwise load nothing."""
    if bot.metrics_port is None:
        return
    await bot.add_cog(Metrics(bot, bot.metrics_port, bot.metrics_host))
