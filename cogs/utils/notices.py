"""Direct messages to players who asked for them (/notify): never a secret in one."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from data import GameRecord
from games.plugin import plugin_for
from locales import t

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)


async def direct_message(
    bot: Host,
    record: GameRecord,
    seat: int,
    key: str,
    nonce: str | None = None,
    *,
    per_turn: bool = False,
    asked: bool = False,
    **args: Any,
) -> None:
    """A DM to the player at ``seat`` if they opted in with /notify (never a secret in it),
    or ``asked`` for this one otherwise (the heads-up, /notify next:); with a ``nonce``,
    sent again it shows the first one instead (as Discord does). News of a turn
    (``per_turn``) is not sent while the player has a daily digest instead."""
    user_id = record.user_of(seat)
    settings = await bot.store.settings.person(user_id)
    if not (settings.dm_turns or asked) or (per_turn and settings.digest_hour is not None):
        return
    opponents = ", ".join(s.name for s in record.seats if s.seat != seat)
    title = plugin_for(record.game).words.title(record.lang)
    place = f"<#{record.place_id or record.channel_id}>"
    text = t(record.lang, key, game=title, opponents=opponents, place=place, **args)
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(text, nonce=nonce)
    except discord.HTTPException:
        log.info("could not DM a player of game %d (DMs closed?)", record.id)
