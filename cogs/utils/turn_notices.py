"""What the timers post about a turn: reminders, a heads-up, a deadline that passed. Each
with the nonce of its timer, so a second send (a process that took the timer over) shows
the first message instead."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs.utils.notices import direct_message
from cogs.utils.places import MENTION_USERS, place_of
from cogs.utils.seat_holds import HoldButton
from data import GameRecord
from games.plugin import Claim, plugin_for
from locales import t
from table import holding, timers

if TYPE_CHECKING:
    from cogs.utils.host import Host


async def remind(bot: Host, record: GameRecord, turn: int, nonce: str) -> None:
    """The server's reminder in the thread, and a DM to the player to move if they asked."""
    title = plugin_for(record.game).words.title(record.lang)
    place = await place_of(bot, record)
    await place.send(
        t(record.lang, "reminder", mention=f"<@{record.user_of(turn)}>", game=title),
        allowed_mentions=MENTION_USERS,
        nonce=nonce,
    )
    await direct_message(bot, record, turn, "dm-reminder", nonce=nonce, per_turn=True)


async def remind_before(bot: Host, due: timers.Due, deadline: float, nonce: str) -> None:
    """A reminder the player chose (/notify before:), ahead of their ``deadline``."""
    record, turn = due.record, due.seat
    title = plugin_for(record.game).words.title(record.lang)
    place = await place_of(bot, record)
    when = f"<t:{int(deadline)}:R>"
    mention = f"<@{record.user_of(turn)}>"
    await place.send(
        t(record.lang, "reminder-before", mention=mention, game=title, deadline=when),
        allowed_mentions=MENTION_USERS,
        nonce=nonce,
    )
    await direct_message(bot, record, turn, "dm-reminder-before", nonce=nonce, deadline=when)


async def heads_up(bot: Host, due: timers.Due, nonce: str) -> None:
    """A DM to the player after the one to move, who asked for it (/notify next:)."""
    record = due.record
    mover = (due.seat - 1) % record.players
    player = record.names()[mover]
    await direct_message(
        bot, record, due.seat, "dm-heads-up", nonce=nonce, asked=True, player=player
    )


async def time_up(bot: Host, due: timers.Due, nonce: str) -> None:
    """The deadline passed: what the others may do (claim, vote a skip, have the bot hold
    the seat: its button)."""
    record, turn = due.record, due.seat
    others = [s.name for s in record.seats if s.seat != turn]
    key = "deadline-passed" if isinstance(due.policy, Claim) else "deadline-passed-skip"
    # Where the bot may hold the seat instead of a skip vote: said, with its button.
    offer = holding.may_hold(record) and bot.table.bots is not None
    if offer:
        key = "deadline-passed-hold"
    place = await place_of(bot, record)
    view = discord.ui.View(timeout=None)
    if offer:
        stamp = int(record.turn_started_at or 0)
        view.add_item(HoldButton(record.id, stamp, t(record.lang, "hold-seat-button")))
    await place.send(
        t(
            record.lang,
            key,
            player=record.names()[turn],
            others=" / ".join(others),
        ),
        allowed_mentions=discord.AllowedMentions.none(),
        nonce=nonce,
        view=view if offer else discord.utils.MISSING,
    )
