"""The rounds of a tournament: a round paired once its last game is over (or the sign-up
ends), its games started, its standings posted when its timer fires, and what a crash left
undone picked up at start (``recover``). Mixed into ``table.tournaments.Tournaments``."""

from __future__ import annotations

import asyncio
import logging
import random
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from data import Entrant, GameRecord, NewGame, Pairing, Store, Timer, Tournament
from data.ratings import ranks
from data.rounds import Outcome
from data.tournaments import ROUND_TIMER, SIGNUP_TIMER, EntrantsChanged, RoundTaken
from rules import get_game
from table import pairing
from table.pairing import Played, Standing
from table.refusal import Refusal

if TYPE_CHECKING:
    from table.table import Table

log = logging.getLogger(__name__)

#: Steps of ending a round and pairing the next at which a test may inject a crash
#: (``Tournaments.fault``): the round stored, each of its games started, the standings out.
STEPS = ("paired", "started", "shown")
#: Tries of a write that lost a race (a move, a join) before giving up.
RETRIES = 5


class TournamentPublisher(Protocol):
    """What an event shows on Discord (the cogs implement it)."""

    async def show_entrants(self, event: Tournament, entrants: list[Entrant]) -> int | None:
        """Post (``event.message_id`` None) or edit the announcement with Join/Leave and
        the entrants; its message id."""
        ...

    async def show_round(
        self,
        event: Tournament,
        round: int,
        standings: list[Standing],
        pairings: list[Pairing],
        entrants: list[Entrant],
        nonce: str,
    ) -> None:
        """Round ``round`` is over (0: the event began): the standings, and the next round's
        pairings (empty when the event is over: the final standings)."""
        ...

    async def show_cancelled(self, event: Tournament, reason_key: str) -> None:
        """The event was called off, for ``reason_key`` (a message key)."""
        ...

    async def open_event_place(self, event: Tournament, record: GameRecord) -> int:
        """A thread under the event's channel named ``record.title``; its id."""
        ...


