"""/mod: moderators end any game of their server (no winner and not rated, or scored as a draw
or as one player's loss) and cancel challenges."""

from __future__ import annotations

import contextlib

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.choices import answers_when_busy
from cogs.utils.host import Host
from cogs.utils.i18n import L, lang_of, tr
from cogs.utils.moderation import is_moderator
from cogs.utils.options import check_option_values
from cogs.utils.replies import send_private
from data import GameRecord
from games.plugin import plugin_for
from locales import t
from table import endings
from table.refusal import Refusal, shorten

REASON_LIMIT = 200  # characters of a moderator's reason kept and shown
OFFERED = 25  #: Discord shows at most 25 autocomplete choices
READ_FOR_CHOICES = 200  #: open challenges read to choose from (the oldest first)
#: How a moderator may score the game they end (none: no result, as without the option).
RESULT_CHOICES = [
    app_commands.Choice(name=L(f"choice-mod-result-{value}"), value=value)
    for value in ("none", "draw", "loss")
]


class Moderation(commands.Cog):
    """/mod end and /mod cancel."""

    mod = app_commands.Group(name=L("cmd-mod"), description=L("cmd-mod-desc"), guild_only=True)

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.table = bot.table

    async def _check(self, interaction: discord.Interaction) -> None:
        settings = await self.bot.store.settings.guild(interaction.guild_id)
        if not is_moderator(interaction, settings):
            raise Refusal("error-not-moderator")

    @mod.command(name=L("cmd-mod-end"), description=L("cmd-mod-end-desc"))
    @app_commands.rename(
        reason=L("cmd-mod-reason"),
        game=L("cmd-mod-game"),
        result=L("cmd-mod-result"),
        player=L("cmd-mod-player"),
    )
    @app_commands.describe(
        reason=L("cmd-mod-reason-desc"),
        game=L("cmd-mod-game-desc"),
        result=L("cmd-mod-result-desc"),
        player=L("cmd-mod-player-desc"),
    )
    @app_commands.choices(result=RESULT_CHOICES)
    async def end(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, REASON_LIMIT],
        game: app_commands.Range[int, 1] | None = None,
        result: str | None = None,
        player: discord.Member | None = None,
    ) -> None:
        """End a game of this server: with no result (no winner, not rated), or scored as a
        draw or as the loss of ``player``; the reason is shown."""
        check_option_values(interaction)  # result: as offered, or refused
        await self._check(interaction)
        record = await self._game(interaction, game)
        scored = result or "none"
        loser = None if player is None else player.id
        if scored == "loss" and (loser is None or record.seat_of(loser) is None):
            # Said before deferring: the refusal is the moderator's own mistake.
            key = "error-mod-loss-player" if loser is None else "error-mod-not-playing"
            raise Refusal(key, number=record.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        reason = shorten(reason, REASON_LIMIT)
        await endings.moderate(self.table, record, reason, scored, loser)
        place = f"<#{record.place_id or record.channel_id}>"
        await send_private(interaction, tr(interaction, "mod-ended", number=record.id, place=place))

    async def _game(self, interaction: discord.Interaction, number: int | None) -> GameRecord:
        """The game named, or the only game in progress here."""
        if number is not None:
            record = await self.bot.store.games.get(number)
            if record is None or record.guild_id != interaction.guild_id:
                raise Refusal("error-no-such-game", number=number)
            if not record.active:
                raise Refusal("error-game-over")
            return record
        here = await self.bot.store.games.active_in_place(interaction.channel_id or 0)
        if not here:
            raise Refusal("error-mod-no-game")
        if len(here) > 1:
            numbers = ", ".join(f"#{g.id}" for g in here[:5])
            raise Refusal("error-mod-which-game", games=numbers)
        return here[0]

    @mod.command(name=L("cmd-mod-cancel"), description=L("cmd-mod-cancel-desc"))
    @app_commands.rename(challenge=L("cmd-mod-challenge"))
    @app_commands.describe(challenge=L("cmd-mod-challenge-desc"))
    async def cancel(
        self, interaction: discord.Interaction, challenge: app_commands.Range[int, 1]
    ) -> None:
        """Cancel an open challenge of this server (a moderator's Decline does the same)."""
        await self._check(interaction)
        found = await self.bot.store.challenges.get(challenge)
        if found is None or found.guild_id != interaction.guild_id or found.status != "open":
            raise Refusal("error-challenge-closed")
        if not await self.bot.store.challenges.resolve(found.id, "cancelled"):
            raise Refusal("error-challenge-closed")
        if found.message_id is not None:
            title = plugin_for(found.game).words.title(found.lang)
            text = t(found.lang, "challenge-cancelled-mod", game=title)
            channel = self.bot.get_partial_messageable(found.channel_id)
            # The challenge is cancelled all the same; its buttons would answer "closed".
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(found.message_id).edit(content=text, view=None)
        await send_private(interaction, tr(interaction, "mod-cancelled", number=found.id))

    @cancel.autocomplete("challenge")
    @answers_when_busy(0)  # no challenge has number 0: choosing it is answered "not found"
    async def cancel_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's open challenges, to moderators only (others see no choice): its
        number, game and challenger, matched against what was typed."""
        settings = await self.bot.store.settings.guild(interaction.guild_id)
        if not is_moderator(interaction, settings):
            return []
        found = await self.bot.store.challenges.open_in(interaction.guild_id, READ_FOR_CHOICES)
        typed = current.strip().lstrip("#").casefold()
        lang = lang_of(interaction)
        choices = []
        for challenge in found:
            title = plugin_for(challenge.game).words.title(lang)
            label = f"#{challenge.id} · {title} · {challenge.challenger_name}"
            # A number typed is the start of one; anything else may be in the game or name.
            if typed.isdigit() and not str(challenge.id).startswith(typed):
                continue
            if not typed.isdigit() and typed not in label.casefold():
                continue
            choices.append(app_commands.Choice(name=label[:100], value=challenge.id))
            if len(choices) == OFFERED:
                break
        return choices


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Moderation(bot))
