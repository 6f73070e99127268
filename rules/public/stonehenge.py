"""Stonehenge's public record: a face-down druid never revealed is ``?`` and its point (``?F``).

Only the hidden variant has such druids. A line is decided only once full, and a full line is
turned face up, so an unknown druid never decides anything: the position is public all the
same, but for the hands (whose values were placed face down is not known).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from rules.base import IllegalMove, InvalidRecord
from rules.public.common import UNKNOWN, Publisher
from rules.stonehenge import LINES, LINES_THROUGH, STONEHENGE, Placement, StonehengeState
from rules.stonehenge_view import Druid, StonehengeView

#: The value an unknown druid has on the board here (real druids are 1 to 6).
UNKNOWN_VALUE = 0
_UNKNOWN_MOVE = re.compile(r"\?\s*@?\s*([a-z])", re.IGNORECASE | re.ASCII)


def public_moves(record: Any, seat: int | None) -> tuple[list[str], list[str]]:
    """Each druid as placed, ``?`` for its value when it stayed face down to ``seat``."""
    state = STONEHENGE.new(record.players, record.seed, record.options)
    placed: list[tuple[str, int | None, str]] = []  # (notation, mover, point)
    for text in record.moves:
        move = state.parse(text)
        placed.append((state.format(move), state.turn, move.point))
        state.apply(move)
    # Revealed by the end of the game (a full line), or the reader's own: written in full.
    moves = [
        text if not state.hidden or mover == seat or point in state.revealed else UNKNOWN + point
        for text, mover, point in placed
    ]
    return moves, []


class PublicStonehengeState(StonehengeState):
    """A position whose face-down druids may be unknown (their value 0 here)."""

    #: per seat, druids placed whose value is unknown (gone from the hand, which one unknown)
    spent: list[int]

    def parse(self, text: str) -> Placement:
        found = _UNKNOWN_MOVE.fullmatch(text.strip())
        if found is None:
            return super().parse(text)
        move = Placement(UNKNOWN_VALUE, found[1].upper())
        self._check(move)
        return move

    def _check(self, move: Placement) -> None:
        seat = self.turn
        if seat is not None and len(self.hands[seat]) <= self.spent[seat]:
            raise IllegalMove("stonehenge-no-such-druid", value=move.value or UNKNOWN)
        if move.value != UNKNOWN_VALUE:
            super()._check(move)
            return
        if not self.hidden:  # face up, every druid was seen
            raise InvalidRecord("record-public-unknown", point=move.point)
        if seat is None:
            raise IllegalMove("game-over")
        if move.point not in LINES_THROUGH:
            raise IllegalMove("stonehenge-no-such-point", point=move.point)
        if move.point in self.board:
            raise IllegalMove("stonehenge-point-taken", point=move.point)

    def apply(self, move: Placement) -> list[Any]:
        if move.value == UNKNOWN_VALUE:
            self._check(move)
            seat = self.turn
            if seat is not None:
                # One of the seat's druids went; which is unknown. The placeholder put in the
                # hand is taken out again at once by the placement.
                self.hands[seat].append(UNKNOWN_VALUE)
                self.spent[seat] += 1
        return super().apply(move)

    def _reveal(self, point: str) -> list[Any]:
        for n in LINES_THROUGH[point]:
            cells = LINES[n]
            if all(p in self.board for p in cells) and any(
                self.board[p].value == UNKNOWN_VALUE for p in cells
            ):
                # A full line was turned face up: its druids cannot be unknown.
                raise InvalidRecord("record-public-unrevealed", line=n)
        return super()._reveal(point)

    def view(self, seat: int | None = None) -> StonehengeView:
        view = super().view(seat)
        points: dict[str, Druid | None] = {
            p: Druid(d.seat, None, True) if d is not None and d.value == UNKNOWN_VALUE else d
            for p, d in view.points.items()
        }
        known = [not self.spent[s] for s in range(len(self.spent))]
        hands = tuple(h if known[s] else None for s, h in enumerate(view.hands))
        sizes = tuple(n - self.spent[s] for s, n in enumerate(view.hand_sizes))
        return replace(
            view,
            points=points,
            hands=(hands[0], hands[1]),
            hand_sizes=(sizes[0], sizes[1]),
        )

    def clone(self) -> PublicStonehengeState:
        other = cast(PublicStonehengeState, super().clone())
        other.spent = list(self.spent)
        return other


def public_state(
    players: int, options: Mapping[str, Any], shown: Sequence[str]
) -> PublicStonehengeState:
    """The start of a public record's game (``first`` is in its options)."""
    if shown:
        raise InvalidRecord("record-bad-field", field="shown")
    # The game's own start checks the options; ``first`` is given, so no seed is read.
    state = cast(PublicStonehengeState, STONEHENGE.new(players, 0, options))
    state.__class__ = PublicStonehengeState
    state.spent = [0] * players
    return state


PUBLISHER = Publisher(public_moves, public_state)