class Rounds:
    """Pairing, starting and posting the rounds of events (with ``Tournaments``' state)."""

    table: Table
    store: Store
    publisher: TournamentPublisher
    fault: Callable[[str], Awaitable[None]] | None
    _locks: weakref.WeakValueDictionary[int, asyncio.Lock]
    _advancing: set[asyncio.Task[None]]
    _failed: list[BaseException]

    async def _begin(self, event: Tournament) -> None:
        """Pair round 1 of an event taking entries, or call it off with too few."""
        paired = None
        async with self._lock(event.id):
            for _ in range(RETRIES):
                event = await self._event(event.id)
                if event.status != "signup":
                    return  # begun (or called off) meanwhile
                entrants = await self.store.tournaments.entrants(event.id)
                count = len(still_in(entrants))
                if _enough(event, count):
                    paired = await self._pair(event, entrants)
                    if paired is not None:
                        break
                elif await self.store.tournaments.cancel(event.id, entrants=count):
                    log.info("event %d: cancelled, %d players", event.id, count)
                    await self.publisher.show_cancelled(event, "event-cancelled-too-few")
                    return
                # someone joined or left meanwhile: count again
        if paired is not None:
            await self._started(*paired)

    # -- rounds ----------------------------------------------------------------------------
    async def game_over(self, record: GameRecord) -> None:
        """A finished game's last post is recorded: once its round's last game is over,
        the next round is paired (or the event ends). Idempotent.

        The pairing and the new games' openings go on beside whoever ended the game (a
        round of 32 games takes a second or more): the last mover's answer does not wait
        for them. A crash meanwhile leaves what ``recover`` pairs and starts at the next
        start, as a crash before this call does."""
        found = await self.store.tournaments.of_game(record.id)
        if found is not None:
            task = asyncio.create_task(self._advance(found[0]))
            self._advancing.add(task)
            task.add_done_callback(self._advanced)

    def _advanced(self, task: asyncio.Task[None]) -> None:
        self._advancing.discard(task)
        if not task.cancelled() and (error := task.exception()) is not None:
            self._failed = [*self._failed[-9:], error]  # for ``settled``; kept short
            log.error("could not pair the next round", exc_info=error)

    def close(self) -> None:
        """Stop pairing (the bot stops): what was not stored is paired at the next start."""
        for task in self._advancing:
            task.cancel()

    async def settled(self) -> None:
        """Wait until the rounds being paired now are paired and started; raise what went
        wrong meanwhile (tests, and a clean stop)."""
        while self._advancing:
            await asyncio.wait(set(self._advancing))
        if self._failed:
            raise self._failed.pop(0)

    async def _advance(self, event_id: int) -> None:
        """Pair the next round (or end the event) if the round being played is over."""
        paired = None
        async with self._lock(event_id):
            for _ in range(RETRIES):
                event = await self._event(event_id)
                if event.status != "running":
                    return
                now = await self.store.tournaments.outcomes(event_id, event.round)
                if not all(o.finished for o in now):
                    return  # the round goes on (the usual case: read only its tables)
                entrants = await self.store.tournaments.entrants(event_id)
                # Over after its last round, or once withdrawals leave too few to play on.
                if event.round >= (event.rounds or 0) or not _playable(
                    event.format, len(still_in(entrants))
                ):
                    if await self.store.tournaments.finish(event_id, event.round, due=self._now()):
                        log.info("event %d: over after round %d", event_id, event.round)
                        self.table.publisher.timers_changed(self._now())
                    return
                outcomes = await self.store.tournaments.outcomes(event_id)
                paired = await self._pair(event, entrants, outcomes)
                if paired is not None:
                    break
        # Started once the lock is let go: a game's post, which holds its game's lock,
        # may be waiting for this event's lock (a game ended before it was started).
        if paired is not None:
            await self._started(*paired)
            if paired[1] and all(t.game_id is None for t in paired[1]):
                await self._advance(event_id)  # byes only: no game will end this round

    async def _pair(
        self, event: Tournament, entrants: list[Entrant], outcomes: list[Outcome] | None = None
    ) -> tuple[Tournament, list[Pairing]] | None:
        """Pair and store the round after ``event.round``: the event as it is now and the
        round's tables to start (none when someone else paired it); None when the entrants
        changed meanwhile (work it out again)."""
        after = event.round
        players = still_in(entrants)
        everyone = [e.user_id for e in entrants]
        rounds = event.rounds
        if event.format == "round-robin":
            rounds = rounds or pairing.round_robin_rounds(len(everyone))
        history = played_upto(event.format, outcomes or [], after)
        # Pure Python, and long for a big field (a Swiss of 1,000: over half a second): in a
        # thread, so that the loop answers other games meanwhile.
        seatings = await asyncio.to_thread(_seatings, event, players, everyone, history, after + 1)
        names = {e.user_id: e.name for e in entrants}
        tables = [
            (seated, self._new_game(event, after + 1, board, seated, names))
            for board, seated in enumerate(seatings, start=1)
        ]
        try:
            stored = await self.store.tournaments.pair_round(
                event.id, after, players, tables, rounds=rounds, due=self._now()
            )
        except RoundTaken:
            return event, []  # paired by another process: it starts the games
        except EntrantsChanged:
            return None
        log.info("event %d: round %d paired (%d tables)", event.id, after + 1, len(stored))
        await self._step("paired")
        return replace(event, round=after + 1, rounds=rounds, status="running"), stored

    async def _started(self, event: Tournament, tables: list[Pairing]) -> None:
        """Start a round's games, then have its standings' timer looked at (it is due)."""
        await self._start_games(event, tables)
        self.table.publisher.timers_changed(self._now())

    def _new_game(
        self,
        event: Tournament,
        round: int,
        board: int,
        seated: tuple[int, ...],
        names: dict[int, str],
    ) -> NewGame | None:
        if len(seated) < 2:
            return None  # a bye, or a round robin's player sitting out
        engine = get_game(event.game)
        return NewGame(
            game=event.game,
            seats=[(user, names.get(user, str(user))) for user in seated],
            seed=random.SystemRandom().randrange(2**62),
            options=engine.check_options(len(seated), {**event.options, "first": 0}),
            lang=event.lang,
            guild_id=event.guild_id,
            channel_id=event.channel_id,
            days_per_move=event.days_per_move,
            control=event.control,
            # Numbers only: the thread's name reads the same in every language.
            title=f"{event.name} · {round}.{board}",
            rated=event.rated,
            undo=event.undo or not event.rated,
        )

    async def _start_games(self, event: Tournament, pairings: list[Pairing]) -> None:
        """Open each game of ``pairings`` in its thread and post its opening board (those
        started already are left alone: this runs again after a crash)."""
        for table in pairings:
            if table.game_id is None:
                continue
            record = await self.table.game(table.game_id)
            if record.posted_version >= 0:
                continue

            async def opener(record: GameRecord = record) -> int:
                return await self.publisher.open_event_place(event, record)

            await self.table.start(record, opener, again=True)
            await self._step("started")

    # -- timers ----------------------------------------------------------------------------
    async def fire(self, timer: Timer) -> None:
        """Do what an 'event-signup' or 'event-round' timer is for (each may run twice:
        the sign-up ends once, and a round's standings go out with the same nonce)."""
        event = await self.store.tournaments.get(timer.ref_id)
        if event is None:
            return
        if timer.kind == SIGNUP_TIMER:
            if event.status == "signup":
                await self._begin(event)
        elif timer.kind == ROUND_TIMER and event.status != "cancelled":
            await self._show_round(event, int(timer.turn_stamp or 0))

    async def _show_round(self, event: Tournament, round: int) -> None:
        """Post round ``round``'s standings with the next round's pairings (none after the
        last), once its games are all started."""
        events = self.store.tournaments
        nxt = await events.pairings(event.id, round + 1)
        # Those a crash left unstarted: the pairings posted name their threads.
        await self._start_games(event, await events.unstarted(event.id, round + 1))
        outcomes = await self.store.tournaments.outcomes(event.id)
        entrants = await self.store.tournaments.entrants(event.id)
        history = played_upto(event.format, outcomes, round)
        table = pairing.standings(still_in(entrants), history, event.format)
        await self.publisher.show_round(
            event, round, table, nxt, entrants, f"event-{event.id}-round-{round}"
        )
        await self._step("shown")

    async def recover(self) -> None:
        """Start what a crash left unstarted and pair what it left unpaired (a round over,
        the next not paired, or the event not ended)."""
        events = self.store.tournaments
        for event in await events.running(self.table.own_shards):
            await self._start_games(event, await events.unstarted(event.id, event.round))
            await self._advance(event.id)

    # -- helpers ---------------------------------------------------------------------------
    async def _event(self, event_id: int) -> Tournament:
        event = await self.store.tournaments.get(event_id)
        if event is None:
            raise Refusal("error-event-unknown")
        return event

    def _lock(self, event_id: int) -> asyncio.Lock:
        lock = self._locks.get(event_id)
        if lock is None:
            lock = self._locks[event_id] = asyncio.Lock()
        return lock

    def _now(self) -> float:
        return self.table.clock()

    async def _step(self, name: str) -> None:
        if self.fault is not None:
            await self.fault(name)


