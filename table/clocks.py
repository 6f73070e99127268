"""Turn clocks: when a player runs out of time, what a turn's timers are, and when they fire.

One formula says when a turn's time is up (``run_out``, through ``turn_due``): the turn
message, the stored deadline timer, /games, /claim and /skip all use it, so what players read
is what the bot does. A turn has an allowance (its days per move, or the seat's bank left);
the clock runs from the turn's start except while the player is away and, in a game with
weekends off, on Saturdays and Sundays of the player's own time zone. Calendar days are
walked in that zone with zoneinfo: a day of a daylight-saving change lasts 23 or 25 hours.
A move charges the mover's bank for the time the clock ran and credits the increment,
capped (``bank_after``), in the move's own transaction.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from zoneinfo import ZoneInfo

from data import GameRecord, Store, Timer

DAY = 86400.0
HOUR = 3600.0
UTC = ZoneInfo("UTC")
#: A span of time, (from, until) in epoch seconds.
Span = tuple[float, float]


def _midnight(day: dt.date, zone: ZoneInfo) -> float:
    """When ``day`` begins in ``zone`` (a midnight that a change skips: its first moment)."""
    return dt.datetime(day.year, day.month, day.day, tzinfo=zone).timestamp()


def weekends(start: float, end: float, zone: ZoneInfo) -> list[Span]:
    """The Saturdays and Sundays of ``zone`` that overlap ``start``–``end``, one span a
    weekend (from Saturday's midnight to Monday's), walked a calendar day at a time."""
    spans: list[Span] = []
    day = dt.datetime.fromtimestamp(start, zone).date()
    while (begins := _midnight(day, zone)) < end:
        after = day + dt.timedelta(days=1)
        if day.weekday() >= 5:
            ends = _midnight(after, zone)
            if spans and spans[-1][1] >= begins:
                spans[-1] = (spans[-1][0], ends)
            else:
                spans.append((begins, ends))
        day = after
    return spans


def _merged(spans: Iterable[Span]) -> list[Span]:
    out: list[Span] = []
    for a, b in sorted(s for s in spans if s[1] > s[0]):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _stopped(
    start: float, end: float, zone: ZoneInfo, off_weekends: bool, away: Sequence[Span]
) -> list[Span]:
    """When the clock stands still between ``start`` and ``end``: merged, cut to them."""
    spans = list(away) + (weekends(start, end, zone) if off_weekends else [])
    return [(max(a, start), min(b, end)) for a, b in _merged(spans) if b > start and a < end]


def running(
    start: float, end: float, zone: ZoneInfo, off_weekends: bool, away: Sequence[Span] = ()
) -> float:
    """Seconds the clock ran from ``start`` to ``end``: all of it but the time ``away`` and,
    with ``off_weekends``, the weekends of ``zone``."""
    if end <= start:
        return 0.0
    stopped = _stopped(start, end, zone, off_weekends, away)
    return (end - start) - sum(b - a for a, b in stopped)


def run_out(
    start: float,
    allowance: float,
    zone: ZoneInfo,
    off_weekends: bool,
    away: Sequence[Span] = (),
) -> float:
    """THE formula: when a clock started at ``start`` with ``allowance`` seconds has run
    them all, standing still while ``away`` and (``off_weekends``) on ``zone``'s weekends."""
    allowance = max(0.0, allowance)
    away = [s for s in away if s[1] > start]
    horizon = start + allowance + sum(b - max(a, start) for a, b in away) + 3 * DAY
    while True:
        at, left = start, allowance
        for a, b in _stopped(start, horizon, zone, off_weekends, away):
            if a - at >= left:
                return at + left
            left -= max(0.0, a - at)
            at = max(at, b)
        if horizon - at >= left:
            return at + left
        horizon = at + 2 * left + 3 * DAY  # weekends beyond the first guess: look further


def allowance(record: GameRecord, seat: int) -> float | None:
    """Seconds ``seat``'s clock has for a turn: the game's days per move, or what is left
    in the seat's bank; None when the game (or the seat: the bot's) has no clock."""
    if record.is_bot(seat):
        return None
    if record.control.bank is not None:
        left = record.seats[seat].bank_left
        return record.control.bank * DAY if left is None else left
    if record.days_per_move:
        return record.days_per_move * DAY
    return None


