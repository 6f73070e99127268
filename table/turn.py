"""What the table hands over and what it is handed back: a stored turn, and where it was posted.

A ``StoredTurn`` carries everything the words and the board of a post need (the record, the
history, the turn's public events, what each seat may see, the clock, the series, the
ratings), so that whoever posts it (a ``Publisher``, which the cogs implement) never asks
the table for more.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Protocol

from data import GameRecord, Result
from data.ratings import Rating
from rules import Event, State
from rules.history import History


@dataclass(frozen=True)
class SeriesSoFar:
    """A series at the time of a post: its length and the results of its finished games."""

    length: int
    results: tuple[Result, ...]

    def goes_on(self, index: int) -> bool:
        """Whether a game follows the one at ``index`` (0-based)."""
        return index + 1 < self.length


@dataclass(frozen=True)
class StoredTurn:
    """A stored change of a game, ready to be posted: the opening, a turn, an undo, the end."""

    record: GameRecord
    history: History
    #: what everyone may see (the position at the start of any turn still under way)
    public: State
    #: the public events of the turn announced (none for an opening, a resignation, an undo)
    events: tuple[Event, ...]
    #: a line that says what happened instead of the events ("Ana took her move back")
    headline: str | None = None
    #: the seat to move (None once the game is over)
    to_move: int | None = None
    #: when the turn to come starts (its clock's start, stored when the post is out)
    started: float = 0.0
    #: until when the player to move is away (their clock stands still until then)
    away_until: float | None = None
    #: the turn to come's timers (kind, due): its reminder and its deadline, if any
    timers: tuple[tuple[str, float], ...] = ()
    #: each timed seat's clock as the turn begins (seat, seconds left): a bank's, or a
    #: turn's days per move (none for the bot's seats, nor in a game without a clock)
    clocks: tuple[tuple[int, float], ...] = ()
    series: SeriesSoFar | None = None
    #: each player's rating after the game and before it (only once a rated game is over)
    ratings: tuple[tuple[Rating, int], ...] = ()
    #: the public board, drawn or being drawn already (None: the publisher draws it)
    board: asyncio.Future[Any] | None = None
    #: posted after a crash or a refusal: the post may be out already (find it, do not repeat)
    recovering: bool = False
    #: the game's place is gone (deleted, locked): post it in a new one
    relocate: bool = False

    @property
    def deadline(self) -> float | None:
        """When the player to move runs out of time (None: no deadline, or the bot's turn):
        the very figure its stored timer holds."""
        return next((due for kind, due in self.timers if kind == "deadline"), None)

    def state_for(self, seat: int | None) -> State:
        """What ``seat`` may see (None: anyone not playing): the player to move sees their
        turn's actions so far, everyone else the public position."""
        if seat is not None and seat == self.to_move:
            return self.history.state
        return self.public


@dataclass(frozen=True)
class Posted:
    """A turn's post is out: its message, its link, and the place it went to."""

    message_id: int | None
    link: str
    place_id: int


@dataclass(frozen=True)
class Problem:
    """A board Discord refused to take: where, and the permissions the bot lacks there."""

    channel_id: int
    missing: tuple[str, ...]


@dataclass(frozen=True)
class Stranded:
    """A game whose place is gone and no other could be had: it waits, kept as it is."""


@dataclass(frozen=True)
class Played:
    """A stored move: the game after it, its notation, and whether the turn passed."""

    record: GameRecord
    notation: str
    turn_over: bool
    #: why the board is not out yet (Discord refused it), or None when it was posted
    problem: Problem | None = None
    #: what the mover's answer shows, being drawn (see ``Table.play``'s ``lang``)
    mine: asyncio.Future[Any] | None = None


class Publisher(Protocol):
    """What the table needs of whoever shows its games (the cogs' poster on Discord)."""

    def draw_ahead(self, record: GameRecord, state: State) -> asyncio.Future[Any] | None:
        """Start drawing the public board of ``state``, the position about to be stored."""

    def draw_mine(
        self, record: GameRecord, state: State, seat: int, lang: str, turn_over: bool
    ) -> asyncio.Future[Any] | None:
        """Start drawing what the mover's answer shows of ``state`` (None: no image)."""

    async def publish(self, turn: StoredTurn) -> Posted | Problem | Stranded:
        """Post ``turn``: where it went, why it could not, or that no place is left."""

    async def open_place(self, record: GameRecord) -> int:
        """Open the place of a game accepted but never opened (a crash came between)."""

    async def tell_turn(self, record: GameRecord, seat: int, link: str) -> None:
        """Tell the player at ``seat`` it is their turn, where they asked to be told (a DM)."""

    async def tell_seat(self, record: GameRecord, seat: int, held: bool) -> None:
        """Tell the table that the bot holds ``seat`` now (``held``), or gave it back to its
        player; and that player, where they asked to be told (a DM), that it holds it."""

    async def warm(self, record: GameRecord, state: State) -> None:
        """Draw ``state``, the public board of ``record``, once: a start's warm-up."""

    def timers_changed(self, due: float | None) -> None:
        """A timer due at ``due`` was stored (the timer loop may have to wake up sooner)."""
