"""The Kahuna position: actions, control, the draw, rounds and scoring (spec/kahuna.md)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.base import Event, IllegalMove, InvalidMove, InvalidRecord, Outcome, State
from rules.kahuna.board import (
    BRIDGES,
    DEALT,
    DISPLAY,
    ENDS,
    HAND_LIMIT,
    ISLANDS,
    LINES,
    LINES_OF,
    ROUND_POINTS,
    ROUNDS,
    SEATS,
    TO_CONTROL,
)
from rules.kahuna.moves import (
    DECK,
    DRAWS,
    PLACES,
    REMOVES,
    Discard,
    Draw,
    KahunaMove,
    Place,
    Remove,
    discards,
    format_move,
    read_move,
)
from rules.kahuna_view import KahunaView, TurnChanges


class _TurnLog:
    """What the turn in progress has changed on the board so far (for ``TurnChanges``)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.placed: list[str] = []
        self.removed: list[tuple[str, int]] = []
        self.taken: list[str] = []
        self.lost: list[tuple[str, int]] = []

    def copy(self) -> _TurnLog:
        """An independent copy."""
        other = _TurnLog(self.seat)
        other.placed = list(self.placed)
        other.removed = list(self.removed)
        other.taken = list(self.taken)
        other.lost = list(self.lost)
        return other

    def changes(self, drew_from: str | None = None) -> TurnChanges:
        """The log as a frozen ``TurnChanges``."""
        return TurnChanges(
            self.seat,
            tuple(self.placed),
            tuple(self.removed),
            tuple(self.taken),
            tuple(self.lost),
            drew_from,
        )


