"""The reminders a person chose before their deadline, kept out of their quiet hours, and the
heads-up of the player who moves next: when each falls due, as timers of the turn.

Both are stored as the turn's timers when it begins (``turn_timers``), so they fire after
restarts, once each (the timer loop's claims and nonces) and go stale when the player moves
(the turn's stamp). The deadline is the clocks' (the turn's "deadline" timer from
``clocks.new_turn`` as it begins, ``clocks.deadline`` as a reminder falls due): a reminder is
so many hours before whatever they say.

Quiet hours (a person's local from-to, which may wrap midnight): a reminder that would fall
inside them comes a minute before they begin instead (earlier, so the time asked for is still
left), or at their end when the turn began inside them; but when the deadline itself falls
in the same quiet stretch, the reminder comes at its time (better woken than out of time).
Then the reminders are put in order: one chosen further ahead never comes after a nearer one.
"""

from __future__ import annotations

import zoneinfo
from datetime import date, datetime, time, timedelta

from data import GameRecord, PersonSettings, Store, Timer
from table import clocks

#: A reminder so long before the deadline is a timer of kind "before:<minutes>".
BEFORE = "before:"
#: The heads-up of the player after the one to move (due as the turn begins).
HEADS_UP = "heads-up"
#: A reminder moved out of quiet hours comes this long before they begin (seconds).
QUIET_LEAD = 60.0
#: A reminder that waits for one further ahead comes this long after it (seconds).
BEHIND = 5.0
#: Tables of this many players or more have heads-ups (at two, next is the turn itself).
HEADS_UP_TABLE = 3


def before_kind(hours: float) -> str:
    """The timer kind of the reminder ``hours`` before a deadline (in whole minutes, as
    a person gives them: a kind read back names the same reminder)."""
    return f"{BEFORE}{minutes(hours)}"


def minutes(hours: float) -> int:
    """``hours`` in whole minutes."""
    return round(hours * 60)


def minutes_of(kind: str) -> int | None:
    """The minutes before the deadline of a reminder's timer kind (None: not such a kind)."""
    if not kind.startswith(BEFORE):
        return None
    try:
        return int(kind[len(BEFORE) :])
    except ValueError:
        return None


