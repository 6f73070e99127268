"""The daily digest (``/notify digest:``): when it is due, and what it lists.

A person's digest comes at their hour of their own day, in their time zone, across
daylight-saving changes (the local hour stays; the gap it falls into on a spring-forward
day is read as the hour after). It lists every game, on any server, whose move is theirs,
with its deadline, most urgent first; on a day with none, nothing is sent. While the
digest is on, the direct message of each turn is not sent (the thread's mention is: the
thread is everyone's). The timer loop (in the cogs: it sends) asks ``due_now``; the table
decides, and re-arms the next day's timer in the same transaction that ends this one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from data import GameRecord, PersonSettings, Timer
from data.digests import When
from table import clocks

if TYPE_CHECKING:
    from table.table import Table


def due_on(day: int, hour: int, zone: ZoneInfo) -> float:
    """When ``hour`` o'clock of ``day`` (a date's ordinal) is in ``zone``."""
    local = date.fromordinal(day)
    return datetime(local.year, local.month, local.day, hour, tzinfo=zone).timestamp()


def next_digest(now: float, hour: int, zone: ZoneInfo, last_day: int | None) -> tuple[int, float]:
    """The next digest after ``now`` at ``hour`` in ``zone``, on a day after ``last_day``
    (the last one handled: one digest a day, whatever the person changes): (day, due)."""
    day = datetime.fromtimestamp(now, zone).date().toordinal()
    if last_day is not None:
        day = max(day, last_day + 1)
    while due_on(day, hour, zone) <= now:
        day += 1
    return day, due_on(day, hour, zone)


def when(settings: PersonSettings, now: float) -> When:
    """``next_digest`` for the person's hour and zone (for the store's transaction)."""
    hour, zone = settings.digest_hour or 0, settings.zone()
    return lambda last_day: next_digest(now, hour, zone, last_day)


async def arm(table: Table, user_id: int, settings: PersonSettings, lang: str | None) -> None:
    """Put the person's digest timer where their settings say (none: stop it), after a
    change of the hour or the time zone, and wake the timer loop if it sleeps past it."""
    digests = table.store.digests
    if settings.digest_hour is None:
        await digests.disarm(user_id)
        return
    _day, due = await digests.arm(user_id, lang, when(settings, table.clock()))
    table.publisher.timers_changed(due)


@dataclass(frozen=True)
class Waiting:
    """A game whose move is the person's, and when their time for it is up (None: never)."""

    record: GameRecord
    deadline: float | None


@dataclass(frozen=True)
class Digest:
    """A digest to send now: the games waiting on the person (none: send nothing)."""

    timer: Timer
    user_id: int
    day: int
    lang: str
    games: tuple[Waiting, ...]


async def due_now(table: Table, timer: Timer) -> Digest | None:
    """What a digest timer calls for now: a digest to send, or nothing (the person turned
    it off, or moved its hour or zone later: the timer is then put where it belongs)."""
    store = table.store
    user_id = timer.ref_id
    store.settings.forget_cached(user_id)  # changed through any process: read them as stored
    settings = await store.settings.person(user_id)
    if settings.digest_hour is None:
        await store.digests.handled(timer, None, None)
        return None
    day = int(timer.turn_stamp or 0)
    if due_on(day, settings.digest_hour, settings.zone()) > table.clock() + 1:
        await store.digests.handled(timer, None, when(settings, table.clock()))
        return None
    games = await waiting_on(table, user_id)
    return Digest(timer, user_id, day, await store.digests.lang(user_id), games)


async def waiting_on(table: Table, user_id: int) -> tuple[Waiting, ...]:
    """Every game on any server whose move is ``user_id``'s, soonest deadline first."""
    found = []
    for record in await table.store.games.active_for_user(user_id):
        if record.posted_version < record.version:
            continue  # a turn stored but not announced yet: it is not theirs until it is
        turn = table.state(record).turn
        if turn is None or record.is_bot(turn) or record.user_of(turn) != user_id:
            continue
        found.append(Waiting(record, await clocks.deadline(table.store, record, user_id)))
    found.sort(key=lambda w: (w.deadline is None, w.deadline or 0.0, w.record.id))
    return tuple(found)


async def handled(table: Table, digest: Digest) -> None:
    """The digest sent (or nothing was waiting): its day done, the next day's armed."""
    settings = await table.store.settings.person(digest.user_id)
    then = when(settings, table.clock()) if settings.digest_hour is not None else None
    # The timer loop looks for its next timer once this one is done: no need to wake it.
    await table.store.digests.handled(digest.timer, digest.day, then)


async def given_up(table: Table, timer: Timer) -> None:
    """A digest timer the loop gives up (its action failed, or Discord did not answer time
    after time): that day is lost, not the next ones, which are armed as usual. Nothing
    when the timer was handled already (the usual end of a digest)."""
    settings = await table.store.settings.person(timer.ref_id)
    then = when(settings, table.clock()) if settings.digest_hour is not None else None
    await table.store.digests.handled(timer, int(timer.turn_stamp or 0), then)