def _enough(event: Tournament, count: int) -> bool:
    """Whether ``count`` players can start ``event``."""
    if count < event.min_players:
        return False
    return _playable(event.format, count)


def _playable(format: str, count: int) -> bool:
    """Whether a round can be paired for ``count`` players still in."""
    return bool(pairing.table_sizes(count)) if format == "tables" else count >= 2


def still_in(entrants: Sequence[Entrant]) -> list[int]:
    """The players not withdrawn, in the order they joined."""
    return [e.user_id for e in entrants if e.withdrawn_round is None]


def _seatings(
    event: Tournament,
    players: list[int],
    everyone: list[int],
    history: list[Played],
    round: int,
) -> list[tuple[int, ...]]:
    """Round ``round``'s tables, seats in order (``everyone``: withdrawn players too, in
    the order they joined)."""
    if event.format == "swiss":
        return pairing.swiss(players, history)
    if event.format == "tables":
        return pairing.tables(players, history)
    # A round robin keeps the schedule it began with (nobody joins late): a withdrawn
    # player's opponent sits that round out, as opposite Berger's dummy.
    still = set(players)
    seated = (
        tuple(p for p in table if p in still) for table in pairing.round_robin(everyone, round)
    )
    return [table for table in seated if table]


def played_upto(format: str, outcomes: Sequence[Outcome], upto: int) -> list[Played]:
    """What the standings count of rounds 1…``upto``: each table whose game is over (and
    each bye), with the points each player got there."""
    played = []
    for outcome in outcomes:
        table = outcome.pairing
        if table.round > upto:
            continue
        if table.game_id is None:
            # A Swiss bye is a win; a round robin's player sitting out gets nothing.
            bye = 1.0 if format == "swiss" else 0.0
            played.append(Played(table.round, table.players, (bye,) * len(table.players)))
            continue
        result = outcome.result
        if not outcome.finished or result is None:
            continue
        seats = range(len(table.players))
        if not result.rated:  # called off, or ended by a moderator without a result
            points = tuple(0.0 for _ in seats)
        else:
            rk = ranks(result, list(seats))
            points = (
                pairing.table_points(rk) if format == "tables" else pairing.two_player_points(rk)
            )
        scores = tuple(float(result.scores[s]) if s < len(result.scores) else 0.0 for s in seats)
        played.append(Played(table.round, table.players, points, scores))
    return played
