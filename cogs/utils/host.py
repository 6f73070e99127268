"""What the cogs need of the bot, as a base class: bot.Tablero is one, and no cog imports bot.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from data import Clock, Store

if TYPE_CHECKING:
    from cogs.utils.announcer import Announcer
    from cogs.utils.service import GameService
    from cogs.utils.stopping import Drain
    from cogs.utils.thinker import Thinker


class Host(commands.Bot):
    """A discord.py bot with Tablero's store, move pipeline, announcer and clock."""

    store: Store
    service: GameService
    announcer: Announcer
    clock: Clock
    #: how long a challenge stays open
    challenge_seconds: float
    #: where the bot thinks about its moves
    thinker: Thinker
    #: the least time, in seconds, between a board and the bot's reply to it
    bot_pause: float
    #: what a clean stop waits for (every interaction under way); None until set up
    drain: Drain | None = None
    #: where Prometheus metrics are served (port None: nowhere, the default)
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"

    def wake_timers(self, due: float | None = None) -> None:
        """Tell the timer loop (whoever runs it) that a new timer exists, due at ``due``
        (None: unknown, look now)."""
        self.dispatch("timers_changed", due)

    def is_thread(self, place_id: int) -> bool | None:
        """Whether a place is a thread, as far as the cache knows (None: unknown place)."""
        channel = self.get_channel(place_id)
        return None if channel is None else isinstance(channel, discord.Thread)


def host_of(interaction: discord.Interaction) -> Host:
    """The bot an interaction reached (every interaction of Tablero's reaches a Host)."""
    client = interaction.client
    if not isinstance(client, Host):
        raise TypeError(f"{type(client).__name__} is not a Tablero bot")
    return client
