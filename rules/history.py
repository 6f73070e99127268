"""A game's position together with how it got there: every move, its mover and its events.

The bot keeps one ``History`` per game instead of a bare state, so the account of the last
turn, the last mover, whether a turn is under way and whether a move revealed something are
read from what was recorded when each move was made, never by replaying the game again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.base import Event, Game, State


@dataclass(frozen=True)
class Ply:
    """One stored move: who made it, its canonical notation, what it did in public, and
    whether it made hidden information public (such a move is never taken back)."""

    seat: int | None
    notation: str
    events: tuple[Event, ...]
    revealed: bool


class History:
    """The position after a game's moves, and the moves that led to it."""

    def __init__(
        self, game: Game, players: int, seed: int, options: Mapping[str, Any] | None
    ) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.options = dict(options or {})
        self.state: State = game.new(players, seed, self.options)
        self.plies: list[Ply] = []

    @classmethod
    def replay(
        cls,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None,
        moves: Sequence[str],
    ) -> History:
        """The history of a record's moves (the first bad move raises)."""
        history = cls(game, players, seed, options)
        for text in moves:
            history.push(text)
        return history

    def push(self, text: str) -> Ply:
        """Play a move given in notation (RulesError, and no change, if it is refused)."""
        return self.apply(self.state.parse(text))

    def apply(self, move: Any) -> Ply:
        """Play a parsed, legal move (IllegalMove, and no change, if it is not)."""
        seat = self.state.turn
        revealed = self.state.move_reveals(move)
        notation = self.state.format(move)
        events = self.state.apply(move)
        ply = Ply(seat, notation, tuple(events), revealed)
        self.plies.append(ply)
        return ply

    def pop(self) -> Ply:
        """Take the last move back (states only go forward: the rest is replayed once)."""
        last = self.plies[-1]
        again = History.replay(self.game, self.players, self.seed, self.options, self.moves[:-1])
        self.state, self.plies = again.state, again.plies
        return last

    def clone(self) -> History:
        """An independent copy (the plies themselves are immutable)."""
        copy = History.__new__(History)
        copy.game, copy.players, copy.seed, copy.options = (
            self.game,
            self.players,
            self.seed,
            self.options,
        )
        copy.state = self.state.clone()
        copy.plies = list(self.plies)
        return copy

    @property
    def moves(self) -> list[str]:
        """The notation of every move, in order (the record's ``moves``)."""
        return [ply.notation for ply in self.plies]

    @property
    def last_mover(self) -> int | None:
        """The seat that made the last move (None before any)."""
        return self.plies[-1].seat if self.plies else None

    def turn_start(self) -> int:
        """How many moves came before the last turn (its mover's trailing moves)."""
        start = len(self.plies)
        while start and self.plies[start - 1].seat == self.last_mover:
            start -= 1
        return start

    def last_turn_events(self) -> list[Event]:
        """The public events of the last turn, whether it was one move or several actions."""
        return [event for ply in self.plies[self.turn_start() :] for event in ply.events]

    def mid_turn(self) -> bool:
        """Whether the last move left its player to act again (a turn still under way)."""
        return bool(self.plies) and self.plies[-1].seat == self.state.turn

    def public_ply(self) -> int:
        """How many moves others may see: all but those of a turn still under way."""
        ply, turn = len(self.plies), self.state.turn
        while ply and turn is not None and self.plies[ply - 1].seat == turn:
            ply -= 1
        return ply
