"""Tournaments at the table: entries, rounds paired once, their games started, standings posted.

A round is paired by one transaction (``TournamentStore.pair_round``) that finds the event
still at the round before: its tables, its games, the round's number and the timer that
posts the standings, all or none. Its games are then started one by one; whatever a crash
leaves unstarted is started by the round's timer (or by ``Handover.recover``, which opens
any game without a place). The standings of a round go out when its timer fires, with a
nonce of the event and the round: posted once as players see it.

The rounds themselves (pairing, starting, posting, recovering) are ``table.rounds.Rounds``,
mixed in here; this module keeps entries and reading.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from data import EntryRefused, EventSettings, Pairing, Tournament
from data.tournaments import FORMATS
from rules import RulesError, get_game
from table import endings, pairing
from table.pairing import Standing
from table.refusal import Refusal
from table.rounds import RETRIES, Rounds, TournamentPublisher, played_upto, still_in

if TYPE_CHECKING:
    from table.table import Table

log = logging.getLogger(__name__)

#: The most players and rounds an event may have.
MAX_PLAYERS, MAX_ROUNDS = 1000, 30
#: The sizes of a table in the "tables" format.
TABLE_SIZES = (3, 4)


class Tournaments(Rounds):
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
        self, guild_id: int, channel_id: int, by: int, settings: EventSettings
    ) -> Tournament:
        """A new event taking entries (Refusal on bad options, format or counts), its
        announcement posted."""
        options = _checked(settings.game, settings.format, settings.options)
        least = TABLE_SIZES[0] if settings.format == "tables" else 2
        if not least <= settings.min_players <= settings.max_players <= MAX_PLAYERS:
            raise Refusal("error-event-players", least=least, most=MAX_PLAYERS)
        if settings.format == "round-robin":
            if settings.rounds is not None:
                raise Refusal("error-event-no-rounds")
        elif settings.rounds is None or not 1 <= settings.rounds <= MAX_ROUNDS:
            raise Refusal("error-event-rounds", most=MAX_ROUNDS)
        settings = replace(settings, options=options)
        event = await self.store.tournaments.create(guild_id, channel_id, by, settings)
        if settings.signup_ends is not None:
            self.table.publisher.timers_changed(settings.signup_ends)
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

    async def cancel(self, event_id: int) -> Tournament:
        """Call the event off (a moderator): its games in progress play on, no longer
        part of it (Refusal: error-event-over, -unknown)."""
        event = await self._event(event_id)
        if not await self.store.tournaments.cancel(event_id):
            raise Refusal("error-event-over")
        await self.publisher.show_cancelled(event, "event-cancelled-moderator")
        return await self._event(event_id)

    # -- reading ---------------------------------------------------------------------------
    async def standings(self, event_id: int) -> tuple[Tournament, list[Standing]]:
        """The event and its standings now (the games finished so far)."""
        event = await self._event(event_id)
        outcomes = await self.store.tournaments.outcomes(event_id)
        entrants = await self.store.tournaments.entrants(event_id)
        history = played_upto(event.format, outcomes, event.round)
        return event, pairing.standings(still_in(entrants), history, event.format)

    async def pairings(self, event_id: int, round: int | None = None) -> list[Pairing]:
        """The tables of ``round`` (None: the round being played)."""
        event = await self._event(event_id)
        return await self.store.tournaments.pairings(
            event_id, event.round if round is None else round
        )

    async def of_guild(self, guild_id: int, *, active: bool = True) -> list[Tournament]:
        """The server's events, newest first (``active``: only those not over)."""
        return await self.store.tournaments.of_guild(guild_id, active=active)


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
