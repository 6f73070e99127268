"""`/bare size`: the bench's yardstick, Discord's round trips of a /move and nothing of Tablero's.

It makes the same Discord calls as an announced /move (cogs/turns.py): defer ephemerally
("thinking"), post one message with an attachment in the place (a board of ``size``
bytes), then finish the interaction with an ephemeral followup. No database, no rules, no
render, no text formatting: what it costs is discord.py's request building and the
loopback's answers. Added to the bot's tree by the bench only, before the commands sync.
"""

from __future__ import annotations

import io
import os

import discord
from discord import app_commands
from discord.ext import commands

#: The largest attachment /bare posts: Islas' budget for a board is 1 MB.
MAX_BYTES = 2 * 1024 * 1024


def add_bare(bot: commands.Bot) -> None:
    """Give ``bot`` the /bare command (call before the bot starts: its commands sync then)."""
    # Random bytes, made once: as incompressible as a PNG and costing nothing per command.
    blob = memoryview(os.urandom(MAX_BYTES))

    @app_commands.command(name="bare", description="Bench: a post of this many bytes")
    async def bare(
        interaction: discord.Interaction, size: app_commands.Range[int, 1, MAX_BYTES]
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.client.get_channel(interaction.channel_id or 0) or interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        file = discord.File(io.BytesIO(blob[:size]), "board.png", description="a board")
        await channel.send("A move was played.", file=file)
        await interaction.followup.send("Done.", ephemeral=True)

    bot.tree.add_command(bare)