def _instant(day: date, minutes: int, zone: zoneinfo.ZoneInfo) -> float:
    """The instant of ``minutes`` after local midnight of ``day`` in ``zone``."""
    wall = datetime.combine(day, time(minutes // 60, minutes % 60), tzinfo=zone)
    return wall.timestamp()


def quiet_stretch(
    at: float, zone: zoneinfo.ZoneInfo, quiet: tuple[int, int] | None
) -> tuple[float, float] | None:
    """The quiet hours (begin, end as instants) that hold the instant ``at``, or None."""
    if quiet is None or quiet[0] == quiet[1]:
        return None
    start, end = quiet
    local = datetime.fromtimestamp(at, zone)
    minute = local.hour * 60 + local.minute + local.second / 60
    today = local.date()
    if start < end:
        if start <= minute < end:
            return _instant(today, start, zone), _instant(today, end, zone)
        return None
    if minute >= start:  # wraps midnight: from tonight to tomorrow morning
        return _instant(today, start, zone), _instant(today + timedelta(days=1), end, zone)
    if minute < end:  # from last night to this morning
        return _instant(today - timedelta(days=1), start, zone), _instant(today, end, zone)
    return None


def _out_of_quiet(
    at: float, started: float, deadline: float, zone: zoneinfo.ZoneInfo, quiet: tuple[int, int]
) -> float:
    stretch = quiet_stretch(at, zone, quiet)
    if stretch is None:
        return at
    begin, end = stretch
    if deadline < end:
        return at  # the deadline is inside these quiet hours too: the reminder is sent
    if begin - QUIET_LEAD > started:
        return begin - QUIET_LEAD
    return end  # the turn began inside them: at their end, the deadline still ahead


def nudge(at: float, deadline: float | None, person: PersonSettings) -> float:
    """When the server's one reminder (so many hours into the turn) reaches ``person``: at
    the end of their quiet hours when ``at`` falls in them (later, not earlier: it counts
    from the turn's start, not back from a deadline), unless the deadline falls in the same
    quiet stretch (then at its time, better woken than out of time)."""
    stretch = quiet_stretch(at, person.zone(), person.quiet)
    if stretch is None or (deadline is not None and deadline < stretch[1]):
        return at
    return stretch[1]


def schedule(started: float, deadline: float, person: PersonSettings) -> list[tuple[float, float]]:
    """(hours, when) of each reminder ``person`` chose before the deadline of a turn begun at
    ``started``: none due by the turn's start (its notice says it all), none in their
    quiet hours (see the module), in order."""
    planned: list[tuple[float, float]] = []
    last = started
    for hours in sorted(set(person.remind_before), reverse=True):
        at = deadline - hours * clocks.HOUR
        if at <= started:
            continue
        if person.quiet is not None:
            at = _out_of_quiet(at, started, deadline, person.zone(), person.quiet)
        at = max(at, last)  # never before one chosen further ahead
        planned.append((hours, at))
        last = at
    return planned


def next_seat(record: GameRecord, seat: int) -> int | None:
    """Who moves after ``seat``: its neighbour (every game here passes the turn round the
    table in seat order); None at a table of two (next is the turn itself) or a bot."""
    if record.players < HEADS_UP_TABLE:
        return None
    after = (seat + 1) % record.players
    return None if after == seat or record.is_bot(after) else after


async def turn_timers(
    store: Store,
    record: GameRecord,
    seat: int,
    started: float,
    timers: list[tuple[str, float]],
) -> list[tuple[str, float]]:
    """The turn's ``timers`` (``clocks.new_turn``) with the player's own reminders before
    the deadline in place of the server's one, if they chose some and the turn has a
    deadline (the one of ``timers``: the clocks' formula, time away counted), else the
    server's one out of their quiet hours, and the heads-up of the player after them, if
    they asked for it."""
    if record.is_bot(seat):
        return timers
    person = await store.settings.person(record.user_of(seat))
    ends = next((at for kind, at in timers if kind == "deadline"), None)
    if person.remind_before and ends is not None:
        timers = [(kind, at) for kind, at in timers if kind != "reminder"]
        timers += [(before_kind(h), at) for h, at in schedule(started, ends, person)]
    elif person.quiet is not None:
        timers = [(k, nudge(at, ends, person) if k == "reminder" else at) for k, at in timers]
    after = next_seat(record, seat)
    if after is not None and (await store.settings.person(record.user_of(after))).heads_up:
        timers.append((HEADS_UP, started))
    return timers


async def reminder_due(
    store: Store, timer: Timer, record: GameRecord, seat: int
) -> tuple[float, float] | None:
    """When a due reminder ``timer`` of ``seat``'s turn is due now, as its player's settings
    and time away stand, and the deadline it speaks of; None when it is not to be sent (the
    game has no deadline any more, or the player no longer asks for it)."""
    before, started = minutes_of(timer.kind), record.turn_started_at
    if before is None or started is None:
        return None
    user = record.user_of(seat)
    ends = await clocks.deadline(store, record, user)
    if ends is None:
        return None
    planned = schedule(started, ends, await store.settings.person(user))
    at = next((at for hours, at in planned if minutes(hours) == before), None)
    if at is None:
        return None
    waiting = await store.timers.waiting(record.id, started, BEFORE)
    ahead = [until for kind, until in waiting if (minutes_of(kind) or 0) > before]
    if ahead:
        # A reminder further ahead of the deadline is not out yet (Discord did not answer
        # it, or a process died holding it): this one waits until it is, to come after it.
        at = max(at, max(ahead) + BEHIND)
    return at, ends


async def heads_up_for(store: Store, record: GameRecord, seat: int) -> int | None:
    """The seat to give the heads-up of ``seat``'s turn, if they still ask for it and are not
    away (they said they would not play till then: their own turn's notice will find them)."""
    after = next_seat(record, seat)
    if after is None:
        return None
    user = record.user_of(after)
    if not (await store.settings.person(user)).heads_up or await store.away.current(user):
        return None
    return after
