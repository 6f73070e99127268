"""What starting a turn sets going: the reminder and deadline timers, and the opted-in DM."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from data import GameRecord, Store
from games.plugin import plugin_for
from locales import t

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)

DAY = 86400.0


async def deadline(store: Store, record: GameRecord, user_id: int) -> float | None:
    """When ``user_id``, to move, runs out of time (None: the game has no deadline): the
    turn's days, and the time they are (or were) away since it began on top."""
    if not record.days_per_move or record.turn_started_at is None:
        return None
    paused = await store.away.paused(user_id, record.turn_started_at)
    return record.turn_started_at + record.days_per_move * DAY + paused


def turn_timers(record: GameRecord, reminder_hours: float, now: float) -> list[tuple[str, float]]:
    """The timers (kind, due) of a turn that starts ``now``: a reminder, and the deadline.

    Timers carry the turn's start as their stamp, so those of earlier turns go stale by
    themselves when a player moves; nothing has to be cancelled.
    """
    timers = [("reminder", now + reminder_hours * 3600)]
    if record.days_per_move:
        timers.append(("deadline", now + record.days_per_move * DAY))
    return timers


async def direct_message(
    bot: Host, record: GameRecord, seat: int, key: str, nonce: str | None = None, **args: Any
) -> None:
    """A DM to the player at ``seat`` if they opted in with /notify (never a secret in it);
    with a ``nonce``, sent again it shows the first one instead (as Discord does)."""
    user_id = record.user_of(seat)
    if not await bot.store.settings.dm_turns(user_id):
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
