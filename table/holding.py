"""The bot holds a missing player's seat (issue 23, item 6).

At a table whose player out of time has their turn skipped by vote (Islas from three), the
other players may instead have the bot hold that seat: the bot plays its turns at a chosen
level, like its own seats (what the seat may know, no clock, no reminder), until its player
comes back, with a move of their own on their turn (``Table.play``) or ``take_back_seat``.
A seat held at any time in a game is not rated (``data.ratings.rate_finished``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ai.players import LEVELS
from data import GameRecord, StaleGame
from games.plugin import SkipTurn, plugin_for
from table import clocks, timers
from table.refusal import Refusal

if TYPE_CHECKING:
    from table.table import Table

#: The level the bot holds a seat at unless asked otherwise.
DEFAULT_LEVEL = "normal"


def may_hold(record: GameRecord) -> bool:
    """Whether the bot may hold a seat of ``record`` whose time ran out: where the others
    would vote to skip the turn, and the bot plays the game."""
    plugin = plugin_for(record.game)
    return plugin.computer is not None and isinstance(plugin.out_of_time(record.players), SkipTurn)


async def hold_seat(
    table: Table, record: GameRecord, user_id: int, level: str = DEFAULT_LEVEL
) -> int:
    """Have the bot hold the seat of the player to move, out of time, as the caller (another
    player) asks; the seat held. Told to the table (and to its player, if they asked for
    direct messages), and the bot takes the turn up at once."""
    if level not in LEVELS:
        raise Refusal("error-hold-level")
    if not may_hold(record) or table.bots is None:
        raise Refusal("error-hold-not-here")
    turn = table.state(record).turn
    if record.active and turn is not None and record.seats[turn].held_level is not None:
        raise Refusal("error-hold-already", player=record.names()[turn])
    _, seat = await timers.out_of_time(table, record, user_id)
    stamp = record.turn_started_at
    if stamp is None:  # out_of_time saw a deadline, which counts from it
        raise Refusal("error-claim-no-deadline")
    bots = table.bots
    async with table.lock(record.id):  # the news too: recovery tells none twice
        try:
            held = await table.store.holds.hold_seat(record.id, seat, level, record.version, stamp)
        except StaleGame:
            raise Refusal("error-position-changed") from None
        if not held:
            raise Refusal("error-hold-already", player=record.names()[seat])
        try:
            await table.tell_seat(await table.game(record.id), seat, held=True)
        finally:  # after the news, so the thread reads it first; the turn waits for no post
            bots.take_up(record.id)
    return seat


async def take_back_seat(table: Table, record: GameRecord, user_id: int) -> GameRecord:
    """The caller takes their seat back from the bot, at any time: the seat's next turn is
    theirs (the one under way, if it is, with its clock started afresh). Told to the table;
    the game as it is now."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("error-not-a-player")
    if not record.active:
        raise Refusal("error-game-over")
    # Under the game's lock: a move of the bot's for the seat is stored before or not at
    # all (its write asks whether the hold still stands).
    async with table.lock(record.id):
        record = await table.game(record.id)
        if record.seats[seat].held_level is None:
            raise Refusal("error-takeback-not-held")
        started, due = await _own_turn_again(table, record, seat)
        released = await table.store.holds.release_seat(
            record.id, seat, turn_started_at=started, timers=due
        )
        if not released:
            raise Refusal("error-takeback-not-held")
        if due:
            table.publisher.timers_changed(min(when for _, when in due))
        record = await table.game(record.id)
        await table.tell_seat(record, seat, held=False)
    return record


async def _own_turn_again(
    table: Table, record: GameRecord, seat: int
) -> tuple[float | None, list[tuple[str, float]]]:
    """When the seat's turn is under way (its board out), it begins again for its player
    now: its start and timers; else (None, [])."""
    if table.state(record).turn != seat or record.posted_version < record.version:
        return None, []
    started = table.clock()
    away = await table.store.away.current(record.user_of(seat))
    hours = (await table.store.settings.guild(record.guild_id)).reminder_hours
    theirs = replace(record, seats=record.released(seat, record.version).seats)
    return started, clocks.new_turn(
        theirs, seat, started, away.until if away is not None else None, hours
    )
