"""What the cogs need of the bot, as a base class: bot.Tablero is one, and no cog imports bot.py."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from data import Clock, Store
from data.shards import Shards

if TYPE_CHECKING:
    from cogs.utils.stopping import Drain
    from table.table import Table
    from table.thinker import Thinker
    from table.tournaments import Tournaments


class Host(commands.AutoShardedBot):
    """A discord.py bot with Tablero's store, game table and clock.

    It runs on discord.py's AutoShardedBot: every shard Discord recommends, or, given
    ``shard_ids`` and ``shard_count``, only those (other processes run the others, on the
    same database). A process looks after the servers of its own shards only.
    """

    store: Store
    #: the game table: every move and change of a game goes through it
    table: Table
    #: the table's side of tournaments (its publisher is ``cogs.utils.tournaments``)
    tournaments: Tournaments
    clock: Clock
    #: how long a challenge stays open
    challenge_seconds: float
    #: where the bot thinks about its moves
    thinker: Thinker
    #: what a clean stop waits for (every interaction under way); None until set up
    drain: Drain | None = None
    #: where Prometheus metrics are served (port None: nowhere, the default)
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    #: how long, in seconds, a claim on a timer holds unless renewed: another process of
    #: the same shards takes a timer over that long after the one acting on it died
    timer_lease: float
    #: where finished games' replays are kept once drawn (None: a few, in memory)
    replays_dir: Path | None = None

    @functools.cached_property  # shard_ids and shard_count come with the constructor
    def own_shards(self) -> Shards | None:
        """The shards this process runs when it was told which (None: every shard)."""
        if self.shard_ids is None or self.shard_count is None:
            return None
        return Shards(frozenset(self.shard_ids), self.shard_count)

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of ``guild_id`` (None: a direct message,
        shard 0's): only it gets that server's interactions, so only it fires its timers,
        plays the bot's turns there and posts what a crash left unposted."""
        shards = self.own_shards
        return shards is None or shards.owns(guild_id)

    def wake_timers(self, due: float | None = None) -> None:
        """Tell the timer loop (whoever runs it) that a new timer exists, due at ``due``
        (None: unknown, look now)."""
        self.dispatch("timers_changed", due)

    def is_thread(self, place_id: int) -> bool | None:
        """Whether a place is a thread, as far as the cache knows (None: unknown place)."""
        channel = self.get_channel(place_id)
        return None if channel is None else isinstance(channel, discord.Thread)


def guild_of(interaction: discord.Interaction) -> int:
    """The server of a guild-only command's interaction (Discord sends none elsewhere)."""
    if interaction.guild_id is None:
        raise TypeError("a server-only command reached the bot outside a server")
    return interaction.guild_id


def host_of(interaction: discord.Interaction) -> Host:
    """The bot an interaction reached (every interaction of Tablero's reaches a Host)."""
    client = interaction.client
    if not isinstance(client, Host):
        raise TypeError(f"{type(client).__name__} is not a Tablero bot")
    return client
