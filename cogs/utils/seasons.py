"""A season's end in words: the champions of each game and the final ladders, posted once
in the channel where the season was started, in the server's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs.utils.standings import FIELD_ROOM, board_row, player_label, whole_rows
from games.plugin import plugin_for
from locales import DEFAULT, language, t
from rules.text import clean_name
from table.seasons import Ended, Ladder

if TYPE_CHECKING:
    from cogs.utils.host import Host

COLOUR = discord.Colour.from_str("#E69F00")
MESSAGE_ROOM = 1900  #: a message holds 2,000 characters: the champions' lines stop short
FIELDS = 25  #: an embed holds at most 25 fields (one per game)
EMBED_ROOM = 5800  #: an embed's texts together hold 6,000 characters (the footer's included)


def server_lang(bot: Host, guild_id: int) -> str:
    """The language a server's public posts use: its own (community) locale."""
    guild = bot.get_guild(guild_id)
    return DEFAULT if guild is None else language(guild.preferred_locale)


async def _labels(bot: Host, ended: Ended, lang: str) -> dict[str, str]:
    """Each rated player's label on the ladders (a person's latest name on the server)."""
    ids = [r.user_id for ladder in ended.ladders for _, r in ladder.rows if r.user_id]
    names = await bot.store.stats.names(ids, guild_id=ended.season.guild_id)
    me = bot.user
    bot_name = clean_name(me.name, fallback="Tablero") if me else "Tablero"
    return {
        r.player: player_label(lang, r, names, bot_name)
        for ladder in ended.ladders
        for _, r in ladder.rows
    }


def _ladder_text(lang: str, ladder: Ladder, labels: dict[str, str]) -> str:
    rows = [board_row(lang, place, r, labels[r.player]) for place, r in ladder.rows]
    if ladder.players > len(ladder.rows):
        rows.append(t(lang, "season-ladder-more", count=ladder.players - len(ladder.rows)))
    return whole_rows(lang, rows, FIELD_ROOM)


async def post_end(bot: Host, ended: Ended, nonce: str) -> None:
    """Post the season's end: the champions in the message, the ladders in its embed. Sent
    with the nonce of its timer, so a second send (by a process that took the timer over)
    shows the first message instead."""
    season, number = ended.season, ended.number
    lang = server_lang(bot, season.guild_id)
    labels = await _labels(bot, ended, lang)
    if not ended.ladders:
        content = t(lang, "season-over-none", number=number)
    else:
        lines = [
            t(
                lang,
                "season-champion",
                game=plugin_for(ladder.game).words.title(lang),
                player=" · ".join(labels[r.player] for r in ladder.champions),
            )
            for ladder in ended.ladders
        ]
        content = (
            t(lang, "season-over", number=number) + "\n" + whole_rows(lang, lines, MESSAGE_ROOM)
        )
    embed = discord.utils.MISSING
    if ended.ladders:
        embed = discord.Embed(title=t(lang, "season-ladder-title", number=number), colour=COLOUR)
        room = EMBED_ROOM - len(embed.title or "")
        for ladder in ended.ladders[:FIELDS]:
            title = plugin_for(ladder.game).words.title(lang)
            text = _ladder_text(lang, ladder, labels)
            room -= len(title) + len(text)
            if room < 0:  # many games: the last ladders wait for /leaderboard season:
                break
            embed.add_field(
                name=title,
                value=text,
                inline=False,
            )
        embed.set_footer(text=t(lang, "season-ladder-footer"))
    channel = bot.get_partial_messageable(season.channel_id, guild_id=season.guild_id)
    await channel.send(
        content, embed=embed, allowed_mentions=discord.AllowedMentions.none(), nonce=nonce
    )
