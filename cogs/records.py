"""A finished game to keep or show: /export (its public record as JSON) and /replay (an
animation).

Both mean the game of the thread they are used in, or the game numbered ``game``. Only a
finished game: an unfinished one's replay would only show what its thread already shows.
Both give the public record (spec/records.md), never the stored one: a finished game may
still hold face-down druids and discards never revealed, and the seed and pile order that
decided the hands. So anyone who can see the game may ask: a player (whose own export adds
what that seat saw), or anyone on the server where it was played.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.host import Host
from cogs.utils.i18n import L, lang_of, tr
from cogs.utils.images import Drawn
from cogs.utils.replay_cache import ReplayCache
from cogs.utils.replays import public_of, record_json, record_name, replay_name
from data import GameRecord
from games.plugin import plugin_for
from locales import t
from rules.base import InvalidRecord
from table.refusal import Refusal

#: The largest game number Discord's integer option takes here (SQLite ids fit easily).
MAX_GAME = 2**53


class Records(commands.Cog):
    """Finished games as files."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        # Drawn once per game, language and format, between the live boards, and kept.
        self.replays = ReplayCache(bot.replays_dir)

    @commands.Cog.listener()
    async def on_replays_stale(self) -> None:
        """Someone was forgotten (/forget-me): no replay kept may show their name."""
        await self.replays.clear()

    @app_commands.command(name=L("cmd-export"), description=L("cmd-export-desc"))
    @app_commands.rename(game=L("cmd-records-game"))
    @app_commands.describe(game=L("cmd-records-game-desc"))
    async def export(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1, MAX_GAME] | None
    ) -> None:
        """The game's public record as a JSON file (as the caller saw it), for them only."""
        record = await self._finished(interaction, game)
        seat = record.seat_of(interaction.user.id)
        try:  # a whole game replayed: off the event loop
            public = await asyncio.to_thread(public_of, record.record, seat)
        except InvalidRecord:
            raise Refusal("records-not-public", number=record.id) from None
        public = replace(public, held=record.holds())  # who played a seat the bot held
        title = plugin_for(record.game).words.title(lang_of(interaction))
        file = discord.File(io.BytesIO(record_json(public)), record_name(record))
        count = len(public.moves)
        text = tr(interaction, "export-done", game=title, number=record.id, count=count)
        await interaction.response.send_message(text, file=file, ephemeral=True)

    @app_commands.command(name=L("cmd-replay"), description=L("cmd-replay-desc"))
    @app_commands.rename(game=L("cmd-records-game"))
    @app_commands.describe(game=L("cmd-records-game-desc"))
    async def replay(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1, MAX_GAME] | None
    ) -> None:
        """The whole game, animated, posted for everyone here."""
        record = await self._finished(interaction, game)
        await interaction.response.defer(thinking=True)
        drawn = await self._draw(record)
        if len(drawn.png) > interaction.filesize_limit:
            raise Refusal("replay-too-big", number=record.id)
        lang = record.lang  # a public post speaks the game's language, as its thread does
        text = t(
            lang,
            "replay-posted",
            game=plugin_for(record.game).words.title(lang),
            number=record.id,
            players=" – ".join(record.names()),
        )
        await interaction.followup.send(
            text,
            file=drawn.file(replay_name(record)),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _finished(self, interaction: discord.Interaction, number: int | None) -> GameRecord:
        return await finished_game(self.bot, interaction, number)

    async def _draw(self, record: GameRecord) -> Drawn:
        """The game's replay in its language, the key moments of its review marked: drawn
        once (in the drawing process, between live boards) and kept."""
        reviews = self.bot.table.reviews
        marked = () if reviews is None else await reviews.key_turns(record.id)
        return await self.replays.replay(record, key_turns=tuple(marked))


async def finished_game(
    bot: Host, interaction: discord.Interaction, number: int | None
) -> GameRecord:
    """The finished game meant: the one numbered ``number`` if the caller may see it, else
    the newest finished game of this thread or channel, even when a newer one (a rematch)
    is under way there (Refusal when there is none, or when it is still being played)."""
    games = bot.store.games
    place = interaction.channel_id or 0
    if number is not None:
        record = await games.get(number)
        if record is None or not _visible(record, interaction):
            raise Refusal("records-no-such-game", number=number)
    else:
        record = await games.latest_in_place(place, finished=True)
        record = record or await games.latest_in_place(place)
        if record is None:
            raise Refusal("records-no-game-here")
    if record.active:
        raise Refusal("records-unfinished", number=record.id)
    return record


def _visible(record: GameRecord, interaction: discord.Interaction) -> bool:
    """Whether the caller may see the game: they played it, or it was played on this server
    (what one server sees stays in that server)."""
    if record.seat_of(interaction.user.id) is not None:
        return True
    return record.guild_id is not None and record.guild_id == interaction.guild_id


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Records(bot))
