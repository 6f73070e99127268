"""Tournaments at the table: entries, rounds paired once, their games started, standings posted.

A round is paired by one transaction (``TournamentStore.pair_round``) that finds the event
still at the round before: its tables, its games, the round's number and the timer that
posts the standings, all or none. Its games are then started one by one; whatever a crash
leaves unstarted is started by the round's timer (or by ``Handover.recover``, which opens
any game without a place). The standings of a round go out when its timer fires, with a
nonce of the event and the round: posted once as players see it.
"""

from __future__ import annotations

import asyncio
import logging
import random
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from data import Entrant, EntryRefused, GameRecord, NewGame, Pairing, Timer, Tournament
from data.ratings import ranks
from data.tournaments import (
    FORMATS,
    ROUND_TIMER,
    SIGNUP_TIMER,
    EntrantsChanged,
    Outcome,
    RoundTaken,
)
from rules import RulesError, get_game
from table import endings, pairing
from table.pairing import Played, Standing
from table.refusal import Refusal

if TYPE_CHECKING:
    from table.table import Table

log = logging.getLogger(__name__)

#: Steps of ending a round and pairing the next at which a test may inject a crash
#: (``Tournaments.fault``): the round stored, each of its games started, the standings out.
STEPS = ("paired", "started", "shown")
#: The most players and rounds an event may have.
MAX_PLAYERS, MAX_ROUNDS = 1000, 30
#: The sizes of a table in the "tables" format.
TABLE_SIZES = (3, 4)
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


