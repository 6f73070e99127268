"""Handing a stored change over: the turn read once, posted by the publisher, the next turn begun.

What lila splits by job, the table splits the same way: table.py checks and stores a move,
this posts it and starts the next turn's clock (or asks the bot for its turn), openings.py
opens games and series. A post that failed (a crash, a refusal) is posted by ``recover``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from data import GameRecord, StorageBusy, Store, Timer
from data.errors import worth_logging
from data.ratings import GLOBAL
from data.shards import Shards
from rules import State
from rules.history import History
from table import clocks, reminders
from table.clocks import UTC
from table.computer import BotTurns
from table.histories import Histories
from table.turn import Posted, Problem, Publisher, SeriesSoFar, StoredTurn

log = logging.getLogger(__name__)

#: Steps of handing a turn over at which a test may inject a crash (see ``Handover.fault``).
STEPS = ("stored", "posted", "recorded")
#: How many of the games played last a new process follows and draws before players come.
WARM_GAMES = 50


class Events(Protocol):
    """What the table asks of the events' side (``table.tournaments.Tournaments``, named
    here by what it does: the table's modules do not import it)."""

    async def game_over(self, record: GameRecord) -> None:
        """A finished game's last post is recorded (idempotent)."""
        ...

    async def recover(self) -> None:
        """Pair and start what a crash left undone."""
        ...

    async def fire(self, timer: Timer) -> None:
        """Do what an event's timer is for (the cogs' timer loop asks)."""
        ...


