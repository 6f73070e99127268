"""Kahuna's public record: face-down discards as ``discard ? ?``, hands and the pile unknown.

Everyone saw the display: the three cards laid out at the start, each card that refilled a
slot and each new round's lay-out. The record lists them, in that order, as ``shown``; every
other card that left the pile (into a hand) stays unknown, and so do the hands: a card played
face up from a hand of unknown cards was one of them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from rules.base import Event, IllegalMove, InvalidMove, InvalidRecord
from rules.kahuna import CARDS, DECK, ISLANDS, KAHUNA, Discard, Draw, KahunaMove
from rules.kahuna.board import DEALT, DISPLAY
from rules.kahuna.moves import format_move
from rules.kahuna.state import KahunaState
from rules.kahuna_view import KahunaView
from rules.public.common import UNKNOWN, Publisher

_UNKNOWN_DISCARD = re.compile(r"discard((?: \?)+)", re.IGNORECASE)


def public_moves(record: Any, seat: int | None) -> tuple[list[str], list[str]]:
    """Each action as announced (another seat's discards unknown) and the display's cards."""
    state = KAHUNA.new(record.players, record.seed, record.options)
    shown = [card for card in state.display if card is not None]
    moves = []
    for text in record.moves:
        move = state.parse(text)
        mover, round_, pile = state.turn, state.round, list(state.pile)
        state.apply(move)
        notation = state.format(move)
        if isinstance(move, Discard) and mover != seat:
            notation = format_move(Discard((UNKNOWN,) * len(move.cards)))
        moves.append(notation)
        if isinstance(move, Draw) and move.source != DECK and pile:
            shown.append(pile[0])  # the slot was refilled from the pile, face up
        if state.round != round_:
            shown += [card for card in state.display if card is not None]
    return moves, shown


class PublicKahunaState(KahunaState):
    """A position whose hands, face-down discards and pile are unknown cards (``?``)."""

    #: the display's cards after the first three, in the order they were laid out
    queue: tuple[str, ...]
    laid: int  # how many of ``queue`` are out

    def _next_shown(self) -> str:
        if self.laid >= len(self.queue):
            raise InvalidRecord("record-bad-field", field="shown")
        self.laid += 1
        return self.queue[self.laid - 1]

    def parse(self, text: str) -> KahunaMove:
        found = _UNKNOWN_DISCARD.fullmatch(" ".join(text.split()))
        if found is None:
            return super().parse(text)
        move = Discard((UNKNOWN,) * found[1].count(UNKNOWN))
        self._check(move)
        return move

    def _check(self, move: KahunaMove) -> None:
        if not (isinstance(move, Discard) and UNKNOWN in move.cards):
            super()._check(move)
            return
        if self.finished:
            raise IllegalMove("game-over")
        if set(move.cards) != {UNKNOWN}:
            raise InvalidMove("move-unreadable", text=format_move(move))
        if len(move.cards) > len(self.hands[self.to_move]):
            raise IllegalMove("kahuna-card-not-in-hand", card=UNKNOWN)

    def _check_hand(self, seat: int, cards: Iterable[str]) -> None:
        """A card named is one the hand holds, or one of its unknown cards."""
        hand, cards = self.hands[seat], list(cards)
        missing = [c for c in dict.fromkeys(cards) if hand.count(c) < cards.count(c)]
        short = sum(cards.count(c) - hand.count(c) for c in missing)
        if short > hand.count(UNKNOWN):
            raise IllegalMove("kahuna-card-not-in-hand", card=missing[0])

    def _play_cards(self, seat: int, cards: Iterable[str], face_up: bool) -> None:
        hand = self.hands[seat]
        for card in cards:
            if card == UNKNOWN:  # one card went, which one is unknown: so is the whole hand now
                hand[:] = [UNKNOWN] * (len(hand) - 1)
            else:
                hand.remove(card if card in hand else UNKNOWN)
            (self.face_up if face_up else self.face_down).append(card)

    def _draw(self, seat: int, move: Draw) -> list[Event]:
        refilled = move.source != DECK and bool(self.pile)
        slot = self.display.index(move.source) if refilled else 0
        events = super()._draw(seat, move)
        if refilled:  # the card that came up from the pile, as everyone saw it
            self.display[slot] = self._next_shown()
        return events

    def _new_pile(self) -> list[str]:
        count = len(self.face_up) + len(self.face_down)
        self.face_up, self.face_down = [], []
        laid = [self._next_shown() for _ in range(min(DISPLAY, count))]
        return [*laid, *[UNKNOWN] * (count - len(laid))]

    def view(self, seat: int | None = None) -> KahunaView:
        """The public view whoever asks: no hand here is known."""
        return super().view(None)


def public_state(players: int, options: Mapping[str, Any], shown: Sequence[str]) -> KahunaState:
    """The start of a public record's game: unknown hands and pile, the display shown."""
    if len(shown) < DISPLAY or not set(shown) <= set(ISLANDS):
        raise InvalidRecord("record-bad-field", field="shown")
    checked = KAHUNA.new(players, 0, options)  # checks the options; its deal is not used
    rest = len(CARDS) - 2 * DEALT - DISPLAY
    deck = [*[UNKNOWN] * (2 * DEALT), *shown[:DISPLAY], *[UNKNOWN] * rest]
    state = PublicKahunaState(
        deck,
        cast(int, checked.turn),
        random.Random(0),  # never drawn from: every new pile is laid out as shown
        forbid_build_on_controlled=checked.forbid_build_on_controlled,
        no_bridges_ends_game=checked.no_bridges_ends_game,
    )
    state.queue, state.laid = tuple(shown[DISPLAY:]), 0
    return state


PUBLISHER = Publisher(public_moves, public_state)
