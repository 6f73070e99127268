"""Kahuna's sampler: a deal, the orders of later piles and the other seat's face-down discards
that fit every sight one seat had (its computer player's ``sample``, ``kahuna_state``).

The seat saw its own hand, the display, the cards played face up and its own draws; the rest
is chosen with the player's own generator, as late as possible, and the game is then
replayed by the rules (``ai.sample.new_state``): the record's seed and deck are never read.
"""

from __future__ import annotations

import random
from collections import Counter

from ai.knowledge import SeatInfo
from ai.sample import new_state
from rules.base import RulesError, State
from rules.kahuna import CARDS, DECK


class _Conflict(Exception):
    """A sampled choice contradicts a later observation: sample again."""


WILD = 1000  # ids from here on: a card the other seat drew unseen, not yet chosen from the pile


class _KahunaDeal:
    """Plays the seat's history over card tokens whose island is learned lazily.

    Every physical card is a token; a token gets an island when the seat sees it (its own
    cards, the display, cards played face up, its own pile draws). Cards the seat never saw
    stay open and get islands at the end from what is left. A pile is a bag: its order is
    the order tokens are taken from it. What the other seat did unseen is decided as late
    as possible, when it must fit what followed: a draw from the pile is a wildcard until
    that seat plays a card it must have drawn (or the round ends), and a face-down discard
    is chosen at the end of its round among the cards held then and never played after.
    """

    def __init__(self, info: SeatInfo, rng: random.Random, spread: float = 0.25) -> None:
        self.rng = rng
        self.value: list[str | None] = [None] * len(CARDS)
        self.left = Counter(CARDS)  # islands not yet given to a token
        self.me, self.other = info.seat, 1 - info.seat
        tokens = list(range(len(CARDS)))
        hands = [tokens[0:3], tokens[3:6]]
        for token, card in zip(hands[self.me], info.start[0], strict=True):
            self._bind(token, card)
        self.hands = hands
        self.display: list[int | None] = tokens[6:9]
        for token, card in zip(self.display, info.start[1], strict=True):
            self._bind(token, card)  # type: ignore[arg-type]
        self.bag = tokens[9:]
        self.orders: list[list[int]] = [list(tokens[:9])]  # round 1: the deal, then the pile
        self.face_up: list[int] = []
        self.face_down: list[int] = []
        self.discards: list[list[int]] = []  # per move: the tokens a hidden discard used
        #: the other seat's face-down discards not yet chosen: (index in ``discards``, how
        #: many cards, the tokens it held then)
        self.pending: list[tuple[int, int, set[int]]] = []
        self.wilds: list[int] = []  # unseen draws of this round not yet chosen
        self.resolved: dict[int, int] = {}
        self.next_wild = WILD
        self.spread = spread  # how often a later option is taken instead of the first

    def _bind(self, token: int, card: str) -> None:
        if self.value[token] is None:
            if self.left[card] <= 0:
                raise _Conflict
            self.left[card] -= 1
            self.value[token] = card
        elif self.value[token] != card:
            raise _Conflict

    def _resolve(self, wild: int, token: int) -> None:
        """The unseen draw ``wild`` was ``token``: it leaves the pile for where the wild is."""
        self.bag.remove(token)
        self.wilds.remove(wild)
        self.resolved[wild] = token
        for tokens in (self.hands[self.other], self.face_up, self.face_down):
            if wild in tokens:
                tokens[tokens.index(wild)] = token
        for _, _, held in self.pending:
            if wild in held:
                held.add(token)

    def _take(self, tokens: list[int], card: str) -> int:
        """A token of ``card`` from ``tokens`` (a hand or the pile).

        The options are a token seen as ``card``, then an unseen draw that may have been it
        or an unseen card, the latest first (a card that came late could not have gone in
        an earlier face-down discard). The first is taken most often, the others now and
        then, so that a sample that ran into a contradiction is followed by different ones.
        """
        options: list[tuple[int, int | None]] = []  # (token or wild, token of the pile)
        free = [t for t in self.bag if self.value[t] is None]
        seen_in_bag = [t for t in self.bag if self.value[t] == card]
        for token in reversed(tokens):
            if token >= WILD:
                if seen_in_bag:
                    options.append((token, self.rng.choice(seen_in_bag)))
                elif free and self.left[card] > 0:
                    options.append((token, self.rng.choice(free)))
            elif self.value[token] == card or (self.value[token] is None and self.left[card] > 0):
                options.append((token, None))
        if not options:
            raise _Conflict
        # A card seen as ``card`` first: holding it and another copy unseen is the rare case.
        options.sort(key=lambda option: option[0] >= WILD or self.value[option[0]] is None)
        pick = 0
        while pick + 1 < len(options) and self.rng.random() < self.spread:
            pick += 1
        token, drawn = options[pick]
        if drawn is not None:
            self._resolve(token, drawn)
            token = drawn
        self._bind(token, card)
        tokens.remove(token)
        return token

    def _pile_left(self) -> int:
        return len(self.bag) - len(self.wilds)

    def _from_bag(self, card: str | None) -> int:
        if card:
            token = self._take(self.bag, card)
        else:
            token = self.next_wild
            self.next_wild += 1
            self.wilds.append(token)
        self.orders[-1].append(token)
        return token

    def play(self, mover: int, text: str, seen: tuple) -> None:
        drawn, display, _round = seen
        verb, _, rest = text.partition(" ")
        hand = self.hands[mover]
        if verb in ("place", "remove"):
            cards = rest.split(" with ")[1].split("+")
            for card in cards:
                self.face_up.append(self._take(hand, card))
        elif verb == "discard":
            if mover == self.me:
                used = [self._take(hand, card) for card in rest.split()]
                self.face_down += used
                self.discards.append(used)
            else:
                self.pending.append((len(self.discards), len(rest.split()), set(hand)))
                self.discards.append([])
        else:
            source = rest
            if source == DECK:
                hand.append(self._from_bag(drawn if mover == self.me else None))
            else:
                slot = next(
                    i
                    for i, t in enumerate(self.display)
                    if t is not None and self.value[t] == source
                )
                hand.append(self.display[slot])  # type: ignore[arg-type]
                self.display[slot] = self._from_bag(display[slot]) if self._pile_left() else None
            if not self._pile_left() and not any(t is not None for t in self.display):
                self._new_round(display)

    def _draw_wilds(self) -> None:
        """Choose, from what is left in the pile, every unseen draw still open."""
        for wild in list(self.wilds):
            self._resolve(wild, self.rng.choice(self.bag))

    def _settle(self) -> None:
        """Choose the cards of the other seat's face-down discards, among those it held then
        and never played afterwards."""
        hand = self.hands[self.other]
        for index, count, held in self.pending:
            eligible = [t for t in hand if t in held]
            if len(eligible) < count:
                raise _Conflict
            used = self.rng.sample(eligible, count)
            for token in used:
                hand.remove(token)
            self.face_down += used
            self.discards[index] = used
        self.pending = []

    def _new_round(self, display: tuple) -> None:
        self._draw_wilds()
        self._settle()
        self.bag = self.face_up + self.face_down
        self.face_up, self.face_down = [], []
        self.orders.append([])
        self.display = [self._from_bag(card) if card else None for card in display]

    def finish(self) -> tuple[list[str], list[list[str]]]:
        """Islands for the unseen tokens; the deck and the orders of later piles."""
        self._draw_wilds()
        self._settle()
        rest = list(self.left.elements())
        self.rng.shuffle(rest)
        for token, value in enumerate(self.value):
            if value is None:
                self.value[token] = rest.pop()
        self.rng.shuffle(self.bag)  # what nobody has drawn yet, in any order
        self.orders[-1] += self.bag
        names = [[self.value[self.resolved.get(t, t)] for t in order] for order in self.orders]
        return names[0], names[1:]  # type: ignore[return-value]


