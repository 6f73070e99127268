"""Tournaments at the table: entries, rounds paired once, their games started, standings posted.

A round is paired by one transaction (``TournamentStore.pair_round``) that finds the event
still at the round before: its tables, its games, the round's number and the timer that
posts the standings, all or none. Its games are then started one by one; whatever a crash
leaves unstarted is started by the round's timer (or by ``Handover.recover``, which opens
any game without a place). The standings of a round go out when its timer fires, with a
nonce of the event and the round: posted once as players see it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from data import Entrant, GameRecord, Pairing, Timer, Tournament

if TYPE_CHECKING:
    from table.pairing import Standing
    from table.table import Table

#: Steps of ending a round and pairing the next at which a test may inject a crash
#: (``Tournaments.fault``): the round stored, each of its games started, the standings out.
STEPS = ("paired", "started", "shown")


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
        table.tournaments = self

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
        raise NotImplementedError

    async def join(self, event_id: int, user_id: int, name: str) -> Tournament:
        """Enter ``user_id`` (Refusal: error-event-closed, -joined, -full, -unknown); the
        announcement updated."""
        raise NotImplementedError

    async def leave(self, event_id: int, user_id: int) -> Tournament:
        """Take ``user_id`` out: removed during the sign-up; while running withdrawn, their
        games in progress resigned (Refusal: error-event-closed, -not-entered)."""
        raise NotImplementedError

    async def begin(self, event_id: int) -> Tournament:
        """End the sign-up: too few players, the event is cancelled (``show_cancelled``);
        else round 1 is paired and its games started."""
        raise NotImplementedError

    async def cancel(self, event_id: int) -> Tournament:
        """Call the event off (a moderator): its games in progress play on, unrated by it."""
        raise NotImplementedError

    async def game_over(self, record: GameRecord) -> None:
        """A finished game's last post is recorded: once its round's last game is over,
        the next round is paired (or the event ends). Idempotent."""
        raise NotImplementedError

    async def fire(self, timer: Timer) -> None:
        """Do what an 'event-signup' or 'event-round' timer is for (each may run twice)."""
        raise NotImplementedError

    async def recover(self) -> None:
        """Pair what a crash left unpaired (a round over, the next not paired) and start
        what it left unstarted."""
        raise NotImplementedError

    async def standings(self, event_id: int) -> tuple[Tournament, list[Standing]]:
        """The event and its standings now."""
        raise NotImplementedError

    async def pairings(self, event_id: int, round: int | None = None) -> list[Pairing]:
        """The tables of ``round`` (None: the round being played)."""
        raise NotImplementedError

    async def of_guild(self, guild_id: int, *, active: bool = True) -> list[Tournament]:
        """The server's events, newest first (``active``: only those not over)."""
        raise NotImplementedError
