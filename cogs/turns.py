"""Playing a game: /move (with autocomplete), /board and /resign."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.choices import AUTOCOMPLETE_LIMIT, HINT, answers_when_busy, hint, move_choices
from cogs.utils.host import Host, host_of
from cogs.utils.i18n import L, lang_of, tr
from cogs.utils.items import show_board, show_private
from cogs.utils.moves import acknowledge
from cogs.utils.replies import guarded
from cogs.utils.views import LastingView
from games.plugin import plugin_for
from table import endings
from table.refusal import Refusal

log = logging.getLogger(__name__)

#: The longest move text /move takes (Discord's client stops there): every legal move and
#: every autocomplete value fits, and nothing longer is worth reading.
MOVE_MAX_LENGTH = 100
GAME_PREFIX = re.compile(r"\s*#(?P<id>\d{1,18})\s+")


def split_game(text: str) -> tuple[int | None, str]:
    """'#12 6L' -> (12, '6L'): a move that names its game; any other text -> (None, text)."""
    match = GAME_PREFIX.match(text)
    if match is None:
        return None, text
    return int(match["id"]), text[match.end() :]


def _in_game(game_id: int, choice: app_commands.Choice[str]) -> app_commands.Choice[str]:
    prefix = f"#{game_id} "
    return app_commands.Choice(
        name=(prefix + choice.name)[:100], value=(prefix + choice.value)[:100]
    )


class Turns(commands.Cog):
    """The commands of a game in progress."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.table = bot.table

    @app_commands.command(name=L("cmd-move"), description=L("cmd-move-desc"))
    @app_commands.rename(notation=L("cmd-move-notation"))
    @app_commands.describe(notation=L("cmd-move-notation-desc"))
    async def move(
        self,
        interaction: discord.Interaction,
        notation: app_commands.Range[str, 1, MOVE_MAX_LENGTH],
    ) -> None:
        """Play a move given in the game's notation ("#12 6L" names game 12 of a shared place)."""
        game_id, notation = split_game(notation)
        record = await self.table.game_here(
            interaction.channel_id, interaction.user.id, game_id=game_id
        )
        if notation.strip() == HINT:  # a hint chosen after it stopped applying, or "/move ?"
            self.table.check_turn(record, interaction.user.id)  # not their turn: say that
            raise Refusal("move-hint")
        # The reply waits for the board to be stored and posted; deferring keeps us inside
        # Discord's 3-second window whatever that costs. A refused move is answered at once
        # (before deferring); a legal one's board is being drawn while the defer travels.
        played = await self.table.play(
            record,
            interaction.user.id,
            notation,
            ready=lambda: interaction.response.defer(ephemeral=True, thinking=True),
            lang=lang_of(interaction),
        )
        await acknowledge(interaction, self.table, played)

    @move.autocomplete("notation")
    @answers_when_busy(HINT)
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Legal moves matching what was typed (autocomplete cannot be deferred: stay quick)."""
        lang = lang_of(interaction)
        game_id, typed = split_game(current)
        if game_id is None:
            several = await self.table.games_to_move(interaction.channel_id, interaction.user.id)
            if len(several) > 1:  # a place shared by games: each move says which game
                return self._choices_in(several, lang, current)
        try:
            record = await self.table.game_here(
                interaction.channel_id, interaction.user.id, game_id=game_id
            )
            _, state = self.table.check_turn(record, interaction.user.id)
        except Refusal as error:
            # Choosing the hint runs /move, which meets the same error and says it again.
            return [hint(tr(interaction, error.key, **error.params))]
        choices = move_choices(plugin_for(record.game).picker, lang, state, typed)
        if game_id is None:
            return choices
        return [_in_game(record.id, c) for c in choices if c.value != HINT]

    def _choices_in(
        self, games: list[Any], lang: str, current: str
    ) -> list[app_commands.Choice[str]]:
        """Moves of several games at once, each marked with its game's number."""
        per_game = max(1, AUTOCOMPLETE_LIMIT // len(games))
        found = []
        for record in games:
            state = self.table.state(record)
            choices = move_choices(plugin_for(record.game).picker, lang, state, current)[:per_game]
            found += [_in_game(record.id, c) for c in choices if c.value != HINT]
        return found[:AUTOCOMPLETE_LIMIT]

    @app_commands.command(name=L("cmd-board"), description=L("cmd-board-desc"))
    async def board(self, interaction: discord.Interaction) -> None:
        """The current board, ephemerally (your private view when you play)."""
        record = await self._game_to_show(interaction)
        await show_board(interaction, self.table, record)

    async def _game_to_show(self, interaction: discord.Interaction) -> Any:
        try:
            return await self.table.game_here(interaction.channel_id, interaction.user.id)
        except Refusal:
            # A finished game's thread still shows its final board.
            latest = await self.bot.store.games.latest_in_place(interaction.channel_id or 0)
            if latest is None:
                raise
            return latest

    @app_commands.command(name=L("cmd-hand"), description=L("cmd-hand-desc"))
    async def hand(self, interaction: discord.Interaction) -> None:
        """What only you may see in your game here (your hand, your hidden pieces)."""
        record = await self.table.game_here(interaction.channel_id, interaction.user.id)
        await show_private(interaction, self.table, record)

    @app_commands.command(name=L("cmd-resign"), description=L("cmd-resign-desc"))
    async def resign(self, interaction: discord.Interaction) -> None:
        """Ask for confirmation, then give up the game."""
        record = await self.table.game_here(interaction.channel_id, interaction.user.id)
        if record.seat_of(interaction.user.id) is None:
            raise Refusal("error-not-a-player")
        view = LastingView()
        view.add_item(ResignButton(record.id, record.version, tr(interaction, "button-resign")))
        title = plugin_for(record.game).words.title(lang_of(interaction))
        await interaction.response.send_message(
            tr(interaction, "resign-confirm", game=title), view=view, ephemeral=True
        )


class ResignButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"rs:(?P<gid>\d+):(?P<ver>\d+)"
):
    """The confirmation of /resign; tied to a version so a stale one does nothing."""

    def __init__(self, gid: int, ver: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "resign",
                style=discord.ButtonStyle.danger,
                custom_id=f"rs:{gid}:{ver}",
            )
        )
        self.gid, self.ver = gid, ver

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResignButton:
        """Rebuild from a clicked custom_id."""
        return cls(int(match["gid"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Resign, then say so in the ephemeral message."""
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        table = host_of(interaction).table
        record = await table.game(self.gid)
        await interaction.response.defer()
        await endings.resign(table, record, interaction.user.id, self.ver)
        await interaction.edit_original_response(content=tr(interaction, "resign-done"), view=None)


async def setup(bot: Host) -> None:
    """Load the cog and its lasting button."""
    bot.add_dynamic_items(ResignButton)
    await bot.add_cog(Turns(bot))
