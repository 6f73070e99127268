"""Turn clocks: when a player runs out of time, what a turn's timers are, and when they fire.

One formula says when a turn's time is up (``due``): the turn message, the stored deadline
timer and /claim all use it, so what players read is what the bot does.
"""

from __future__ import annotations

from data import GameRecord, Store, Timer

DAY = 86400.0
HOUR = 3600.0


def due(started: float, days: float, paused: float) -> float:
    """When a turn begun at ``started``, with ``days`` to play, is up, its player having been
    (or going to be) away for ``paused`` seconds of it: their clock stands still meanwhile."""
    return started + days * DAY + paused


def reminded(started: float, hours: float, paused: float) -> float:
    """When the player of a turn begun at ``started`` is reminded of it: ``hours`` on, not
    counting the ``paused`` seconds they are away."""
    return started + hours * HOUR + paused


async def deadline(store: Store, record: GameRecord, user_id: int) -> float | None:
    """When ``user_id``, to move, runs out of time in the stored turn; None when the game
    has no deadline."""
    started = record.turn_started_at
    if not record.days_per_move or started is None:
        return None
    paused = await store.away.paused(user_id, started)
    return due(started, record.days_per_move, paused)


def new_turn(
    record: GameRecord, seat: int, started: float, away_until: float | None, hours: float
) -> list[tuple[str, float]]:
    """The timers (kind, due) of the turn of ``seat`` that starts at ``started``: a reminder
    after the server's ``hours`` and the deadline, each put off while the player is away
    (until ``away_until``). The bot has no clock and needs no reminder: none for its seats,
    nor for a person's seat it holds.

    Timers carry the turn's start as their stamp, so those of earlier turns go stale by
    themselves when a player moves; nothing has to be cancelled.
    """
    if record.bot_moves(seat):
        return []
    paused = max(0.0, (away_until or started) - started)  # away periods start when asked
    timers = [("reminder", reminded(started, hours, paused))]
    if record.days_per_move:
        timers.append(("deadline", due(started, record.days_per_move, paused)))
    return timers


def skip_votes_needed(record: GameRecord) -> int:
    """Votes that skip a turn: a majority of the other players."""
    return (record.players - 1) // 2 + 1


async def due_again(store: Store, timer: Timer, record: GameRecord, seat: int) -> float | None:
    """When a due ``timer`` of ``seat``'s turn is due now that their time away counts (None
    when the game has no deadline any more)."""
    started = record.turn_started_at
    if started is None:
        return None
    user = record.user_of(seat)
    if timer.kind == "deadline":
        return await deadline(store, record, user)
    hours = (await store.settings.guild(record.guild_id)).reminder_hours
    return reminded(started, hours, await store.away.paused(user, started))
