"""/season start, /season end, /season show: a server's seasons (table/seasons.py decides).

A season's end is posted by its timer (cogs/timers.py, cogs/utils/seasons.py): an early end
brings the timer forward and wakes the loop, so the end is posted once either way.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.host import Host, guild_of
from cogs.utils.i18n import L, tr
from cogs.utils.moderation import is_moderator
from cogs.utils.replies import send_private
from cogs.utils.seasons import server_lang
from locales import t
from table import seasons
from table.refusal import Refusal


class Seasons(commands.Cog):
    """/season and its subcommands."""

    season = app_commands.Group(
        name=L("cmd-season"), description=L("cmd-season-desc"), guild_only=True
    )

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = bot.store

    async def _check(self, interaction: discord.Interaction) -> None:
        settings = await self.store.settings.guild(interaction.guild_id)
        if not is_moderator(interaction, settings):
            raise Refusal("error-not-moderator")

    @season.command(name=L("cmd-season-start"), description=L("cmd-season-start-desc"))
    @app_commands.rename(length=L("cmd-season-length"))
    @app_commands.describe(length=L("cmd-season-length-desc"))
    async def start(
        self,
        interaction: discord.Interaction,
        length: app_commands.Range[int, seasons.MIN_WEEKS, seasons.MAX_WEEKS],
    ) -> None:
        """Start a season of ``length`` weeks, announced here (its end is posted here too)."""
        await self._check(interaction)
        guild = guild_of(interaction)
        season, number = await seasons.start(self.store, guild, interaction.channel_id or 0, length)
        self.bot.wake_timers(season.ends_at)
        text = t(
            server_lang(self.bot, guild),
            "season-started",
            number=number,
            count=length,
            until=seasons.when(season.ends_at),
        )
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )

    @season.command(name=L("cmd-season-end"), description=L("cmd-season-end-desc"))
    async def end(self, interaction: discord.Interaction) -> None:
        """End the running season now: its champions and ladders are posted where it began."""
        await self._check(interaction)
        now = self.bot.clock()
        season, number = await seasons.end_early(self.store, guild_of(interaction), now)
        self.bot.wake_timers(now)  # its timer, due now, posts the end
        place = f"<#{season.channel_id}>"
        await send_private(
            interaction, tr(interaction, "season-ended-early", number=number, place=place)
        )

    @season.command(name=L("cmd-season-show"), description=L("cmd-season-show-desc"))
    async def show(self, interaction: discord.Interaction) -> None:
        """The running season, and when it ends."""
        season, number = await seasons.running(self.store, guild_of(interaction))
        text = tr(
            interaction,
            "season-shown",
            number=number,
            until=seasons.when(season.ends_at),
            deadline=seasons.when(season.ends_at, "R"),
        )
        await send_private(interaction, text)


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Seasons(bot))
