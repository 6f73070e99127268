"""Information: /games (your active games) and /rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils import turn_words
from cogs.utils.game_commands import rules_command
from cogs.utils.i18n import L, lang_of, tr
from cogs.utils.options import check_option_values
from data import GameRecord
from games.plugin import plugin_for
from locales import t
from table.clocks import clock_of, deadline

if TYPE_CHECKING:
    from cogs.utils.host import Host

MAX_LISTED = 20
#: An embed's description holds 4096 characters; the rest is for the "… and 3 more" line.
DESCRIPTION_ROOM = 4000


class Info(commands.Cog):
    """Commands that only read."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.table = bot.table
        self._rules = rules_command(self.rules)

    @app_commands.command(name=L("cmd-games"), description=L("cmd-games-desc"))
    async def games(self, interaction: discord.Interaction) -> None:
        """Your active games with links and whose turn it is; games waiting on you first."""
        lang = lang_of(interaction)
        uid = interaction.user.id
        records = await self.bot.store.games.active_for_user(uid)
        if not records:
            await interaction.response.send_message(tr(interaction, "games-none"), ephemeral=True)
            return
        rows: list[tuple[bool, str]] = []
        for record in records[: MAX_LISTED * 2]:
            turn = self.table.state(record).turn
            mine = turn is not None and record.user_of(turn) == uid
            opponents = ", ".join(s.name for s in record.seats if s.user_id != uid)
            link = f"<#{record.place_id or record.channel_id}>"
            waiting = (
                t(lang, "games-your-turn")
                if mine
                else t(lang, "games-their-turn", player=record.names()[turn or 0])
            )
            to_move = record.user_of(turn) if turn is not None else uid
            away = await self.bot.store.away.current(to_move) if turn is not None else None
            if away is not None:
                waiting += " " + t(lang, "turn-away", until=f"<t:{int(away.until)}:R>")
            due = await deadline(self.bot.store, record, to_move)
            if due is not None:
                waiting += " " + t(lang, "games-deadline", deadline=f"<t:{int(due)}:R>")
            waiting += await self._clocks(record, turn, lang)
            title = plugin_for(record.game).words.title(lang)
            rows.append(
                (
                    mine,
                    t(lang, "games-row", game=title, opponents=opponents, link=link, turn=waiting),
                )
            )
        rows.sort(key=lambda row: not row[0])  # stable: your turn first, then oldest first
        embed = discord.Embed(
            title=tr(interaction, "games-title"),
            description=_whole_rows([text for _, text in rows], len(records), lang),
            colour=discord.Colour.from_str("#56B4E9"),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _clocks(self, record: GameRecord, turn: int | None, lang: str) -> str:
        """' · ⏱️ Ana 2d 14h, Luis 2d 0h': each bank's time left (with days per move, the
        mover's), by the one formula of table/clocks.py; '' without a clock."""
        now = self.bot.clock()
        seats = [s.seat for s in record.seats if record.control.bank is not None or s.seat == turn]
        shown = []
        for seat in seats:
            seconds = await clock_of(self.bot.store, record, seat, turn, now)
            if seconds is not None:
                shown.append((seat, seconds))
        if not shown:
            return ""
        return " " + t(lang, "games-time-left", clocks=turn_words.clocks(lang, record, shown))

    async def cog_load(self) -> None:
        """Add /rules, offering the games registered by now."""
        self.bot.tree.add_command(self._rules)

    async def cog_unload(self) -> None:
        """Take /rules away with the cog."""
        self.bot.tree.remove_command(self._rules.name)

    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        """The rules of a game, in your language."""
        check_option_values(interaction)
        words = plugin_for(game).words
        lang = lang_of(interaction)
        embed = discord.Embed(
            title=words.title(lang),
            description=t(lang, f"rules-{game}")[:4000],
            colour=discord.Colour.from_str("#E69F00"),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


def _whole_rows(rows: list[str], total: int, lang: str) -> str:
    """As many whole rows as fit an embed's description, then how many were left out."""
    shown: list[str] = []
    room = DESCRIPTION_ROOM
    for row in rows[:MAX_LISTED]:
        if len(row) + 1 > room:
            break
        shown.append(row)
        room -= len(row) + 1
    if len(shown) < total:
        shown.append(t(lang, "games-more", count=total - len(shown)))
    return "\n".join(shown)


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Info(bot))
