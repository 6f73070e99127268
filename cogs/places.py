"""When a game's place goes away: its thread or channel deleted, or the thread locked by a
moderator. The game is never lost: it moves to a new thread (in the server's game channel,
or the channel it was challenged in) with its board, and its players are told there.

A thread that only archived itself is left be: the next post reopens it. A post refused
because the place is gone moves the game too (the table does that), so a change the bot
missed while it was away is caught at the next move.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from data import GameRecord

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)


class Places(commands.Cog):
    """Moves games whose place went away."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        #: servers the bot was removed from since it started
        self._removed: set[int] = set()

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A game's thread was deleted."""
        thread = payload.thread_id
        games = await self.bot.store.games.active_in_place(thread)
        await self._move(games, lambda g: g.place_id == thread)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel was deleted, and its threads with it (games played in a thread of
        another channel, the server's game channel say, stay where they are)."""
        games = await self.bot.store.games.active_in_channel(channel.id)
        await self._move(games, lambda g: self._gone_with(g, channel.id))

    @commands.Cog.listener()
    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        """A thread was locked (and archived) by a moderator: nobody may play there now."""
        if after.locked and after.archived and not (before.locked and before.archived):
            games = await self.bot.store.games.active_in_place(after.id)
            await self._move(games, lambda g: g.place_id == after.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server: its games are kept, as they are, until the bot returns."""
        self._removed.add(guild.id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Back in a server it was removed from: what was kept goes on (boards stored
        meanwhile are posted, the bot's own turns are taken up)."""
        if guild.id not in self._removed:
            return  # a new server (or one seen at start, which recovery covers)
        self._removed.discard(guild.id)
        await self.bot.table.recover()
        if self.bot.table.bots is not None:
            await self.bot.table.bots.resume()  # the bot's own turns there go on

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        """Discord may announce a returning server as available rather than joined."""
        await self.on_guild_join(guild)

    def _gone_with(self, record: GameRecord, channel_id: int) -> bool:
        """Whether the game's place was the deleted channel or one of its threads."""
        if (record.place_id or record.channel_id) == channel_id:
            return True
        place = self.bot.get_channel(record.place_id or 0)
        return place is None or getattr(place, "parent_id", None) == channel_id

    async def _move(self, games: list[GameRecord], gone: Callable[[GameRecord], bool]) -> None:
        table = self.bot.table
        for game in games:
            try:
                async with table.lock(game.id):
                    record = await table.game(game.id)  # as it is now, under the lock
                    if record.active and gone(record):
                        await self.bot.table.relocate(record)
            except discord.HTTPException as error:
                log.warning("game %d: could not move it yet (%s)", game.id, error.status)


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Places(bot))
