"""Tic-tac-toe, the rules: a game engine that lives in tests/ only (see tests/toy/__init__.py).

Squares are numbered 1–9 from the top left, row by row; a move is a square's number. The
``goal`` option is ``"win"`` (three in a row wins) or ``"lose"`` (whoever makes it loses).

Events (all public): ``ttt-marked`` (seat, square), ``ttt-three`` (seat, line).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.base import Event, Game, IllegalMove, InvalidMove, InvalidRecord, Outcome, State

SQUARES = 9
GOALS = ("win", "lose")
LINES = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7))


@dataclass(frozen=True)
class TicTacToeView:
    """The board as anyone sees it (nothing is secret): the renderer's input."""

    marks: tuple[int | None, ...]  # squares 1–9 -> seat, or None
    turn: int | None
    line: tuple[int, ...] | None  # the three in a row, once there is one
    winner: int | None


class TicTacToeState(State[int]):
    """A position: the marks, who started, and the line that ended the game."""

    def __init__(self, first: int, misere: bool) -> None:
        self.players = 2
        self.ply = 0
        self.first = first
        self.misere = misere
        self.marks: list[int | None] = [None] * SQUARES
        self.line: tuple[int, ...] | None = None

    @property
    def turn(self) -> int | None:
        """The seat to move, or None when the game is over."""
        if self.line is not None or self.ply == SQUARES:
            return None
        return (self.first + self.ply) % 2

    def legal_moves(self) -> list[int]:
        """The empty squares."""
        if self.turn is None:
            return []
        return [n for n in range(1, SQUARES + 1) if self.marks[n - 1] is None]

    def apply(self, move: int) -> list[Event]:
        """Mark ``move`` for the player to move."""
        seat = self.turn
        if seat is None:
            raise IllegalMove("game-over")
        if move not in self.legal_moves():
            raise IllegalMove("ttt-square-taken", value=move)
        self.marks[move - 1] = seat
        self.ply += 1
        events = [Event("ttt-marked", {"seat": seat, "square": move})]
        for line in LINES:
            if all(self.marks[n - 1] == seat for n in line):
                self.line = line
                events.append(Event("ttt-three", {"seat": seat, "line": "-".join(map(str, line))}))
                break
        return events

    def outcome(self) -> Outcome:
        """Finished or not; one winner, or none for a full board."""
        winners: tuple[int, ...] = ()
        if self.line is not None:
            maker = self.marks[self.line[0] - 1]
            assert maker is not None
            winners = (1 - maker,) if self.misere else (maker,)
        return Outcome(self.turn is None, (0, 0), winners)

    def view(self, seat: int | None = None) -> TicTacToeView:
        """The whole board: tic-tac-toe has no secrets."""
        winners = self.outcome().winners
        return TicTacToeView(
            tuple(self.marks), self.turn, self.line, winners[0] if winners else None
        )

    def parse(self, text: str) -> int:
        """A square's number, 1–9."""
        cleaned = text.strip()
        if not (cleaned.isdigit() and 1 <= int(cleaned) <= SQUARES):
            raise InvalidMove("move-unreadable", text=text)
        move = int(cleaned)
        if self.turn is not None and move not in self.legal_moves():
            raise IllegalMove("ttt-square-taken", value=move)
        return move

    def format(self, move: int) -> str:
        """The square's number."""
        return str(move)

    def summary(self) -> dict[str, Any]:
        """The marks, square by square."""
        return {"marks": list(self.marks)}

    def clone(self) -> TicTacToeState:
        """An independent copy."""
        return copy.deepcopy(self)


class TicTacToe(Game):
    """Two players mark squares of a 3×3 grid; three in a row wins."""

    name: ClassVar[str] = "tictactoe"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_defaults: ClassVar[Mapping[str, Any]] = {"goal": "win"}

    def new(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> TicTacToeState:
        """A fresh game; the first seat is ``options["first"]`` or drawn from ``seed``."""
        checked = self.check_options(players, options or {})
        if checked["goal"] not in GOALS:
            raise InvalidRecord("record-bad-option", option="goal")
        first = checked.get("first")
        if first is None:
            first = random.Random(seed).randrange(players)
        return TicTacToeState(first, misere=checked["goal"] == "lose")


TICTACTOE = TicTacToe()
TicTacToeState.game = TICTACTOE
