"""/notify (how a person is told of their games), /away, and /settings: ``server`` (how a
server plays its games) and ``me`` (a person's time zone and quiet hours).

``/settings`` is one command on Discord, its permissions shared by its subcommands: everyone
may use it (``me`` is everyone's), so ``server`` checks who may change what itself, as it
always did, and refuses outside a server.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.i18n import L, lang_of, tr
from cogs.utils.moderation import is_moderator
from cogs.utils.options import check_option_values
from cogs.utils.person import in_force
from data import AwayRefused, GuildSettings, PersonSettings
from data.away import MOST_AT_ONCE
from table import digests, person_settings
from table.refusal import Refusal

if TYPE_CHECKING:
    from cogs.utils.host import Host


#: ``digest:``: off, or the hour of the day (the person's own time), as Discord lists them.
DIGEST_OFF = -1
DIGEST_CHOICES = [
    app_commands.Choice(name=L("choice-digest-off"), value=DIGEST_OFF),
    *(app_commands.Choice(name=L(f"choice-digest-{hour}"), value=hour) for hour in range(24)),
]


class Settings(commands.Cog):
    """Preferences of players and servers."""

    settings = app_commands.Group(name=L("cmd-settings"), description=L("cmd-settings-desc"))

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = bot.store

    async def _person(self, user_id: int) -> PersonSettings:
        """The person's settings as stored now: another process may have changed them since
        this one remembered them, and a change rewrites them whole."""
        self.store.settings.forget_cached(user_id)
        return await self.store.settings.person(user_id)

    async def _answer(
        self,
        interaction: discord.Interaction,
        current: PersonSettings,
        updated: PersonSettings,
        digest: bool = False,
    ) -> None:
        """Store ``updated`` and show it; the digest's timer follows its hour and zone (and
        ``digest``: the person set its hour, the same or not, in the language they use)."""
        if updated != current:
            await self.store.settings.set_person(interaction.user.id, updated)
        moved = updated.digest_hour is not None and updated.timezone != current.timezone
        if digest or moved:
            lang = lang_of(interaction) if digest else None
            await digests.arm(self.bot.table, interaction.user.id, updated, lang)
        text = in_force(lang_of(interaction), updated, self.bot.clock())
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name=L("cmd-notify"), description=L("cmd-notify-desc"))
    @app_commands.rename(
        on=L("cmd-notify-on"),
        before=L("cmd-notify-before"),
        digest=L("cmd-notify-digest"),
        heads_up=L("cmd-notify-next"),
    )
    @app_commands.describe(
        on=L("cmd-notify-on-desc"),
        before=L("cmd-notify-before-desc"),
        digest=L("cmd-notify-digest-desc"),
        heads_up=L("cmd-notify-next-desc"),
    )
    @app_commands.choices(digest=DIGEST_CHOICES)
    async def notify(
        self,
        interaction: discord.Interaction,
        on: bool | None = None,
        before: app_commands.Range[str, 1, 100] | None = None,
        digest: int | None = None,
        heads_up: bool | None = None,
    ) -> None:
        """Change (or, with no option, show) how you are told of your games."""
        check_option_values(interaction)
        current = await self._person(interaction.user.id)
        updated = current
        if on is not None:
            updated = dataclasses.replace(updated, dm_turns=on)
        if before is not None:
            hours = person_settings.parse_before(before)
            if isinstance(hours, Refusal):
                raise hours
            updated = dataclasses.replace(updated, remind_before=hours)
        if digest is not None:
            hour = None if digest == DIGEST_OFF else digest
            updated = dataclasses.replace(updated, digest_hour=hour)
        if heads_up is not None:
            updated = dataclasses.replace(updated, heads_up=heads_up)
        await self._answer(interaction, current, updated, digest=digest is not None)

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

    @settings.command(name=L("cmd-settings-server"), description=L("cmd-settings-server-desc"))
    @app_commands.rename(
        reminder_hours=L("cmd-settings-reminder"),
        channel=L("cmd-settings-channel"),
        threads=L("cmd-settings-threads"),
        mod_role=L("cmd-settings-mod-role"),
        max_challenges=L("cmd-settings-max-challenges"),
        max_games=L("cmd-settings-max-games"),
        reviews=L("cmd-settings-reviews"),
    )
    @app_commands.describe(
        reminder_hours=L("cmd-settings-reminder-desc"),
        channel=L("cmd-settings-channel-desc"),
        threads=L("cmd-settings-threads-desc"),
        mod_role=L("cmd-settings-mod-role-desc"),
        max_challenges=L("cmd-settings-max-challenges-desc"),
        max_games=L("cmd-settings-max-games-desc"),
        reviews=L("cmd-settings-reviews-desc"),
    )
    async def server(
        self,
        interaction: discord.Interaction,
        reminder_hours: app_commands.Range[int, 1, 336] | None = None,
        channel: discord.TextChannel | None = None,
        threads: bool | None = None,
        mod_role: discord.Role | None = None,
        max_challenges: app_commands.Range[int, 1, 50] | None = None,
        max_games: app_commands.Range[int, 1, 200] | None = None,
        reviews: bool | None = None,
    ) -> None:
        """Change (or, with no option, show) how this server's games are played."""
        guild = interaction.guild_id
        if guild is None:
            raise Refusal("error-settings-server-only")
        check_option_values(interaction)
        given = (reminder_hours, channel, threads, mod_role, max_challenges, max_games)
        current = await self.store.settings.guild(guild)
        # The default permission only hides the command: a server may grant it to everyone,
        # so changes are checked here too. Moderators may set the limits; everything else,
        # the moderator role included, is for those who manage the server. Looking is harmless.
        managing = any(value is not None for value in given[:4]) or reviews is not None
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
            review_games=current.review_games if reviews is None else reviews,
        )
        if updated != current:
            await self.store.settings.set_guild(guild, updated)
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
            )
            + "\n"
            + tr(interaction, "settings-reviews", on="yes" if updated.review_games else "no"),
            ephemeral=True,
        )

    @settings.command(name=L("cmd-settings-me"), description=L("cmd-settings-me-desc"))
    @app_commands.rename(
        timezone=L("cmd-settings-timezone"),
        quiet_from=L("cmd-settings-quiet-from"),
        quiet_to=L("cmd-settings-quiet-to"),
    )
    @app_commands.describe(
        timezone=L("cmd-settings-timezone-desc"),
        quiet_from=L("cmd-settings-quiet-from-desc"),
        quiet_to=L("cmd-settings-quiet-to-desc"),
    )
    async def me(
        self,
        interaction: discord.Interaction,
        timezone: app_commands.Range[str, 1, 100] | None = None,
        quiet_from: app_commands.Range[str, 1, 20] | None = None,
        quiet_to: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        """Change (or, with no option, show) your time zone and quiet hours."""
        check_option_values(interaction)
        current = await self._person(interaction.user.id)
        updated = current
        if timezone is not None:
            name = person_settings.zone_name(timezone)
            if name is None:
                raise Refusal("error-unknown-timezone", zone=timezone)
            updated = dataclasses.replace(updated, timezone=name)
        if quiet_from is not None or quiet_to is not None:
            quiet = person_settings.quiet_hours(quiet_from, quiet_to)
            if isinstance(quiet, Refusal):
                raise quiet
            updated = dataclasses.replace(updated, quiet=quiet)
        await self._answer(interaction, current, updated)

    @me.autocomplete("timezone")
    async def zones(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The known time zones whose name holds what is typed, best first."""
        return [
            app_commands.Choice(name=name, value=name)
            for name in person_settings.matching_zones(current)
        ]


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Settings(bot))
