"""A game ended by the table rather than by its rules: a resignation, a time-out.

The position stays as it was, but nobody is to move any more and the winners are given.
Every picture and description of a position reads ``turn``, ``outcome()`` and ``view()``,
so a copy whose class overrides those three says the result everywhere at once, for every
game, without each renderer learning about resignations.

Such a copy pickles (the drawing process draws the final board of a resigned game): its class
is made at run time and cannot be found by name, so it travels as its game's own state and
becomes an ended one again on arrival.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from functools import cache
from typing import Any

from rules.base import Outcome, State


def ended(state: State, winners: Sequence[int]) -> State:
    """A copy of ``state`` in which the game is over, won by ``winners``."""
    copy = state.clone()
    copy.__class__ = _ended_class(type(state))
    copy.winners_by_table = tuple(winners)  # type: ignore[attr-defined]
    return copy


def _ended_again(plain: State) -> State:
    """``plain`` (a game's own state holding ``winners_by_table``) as the ended copy it was."""
    plain.__class__ = _ended_class(type(plain))
    return plain


@cache
def _ended_class(cls: type[State]) -> type[State]:
    """The subclass of a game's state that reports the table's result (one per game)."""

    def turn(self: Any) -> None:
        return None

    def legal_moves(self: Any) -> list[Any]:
        return []

    def outcome(self: Any) -> Outcome:
        return Outcome(True, cls.outcome(self).scores, self.winners_by_table)

    def view(self: Any, seat: int | None = None) -> Any:
        view = cls.view(self, seat)
        winners = self.winners_by_table
        over = {
            **cls.ended_view,
            "turn": None,
            "finished": True,
            "winners": winners,
            "winner": winners[0] if len(winners) == 1 else None,
        }
        names = {f.name for f in fields(view)}
        return replace(view, **{k: v for k, v in over.items() if k in names})

    def reduce(self: Any) -> tuple[Any, tuple[State]]:
        plain = cls.__new__(cls)  # a shallow copy, only read by pickle
        plain.__dict__.update(self.__dict__)
        return _ended_again, (plain,)

    members = {"turn": property(turn), "legal_moves": legal_moves, "outcome": outcome}
    return type(f"Ended{cls.__name__}", (cls,), {**members, "view": view, "__reduce__": reduce})
