"""/review: the bot's review of a finished game (each player's chance over the game, and their
key moments with the move the bot would have preferred), and the review posted by itself when
a game ends on a server that asked for it (/settings server reviews:).

The table computes and stores it (``table.reviews``, in the review worker); this cog finds
the game, asks, and posts the pictures. ``mine:`` is the asker's own review, from what their
seat knew (their cards, their druids), for them only.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from cogs.records import MAX_GAME, finished_game
from cogs.utils.host import Host
from cogs.utils.i18n import L, lang_of
from cogs.utils.places import place_of
from data import GameRecord
from games.plugin import plugin_for
from games.review import ReviewDrawn
from locales import t
from table.refusal import Refusal

log = logging.getLogger(__name__)

#: Discord's limits: attachments a message, characters a message, autocomplete choices.
MAX_FILES = 10
MAX_TEXT = 2000
OFFERED = 25


class Review(commands.Cog):
    """Post-game reviews."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name=L("cmd-review"), description=L("cmd-review-desc"))
    @app_commands.rename(game=L("cmd-records-game"), mine=L("cmd-review-mine"))
    @app_commands.describe(game=L("cmd-records-game-desc"), mine=L("cmd-review-mine-desc"))
    async def review(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1, MAX_GAME] | None = None,
        mine: bool = False,
    ) -> None:
        """The game's review: for everyone here, or (``mine``) the caller's own, for them."""
        record = await finished_game(self.bot, interaction, game)
        reviews = self.bot.table.reviews
        if reviews is None:
            raise Refusal("review-unavailable")
        seat = record.seat_of(interaction.user.id) if mine else None
        if mine and seat is None:
            raise Refusal("review-not-a-player", number=record.id)
        await interaction.response.defer(thinking=True, ephemeral=mine)
        lang = lang_of(interaction) if mine else record.lang
        drawn = await reviews.review(record, seat, lang)
        key = "review-mine-posted" if mine else "review-posted"
        await interaction.followup.send(
            _text(t(lang, key, **_about(record, lang)), drawn),
            files=_files(drawn),
            ephemeral=mine,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @review.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The caller's finished games, newest first: number, game and players."""
        found = await self.bot.store.stats.finished(interaction.user.id, limit=OFFERED)
        typed = current.strip().lstrip("#").casefold()
        lang = lang_of(interaction)
        choices = []
        for game in found:
            title = plugin_for(game.game).words.title(lang)
            names = " – ".join(seat.name for seat in game.seats)
            label = f"#{game.id} · {title} · {names}"
            if typed.isdigit() and not str(game.id).startswith(typed):
                continue
            if typed and not typed.isdigit() and typed not in label.casefold():
                continue
            choices.append(app_commands.Choice(name=label[:100], value=game.id))
        return choices

    @commands.Cog.listener()
    async def on_game_finished(self, record: GameRecord) -> None:
        """Post the review of a game that just ended, if its server asked for every one."""
        reviews = self.bot.table.reviews
        if reviews is None or record.guild_id is None:
            return
        if not (await self.bot.store.settings.guild(record.guild_id)).review_games:
            return
        try:
            drawn = await reviews.review(record, None, record.lang)
            place = await place_of(self.bot, record)
            await place.send(
                _text(t(record.lang, "review-posted", **_about(record, record.lang)), drawn),
                files=_files(drawn),
                allowed_mentions=discord.AllowedMentions.none(),
                nonce=f"review:{record.id}",
            )
        except (discord.HTTPException, RuntimeError, Refusal) as error:
            log.warning("game %d: review not posted (%s)", record.id, error)


def _about(record: GameRecord, lang: str) -> dict[str, object]:
    return {
        "game": plugin_for(record.game).words.title(lang),
        "number": record.id,
        "players": " – ".join(record.names()),
    }


def _text(header: str, drawn: ReviewDrawn) -> str:
    """The post: its header and the key moments, one a line, within Discord's limit."""
    lines: Sequence[str] = drawn.lines
    text = "\n".join([header, *(f"• {line}" for line in lines)])
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def _files(drawn: ReviewDrawn) -> list[discord.File]:
    """The chart first, then as many key moments as a message holds."""
    return [
        discord.File(io.BytesIO(p.png), p.name, description=p.alt)
        for p in drawn.pictures[:MAX_FILES]
    ]


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Review(bot))
