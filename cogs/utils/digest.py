"""The daily digest as a direct message: one per person and day, every game waiting on them.

What is due and what it lists is the table's (``table.digests``); this words it in the
language the person asked in and sends it, with a nonce of the person and the day: a
process that took the timer over after one died having sent it shows the first message
again instead of a second (as Discord does for a few minutes; the claim's lease is shorter).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from games.plugin import plugin_for
from locales import t
from table import digests

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)

#: What Discord lets one message hold.
MESSAGE_LIMIT = 2000
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


async def send(bot: Host, digest: digests.Digest) -> None:
    """Send ``digest`` to its person, unless nothing waits on them."""
    if digest.games:
        text = words(digest)
        try:
            user = bot.get_user(digest.user_id) or await bot.fetch_user(digest.user_id)
            await user.send(text, nonce=nonce(digest.user_id, digest.day))
        except discord.DiscordServerError:
            raise  # Discord's trouble: the timer is tried again once its claim runs out
        except discord.HTTPException as refused:  # DMs closed: the day is over all the same
            log.info("could not send a digest (%s)", refused.status)


def nonce(user_id: int, day: int) -> str:
    """The person's and the day's: one digest a day shows once (Discord: 25 characters)."""
    return f"dg{_base36(user_id)}.{_base36(day)}"


def _base36(number: int) -> str:
    digits = ""
    while True:
        number, rest = divmod(number, 36)
        digits = _DIGITS[rest] + digits
        if not number:
            return digits


def words(digest: digests.Digest) -> str:
    """The digest's text: a title, then a line per game (link, time left) as many as fit."""
    lang = digest.lang
    lines = [_line(lang, waiting, digest.user_id) for waiting in digest.games]
    return whole_lines(t(lang, "digest-title", count=len(lines)), lines, lang)


def _line(lang: str, waiting: digests.Waiting, user_id: int) -> str:
    record = waiting.record
    title = plugin_for(record.game).words.title(lang)
    opponents = ", ".join(s.name for s in record.seats if s.user_id != user_id)
    place = record.place_id or record.channel_id
    if record.message_id is not None:  # its last board: where the position to move is
        server = record.guild_id if record.guild_id is not None else "@me"
        link = f"https://discord.com/channels/{server}/{place}/{record.message_id}"
    else:
        link = f"<#{place}>"
    if waiting.deadline is None:
        return t(lang, "digest-row", game=title, opponents=opponents, link=link)
    deadline = f"<t:{int(waiting.deadline)}:R>"
    return t(
        lang, "digest-row-deadline", game=title, opponents=opponents, link=link, deadline=deadline
    )


def whole_lines(title: str, lines: list[str], lang: str, limit: int = MESSAGE_LIMIT) -> str:
    """``title`` and as many whole ``lines`` as fit ``limit`` characters with the line
    that says how many more there are (a name can hold anything: a line too long to fit
    alone is left out with the rest)."""
    for shown in range(len(lines), -1, -1):
        parts = [title, *lines[:shown]]
        if shown < len(lines):
            parts.append(t(lang, "digest-more", count=len(lines) - shown))
        text = "\n".join(parts)
        if len(text) <= limit:
            return text
    return title[:limit]
