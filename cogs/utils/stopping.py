"""A clean stop (SIGTERM, SIGINT): what arrived finishes, what arrives later is told to wait.

"In flight" means the work of an interaction that reached the bot before the stop: its
command or click handler (and whatever it awaits: the move's transaction, its board, the
answer). Those run to their end, so a player who pressed Enter just before the stop sees
their move played and answered. An interaction that arrives once the stop has begun is
answered at once, "Tablero is restarting, try again in a minute", and changes nothing. Then
the moves the bot itself is storing or posting (a bot seat's turn, a timer's) finish, and
only then do the cogs, the connection to Discord and the database close.

Nothing depends on the drain for consistency: every move is one transaction, and a board
not yet posted is posted by the next start's recovery. The drain is what keeps players
from meeting "the application did not respond".
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import discord

from cogs.utils.i18n import tr

log = logging.getLogger(__name__)

# Both waits together stay within the 10 s that Docker (and many supervisors) allow between
# SIGTERM and SIGKILL; systemd allows 90 s.
DRAIN_SECONDS = 6.0  # for the interactions and moves under way
LAST_ANSWERS_SECONDS = 2.0  # for the answers to interactions that came as the gateway closed
POLL_SECONDS = 0.02


class Drain:
    """Tracks the handlers of every interaction; ``stop`` refuses new ones and awaits the rest."""

    def __init__(self, client: discord.Client, moving: Callable[[], bool]) -> None:
        self.client = client
        #: whether some game's move is being stored or announced right now
        self.moving = moving
        self.stopping = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self._watchers: list[Callable[[Any, float], None]] = []
        # The one place every interaction passes (commands, autocomplete, buttons, selects,
        # modals): discord.py's gateway parser, which starts each handler as a task.
        parsers = client._connection.parsers
        self._parse = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self._interaction_create
        # discord.py closes the gateway, then the HTTP session: interactions parsed while the
        # gateway closes are turned away too, so the session waits for those answers.
        close_http = client.http.close

        async def answer_then_close_http() -> None:
            await self._settle(asyncio.get_running_loop().time() + LAST_ANSWERS_SECONDS)
            await close_http()

        client.http.close = answer_then_close_http

    def _interaction_create(self, data: Any) -> None:
        if self.stopping:
            interaction = discord.Interaction(data=data, state=self.client._connection)
            self._track({asyncio.get_running_loop().create_task(_refuse(interaction))})
            return
        before = asyncio.all_tasks()
        started = time.perf_counter()
        self._parse(data)
        handlers = asyncio.all_tasks() - before
        self._track(handlers)
        if self._watchers and handlers:
            left = len(handlers)

            def one_done(_: asyncio.Task[Any]) -> None:
                nonlocal left
                left -= 1
                if left == 0:
                    for watcher in self._watchers:
                        watcher(data, time.perf_counter() - started)

            for task in handlers:
                task.add_done_callback(one_done)

    def watch(self, watcher: Callable[[Any, float], None]) -> None:
        """Call ``watcher(payload, seconds)`` once each interaction has been handled: from
        its arrival to the end of its last handler (metrics: how long a /move takes)."""
        self._watchers.append(watcher)

    def _track(self, tasks: set[asyncio.Task[Any]]) -> None:
        for task in tasks:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def stop(self, seconds: float = DRAIN_SECONDS) -> None:
        """Refuse interactions from now on; wait (at most ``seconds``) for those under way
        and for the moves being stored or posted."""
        if not self.stopping:
            log.info("stopping: %d interactions under way", len(self._tasks))
        self.stopping = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        await self._settle(deadline)
        while self.moving() and loop.time() < deadline:
            await asyncio.sleep(POLL_SECONDS)
        if self._tasks or self.moving():
            log.warning("stopped with work under way after %.0f s (recovered at start)", seconds)

    async def _settle(self, deadline: float) -> None:
        """Wait until no interaction is being handled (or until loop time ``deadline``)."""
        loop = asyncio.get_running_loop()
        while self._tasks and loop.time() < deadline:
            await asyncio.wait(set(self._tasks), timeout=deadline - loop.time())


async def _refuse(interaction: discord.Interaction) -> None:
    """Tell the user to come back: nothing of theirs was done."""
    log.info("interaction %d arrived while stopping: told to try again", interaction.id)
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        elif interaction.type is not discord.InteractionType.ping:
            text = tr(interaction, "error-restarting")
            await interaction.response.send_message(text, ephemeral=True)
    except (discord.HTTPException, aiohttp.ClientError) as error:  # expired: nothing to do
        log.info("could not tell an interaction the bot is restarting: %s", error)