class Tournaments:
    """The table side of every event of this process's servers."""

    def __init__(self, table: Table, publisher: TournamentPublisher) -> None:
        self.table = table
        self.store = table.store
        self.publisher = publisher
        #: Called at each of STEPS; tests make it raise to simulate a crash there.
        self.fault: Callable[[str], Awaitable[None]] | None = None
        # One lock per event: its games ending at once work out the next round once here
        # (the store's round check makes it once across processes).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: rounds being paired beside the game that ended them (``game_over``)
        self._advancing: set[asyncio.Task[None]] = set()
        self._failed: list[BaseException] = []
        table.tournaments = self

    # -- entries ---------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        by: int,
        game: str,
        options: dict[str, Any],
        format: str,
        rounds: int | None,
        days_per_move: int | None,
        signup_ends: float | None,
        min_players: int,
        max_players: int,
        rated: bool,
        undo: bool,
        lang: str,
        name: str,
    ) -> Tournament:
        """A new event taking entries (Refusal on bad options, format or counts), its
        announcement posted."""
        options = _checked(game, format, options)
        least = TABLE_SIZES[0] if format == "tables" else 2
        if not least <= min_players <= max_players <= MAX_PLAYERS:
            raise Refusal("error-event-players", least=least, most=MAX_PLAYERS)
        if format == "round-robin":
            if rounds is not None:
                raise Refusal("error-event-no-rounds")
        elif rounds is None or not 1 <= rounds <= MAX_ROUNDS:
            raise Refusal("error-event-rounds", most=MAX_ROUNDS)
        event = await self.store.tournaments.create(
            guild_id=guild_id,
            channel_id=channel_id,
            name=name,
            game=game,
            options=options,
            format=format,
            rounds=rounds,
            days_per_move=days_per_move,
            signup_ends=signup_ends,
            min_players=min_players,
            max_players=max_players,
            rated=rated,
            undo=undo,
            lang=lang,
            created_by=by,
        )
        if signup_ends is not None:
            self.table.publisher.timers_changed(signup_ends)
        return await self._show_entrants(event)

    async def join(self, event_id: int, user_id: int, name: str) -> Tournament:
        """Enter ``user_id`` (Refusal: error-event-closed, -joined, -full, -unknown); the
        announcement updated."""
        try:
            await self.store.tournaments.join(event_id, user_id, name)
        except EntryRefused as refused:
            raise Refusal(refused.key) from None
        return await self._show_entrants(await self._event(event_id))

    async def leave(self, event_id: int, user_id: int) -> Tournament:
        """Take ``user_id`` out: removed during the sign-up; while running withdrawn, their
        games in progress resigned (Refusal: error-event-closed, -not-entered)."""
        try:
            event, withdrawn = await self.store.tournaments.leave(event_id, user_id)
        except EntryRefused as refused:
            raise Refusal(refused.key) from None
        if withdrawn:  # later rounds pair without them; their games now are lost
            for seated in await self.store.tournaments.pairings(event_id, event.round):
                if seated.game_id is not None and user_id in seated.players:
                    await self._resign(seated.game_id, user_id)
        return await self._show_entrants(await self._event(event_id))

    async def _resign(self, game_id: int, user_id: int) -> None:
        """Resign ``user_id``'s game if it is still being played (a move made meanwhile:
        read it again and resign then)."""
        for _ in range(RETRIES):
            record = await self.table.game(game_id)
            if not record.active:
                return
            try:
                await endings.resign(self.table, record, user_id, record.version)
                return
            except Refusal as refused:
                if refused.key != "error-position-changed":
                    raise
        log.warning("game %d: could not resign %d for their withdrawal", game_id, user_id)

    async def _show_entrants(self, event: Tournament) -> Tournament:
        entrants = await self.store.tournaments.entrants(event.id)
        message_id = await self.publisher.show_entrants(event, entrants)
        if message_id is not None and message_id != event.message_id:
            await self.store.tournaments.set_message(event.id, message_id)
            event = replace(event, message_id=message_id)
        return event

    # -- the start -------------------------------------------------------------------------
    async def begin(self, event_id: int) -> Tournament:
        """End the sign-up: too few players, the event is cancelled (``show_cancelled``);
        else round 1 is paired and its games started (Refusal: error-event-running,
        -over, -unknown)."""
        event = await self._event(event_id)
        if event.status == "running":
            raise Refusal("error-event-running")
        if event.status != "signup":
            raise Refusal("error-event-over")
        await self._begin(event)
        return await self._event(event_id)

    async def _begin(self, event: Tournament) -> None:
        """Pair round 1 of an event taking entries, or call it off with too few."""
        paired = None
        async with self._lock(event.id):
            for _ in range(RETRIES):
                event = await self._event(event.id)
                if event.status != "signup":
                    return  # begun (or called off) meanwhile
                entrants = await self.store.tournaments.entrants(event.id)
                count = len(_still_in(entrants))
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

    async def cancel(self, event_id: int) -> Tournament:
        """Call the event off (a moderator): its games in progress play on, no longer
        part of it (Refusal: error-event-over, -unknown)."""
        event = await self._event(event_id)
        if not await self.store.tournaments.cancel(event_id):
            raise Refusal("error-event-over")
        await self.publisher.show_cancelled(event, "event-cancelled-moderator")
        return await self._event(event_id)

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
                    event.format, len(_still_in(entrants))
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
        players = _still_in(entrants)
        everyone = [e.user_id for e in entrants]
        rounds = event.rounds
        if event.format == "round-robin":
            rounds = rounds or pairing.round_robin_rounds(len(everyone))
        history = _history(event.format, outcomes or [], after)
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
        history = _history(event.format, outcomes, round)
        table = pairing.standings(_still_in(entrants), history, event.format)
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

    # -- reading ---------------------------------------------------------------------------
    async def standings(self, event_id: int) -> tuple[Tournament, list[Standing]]:
        """The event and its standings now (the games finished so far)."""
        event = await self._event(event_id)
        outcomes = await self.store.tournaments.outcomes(event_id)
        entrants = await self.store.tournaments.entrants(event_id)
        history = _history(event.format, outcomes, event.round)
        return event, pairing.standings(_still_in(entrants), history, event.format)

    async def pairings(self, event_id: int, round: int | None = None) -> list[Pairing]:
        """The tables of ``round`` (None: the round being played)."""
        event = await self._event(event_id)
        return await self.store.tournaments.pairings(
            event_id, event.round if round is None else round
        )

    async def of_guild(self, guild_id: int, *, active: bool = True) -> list[Tournament]:
        """The server's events, newest first (``active``: only those not over)."""
        return await self.store.tournaments.of_guild(guild_id, active=active)

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


def _checked(game: str, format: str, options: dict[str, Any]) -> dict[str, Any]:
    """The engine's options for an event of ``format`` (Refusal when the game cannot be
    played so, or the options are wrong)."""
    if format not in FORMATS:
        raise Refusal("error-event-format", game=game)
    sizes = TABLE_SIZES if format == "tables" else (2,)
    try:
        engine = get_game(game)
        if not all(engine.min_players <= n <= engine.max_players for n in sizes):
            raise Refusal("error-event-format", game=game)
        for n in sizes:
            engine.check_options(n, options)
    except RulesError as error:
        raise Refusal.from_rules(error) from None
    return dict(options)


def _enough(event: Tournament, count: int) -> bool:
    """Whether ``count`` players can start ``event``."""
    if count < event.min_players:
        return False
    return _playable(event.format, count)


def _playable(format: str, count: int) -> bool:
    """Whether a round can be paired for ``count`` players still in."""
    return bool(pairing.table_sizes(count)) if format == "tables" else count >= 2


def _still_in(entrants: Sequence[Entrant]) -> list[int]:
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


def _history(format: str, outcomes: Sequence[Outcome], upto: int) -> list[Played]:
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
