"""A stored game as a value: its record, seats and where it lives on Discord, and what a new
game is made of. Frozen values: a change to a game is a new value, so one read before a change
never shows half of it."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from data.clock_controls import NO_CONTROL, TimeControl
from data.results import Result
from rules.record import Record

Clock = Callable[[], float]
DAY = 86400.0


def dumps(value: Any) -> str:
    """``value`` as the compact, key-sorted JSON every store writes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class ChallengeGone(Exception):
    """The challenge was no longer open (accepted twice, declined or expired meanwhile)."""


class GameLimit(Exception):
    """A person to be seated plays ``limit`` games at once on the server already: the game
    was not started (``user_id``, ``name``: the first such person in seat order)."""

    def __init__(self, user_id: int, name: str, limit: int) -> None:
        super().__init__(user_id, limit)
        self.user_id = user_id
        self.name = name
        self.limit = limit


@dataclass(frozen=True)
class Seat:
    """A player in a game: a person, or the bot itself playing at ``level``."""

    seat: int
    user_id: int
    name: str
    level: str | None = None
    #: the level the bot plays a person's seat at while it holds it (their time ran out)
    held_level: str | None = None
    #: the ply the bot's hold of the seat began at (None: not held now)
    held_from: int | None = None
    #: the holds that ended: (level, from ply, to ply), oldest first
    held: tuple[tuple[str, int, int], ...] = ()
    #: seconds left in the seat's bank (games with a bank; None: no bank, or the bot's seat)
    bank_left: float | None = None

    @property
    def is_bot(self) -> bool:
        """Whether the bot plays this seat (it moves by itself, and has no clock)."""
        return self.level is not None

    @property
    def bot_moves(self) -> bool:
        """Whether the bot makes this seat's moves now: its own seat, or a person's it holds
        (no clock, no reminder: the bot is on it)."""
        return self.level is not None or self.held_level is not None

    @property
    def ever_held(self) -> bool:
        """Whether the bot held this person's seat at any time in the game (not rated)."""
        return self.held_level is not None or bool(self.held)


def held_spans(stored: str | None) -> tuple[tuple[str, int, int], ...]:
    """The ended holds of a seat, as stored in ``held_spans``."""
    if not stored:
        return ()
    return tuple((str(level), int(start), int(end)) for level, start, end in json.loads(stored))


#: A seat of a new game: (user id, display name) or (user id, name, the bot's level).
NewSeat = tuple[int, str] | tuple[int, str, str | None]


@dataclass(frozen=True)
class GameRecord:
    """One stored game: its record (as in spec/records.md) and where it lives on Discord.

    Frozen: a change to a game is a new value (``with_move``, ``dataclasses.replace``), so
    a record read before a change never shows half of it.
    """

    id: int
    record: Record
    lang: str
    status: str
    version: int
    posted_version: int
    result: Result | None
    guild_id: int | None
    channel_id: int
    place_id: int | None
    message_id: int | None
    series_id: int | None
    series_index: int
    created_at: float
    updated_at: float
    days_per_move: int | None = None
    turn_started_at: float | None = None
    seats: tuple[Seat, ...] = ()
    #: the thread's name when set (a tournament's game), else the usual one
    title: str | None = None
    #: False: rate_finished leaves the game out (an unrated tournament's)
    rated: bool = True
    #: False: /undo by consent is refused (a rated tournament's game)
    undo: bool = True
    #: a bank (and increment, cap) instead of days per move, and weekends off
    control: TimeControl = NO_CONTROL

    @property
    def game(self) -> str:
        """The engine's name."""
        return self.record.game

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return self.record.players

    @property
    def seed(self) -> int:
        """The seed of the game's randomness (secret while the game is on)."""
        return self.record.seed

    @property
    def options(self) -> Mapping[str, Any]:
        """The engine's options."""
        return self.record.options

    @property
    def moves(self) -> tuple[str, ...]:
        """The stored moves, in notation."""
        return self.record.moves

    @property
    def active(self) -> bool:
        """Still being played."""
        return self.status == "active"

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` plays, or None for a spectator."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int:
        """The Discord user id at ``seat``."""
        return self.seats[seat].user_id

    def is_bot(self, seat: int) -> bool:
        """Whether the bot itself plays ``seat``."""
        return self.seats[seat].is_bot

    def bot_moves(self, seat: int) -> bool:
        """Whether the bot makes ``seat``'s moves now (its own seat, or one it holds)."""
        return self.seats[seat].bot_moves

    @property
    def has_bots(self) -> bool:
        """Whether the bot plays any seat."""
        return any(s.is_bot for s in self.seats)

    def names(self) -> tuple[str, ...]:
        """Display names by seat."""
        return tuple(s.name for s in self.seats)

    def with_move(
        self,
        move: str,
        version: int,
        result: Result | None,
        *,
        shown: bool = False,
        bank: tuple[int, float] | None = None,
    ) -> GameRecord:
        """This game as stored once ``append_move`` added ``move`` (no need to read it back);
        ``bank``: (seat, seconds) that seat's bank as the move left it."""
        seats = self.seats if bank is None else self.with_bank(*bank).seats
        return replace(
            self,
            seats=seats,
            record=replace(self.record, moves=(*self.record.moves, move)),
            version=version,
            posted_version=version if shown else self.posted_version,
            status="active" if result is None else "finished",
            result=result,
        )

    def released(self, seat: int, to_ply: int) -> GameRecord:
        """This game once the bot's hold of ``seat`` ended at ``to_ply`` (as stored)."""
        held = self.seats[seat]
        if held.held_level is None:
            return self
        span = (held.held_level, held.held_from or 0, to_ply)
        back = replace(held, held_level=None, held_from=None, held=(*held.held, span))
        return replace(self, seats=tuple(back if s.seat == seat else s for s in self.seats))

    def holds(self) -> tuple[tuple[int, str, int, int | None], ...]:
        """Every hold of a seat by the bot, in the order they began: (seat, level, from
        ply, to ply; None while it holds it still, the end of a finished game if it held it
        to the end), as a record writes them (``held``)."""
        spans: list[tuple[int, str, int, int | None]] = []
        end = None if self.active else len(self.moves)
        for s in self.seats:
            spans += [(s.seat, level, start, stop) for level, start, stop in s.held]
            if s.held_level is not None:
                spans.append((s.seat, s.held_level, s.held_from or 0, end))
        return tuple(sorted(spans, key=lambda span: (span[2], span[0])))

    def with_bank(self, seat: int, seconds: float) -> GameRecord:
        """This game with ``seat``'s bank holding ``seconds``."""
        seats = tuple(replace(s, bank_left=seconds) if s.seat == seat else s for s in self.seats)
        return replace(self, seats=seats)

    def to_record(self) -> dict[str, Any]:
        """The record of spec/records.md (what `python -m rules replay` reads)."""
        return self.record.to_json()


@dataclass(frozen=True)
class NewGame:
    """A game to store: what ``GameStore.insert_game`` writes (seats in seat order)."""

    game: str
    seats: Sequence[NewSeat]
    seed: int
    options: Mapping[str, Any]
    lang: str
    guild_id: int | None
    channel_id: int
    place_id: int | None = None
    series_id: int | None = None
    series_index: int = 0
    days_per_move: int | None = None
    title: str | None = None
    rated: bool = True
    undo: bool = True
    control: TimeControl = NO_CONTROL