def turn_due(
    record: GameRecord, seat: int, started: float, zone: ZoneInfo, away: Sequence[Span] = ()
) -> float | None:
    """When ``seat``'s turn begun at ``started`` is up (None: no clock)."""
    given = allowance(record, seat)
    if given is None:
        return None
    return run_out(started, given, zone, record.control.weekends, away)


def time_left(
    record: GameRecord,
    seat: int,
    now: float,
    to_move: int | None,
    zone: ZoneInfo,
    away: Sequence[Span] = (),
) -> float | None:
    """Seconds of clock ``seat`` has left now: the player to move, their allowance less
    what their clock ran since the turn began; anyone else, their bank (or a full turn)."""
    given = allowance(record, seat)
    if given is None:
        return None
    started = record.turn_started_at
    if seat != to_move or started is None:
        return given
    return max(0.0, given - running(started, now, zone, record.control.weekends, away))


def charged(
    record: GameRecord, seat: int, now: float, zone: ZoneInfo, away: Sequence[Span] = ()
) -> float | None:
    """The seconds in ``seat``'s bank once its turn ends at ``now``: charged the time its
    clock ran, credited the increment, never above the cap (None: no bank)."""
    control = record.control
    given = allowance(record, seat)
    if control.bank is None or given is None or record.turn_started_at is None:
        return None
    ran = running(record.turn_started_at, now, zone, control.weekends, away)
    cap = (control.cap or control.bank) * DAY
    return min(cap, max(0.0, given - ran) + control.increment * DAY)


async def zone_of(store: Store, user_id: int) -> ZoneInfo:
    """A person's time zone (their settings', cached; UTC when they set none)."""
    return (await store.settings.person(user_id)).zone()


async def bank_after(store: Store, record: GameRecord, seat: int, now: float) -> float | None:
    """What ``seat``'s bank holds once its turn ends now (None: no bank): what a move
    stores with itself."""
    if record.control.bank is None or record.bot_moves(seat) or record.turn_started_at is None:
        return None
    user = record.user_of(seat)
    away = await store.away.spans(user, record.turn_started_at)
    return charged(record, seat, now, await zone_of(store, user), away)


def reminded(started: float, hours: float, paused: float) -> float:
    """When the player of a turn begun at ``started`` is reminded of it: ``hours`` on, not
    counting the ``paused`` seconds they are away."""
    return started + hours * HOUR + paused


async def deadline(store: Store, record: GameRecord, user_id: int) -> float | None:
    """When ``user_id``, to move, runs out of time in the stored turn; None when the game
    has no deadline, or the bot moves for them (a seat it holds runs no clock: ``new_turn``)."""
    started = record.turn_started_at
    seat = next((s.seat for s in record.seats if s.user_id == user_id and not s.is_bot), None)
    if seat is None or started is None or record.bot_moves(seat):
        return None
    if allowance(record, seat) is None:
        return None
    away = await store.away.spans(user_id, started)
    return turn_due(record, seat, started, await zone_of(store, user_id), away)


async def clock_of(
    store: Store, record: GameRecord, seat: int, to_move: int | None, now: float
) -> float | None:
    """Seconds of clock ``seat`` has left now (None: none), as ``time_left`` says."""
    if allowance(record, seat) is None:
        return None
    if seat != to_move or record.turn_started_at is None:
        return time_left(record, seat, now, to_move, UTC)
    user = record.user_of(seat)
    away = await store.away.spans(user, record.turn_started_at)
    return time_left(record, seat, now, to_move, await zone_of(store, user), away)


def new_turn(
    record: GameRecord,
    seat: int,
    started: float,
    away_until: float | None,
    hours: float,
    zone: ZoneInfo = UTC,
) -> list[tuple[str, float]]:
    """The timers (kind, due) of the turn of ``seat`` that starts at ``started``: a reminder
    after the server's ``hours`` and the deadline, each put off while the player is away
    (until ``away_until``), the deadline also over weekends in the player's ``zone`` when
    the game has them off. The bot has no clock and needs no reminder: none for its seats,
    nor for a person's seat it holds.

    Timers carry the turn's start as their stamp, so those of earlier turns go stale by
    themselves when a player moves; nothing has to be cancelled.
    """
    if record.bot_moves(seat):
        return []
    paused = max(0.0, (away_until or started) - started)  # away periods start when asked
    timers = [("reminder", reminded(started, hours, paused))]
    away = [(started, away_until)] if away_until is not None and away_until > started else []
    ends = turn_due(record, seat, started, zone, away)
    if ends is not None:
        timers.append(("deadline", ends))
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
