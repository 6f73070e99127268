"""/undo: take back one's last move, with the consent of the player it was played against."""

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
from data import GameRecord
from games.plugin import plugin_for
from locales import t
from table import endings
from table.refusal import Refusal
from table.table import Table


class Undo(commands.Cog):
    """Taking back a move."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.table = bot.table

    @app_commands.command(name=L("cmd-undo"), description=L("cmd-undo-desc"))
    async def undo(self, interaction: discord.Interaction) -> None:
        """Ask to take back your last move (at once if no one has seen it yet)."""
        record = await self.table.game_here(interaction.channel_id, interaction.user.id)
        plan = endings.check_undo(self.table, record, interaction.user.id)
        seat = plan.seat
        if plan.unseen:  # an action inside one's own unfinished turn: nobody saw it yet
            await endings.take_back(self.table, record, record.version)
            await send_private(interaction, tr(interaction, "undo-done-unseen"))
            return
        if plan.ask is None:  # only the bot would be asked, and it always agrees
            await interaction.response.defer(ephemeral=True, thinking=True)
            restored = await endings.take_back(self.table, record, record.version, plan.plies)
            key = "undo-restored-bot" if plan.plies > 1 else "undo-restored"
            headline = t(record.lang, key, requester=record.names()[seat])
            await self.table.announce(restored, headline=headline)
            await send_private(interaction, tr(interaction, "undo-done-bot"))
            return
        asked = plan.ask
        lang = record.lang
        view = LastingView()
        for act, style in (
            ("yes", discord.ButtonStyle.success),
            ("no", discord.ButtonStyle.secondary),
        ):
            label = t(lang, f"button-undo-{act}")
            view.add_item(UndoButton(record.id, record.version, act, label, style))
        place = await place_of(self.bot, record)
        await place.send(
            t(
                lang,
                "undo-asked",
                player=record.names()[seat],
                move=_last_move_in_words(self.table, record),
                mention=f"<@{record.user_of(asked)}>",
            ),
            view=view,
            allowed_mentions=MENTION_USERS,
        )
        await send_private(interaction, tr(interaction, "undo-sent"))


def _last_move_in_words(table: Table, record: GameRecord) -> str:
    """The move to take back as the table saw it: its public narration, so a hidden druid
    stays hidden (its notation would show the value)."""
    events = table.history(record).plies[-1].events
    return plugin_for(record.game).words.narrate(record.lang, events, record.names())


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"ud:(?P<gid>\d+):(?P<ver>\d+):(?P<act>yes|no)",
):
    """The answer to an undo request; tied to the version it was asked at."""

    def __init__(
        self,
        gid: int,
        ver: int,
        act: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        custom_id = f"ud:{gid}:{ver}:{act}"
        super().__init__(discord.ui.Button(label=label or act, style=style, custom_id=custom_id))
        self.gid, self.ver, self.act = gid, ver, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoButton:
        """Rebuild from a clicked custom_id."""
        return cls(int(match["gid"]), int(match["ver"]), match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Accept or decline, if you are the one asked."""
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        table = host_of(interaction).table
        record = await table.game(self.gid)
        if record.version != self.ver or not record.active:
            raise Refusal("error-position-changed")
        if record.seat_of(interaction.user.id) is None:
            raise Refusal("error-not-a-player")
        asked = table.state(record).turn
        lang, names = record.lang, record.names()
        if asked is None:
            raise Refusal("error-game-over")
        if record.user_of(asked) != interaction.user.id:
            raise Refusal("error-undo-not-asked", player=names[asked])
        mover = table.history(record).last_mover
        requester = names[mover] if mover is not None else "?"
        if self.act == "no":
            await interaction.response.edit_message(
                content=t(lang, "undo-declined", player=names[asked], requester=requester),
                view=None,
            )
            return
        await interaction.response.defer()
        restored = await endings.take_back(table, record, self.ver)
        await interaction.edit_original_response(
            content=t(lang, "undo-accepted", player=names[asked], requester=requester), view=None
        )
        await table.announce(restored, headline=t(lang, "undo-restored", requester=requester))


async def setup(bot: Host) -> None:
    """Load the cog and its lasting buttons."""
    bot.add_dynamic_items(UndoButton)
    await bot.add_cog(Undo(bot))