def kahuna_hidden(
    info: SeatInfo, rng: random.Random
) -> tuple[list[str], list[list[str]], list[str]] | None:
    """A deck, the piles of later rounds and the moves with every face-down discard named,
    that lead to every sight the seat had (None when no try fits)."""
    for attempt in range(200):
        deal = _KahunaDeal(info, rng, 0.1 if attempt < 30 else 0.25 if attempt < 120 else 0.5)
        try:
            for mover, text, seen in zip(info.movers, info.moves, info.seen, strict=True):
                deal.play(mover, text, seen)
            deck, reshuffles = deal.finish()
        except _Conflict:
            continue
        hidden = iter(deal.discards)
        moves = [
            "discard " + " ".join(deal.value[t] for t in next(hidden))  # type: ignore[misc]
            if text.startswith("discard ")
            else text
            for text in info.moves
        ]
        return deck, reshuffles, moves
    return None


def kahuna_state(info: SeatInfo, rng: random.Random) -> State:
    """A Kahuna state from ``kahuna_hidden``, replayed by the rules (ai/kahuna.py's sampler)."""
    for _ in range(5):
        found = kahuna_hidden(info, rng)
        if found is None:
            break
        deck, reshuffles, moves = found
        try:
            state = new_state(info, rng, deck=deck, reshuffles=reshuffles)
            for text in moves:
                state.play(text)
        except RulesError:
            continue  # a sample the rules refuse (should not happen): draw again
        return state
    raise RuntimeError("no deal fits what this seat saw")