class KahunaState(State[KahunaMove]):
    """A Kahuna position; ``turn`` stays on one seat through its actions and passes at the draw."""

    def __init__(
        self,
        deck: Sequence[str],
        first: int,
        rng: random.Random,
        *,
        forbid_build_on_controlled: bool = False,
        no_bridges_ends_game: bool = True,
        reshuffles: Sequence[Sequence[str]] = (),
    ) -> None:
        self.players = SEATS
        self.ply = 0
        self.rng = rng  # only for the piles of rounds 2 and 3 that ``reshuffles`` leaves open
        self.forbid_build_on_controlled = forbid_build_on_controlled
        self.no_bridges_ends_game = no_bridges_ends_game
        self.reshuffles = tuple(tuple(order) for order in reshuffles)
        # Seat 0 is dealt cards 1–3 and seat 1 cards 4–6 whoever starts (spec/records.md).
        self.hands: list[list[str]] = [list(deck[:DEALT]), list(deck[DEALT : 2 * DEALT])]
        self.display: list[str | None] = list(deck[2 * DEALT : 2 * DEALT + DISPLAY])
        self.pile: list[str] = list(deck[2 * DEALT + DISPLAY :])  # top first
        self.face_up: list[str] = []  # played cards of this round, oldest first
        self.face_down: list[str] = []  # secret discards of this round
        self.bridges: dict[str, int | None] = dict.fromkeys(LINES)
        # Per seat, island -> how many of the seat's bridges touch it: kept by ``_place`` and
        # ``_take_off`` (the only writers of ``bridges``) so that control is a look-up.
        self.touching: list[dict[str, int]] = [dict.fromkeys(ISLANDS, 0) for _ in range(SEATS)]
        self.supply = [BRIDGES] * SEATS
        self.scores = [0] * SEATS
        self.round = 1
        self.to_move = first
        self.finished = False
        self.winners: tuple[int, ...] = ()
        self.reason: str | None = None  # "rounds" or "no-bridges" once finished
        self.last_turn = TurnChanges()
        self.log = _TurnLog(first)

    # -- facts about the position ----------------------------------------------------------
    @property
    def turn(self) -> int | None:
        """The seat to move, or None when the game is over."""
        return None if self.finished else self.to_move

    def bridges_on(self, island: str, seat: int) -> int:
        """How many of ``seat``'s bridges touch ``island``."""
        return self.touching[seat][island]

    def controller(self, island: str) -> int | None:
        """The seat controlling ``island``, or None.

        Control comes only from one's own placements and a capture clears the opponent's
        bridges, so holding the majority of lines is the same as holding the Kahuna stone.
        """
        needed = TO_CONTROL[island]
        if self.touching[0][island] >= needed:
            return 0
        if self.touching[1][island] >= needed:
            return 1
        return None

    def control(self) -> dict[str, int | None]:
        """Island -> controlling seat or None, in data order."""
        return {island: self.controller(island) for island in ISLANDS}

    def islands_controlled(self) -> list[int]:
        """How many islands each seat controls."""
        owners = list(self.control().values())
        return [owners.count(seat) for seat in range(SEATS)]

    def buildable(self, seat: int, card: str) -> tuple[str, ...]:
        """The empty lines ``seat`` could build on now with ``card`` (its bridges permitting)."""
        if not self.supply[seat]:
            return ()
        return tuple(
            line
            for line in LINES_OF[card]
            if self.bridges[line] is None and self._build_forbidden_by(seat, card, line) is None
        )

    def _build_forbidden_by(self, seat: int, card: str, line: str) -> str | None:
        """The opponent-held far end that forbids building (the first edition's rule), if any."""
        if not self.forbid_build_on_controlled:
            return None
        a, b = ENDS[line]
        other = b if card == a else a
        return other if self.controller(other) == 1 - seat else None

    # -- legal moves -------------------------------------------------------------------------
    def legal_moves(self) -> list[KahunaMove]:
        """Every action and draw the player to move may make now, without duplicates."""
        if self.finished:
            return []
        seat = self.to_move
        cards = sorted(self.hands[seat])
        bridges = self.bridges
        moves: list[KahunaMove] = []
        if self.supply[seat]:
            for card in dict.fromkeys(cards):  # each island once, in order
                for line in LINES_OF[card]:
                    if bridges[line] is None and self._build_forbidden_by(seat, card, line) is None:
                        moves.append(PLACES[line, card])
        opponent = 1 - seat
        for line in LINES:
            if bridges[line] == opponent:
                a, b = ENDS[line]
                has_a, has_b = cards.count(a), cards.count(b)
                both_a, either, both_b = REMOVES[line]
                if has_a >= 2:
                    moves.append(both_a)
                if has_a and has_b:
                    moves.append(either)
                if has_b >= 2:
                    moves.append(both_b)
        moves += discards(tuple(cards))
        if len(cards) < HAND_LIMIT:
            if self.pile:
                moves.append(DRAWS[DECK])
            moves += [DRAWS[card] for card in sorted({c for c in self.display if c})]
        return moves

    def _check(self, move: KahunaMove) -> None:
        """Raise IllegalMove (or InvalidMove for a malformed value) unless ``move`` is legal."""
        if self.finished:
            raise IllegalMove("game-over")
        seat = self.to_move
        if isinstance(move, Place):
            self._check_place(seat, move)
        elif isinstance(move, Remove):
            self._check_remove(seat, move)
        elif isinstance(move, Discard) and move.cards:
            _check_islands(move.cards)
            self._check_hand(seat, move.cards)
        elif isinstance(move, Draw):
            self._check_draw(seat, move)
        else:
            raise InvalidMove("move-unreadable", text=repr(move))

    def _check_place(self, seat: int, move: Place) -> None:
        """Refuse a placement that breaks a rule of "Place a bridge"."""
        _check_line(move.line)
        _check_islands((move.card,))
        _check_on_line(move.line, (move.card,))
        if self.bridges[move.line] is not None:
            raise IllegalMove("kahuna-line-taken", line=move.line)
        self._check_hand(seat, (move.card,))
        if not self.supply[seat]:
            raise IllegalMove("kahuna-no-bridges-left")
        island = self._build_forbidden_by(seat, move.card, move.line)
        if island is not None:
            raise IllegalMove("kahuna-build-on-controlled", island=island)

    def _check_remove(self, seat: int, move: Remove) -> None:
        """Refuse a removal that breaks a rule of "Remove an opponent bridge"."""
        if len(move.cards) != 2:
            raise InvalidMove("move-unreadable", text=repr(move))
        _check_line(move.line)
        _check_islands(move.cards)
        _check_on_line(move.line, move.cards)
        if self.bridges[move.line] != 1 - seat:
            raise IllegalMove("kahuna-no-opponent-bridge", line=move.line)
        self._check_hand(seat, move.cards)

    def _check_draw(self, seat: int, move: Draw) -> None:
        """Refuse a draw over the hand limit or from an empty source."""
        if move.source != DECK:
            _check_islands((move.source,))
        if len(self.hands[seat]) >= HAND_LIMIT:
            raise IllegalMove("kahuna-hand-full")
        if move.source == DECK and not self.pile:
            raise IllegalMove("kahuna-pile-empty")
        if move.source != DECK and move.source not in self.display:
            raise IllegalMove("kahuna-not-in-display", card=move.source)
        if self._last_card():
            # A bad ``reshuffles`` order is a record fault; find it before anything changes.
            self._given_order(self.round + 1, self.face_up + self.face_down)

    def _check_hand(self, seat: int, cards: Iterable[str]) -> None:
        """Refuse cards that ``seat`` does not hold (as many times as they are named)."""
        hand = self.hands[seat]
        cards = list(cards)
        for card in dict.fromkeys(cards):  # the first missing card in the order given
            if hand.count(card) < cards.count(card):
                raise IllegalMove("kahuna-card-not-in-hand", card=card)

    def _last_card(self) -> bool:
        """Whether the next draw takes the last card of the round."""
        left = len(self.pile) + sum(card is not None for card in self.display)
        return left == 1

    # -- playing -------------------------------------------------------------------------------
    def apply(self, move: KahunaMove) -> list[Event]:
        """Play one action or the draw that ends the turn; return its public events."""
        self._check(move)
        seat = self.to_move
        if isinstance(move, Place):
            events = self._place(seat, move)
        elif isinstance(move, Remove):
            events = self._remove(seat, move)
        elif isinstance(move, Discard):
            events = self._discard(seat, move)
        else:
            events = self._draw(seat, move)
        self.ply += 1
        return events

    def _play_cards(self, seat: int, cards: Iterable[str], face_up: bool) -> None:
        """Move ``cards`` from ``seat``'s hand to the discard pile."""
        for card in cards:
            self.hands[seat].remove(card)
            (self.face_up if face_up else self.face_down).append(card)

    def _take_off(self, line: str) -> int:
        """Return the bridge on ``line`` to its owner's supply; the owner."""
        owner = self.bridges[line]
        if owner is None:  # only bridges that stand are taken off
            raise RuntimeError(f"no bridge on {line} to take off")
        self.bridges[line] = None
        for island in ENDS[line]:
            self.touching[owner][island] -= 1
        self.supply[owner] += 1
        self.log.removed.append((line, owner))
        return owner

    def _losses(self, seat: int, before: Mapping[str, int | None]) -> list[Event]:
        """Record and report the islands ``seat`` controlled ``before`` and no longer does."""
        events = []
        for island in ISLANDS:
            if before[island] == seat and self.controller(island) != seat:
                self.log.lost.append((island, seat))
                events.append(Event("kahuna-lost-control", {"seat": seat, "island": island}))
        return events

    def _place(self, seat: int, move: Place) -> list[Event]:
        """Build a bridge, then take and clear every island it gives ``seat`` control of."""
        before = self.control()
        self._play_cards(seat, (move.card,), face_up=True)
        self.bridges[move.line] = seat
        for island in ENDS[move.line]:
            self.touching[seat][island] += 1
        self.supply[seat] -= 1
        self.log.placed.append(move.line)
        events = [Event("kahuna-placed", {"seat": seat, "line": move.line, "card": move.card})]
        opponent = 1 - seat
        for island in ENDS[move.line]:
            # An island already held changes nothing: its opponent bridges stay.
            if before[island] == seat or self.controller(island) != seat:
                continue
            cleared = [line for line in LINES_OF[island] if self.bridges[line] == opponent]
            for line in cleared:
                self._take_off(line)
            self.log.taken.append(island)
            params = {"seat": seat, "island": island, "cleared": cleared}
            events.append(Event("kahuna-took", params))
        # One step only: losing these stones takes nothing else away and gives seat nothing.
        return events + self._losses(opponent, before)

    def _remove(self, seat: int, move: Remove) -> list[Event]:
        """Take an opponent bridge off with two cards; its owner may lose either end."""
        before = self.control()
        self._play_cards(seat, move.cards, face_up=True)
        owner = self._take_off(move.line)
        params = {"seat": seat, "line": move.line, "owner": owner, "cards": list(move.cards)}
        return [Event("kahuna-removed", params), *self._losses(owner, before)]

    def _discard(self, seat: int, move: Discard) -> list[Event]:
        """Put cards face down: the public learns only how many."""
        self._play_cards(seat, move.cards, face_up=False)
        return [Event("kahuna-discarded", {"seat": seat, "count": len(move.cards)})]

    def _draw(self, seat: int, move: Draw) -> list[Event]:
        """Take a card, end the turn, and settle the round and the game when they end."""
        started_in = self.round
        if move.source == DECK:
            card = self.pile.pop(0)
            events = [Event("kahuna-drew-pile", {"seat": seat})]
            drew_from = "pile"
        else:
            card = move.source
            # The slot is refilled at once from the pile while it has cards.
            self.display[self.display.index(card)] = self.pile.pop(0) if self.pile else None
            events = [Event("kahuna-drew-display", {"seat": seat, "card": card})]
            drew_from = card
        self.hands[seat].append(card)
        self.last_turn = self.log.changes(drew_from)
        if not self.pile and not any(self.display):
            events += self._end_round()
        # Checked after the scoring and lay-out that this draw caused; never after round 1.
        if not self.finished and self.no_bridges_ends_game and started_in >= 2:
            events += self._check_bridges()
        self.to_move = 1 - seat
        self.log = _TurnLog(self.to_move)
        return events

    def _end_round(self) -> list[Event]:
        """Score the round just ended; lay out the next one, or finish after round 3."""
        events = []
        while True:
            islands = self.islands_controlled()
            lead = _leader(islands)
            if self.round == ROUNDS:
                points = [0] * SEATS
                if lead is not None:
                    points[lead] = abs(islands[0] - islands[1])
            else:
                points = [ROUND_POINTS[self.round] if s == lead else 0 for s in range(SEATS)]
            self.scores = [a + b for a, b in zip(self.scores, points, strict=True)]
            params = {"round": self.round, "points": points, "islands": islands}
            events.append(Event("kahuna-round-scored", params))
            if self.round == ROUNDS:
                return events + self._finish("rounds", _best(self.scores))
            self.round += 1
            pile = self._new_pile()
            self.display = [*pile[:DISPLAY], *[None] * max(0, DISPLAY - len(pile))]
            self.pile = pile[DISPLAY:]
            events.append(Event("kahuna-round-started", {"round": self.round}))
            # With no card to lay out the new round is over at once (24 cards and hands of at
            # most 5 leave at least 14 to reshuffle, so this guards a rule, not a real game).
            if any(self.display):
                return events

    def _new_pile(self) -> list[str]:
        """The whole discard pile, shuffled (or in the record's order), as the new pile."""
        cards = self.face_up + self.face_down
        self.face_up, self.face_down = [], []
        given = self._given_order(self.round, cards)
        if given is not None:
            return list(given)
        pile = sorted(cards)  # the order the cards were played in must not matter
        self.rng.shuffle(pile)
        return pile

    def _given_order(self, round_: int, cards: list[str]) -> tuple[str, ...] | None:
        """The record's pile for ``round_``, checked against ``cards``, or None if not given."""
        index = round_ - 2
        if not 0 <= index < len(self.reshuffles):
            return None
        order = self.reshuffles[index]
        if Counter(order) != Counter(cards):
            raise InvalidRecord("record-bad-option", option="reshuffles", round=round_)
        return order

    def _check_bridges(self) -> list[Event]:
        """End the game if a player has no bridge on the board (both: a draw)."""
        bare = [s for s in range(SEATS) if s not in self.bridges.values()]
        if not bare:
            return []
        winners = tuple(s for s in range(SEATS) if s not in bare) or tuple(range(SEATS))
        return self._finish("no-bridges", winners)

    def _finish(self, reason: str, winners: tuple[int, ...]) -> list[Event]:
        """Stop the game."""
        self.finished, self.reason, self.winners = True, reason, winners
        params = {"winners": list(winners), "reason": reason, "scores": list(self.scores)}
        return [Event("kahuna-game-over", params)]

    # -- reading the position ------------------------------------------------------------------
    def outcome(self) -> Outcome:
        """Finished or not, points so far, the winners when finished (both on a draw)."""
        return Outcome(self.finished, tuple(self.scores), self.winners)

    def view(self, seat: int | None = None) -> KahunaView:
        """The position as ``seat`` (None: the public) may see it; other hands stay hidden."""
        hand = None if seat is None else tuple(sorted(self.hands[seat]))
        buildable: dict[str, tuple[str, ...]] = {}
        if seat is not None and hand is not None and not self.finished:
            buildable = {card: self.buildable(seat, card) for card in sorted(set(hand))}
        return KahunaView(
            viewer=seat,
            islands=ISLANDS,
            bridges=dict(self.bridges),
            control=self.control(),
            display=(self.display[0], self.display[1], self.display[2]),
            pile_size=len(self.pile),
            discard_face_up=tuple(self.face_up),
            discard_face_down=len(self.face_down),
            hand=hand,
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            bridges_left=(self.supply[0], self.supply[1]),
            round=self.round,
            scores=(self.scores[0], self.scores[1]),
            turn=self.turn,
            ply=self.ply,
            changes=self.last_turn,
            current=TurnChanges() if self.finished else self.log.changes(),
            buildable=buildable,
            finished=self.finished,
            winners=self.winners,
            reason=self.reason,
        )

    def parse(self, text: str) -> KahunaMove:
        """Read a move in notation and refuse it unless it is legal now."""
        try:
            move = read_move(text)
        except IllegalMove:
            if self.finished:  # an unknown island matters less than the game being over
                raise IllegalMove("game-over") from None
            raise
        self._check(move)
        return move

    def format(self, move: KahunaMove) -> str:
        """The canonical notation: ``place Elai-Huna with Huna``."""
        return format_move(move)

    def summary(self) -> dict[str, Any]:
        """Round, control, bridges, hand sizes and pile size (spec/records.md)."""
        return {
            "round": self.round,
            "control": self.control(),
            "bridges": dict(self.bridges),
            "hand_sizes": [len(hand) for hand in self.hands],
            "pile": len(self.pile),
        }

    def move_reveals(self, move: KahunaMove) -> bool:
        """Whether ``move`` turns up a hidden card, so that undoing it would leak a secret.

        True for every draw that brings a face-down card into someone's sight: the top of the
        pile (seen by the drawer), a face-up card whose slot is refilled from the pile (the
        refill is shown to all), and the draw that ends a round (the new display is laid out).
        A face-down discard reveals nothing: its owner already knew the cards and the others
        learn only their number.
        """
        if not isinstance(move, Draw):
            return False
        return move.source == DECK or bool(self.pile) or self._last_card()

    def clone(self) -> KahunaState:
        """An independent copy (the random generator included); immutable parts are shared."""
        cls = type(self)
        other = cls.__new__(cls)
        # Tuples, strings, numbers and the frozen ``last_turn`` are shared; the rest is copied.
        other.__dict__.update(self.__dict__)
        # Random() would seed itself from the system first, which costs as much again.
        other.rng = random.Random.__new__(type(self.rng))
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(hand) for hand in self.hands]
        other.display = list(self.display)
        other.pile = list(self.pile)
        other.face_up = list(self.face_up)
        other.face_down = list(self.face_down)
        other.bridges = dict(self.bridges)
        other.touching = [dict(counts) for counts in self.touching]
        other.supply = list(self.supply)
        other.scores = list(self.scores)
        other.log = self.log.copy()
        return other


def _check_line(line: str) -> None:
    """Refuse a line that is not on the board."""
    if line not in ENDS:
        raise IllegalMove("kahuna-no-such-line", line=line)


def _check_islands(cards: Iterable[str]) -> None:
    """Refuse a card that is not an island's."""
    for card in cards:
        if card not in TO_CONTROL:
            raise IllegalMove("kahuna-no-such-island", name=card)


def _check_on_line(line: str, cards: Iterable[str]) -> None:
    """Refuse a card naming neither end of ``line``."""
    for card in cards:
        if card not in ENDS[line]:
            raise IllegalMove("kahuna-card-not-on-line", card=card, line=line)


def _leader(counts: Sequence[int]) -> int | None:
    """The seat with the strictly highest count, or None on a tie."""
    best = max(counts)
    leaders = [s for s, c in enumerate(counts) if c == best]
    return leaders[0] if len(leaders) == 1 else None


def _best(scores: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the highest total (both on a draw)."""
    return tuple(s for s, c in enumerate(scores) if c == max(scores))
