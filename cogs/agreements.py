"""Ending a game early by agreement: /abort in its first turns, /draw (or, at a larger table,
ending with the scores as they stand) when every other player says yes."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.host import Host, host_of
from cogs.utils.i18n import L, tr
from cogs.utils.places import MENTION_USERS, place_of
from cogs.utils.replies import guarded, send_private
from cogs.utils.views import LastingView
from data import GameRecord, Offer
from locales import join, t
from table import agreements, endings


class Agreements(commands.Cog):
    """/abort and /draw."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.table = bot.table

    @app_commands.command(name=L("cmd-abort"), description=L("cmd-abort-desc"))
    async def abort(self, interaction: discord.Interaction) -> None:
        """Call the game off in its first turns: no winner, not rated."""
        record = await self.table.game_here(interaction.channel_id, interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await endings.abort(self.table, record, interaction.user.id)
        await send_private(interaction, tr(interaction, "abort-done"))

    @app_commands.command(name=L("cmd-draw"), description=L("cmd-draw-desc"))
    async def draw(self, interaction: discord.Interaction) -> None:
        """Offer to end the game by agreement: the others answer with buttons."""
        record = await self.table.game_here(interaction.channel_id, interaction.user.id)
        offer = await agreements.offer(self.table, record, interaction.user.id)
        place = await place_of(self.bot, record)
        await place.send(
            _offer_text(record, offer),
            view=_offer_buttons(record, offer),
            allowed_mentions=MENTION_USERS,
        )
        await send_private(interaction, tr(interaction, "draw-sent"))


def _offer_text(record: GameRecord, offer: Offer) -> str:
    """'Ana offers a draw, @Luis: …' and, at a larger table, who said yes so far."""
    names, lang = record.names(), record.lang
    others = [s for s in record.seats if s.seat != offer.by_seat]
    key = "draw-offer" if record.players == 2 else "draw-offer-table"
    text = t(
        lang,
        key,
        player=names[offer.by_seat],
        mention=join(lang, [f"<@{s.user_id}>" for s in others]),
    )
    if offer.accepted:
        agreed = join(lang, [names[s] for s in offer.accepted])
        text += "\n" + t(lang, "draw-agreed-so-far", players=agreed)
    return text


def _offer_buttons(record: GameRecord, offer: Offer) -> discord.ui.View:
    view = LastingView()
    for act, style in (("yes", discord.ButtonStyle.success), ("no", discord.ButtonStyle.secondary)):
        label = t(record.lang, f"button-draw-{act}")
        view.add_item(DrawButton(record.id, offer.ply, offer.by_seat, act, label, style))
    return view


class DrawButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"dw:(?P<gid>\d+):(?P<ply>\d+):(?P<by>\d+):(?P<act>yes|no)",
):
    """An answer to an offer to end the game; tied to the offer (its ply and maker)."""

    def __init__(
        self,
        gid: int,
        ply: int,
        by: int,
        act: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        custom_id = f"dw:{gid}:{ply}:{by}:{act}"
        super().__init__(discord.ui.Button(label=label or act, style=style, custom_id=custom_id))
        self.gid, self.ply, self.by, self.act = gid, ply, by, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DrawButton:
        """Rebuild from a clicked custom_id."""
        return cls(int(match["gid"]), int(match["ply"]), int(match["by"]), match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Accept or decline, if you are one of the players asked."""
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        table = host_of(interaction).table
        record = await table.game(self.gid)
        yes = self.act == "yes"
        said = await agreements.answer(table, record, interaction.user.id, self.ply, self.by, yes)
        lang, names = record.lang, record.names()
        if said.ended == "declined":
            content = t(lang, "draw-declined", player=names[said.seat])
            await interaction.response.edit_message(content=content, view=None)
        elif said.ended is None and yes:  # a larger table: others still to say
            await interaction.response.edit_message(content=_offer_text(record, said.offer))
        elif said.ended == "agreed":
            await interaction.response.defer()
            await agreements.agree(table, record, said.offer)
            await interaction.edit_original_response(content=t(lang, "draw-agreed"), view=None)


async def setup(bot: Host) -> None:
    """Load the cog and its lasting buttons."""
    bot.add_dynamic_items(DrawButton)
    await bot.add_cog(Agreements(bot))
