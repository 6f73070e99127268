"""What players do about a deadline that passed: /claim the game, /skip the turn by vote,
/hold-seat to have the bot play it, /takeback-seat (the timers that post the deadline's
notice: cogs/timers.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from ai.players import LEVELS
from cogs.utils.i18n import L, tr
from cogs.utils.seat_holds import HoldButton, hold
from table import endings, holding, timers

if TYPE_CHECKING:
    from cogs.utils.host import Host


class Deadlines(commands.Cog):
    """/claim, /skip, /hold-seat and /takeback-seat."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.table = bot.table

    @app_commands.command(name=L("cmd-claim"), description=L("cmd-claim-desc"))
    async def claim(self, interaction: discord.Interaction) -> None:
        """Win a game whose opponent let their time run out (where the game allows a claim)."""
        record = await self.table.game_here(interaction.channel_id, interaction.user.id)
        claimer, loser = await timers.claimable(self.table, record, interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await endings.time_out(self.table, record, loser, claimer)
        place = f"<#{record.place_id or record.channel_id}>"
        text = tr(interaction, "claim-done", loser=record.names()[loser], place=place)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name=L("cmd-skip"), description=L("cmd-skip-desc"))
    async def skip(self, interaction: discord.Interaction) -> None:
        """Vote to skip the turn of a player whose time ran out (where the game votes)."""
        record = await self.table.game_here(interaction.channel_id, interaction.user.id)
        vote = await timers.vote_skip(self.table, record, interaction.user.id)
        if vote.votes < vote.needed:
            await interaction.response.send_message(
                tr(interaction, "skip-counted", votes=vote.votes, needed=vote.needed),
                ephemeral=True,
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await endings.skip(self.table, record, interaction.user.id, vote.move)
        place = f"<#{record.place_id or record.channel_id}>"
        text = tr(interaction, "skip-done", player=record.names()[vote.seat], place=place)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name=L("cmd-hold-seat"), description=L("cmd-hold-seat-desc"))
    @app_commands.rename(level=L("cmd-play-level"))
    @app_commands.describe(level=L("cmd-hold-seat-level-desc"))
    @app_commands.choices(
        level=[app_commands.Choice(name=L(f"choice-level-{lv}"), value=lv) for lv in LEVELS]
    )
    async def hold_seat(
        self, interaction: discord.Interaction, level: str = holding.DEFAULT_LEVEL
    ) -> None:
        """Have the bot hold the seat of a player whose time ran out (instead of /skip)."""
        record = await self.table.game_here(interaction.channel_id, interaction.user.id)
        await hold(interaction, record, level)

    @app_commands.command(name=L("cmd-takeback-seat"), description=L("cmd-takeback-seat-desc"))
    async def takeback_seat(self, interaction: discord.Interaction) -> None:
        """Take back your seat from the bot that holds it: its next turn is yours."""
        record = await self.table.game_here(interaction.channel_id, interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await holding.take_back_seat(self.table, record, interaction.user.id)
        await interaction.followup.send(tr(interaction, "takeback-seat-done"), ephemeral=True)


async def setup(bot: Host) -> None:
    """Load the cog, and the deadline notice's button (found again by its custom_id)."""
    bot.add_dynamic_items(HoldButton)
    await bot.add_cog(Deadlines(bot))
