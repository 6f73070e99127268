"""Everything that happens with time: challenge expiry, turn reminders, deadlines (what a
player does about a deadline that passed, /claim and its like: cogs/deadlines.py).

Timers live in the database and one loop sleeps until the next is due (RoboDanny's reminder
cog), so they fire after restarts too; nothing waits in memory.

Several processes may share the database (each running some shards): each fires only its
own servers' timers, and only after claiming the timer in the database for a lease, which
it renews while it acts and ends by marking the timer done. A process that dies holding a
claim leaves it to the next process of those shards once the lease has run out, which then
acts again: so every action is idempotent, as players see it (see ``fire``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING

import aiohttp
import discord
from discord.ext import commands

from cogs.utils import digest, turn_notices
from cogs.utils.challenge_views import expire
from cogs.utils.renames import rename_thread
from cogs.utils.seasons import post_end
from data import StorageBusy, Timer
from data.errors import worth_logging
from table import digests, reminders, seasons, timers

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)

# Look at the table again at least this often (seconds), whatever happens: another process
# of the same shards (one starting while the old one stops, say) may have added a timer
# this one was not told about.
MAX_SLEEP = 300.0
BUSY_RETRY = 5.0  # seconds before looking again when another program holds the database
STOP_SECONDS = 5.0  # for the timer being fired to finish when the bot stops
#: How many times one process tries a timer whose action Discord did not answer (a 5xx, a
#: network failure or a time-out), a lease apart, before giving it up.
TRANSIENT_TRIES = 5
#: Errors that say nothing about the action itself: trying it again later may well work.
TRANSIENT = (discord.DiscordServerError, aiohttp.ClientError, TimeoutError)
#: Steps of firing a timer at which a test may inject a crash (see ``Timers.fault``):
#: "sent" is a digest's, between its message and the transaction that notes it.
STEPS = ("claimed", "sent", "acted")


def process_name() -> str:
    """Who claims timers: this host and process, and a random part (a restarted process
    with the same pid is someone else: it waits for its predecessor's leases like anyone)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class Timers(commands.Cog):
    """The timer loop and what its timers do."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = bot.store
        self.table = bot.table
        self._wake = asyncio.Event()
        #: when the loop will look at the timers next (None: it is looking now)
        self._wakes_at: float | None = None
        self._task: asyncio.Task[None] | None = None
        self._stopping = False  # the bot stops: no timer is taken up any more
        #: the name this process claims timers under
        self.owner = process_name()
        #: timer id -> the tries Discord did not answer so far
        self._tries: dict[int, int] = {}
        #: Called at each of STEPS with the timer; tests make it raise (or the process die).
        self.fault: Callable[[str, Timer], Awaitable[None]] | None = None

    async def cog_load(self) -> None:
        """Start the loop."""
        self._task = asyncio.create_task(self._loop())

    async def cog_unload(self) -> None:
        """Stop the loop, letting the timer being fired finish first (within a bound): a
        query cut in the middle leaves its PostgreSQL connection waiting on a cancel
        request, and the store's close then waits for that connection for ever."""
        self._stopping = True
        self.wake()
        if self._task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._task), STOP_SECONDS)
            except TimeoutError:
                self._task.cancel()

    def wake(self) -> None:
        """Look at the timers again now (a new timer, or a test that moved the clock)."""
        self._wake.set()

    @commands.Cog.listener()
    async def on_timers_changed(self, due: float | None = None) -> None:
        """Someone stored a timer due at ``due`` (``Host.wake_timers``): look again, unless
        the loop already means to wake up before then (a move's reminder is a day away)."""
        if due is None or self._wakes_at is None or due < self._wakes_at:
            self.wake()

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed() and not self._stopping:
            self._wake.clear()
            try:
                await self.fire_due()
                due = await self.store.timers.next_due(self.bot.own_shards)
            except StorageBusy as busy:  # another program holds the database: look again soon
                if worth_logging(busy):
                    log.warning("timers: the database is busy; trying again shortly")
                due = self.bot.clock() + BUSY_RETRY
            delay = min(MAX_SLEEP, MAX_SLEEP if due is None else max(0.0, due - self.bot.clock()))
            self._wakes_at = self.bot.clock() + delay
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)
            self._wakes_at = None

    async def fire_due(self) -> None:
        """Fire every due timer of this process's shards, each once as players see it.

        A timer is claimed in the database before its action and marked done after it; a
        claim another process holds is left to it. An action that fails is given up (a
        post Discord refuses would be refused again), but not one that met a busy database
        or that Discord did not answer (a 5xx, the network): its claim runs out and it is
        tried again, a few times for Discord.
        """
        for timer in await self.store.timers.due(self.bot.own_shards):
            if self._stopping:  # the rest is the next start's (or another process's)
                return
            if not await self.store.timers.claim(timer.id, self.owner, self.bot.timer_lease):
                continue
            if timer.claimed_by is not None:
                log.warning("timer %d (%s): taken over (lease ran out)", timer.id, timer.kind)
            try:
                async with self._holding(timer):
                    await self._step("claimed", timer)
                    await self.fire(timer)
                    await self._step("acted", timer)
            except StorageBusy as busy:
                if worth_logging(busy):
                    log.warning("timer %d (%s) waits: the database is busy", timer.id, timer.kind)
                continue
            except TRANSIENT as error:
                tries = self._tries[timer.id] = self._tries.get(timer.id, 0) + 1
                if tries < TRANSIENT_TRIES:
                    log.warning(
                        "timer %d (%s) waits: Discord did not answer (%s, try %d)",
                        timer.id,
                        timer.kind,
                        type(error).__name__,
                        tries,
                    )
                    continue
                log.exception("timer %d (%s) failed %d times", timer.id, timer.kind, tries)
            except Exception:
                log.exception("timer %d (%s) failed", timer.id, timer.kind)
            self._tries.pop(timer.id, None)
            if timer.kind == "digest":  # a day's digest ends by arming the next day's
                await digests.given_up(self.table, timer)
            await self.store.timers.done(timer.id)

    async def _step(self, name: str, timer: Timer) -> None:
        if self.fault is not None:
            await self.fault(name, timer)

    @contextlib.asynccontextmanager
    async def _holding(self, timer: Timer) -> AsyncIterator[None]:
        """Renew the claim on ``timer`` while its action runs (Discord may keep a post
        waiting on its rate limits), so that no other process takes it over meanwhile."""
        lease = self.bot.timer_lease

        async def renew() -> None:
            while True:
                await asyncio.sleep(lease / 3)
                with contextlib.suppress(StorageBusy):  # the next round tries again
                    if not await self.store.timers.renew(timer.id, self.owner, lease):
                        log.warning("timer %d: its claim was lost while acting", timer.id)
                        return

        renewing = asyncio.create_task(renew(), name=f"timer-{timer.id}-lease")
        try:
            yield
        finally:
            renewing.cancel()

    async def fire(self, timer: Timer) -> None:
        """Do what a timer is for, unless its occasion has passed.

        Each action may run twice (a process died after acting, before the timer was marked
        done) and players still see it once: a challenge's expiry is a status change made
        once, and the same edit of its message again; a time-out claimed by the bot goes
        through the game's version check; a rename leaves a thread named as it should be
        alone; a reminder, a deadline's notice or a season's end is sent with a nonce of
        the timer (a daily digest with one of its person and day), and Discord answers a
        second send with the same nonce with the first message, for a few minutes (past
        that, a process that took that long to take the claim over may send it again).
        """
        if timer.kind == "challenge":
            challenge = await self.store.challenges.get(timer.ref_id)
            if challenge is not None and challenge.status in ("open", "expired"):
                await expire(self.bot, challenge)
            return
        if timer.kind.startswith("event-"):  # an event's sign-up end or round's standings
            if self.table.tournaments is not None:
                await self.table.tournaments.fire(timer)
            return
        if timer.kind == "rename":  # a forgotten player's name out of the game's thread
            record = await self.store.games.get(timer.ref_id)
            if record is not None:
                await rename_thread(self.bot, record)  # a refusal is given up (and logged)
            return
        if timer.kind == "digest":  # a person's daily digest, whatever their servers
            found = await digests.due_now(self.table, timer)
            if found is not None:
                await digest.send(self.bot, found)  # with a nonce of the person and the day
                await self._step("sent", timer)
                await digests.handled(self.table, found)  # and the next day's armed
            return
        if timer.kind == "season-end":  # a season's champions and ladders, posted once
            ended = await seasons.conclude(self.store, timer)
            if ended is not None:
                await post_end(self.bot, ended, _nonce(timer))
            return
        due = await timers.due_now(self.table, timer)
        if due is None:
            return  # the player moved, is away, or the bot acted: nothing to post
        if due.kind == "reminder":
            await turn_notices.remind(self.bot, due.record, due.seat, _nonce(timer))
        elif due.kind == reminders.HEADS_UP:
            await turn_notices.heads_up(self.bot, due, _nonce(timer))
        elif due.deadline is not None:  # a reminder the player chose before their deadline
            await turn_notices.remind_before(self.bot, due, due.deadline, _nonce(timer))
        elif due.kind == "deadline":
            await turn_notices.time_up(self.bot, due, _nonce(timer))


def _nonce(timer: Timer) -> str:
    """The nonce of what ``timer`` posts: a second post of it (by a process that took the
    timer over) shows the first one again instead (Discord allows 25 characters)."""
    return f"timer:{timer.id}"


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Timers(bot))
