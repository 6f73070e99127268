"""Tic-tac-toe's words and picker: only what every game must say; the rest is the default."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.picker import Picker
from games.words import Words
from locales import t
from rules import Event
from tests.toy.game import TicTacToeState


class TicTacToeWords(Words[TicTacToeState]):
    """Marks in words."""

    title_key = "ttt-title"

    def narrate(self, lang: str, events: Sequence[Event], names: Sequence[str]) -> str:
        """'Ana marked square 5.'"""
        marked = next(e.params for e in events if e.key == "ttt-marked")
        return t(lang, "ttt-marked", player=names[marked["seat"]], value=marked["square"])

    def result(self, lang: str, state: TicTacToeState, names: Sequence[str]) -> str:
        """'Ana wins.' or 'A draw: the grid is full.'"""
        winners = state.outcome().winners
        if not winners:
            return t(lang, "ttt-draw")
        return t(lang, "ttt-won", winner=names[winners[0]])

    def alt_text(self, lang: str, state: TicTacToeState, names: Sequence[str]) -> str:
        """'Tic-tac-toe, 3 marks. Luis to move.'"""
        turn = state.turn
        over = "yes" if turn is None else "no"
        return t(lang, "ttt-alt", placed=state.ply, next=names[turn or 0], finished=over)


class TicTacToePicker(Picker[TicTacToeState]):
    """A square, in one step."""

    def move_path(self, state: TicTacToeState, move: Any) -> tuple[str, ...]:
        """One step: the square."""
        return (str(move),)

    def prompt(self, lang: str, state: TicTacToeState, path: tuple[str, ...]) -> str:
        """Which square?"""
        return t(lang, "ttt-prompt")
