"""/notify (a player's direct messages) and /settings (how a server plays its games)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.host import guild_of
from cogs.utils.i18n import L, tr
from cogs.utils.moderation import is_moderator
from cogs.utils.options import check_option_values
from data import AwayRefused, GuildSettings
from data.away import MOST_AT_ONCE
from table.refusal import Refusal

if TYPE_CHECKING:
    from cogs.utils.host import Host


class Settings(commands.Cog):
    """Preferences of players and servers."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = bot.store

    @app_commands.command(name=L("cmd-notify"), description=L("cmd-notify-desc"))
    @app_commands.rename(on=L("cmd-notify-on"))
    @app_commands.describe(on=L("cmd-notify-on-desc"))
    async def notify(self, interaction: discord.Interaction, on: bool) -> None:
        """Opt in or out of direct messages for your turns and reminders."""
        await self.store.settings.set_dm_turns(interaction.user.id, on)
        key = "notify-on" if on else "notify-off"
        await interaction.response.send_message(tr(interaction, key), ephemeral=True)

    @app_commands.command(name=L("cmd-away"), description=L("cmd-away-desc"))
    @app_commands.rename(days=L("cmd-away-days"))
    @app_commands.describe(days=L("cmd-away-days-desc"))
    async def away(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 0, MOST_AT_ONCE]
    ) -> None:
        """Stop the clocks of all your games for some days (0: you are back)."""
        check_option_values(interaction)
        user = interaction.user.id
        if days == 0:
            key = "away-back" if await self.store.away.end(user) else "away-not-away"
            await interaction.response.send_message(tr(interaction, key), ephemeral=True)
            return
        try:
            away = await self.store.away.start(user, days)
        except AwayRefused as refused:
            raise Refusal("error-away-too-long", count=refused.days_left) from None
        text = tr(interaction, "away-started", until=f"<t:{int(away.until)}:F>")
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name=L("cmd-settings"), description=L("cmd-settings-desc"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.rename(
        reminder_hours=L("cmd-settings-reminder"),
        channel=L("cmd-settings-channel"),
        threads=L("cmd-settings-threads"),
        mod_role=L("cmd-settings-mod-role"),
        max_challenges=L("cmd-settings-max-challenges"),
        max_games=L("cmd-settings-max-games"),
    )
    @app_commands.describe(
        reminder_hours=L("cmd-settings-reminder-desc"),
        channel=L("cmd-settings-channel-desc"),
        threads=L("cmd-settings-threads-desc"),
        mod_role=L("cmd-settings-mod-role-desc"),
        max_challenges=L("cmd-settings-max-challenges-desc"),
        max_games=L("cmd-settings-max-games-desc"),
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        reminder_hours: app_commands.Range[int, 1, 336] | None = None,
        channel: discord.TextChannel | None = None,
        threads: bool | None = None,
        mod_role: discord.Role | None = None,
        max_challenges: app_commands.Range[int, 1, 50] | None = None,
        max_games: app_commands.Range[int, 1, 200] | None = None,
    ) -> None:
        """Change (or, with no option, show) how this server's games are played."""
        guild_of(interaction)  # a server-only command
        check_option_values(interaction)
        given = (reminder_hours, channel, threads, mod_role, max_challenges, max_games)
        current = await self.store.settings.guild(interaction.guild_id)
        # The default permission only hides the command: a server may grant it to everyone,
        # so changes are checked here too. Moderators may set the limits; everything else,
        # the moderator role included, is for those who manage the server. Looking is harmless.
        managing = any(value is not None for value in given[:4])
        limiting = max_challenges is not None or max_games is not None
        if managing and not interaction.permissions.manage_guild:
            raise Refusal("error-settings-manager")
        if limiting and not is_moderator(interaction, current):
            raise Refusal("error-not-moderator")
        updated = GuildSettings(
            reminder_hours=float(reminder_hours or current.reminder_hours),
            game_channel_id=channel.id if channel is not None else current.game_channel_id,
            threads=current.threads if threads is None else threads,
            mod_role_id=mod_role.id if mod_role is not None else current.mod_role_id,
            max_challenges=max_challenges or current.max_challenges,
            max_games=max_games or current.max_games,
        )
        if updated != current:
            await self.store.settings.set_guild(interaction.guild_id, updated)
        place = (
            f"<#{updated.game_channel_id}>"
            if updated.game_channel_id
            else tr(interaction, "settings-same-channel")
        )
        await interaction.response.send_message(
            tr(
                interaction,
                "settings-now",
                hours=int(updated.reminder_hours),
                place=place,
                threads="yes" if updated.threads else "no",
            )
            + "\n"
            + tr(
                interaction,
                "settings-moderation",
                role=f"<@&{updated.mod_role_id}>" if updated.mod_role_id else "—",
                challenges=updated.max_challenges,
                games=updated.max_games,
            ),
            ephemeral=True,
        )


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Settings(bot))
