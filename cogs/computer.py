"""The bot's own tables: a game of the bot against itself, to watch it play.

The bot plays its seats in any game through the table (``table.computer.BotTurns``): this
cog only opens tables where every seat is the bot's (``tasks.py demo`` shows one of each).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.utils import places
from cogs.utils.bot_seats import bot_seats
from data import GameRecord
from games.plugin import plugin_for
from locales import t

if TYPE_CHECKING:
    from cogs.utils.host import Host


class Computer(commands.Cog):
    """Opens the bot's own tables."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def open_table(
        self, channel: discord.TextChannel, game: str, levels: Sequence[str], lang: str = "en"
    ) -> GameRecord:
        """A game of the bot against itself, one seat per level, in a new thread of
        ``channel``: to watch it play (``tasks.py demo`` shows one of each game)."""
        title = plugin_for(game).words.title(lang)
        message = await channel.send(t(lang, "bot-table-opening", game=title))
        record = await self.bot.table.open_game(
            game=game,
            seats=bot_seats(self.bot.user, lang, levels),
            options={},
            lang=lang,
            guild_id=channel.guild.id,
            channel_id=channel.id,
        )

        async def opener() -> int:
            name = places.thread_name(record)
            place = await places.open_place(self.bot, channel.guild.id, channel, message, name)
            return getattr(place, "id", channel.id)

        await self.bot.table.start(record, opener)
        return record


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Computer(bot))
