"""The bot holding the seat of a player whose time ran out: asked by /hold-seat, or by the
button under a deadline's notice (which works after a restart too)."""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.utils.host import host_of
from cogs.utils.i18n import tr
from cogs.utils.replies import guarded, send_private
from data import GameRecord
from table import holding
from table.refusal import Refusal


async def hold(interaction: discord.Interaction, record: GameRecord, level: str) -> None:
    """The bot holds the seat out of time at ``level``, as the caller asked; they are told."""
    table = host_of(interaction).table
    # The news goes out (in the thread, and a DM) before the answer: that may take a while.
    await interaction.response.defer(ephemeral=True, thinking=True)
    seat = await holding.hold_seat(table, record, interaction.user.id, level)
    text = tr(
        interaction,
        "hold-seat-done",
        player=record.names()[seat],
        level=tr(interaction, f"level-{level}"),
    )
    await send_private(interaction, text)


class HoldButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"hs:(?P<gid>\d+):(?P<turn>\d+)"
):
    """Under a deadline's notice: the bot holds the seat out of time, at its usual level.
    Its game and turn (the turn's start) in its custom_id, so it works after a restart too,
    and only in the turn it was posted for (not for whoever runs out of time later)."""

    def __init__(self, gid: int, turn: int, label: str = "") -> None:
        custom_id = f"hs:{gid}:{turn}"
        button = discord.ui.Button(
            label=label or "hold", style=discord.ButtonStyle.secondary, custom_id=custom_id
        )
        super().__init__(button)
        self.gid, self.turn = gid, turn

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HoldButton:
        """Rebuild from a clicked custom_id."""
        return cls(int(match["gid"]), int(match["turn"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Ask the bot to hold the seat (any other player of the game may)."""
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        record = await host_of(interaction).table.game(self.gid)
        if int(record.turn_started_at or 0) != self.turn:
            raise Refusal("error-position-changed")  # a later turn: its own notice offers it
        await hold(interaction, record, holding.DEFAULT_LEVEL)
