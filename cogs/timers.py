"""Everything that happens with time: challenge expiry, turn reminders, deadlines, /claim.

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
from discord import app_commands
from discord.ext import commands

from cogs.utils import endings
from cogs.utils.challenge_views import expire
from cogs.utils.errors import UserError
from cogs.utils.i18n import L, tr
from cogs.utils.notices import deadline, direct_message
from cogs.utils.places import MENTION_USERS
from cogs.utils.renames import rename_thread
from data import GameRecord, StorageBusy, Timer
from data.errors import worth_logging
from games.plugin import Claim, OutOfTime, SkipTurn, plugin_for
from locales import t

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)

# Look at the table again at least this often (seconds), whatever happens: another process
# of the same shards (one starting while the old one stops, say) may have added a timer
# this one was not told about.
MAX_SLEEP = 300.0
BUSY_RETRY = 5.0  # seconds before looking again when another program holds the database
#: How many times one process tries a timer whose action Discord did not answer (a 5xx, a
#: network failure or a time-out), a lease apart, before giving it up.
TRANSIENT_TRIES = 5
#: Errors that say nothing about the action itself: trying it again later may well work.
TRANSIENT = (discord.DiscordServerError, aiohttp.ClientError, TimeoutError)
#: Steps of firing a timer at which a test may inject a crash (see ``Timers.fault``).
STEPS = ("claimed", "acted")


def process_name() -> str:
    """Who claims timers: this host and process, and a random part (a restarted process
    with the same pid is someone else: it waits for its predecessor's leases like anyone)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class Timers(commands.Cog):
    """The timer loop and what its timers do."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = bot.store
        self.service = bot.service
        self._wake = asyncio.Event()
        #: when the loop will look at the timers next (None: it is looking now)
        self._wakes_at: float | None = None
        self._task: asyncio.Task[None] | None = None
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
        """Stop the loop."""
        if self._task is not None:
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
        while not self.bot.is_closed():
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
        alone; a reminder or a deadline's notice is sent with
        a nonce of the timer, and Discord answers a second send with the same nonce with
        the first message, for a few minutes (past that, a process that took that long to
        take the claim over may send it again).
        """
        if timer.kind == "challenge":
            challenge = await self.store.challenges.get(timer.ref_id)
            if challenge is not None and challenge.status in ("open", "expired"):
                await expire(self.bot, challenge)
            return
        record = await self.store.games.get(timer.ref_id)
        if timer.kind == "rename":  # a forgotten player's name out of the game's thread
            if record is not None:
                await rename_thread(self.bot, record)  # a refusal is given up (and logged)
            return
        if record is None or not record.active or record.turn_started_at != timer.turn_stamp:
            return  # the player moved (or the game ended) since: nothing to say
        if record.posted_version < record.version:
            # A turn's end is stored but not posted yet (a process died in between, or
            # Discord refused the board): the turn watched is over, though its stamp still
            # stands until the board is out, and that board brings the next turn's timers.
            return
        turn = self.service.state(record).turn
        assert turn is not None
        if await self._later(timer, record, turn):
            return  # the player is away: their clock stands still meanwhile
        if timer.kind == "reminder":
            await self._remind(record, turn, _nonce(timer))
        elif timer.kind == "deadline":
            await self._time_up(record, turn, _nonce(timer))

    async def _later(self, timer: Timer, record: GameRecord, turn: int) -> bool:
        """Put ``timer`` off by the time its player has been away this turn, if that makes
        it due later (a new timer of the same turn; this one is used up)."""
        assert record.turn_started_at is not None  # the stamp matched the timer's
        paused = await self.store.away.paused(record.user_of(turn), record.turn_started_at)
        if timer.kind == "deadline":
            due = await deadline(self.store, record, record.user_of(turn))
        else:
            hours = (await self.store.settings.guild(record.guild_id)).reminder_hours
            due = record.turn_started_at + hours * 3600 + paused
        if due is None or due <= self.bot.clock() + 1:
            return False
        await self.store.timers.postpone(timer, due)  # this one used up, with the new one
        self.bot.wake_timers(due)
        return True

    async def _remind(self, record: GameRecord, turn: int, nonce: str) -> None:
        title = plugin_for(record.game).words.title(record.lang)
        place = await self.bot.announcer.place(record)
        await place.send(
            t(record.lang, "reminder", mention=f"<@{record.user_of(turn)}>", game=title),
            allowed_mentions=MENTION_USERS,
            nonce=nonce,
        )
        await direct_message(self.bot, record, turn, "dm-reminder", nonce=nonce)

    async def _time_up(self, record: GameRecord, turn: int, nonce: str) -> None:
        policy = plugin_for(record.game).out_of_time(record.players)
        if await self._bots_act(record, turn, policy):
            return
        others = [s.name for s in record.seats if s.seat != turn]
        key = "deadline-passed" if isinstance(policy, Claim) else "deadline-passed-skip"
        place = await self.bot.announcer.place(record)
        await place.send(
            t(
                record.lang,
                key,
                player=record.names()[turn],
                others=" / ".join(others),
            ),
            allowed_mentions=discord.AllowedMentions.none(),
            nonce=nonce,
        )

    async def _bots_act(self, record: GameRecord, turn: int, policy: OutOfTime) -> bool:
        """The bot's seats do at once what a person would do when a player's time is up:
        claim the win, or vote to skip the turn (enough when they are most of the others)."""
        bots = [s.seat for s in record.seats if s.is_bot and s.seat != turn]
        if not bots:
            return False
        try:
            if isinstance(policy, Claim):
                await endings.time_out(self.service, record, turn, bots[0])
                return True
            if len(bots) >= _skip_votes_needed(record):
                await endings.skip(self.service, record, record.user_of(bots[0]), policy.move)
                return True
        except UserError:  # the player moved just now after all
            return True
        return False

    async def _out_of_time(self, interaction: discord.Interaction) -> tuple[GameRecord, int]:
        """The game here and the seat to move, once that player's time is up (UserError if not)."""
        record = await self.service.game_here(interaction.channel_id, interaction.user.id)
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("error-not-a-player")
        turn = self.service.state(record).turn
        if turn is None or turn == seat:
            raise UserError("error-claim-own-turn")
        if record.is_bot(turn):
            raise UserError("error-claim-bot")  # the bot has no clock
        due = await deadline(self.store, record, record.user_of(turn))
        if due is None:
            raise UserError("error-claim-no-deadline")
        if due > self.bot.clock():
            raise UserError("error-claim-too-early", deadline=f"<t:{int(due)}:R>")
        return record, turn

    @app_commands.command(name=L("cmd-claim"), description=L("cmd-claim-desc"))
    async def claim(self, interaction: discord.Interaction) -> None:
        """Win a game whose opponent let their time run out (where the game allows a claim)."""
        record, turn = await self._out_of_time(interaction)
        if not isinstance(plugin_for(record.game).out_of_time(record.players), Claim):
            raise UserError("error-claim-multiplayer")
        claimer = record.seat_of(interaction.user.id)
        assert claimer is not None  # _out_of_time checked it
        await interaction.response.defer(ephemeral=True, thinking=True)
        await endings.time_out(self.service, record, turn, claimer)
        place = f"<#{record.place_id or record.channel_id}>"
        text = tr(interaction, "claim-done", loser=record.names()[turn], place=place)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name=L("cmd-skip"), description=L("cmd-skip-desc"))
    async def skip(self, interaction: discord.Interaction) -> None:
        """Vote to skip the turn of a player whose time ran out (where the game votes)."""
        record, turn = await self._out_of_time(interaction)
        policy = plugin_for(record.game).out_of_time(record.players)
        if not isinstance(policy, SkipTurn):
            raise UserError("error-skip-two-players")
        assert record.turn_started_at is not None  # a deadline counts from it
        votes = await self.store.games.vote_skip(
            record.id, record.turn_started_at, interaction.user.id
        )
        votes += sum(s.is_bot for s in record.seats)  # the bot always votes to go on
        needed = _skip_votes_needed(record)
        if votes < needed:
            await interaction.response.send_message(
                tr(interaction, "skip-counted", votes=votes, needed=needed), ephemeral=True
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await endings.skip(self.service, record, interaction.user.id, policy.move)
        place = f"<#{record.place_id or record.channel_id}>"
        text = tr(interaction, "skip-done", player=record.names()[turn], place=place)
        await interaction.followup.send(text, ephemeral=True)


def _nonce(timer: Timer) -> str:
    """The nonce of what ``timer`` posts: a second post of it (by a process that took the
    timer over) shows the first one again instead (Discord allows 25 characters)."""
    return f"timer:{timer.id}"


def _skip_votes_needed(record: GameRecord) -> int:
    """Votes that skip a turn: a majority of the other players."""
    return (record.players - 1) // 2 + 1


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Timers(bot))
