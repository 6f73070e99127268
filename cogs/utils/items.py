"""Buttons and menus of a game that keep working after a restart (discord.py DynamicItem).

Their custom_ids carry everything needed (game id, version, picker path), so no view has
to be kept in memory and a click on a week-old message still reaches the game.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from cogs.utils import images, turn_words
from cogs.utils.host import host_of
from cogs.utils.i18n import lang_of, tr
from cogs.utils.moves import PickButton, PickSelect, picker_message
from cogs.utils.replies import guarded
from cogs.utils.views import LastingView
from data import GameRecord
from games.plugin import plugin_for
from games.words import Words
from locales import t
from table.clocks import clock_of
from table.refusal import Refusal

if TYPE_CHECKING:
    from table.table import Table


def _table(interaction: discord.Interaction) -> Table:
    return host_of(interaction).table


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"tg:(?P<gid>\d+):(?P<act>play|mine)"
):
    """A button under every board: open the picker, or see one's private view."""

    def __init__(self, game_id: int, act: str, label: str = "", emoji: str | None = None) -> None:
        style = discord.ButtonStyle.primary if act == "play" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or act, emoji=emoji, style=style, custom_id=f"tg:{game_id}:{act}"
            )
        )
        self.game_id, self.act = game_id, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        """Rebuild from a clicked custom_id."""
        return cls(int(match["gid"]), match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the picker or show the private view, ephemerally."""
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        table = _table(interaction)
        record = await table.game(self.game_id)
        if self.act == "mine":
            await show_private(interaction, table, record)
            return
        table.check_turn(record, interaction.user.id)
        content, view = picker_message(interaction, table, record, ())
        await interaction.response.send_message(content, view=view, ephemeral=True)


def game_buttons(record: GameRecord, words: Words) -> discord.ui.View:
    """The persistent buttons posted with a board (labels in the game's language)."""
    view = LastingView()
    view.add_item(GameButton(record.id, "play", t(record.lang, "button-play"), "🎯"))
    if words.has_private_view(record.options):
        label = t(record.lang, words.private_button_key)
        view.add_item(GameButton(record.id, "mine", label, "👁️"))
    return view


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rm:(?P<gid>\d+)"):
    """Under a finished game: challenge the same players again, seats turned round."""

    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "rematch",
                emoji="🔁",
                style=discord.ButtonStyle.primary,
                custom_id=f"rm:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        """Rebuild from a clicked custom_id."""
        return cls(int(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to whoever owns challenges (the Play cog listens)."""
        host_of(interaction).dispatch("rematch_button", interaction, self.game_id)


def rematch_buttons(record: GameRecord) -> discord.ui.View:
    """The Rematch button of a finished game (label in the game's language)."""
    view = LastingView()
    view.add_item(RematchButton(record.id, t(record.lang, "button-rematch")))
    return view


async def show_board(interaction: discord.Interaction, table: Table, record: GameRecord) -> None:
    """The board as the caller may see it (their private view when they play), ephemerally."""
    seat = record.seat_of(interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    lang = lang_of(interaction)
    names = await _clocked_names(table, record, lang)
    file = await images.board(table, record, seat, lang, names=names)
    words = plugin_for(record.game).words
    # Said only where the player's view holds something the public's does not.
    private = seat is not None and words.has_private_view(record.options)
    key = words.board_private_key if private else "board-public"
    await interaction.followup.send(tr(interaction, key), file=file, ephemeral=True)


async def _clocked_names(table: Table, record: GameRecord, lang: str) -> tuple[str, ...] | None:
    """The panels' names with each bank's time left as it stands now (None: no bank)."""
    if record.control.bank is None or not record.active:
        return None
    turn, now = table.state(record).turn, table.clock()
    left = []
    for s in record.seats:
        seconds = await clock_of(table.store, record, s.seat, turn, now)
        if seconds is not None:
            left.append((s.seat, seconds))
    return turn_words.board_names(record, left, turn, lang)


async def show_private(interaction: discord.Interaction, table: Table, record: GameRecord) -> None:
    """What only the caller may see in their game (their hand, hidden pieces), ephemerally."""
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        raise Refusal("error-not-a-player")
    await interaction.response.defer(ephemeral=True, thinking=True)
    file = await images.private(table, record, seat, lang_of(interaction))
    await interaction.followup.send(tr(interaction, "private-view"), file=file, ephemeral=True)


# -- the picker -----------------------------------------------------------------------------
DYNAMIC_ITEMS = (GameButton, PickButton, PickSelect, RematchButton)
