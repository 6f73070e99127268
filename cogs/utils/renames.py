"""Renaming a game's thread after its stored names (a player asked to be forgotten)."""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from cogs.utils.places import thread_name
from data import GameRecord

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)


async def rename_thread(bot: Host, record: GameRecord) -> bool:
    """Name the thread ``record`` opened after its stored names, unless it is named so
    already; False when Discord would not let the bot see or rename it (deleted, hidden,
    locked by a moderator): it keeps its name. Discord's own trouble (a 5xx, the network, a
    time-out) is raised, for the caller to try again later.

    Safe to run twice: a thread named as it should be is left alone."""
    place = record.place_id
    if place is None or place == record.channel_id:
        return True  # played in the channel itself: no thread to rename
    me = bot.user.id if bot.user else 0
    try:
        thread = bot.get_channel(place) or await bot.fetch_channel(place)
        if not isinstance(thread, discord.Thread) or thread.owner_id != me:
            return True  # not a thread the bot made (and named)
        wanted = thread_name(record)
        if thread.name == wanted:
            return True
        archived = thread.archived  # (the cached thread may change as Discord answers)
        # Discord edits an archived thread only while unarchiving it.
        await thread.edit(name=wanted, archived=False)
    except discord.DiscordServerError:
        raise
    except discord.HTTPException as error:
        log.info("game %d: its thread kept its name (%s)", record.id, error.status)
        return False
    if archived:  # as it was (renamed all the same if this fails)
        with contextlib.suppress(discord.HTTPException):
            await thread.edit(archived=True)
    return True