class Handover:
    """The posting half of the table (a part of ``Table``, which provides what is declared)."""

    store: Store
    histories: Histories
    publisher: Publisher
    clock: Callable[[], float]
    own_shards: Shards | None
    bots: BotTurns | None
    #: Called at each of STEPS; tests make it raise to simulate a crash there.
    fault: Callable[[str], Awaitable[None]] | None
    #: the events' side (None: no events here)
    tournaments: Events | None

    if TYPE_CHECKING:  # provided by Table

        def lock(self, game_id: int) -> asyncio.Lock: ...
        async def game(self, game_id: int) -> GameRecord: ...
        def history(self, record: GameRecord) -> History: ...
        def state(self, record: GameRecord) -> State: ...
        def state_for(self, record: GameRecord, seat: int | None) -> State: ...
        async def continue_series(self, record: GameRecord) -> None: ...

    async def turn_of(
        self,
        record: GameRecord,
        headline: str | None = None,
        *,
        board: asyncio.Future[Any] | None = None,
        recovering: bool = False,
        relocate: bool = False,
    ) -> StoredTurn:
        """Everything a post of ``record``'s last change needs, read once."""
        history = self.history(record)
        to_move = history.state.turn if record.active else None
        started, away_until = self.clock(), None
        timers: list[tuple[str, float]] = []
        if to_move is not None and not record.bot_moves(to_move):
            # Both read from this process's caches: a turn's clock costs no query.
            away = await self.store.away.current(record.user_of(to_move))
            away_until = away.until if away is not None else None
            hours = (await self.store.settings.guild(record.guild_id)).reminder_hours
            zone = UTC
            if clocks.allowance(record, to_move) is not None:  # a person's zone: cached too
                zone = await clocks.zone_of(self.store, record.user_of(to_move))
            timers = clocks.new_turn(record, to_move, started, away_until, hours, zone)
            timers = await reminders.turn_timers(self.store, record, to_move, started, timers)
        # Each clock as the turn begins (a bank's seconds; the mover's whole allowance).
        left = tuple(
            (s.seat, given)
            for s in record.seats
            if record.active and (given := clocks.allowance(record, s.seat)) is not None
        )
        series = None
        if record.series_id is not None:
            length = await self.store.games.series_length(record.series_id)
            games = await self.store.games.in_series(record.series_id)
            series = SeriesSoFar(length, tuple(g.result for g in games if g.result is not None))
        ratings: tuple[Any, ...] = ()
        if not record.active:
            ratings = tuple(await self.store.ratings.changes(record.id, record.guild_id or GLOBAL))
        quiet = headline is not None and not relocate  # the headline says what happened
        events = () if quiet else self.histories.turn_events(record)
        return StoredTurn(
            record=record,
            history=history,
            public=self.state_for(record, None),
            events=events,
            headline=headline,
            to_move=to_move,
            started=started,
            away_until=away_until,
            timers=tuple(timers),
            clocks=left,
            series=series,
            ratings=ratings,
            board=board,
            recovering=recovering,
            relocate=relocate,
        )

    async def announce(self, record: GameRecord, headline: str | None = None) -> Problem | None:
        """Have the position after a change posted, in the game's order: what happened (or
        ``headline``, after an undo say), the board, who is next. None once it is out."""
        async with self.lock(record.id):
            if await self.store.games.posted_version(record.id) >= record.version:
                return None  # posted meanwhile (by recovery)
            return await self._hand_over(record, headline)

    async def _hand_over(
        self,
        record: GameRecord,
        headline: str | None = None,
        *,
        board: asyncio.Future[Any] | None = None,
        recovering: bool = False,
        relocate: bool = False,
    ) -> Problem | None:
        """Post ``record``'s last change (the game's lock is held) and begin the next turn:
        None once it is out, else why not. The change is stored already and counts either
        way: a busy database (reading what the post says, or recording it) only leaves the
        post to recovery, which finds a board already out by its nonce."""
        try:
            turn = await self.turn_of(
                record, headline, board=board, recovering=recovering, relocate=relocate
            )
            await self._step("stored")
            posted = await self.publisher.publish(turn)
            if isinstance(posted, Problem):
                return posted
            await self._step("posted")
            await self.posted(turn, posted)
        except StorageBusy as busy:
            if board is not None:
                board.cancel()  # drawn for a post that waits: recovery draws it again
            if worth_logging(busy):
                log.warning("game %d: its post waits, the database is busy", record.id)
        return None

    async def posted(self, turn: StoredTurn, posted: Posted) -> None:
        """Record that ``turn`` is out, and begin the next turn: its start and timers (as
        the post tells them) are stored with the post's marker in one transaction. A turn
        posted again in a new place (``relocate``) keeps its clock."""
        record, again = turn.record, turn.relocate
        if posted.place_id != (record.place_id or record.channel_id):
            await self.store.games.set_place(record.id, posted.place_id)
            record = replace(record, place_id=posted.place_id)
        if again and record.posted_version >= record.version:
            await self.store.games.mark_posted(record.id, record.version, posted.message_id)
            return
        if not record.active:
            await self.continue_series(record)  # idempotent: safe to run again on recovery
            await self.store.games.mark_posted(record.id, record.version, posted.message_id)
            await self._step("recorded")
            if self.tournaments is not None:  # a crash before this: recover() pairs it
                await self.tournaments.game_over(record)
            return
        seat = turn.to_move
        if seat is None:
            raise RuntimeError(f"game {record.id} is active with nobody to move")
        await self.store.games.mark_posted(
            record.id,
            record.version,
            posted.message_id,
            turn_started_at=turn.started,
            timers=list(turn.timers),
        )
        await self._step("recorded")
        if record.bot_moves(seat):  # its own seat, or one it holds: no clock, nobody told
            if self.bots is not None:
                self.bots.take_up(record.id)
            return
        self.publisher.timers_changed(min(due for _, due in turn.timers))
        await self.publisher.tell_turn(record, seat, posted.link)

    async def tell_seat(self, record: GameRecord, seat: int, *, held: bool) -> None:
        """Tell the table the news of ``seat`` stored with its change (the bot holds it, or
        it is its player's again: table/holding.py), once: marked told once out; a crash
        before that leaves it to ``tell_untold`` (the post's nonce shows a second send as
        the first, for a while)."""
        await self.publisher.tell_seat(record, seat, held)
        await self.store.holds.seat_told(record.id, seat, "held" if held else "back")

    async def tell_untold(self) -> None:
        """After a start: the news of holds a crash left untold, told now, before the bot's
        turns go on (``BotTurns.resume`` comes after recovery), on this process's shards."""
        for news in await self.store.holds.untold_seats(self.own_shards):
            game_id, seat, notice = news
            # Under the game's lock, as the change and its news are: told by whoever holds it.
            async with self.lock(game_id):
                if news not in await self.store.holds.untold_seats(self.own_shards):
                    continue  # told meanwhile
                record = await self.game(game_id)
                held = notice == "held"
                if held and record.seats[seat].held_level is None:  # its end says it all
                    await self.store.holds.seat_told(game_id, seat, notice)
                    continue
                await self.tell_seat(record, seat, held=held)

    async def _step(self, name: str) -> None:
        if self.fault is not None:
            await self.fault(name)

    async def relocate(self, record: GameRecord) -> GameRecord | None:
        """Move a game whose place went away (deleted, locked) to a new one and post its
        board there (the game's lock is held). None when no place can be had: the game is
        kept, and moves on when the bot can post again."""
        if await self._hand_over(record, relocate=True) is not None:
            return None
        return await self.game(record.id)

    async def warm_up(self, limit: int = WARM_GAMES) -> None:
        """Follow the games played last on this process's shards and draw their boards once.

        A new process knows no game's history and has drawn no board: the first move of
        each game would replay it and draw its sprites while the player waits. Done now, a
        game at a time, the first move after a restart costs little more than any other.
        """
        for record in await self.store.games.recently_played(self.own_shards, limit):
            try:
                await self.publisher.warm(record, self.state_for(record, None))
            except Exception:  # one game's trouble must not stop the others, or the bot
                log.exception("could not warm up with game %d", record.id)
            await asyncio.sleep(0)  # a player's command goes first

    async def recover(self) -> None:
        """Post what a previous run (or a refused post) left unposted, each thing once.

        A game accepted but never opened gets its place; a position stored but not posted
        is posted, unless the post is already out (the bot died after sending it); where
        the bot still may not post, nothing is sent and the next round tries again. Only
        games of this process's shards: the others are their own processes' to post.
        """
        if self.tournaments is not None:
            # First: an event's games a crash left unstarted open in their own threads.
            try:
                await self.tournaments.recover()
            except Exception as error:
                if not isinstance(error, StorageBusy) or worth_logging(error):
                    log.warning("could not recover the events yet (%r)", error)
        for record in await self.store.games.unposted(self.own_shards):
            try:
                async with self.lock(record.id):
                    await self._recover_game(record)
            except Exception as error:
                if not isinstance(error, StorageBusy) or worth_logging(error):
                    log.warning("could not announce game %d yet (%r)", record.id, error)
        try:  # after the boards: a seat's player back with a move is told after it
            await self.tell_untold()
        except Exception as error:
            if not isinstance(error, StorageBusy) or worth_logging(error):
                log.warning("could not tell of the seats the bot holds yet (%r)", error)

    async def _recover_game(self, record: GameRecord) -> None:
        record = await self.game(record.id)  # as it is now, under the lock
        if record.posted_version >= record.version:
            return
        if record.place_id is None:
            place_id = await self.publisher.open_place(record)
            await self.store.games.set_place(record.id, place_id)
            record = await self.game(record.id)
        if self.histories.mid_turn(record):
            # Actions of an unfinished turn are private until the turn ends.
            await self.store.games.mark_posted(record.id, record.version, None)
            return
        await self._hand_over(record, recovering=True)
