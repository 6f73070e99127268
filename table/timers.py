"""What a game's timers mean when they fall due, and the claims of a player out of time.

The timer loop (in the cogs: it posts what is due) asks ``due_now`` what a timer of a game
calls for; the table decides, by the turn clock of clocks.py, and does what needs no post
(putting the timer off while its player is away, the bot claiming or voting at once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from data import GameRecord, Timer
from games.plugin import Claim, OutOfTime, SkipTurn, plugin_for
from table import clocks, endings, reminders
from table.refusal import Refusal

if TYPE_CHECKING:
    from table.table import Table


@dataclass(frozen=True)
class Due:
    """A turn's timer that calls for a post: a reminder, or the news that time is up."""

    kind: str
    record: GameRecord
    seat: int
    #: what the player out of time risks (for a deadline)
    policy: OutOfTime
    #: the deadline a reminder before it speaks of (None: another kind)
    deadline: float | None = None


async def due_now(table: Table, timer: Timer) -> Due | None:
    """What ``timer`` of a game calls for now, if anything. Safe to ask twice (a process died
    after acting): a stale timer is known by its turn's stamp, a claim by the game's version."""
    store = table.store
    record = await store.games.get(timer.ref_id)
    if record is None or not record.active or record.turn_started_at != timer.turn_stamp:
        return None  # the player moved (or the game ended) since: nothing to say
    if record.posted_version < record.version:
        # A turn's end is stored but not posted yet (a process died in between, or the
        # board was refused): the turn watched is over, though its stamp still stands
        # until the board is out, and that board brings the next turn's timers.
        return None
    seat = table.state(record).turn
    if seat is None or record.bot_moves(seat):
        return None  # over, or the bot holds the seat now: no reminder, no deadline
    if timer.kind == reminders.HEADS_UP or reminders.minutes_of(timer.kind) is not None:
        return await _personal(table, timer, record, seat)
    later = await clocks.due_again(store, timer, record, seat)
    if later is not None and later > table.clock() + 1:  # the player was away meanwhile
        await store.timers.postpone(timer, later)  # this one used up, with the new one
        table.publisher.timers_changed(later)
        return None
    policy = plugin_for(record.game).out_of_time(record.players)
    if timer.kind == "deadline" and await _bots_act(table, record, seat, policy):
        return None
    return Due(timer.kind, record, seat, policy)


async def _personal(table: Table, timer: Timer, record: GameRecord, seat: int) -> Due | None:
    """What a timer a person asked for calls for: a heads-up (to the seat after ``seat``),
    or a reminder before ``seat``'s deadline, put off like the others while they are away
    (or their quiet hours changed), and not sent once they no longer ask for it."""
    policy = plugin_for(record.game).out_of_time(record.players)
    if timer.kind == reminders.HEADS_UP:
        after = await reminders.heads_up_for(table.store, record, seat)
        return None if after is None else Due(timer.kind, record, after, policy)
    due = await reminders.reminder_due(table.store, timer, record, seat)
    if due is None:
        return None
    later, deadline = due
    if later > table.clock() + 1:
        await table.store.timers.postpone(timer, later)
        table.publisher.timers_changed(later)
        return None
    return Due(timer.kind, record, seat, policy, deadline)


async def _bots_act(table: Table, record: GameRecord, turn: int, policy: OutOfTime) -> bool:
    """The bot's seats do at once what a person would do when a player's time is up:
    claim the win, or vote to skip the turn (enough when they are most of the others)."""
    bots = [s.seat for s in record.seats if s.is_bot and s.seat != turn]
    if not bots:
        return False
    try:
        if isinstance(policy, Claim):
            await endings.time_out(table, record, turn, bots[0])
            return True
        if isinstance(policy, SkipTurn) and len(bots) >= clocks.skip_votes_needed(record):
            await endings.skip(table, record, record.user_of(bots[0]), policy.move)
            return True
    except Refusal:  # the player moved just now after all
        return True
    return False


async def out_of_time(table: Table, record: GameRecord, user_id: int) -> tuple[int, int]:
    """The caller's seat and the seat to move, once that player's time is up (a refusal if
    not): what /claim and /skip need first."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("error-not-a-player")
    turn = table.state(record).turn
    if turn is None or turn == seat:
        raise Refusal("error-claim-own-turn")
    if record.bot_moves(turn):
        raise Refusal("error-claim-bot")  # the bot has no clock (nor a seat it holds)
    ends = await clocks.deadline(table.store, record, record.user_of(turn))
    if ends is None:
        raise Refusal("error-claim-no-deadline")
    if ends > table.clock():
        raise Refusal("error-claim-too-early", deadline=f"<t:{int(ends)}:R>")
    return seat, turn


async def claimable(table: Table, record: GameRecord, user_id: int) -> tuple[int, int]:
    """The caller's seat and the seat to move, when the caller may claim the win now (a
    refusal if not); ``endings.time_out`` ends the game then."""
    seat, turn = await out_of_time(table, record, user_id)
    if not isinstance(plugin_for(record.game).out_of_time(record.players), Claim):
        raise Refusal("error-claim-multiplayer")
    return seat, turn


@dataclass(frozen=True)
class SkipVote:
    """A vote to skip a turn, counted: the turn skipped once ``votes`` reach ``needed``,
    by playing ``move`` for its player (``endings.skip``)."""

    seat: int
    votes: int
    needed: int
    move: str


async def vote_skip(table: Table, record: GameRecord, user_id: int) -> SkipVote:
    """Count the caller's vote to skip the turn of a player out of time."""
    _, turn = await out_of_time(table, record, user_id)
    policy = plugin_for(record.game).out_of_time(record.players)
    if not isinstance(policy, SkipTurn):
        raise Refusal("error-skip-two-players")
    if record.turn_started_at is None:  # a deadline counts from it: out_of_time saw one
        raise Refusal("error-claim-no-deadline")
    votes = await table.store.games.vote_skip(record.id, record.turn_started_at, user_id)
    votes += sum(s.is_bot for s in record.seats)  # the bot always votes to go on
    return SkipVote(turn, votes, clocks.skip_votes_needed(record), policy.move)
