"""Stonehenge (Reiner Knizia, 1993): the rules of spec/stonehenge.md.

Events returned by ``apply`` (key: params), all public:

- ``stonehenge-placed``: seat, value, point — a druid placed face up (normal variant).
- ``stonehenge-placed-hidden``: seat, point — a druid placed face down (hidden variant).
- ``stonehenge-revealed``: line, druids, light_total, dark_total — a full line turned face up
  (hidden variant); ``line`` is the index n of L<n>, ``druids`` every druid on it in notation
  and line order ("6F 1G 3H 2I"), the totals are each side's sum on that line.
- ``stonehenge-line-won``: seat, line — ``seat`` won line L<line>.
- ``stonehenge-won``: seat — ``seat`` placed their 8th megalith and won the game.

Error keys: ``move-unreadable`` (text), ``game-over``, ``stonehenge-no-such-druid`` (value),
``stonehenge-no-such-point`` (point), ``stonehenge-point-taken`` (point), and for options
``record-bad-option`` (option).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import accumulate
from typing import Any, ClassVar

from rules.base import Event, Game, IllegalMove, InvalidMove, InvalidRecord, Outcome, State
from rules.stonehenge_view import Druid, StonehengeView

_GEOMETRY = json.loads(
    resources.files("rules").joinpath("assets/stonehenge.json").read_text(encoding="utf-8")
)

#: Intersection labels, A–R.
POINTS: str = "".join(cell["label"] for cell in _GEOMETRY["cells"])
#: The cells of lines L0–L14, in the order of records.
LINES: tuple[str, ...] = tuple(
    line["cells"] for line in sorted(_GEOMETRY["lines"], key=lambda line: int(line["id"][1:]))
)
#: Where each point lies on the board (unit hexagon spacing), for pictures of it.
POINT_XY: dict[str, tuple[float, float]] = {
    cell["label"]: (cell["xy"][0], cell["xy"][1]) for cell in _GEOMETRY["cells"]
}
#: Where the megalith of each line stands, L0–L14, in the same units.
MEGALITH_XY: tuple[tuple[float, float], ...] = tuple(
    (line["megalith"]["xy"][0], line["megalith"]["xy"][1])
    for line in sorted(_GEOMETRY["lines"], key=lambda line: int(line["id"][1:]))
)
#: Point -> indices of the three lines through it.
LINES_THROUGH: dict[str, tuple[int, ...]] = {
    p: tuple(n for n, cells in enumerate(LINES) if p in cells) for p in POINTS
}
HAND: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 4, 5, 6)
MEGALITHS = 8
SEATS = 2

# Accepts "6L", "L6", "6 L", "6@L" in any case; ASCII-only so that, say, the Kelvin sign
# never case-folds into "K". Letters beyond R are read so that they get a precise error.
_MOVE = re.compile(
    r"(?P<v1>[0-9]{1,2})\s*@?\s*(?P<p1>[a-z])|(?P<p2>[a-z])\s*@?\s*(?P<v2>[0-9]{1,2})",
    re.IGNORECASE | re.ASCII,
)


@dataclass(frozen=True)
class Placement:
    """A druid of ``value`` put on intersection ``point`` ("A"–"R")."""

    value: int
    point: str


@dataclass(frozen=True)
class _Placed:
    """A druid on the board; ``ply`` orders placements for the tie rule."""

    seat: int
    value: int
    ply: int


@dataclass(frozen=True)
class SeriesStanding:
    """Megaliths left unplaced per seat over a series, and the seats that lead it."""

    left: tuple[int, int]
    winners: tuple[int, ...]  # both seats: a tied series


def series_standing(results: Sequence[tuple[int, tuple[int, int]]]) -> SeriesStanding:
    """Add up, over finished games given as (winner, megaliths per seat), the loser's unplaced."""
    left = [0, 0]
    for winner, megaliths in results:
        loser = 1 - winner
        left[loser] += MEGALITHS - megaliths[loser]
    best = min(left)
    return SeriesStanding((left[0], left[1]), tuple(s for s in range(SEATS) if left[s] == best))


def series_first(game_index: int, first_of_game0: int) -> int:
    """The seat that starts game ``game_index`` (0-based) of a series: the start alternates."""
    return (first_of_game0 + game_index) % SEATS


#: Every placement, built once: legal move lists share them (search lists them constantly).
_PLACEMENTS: dict[int, tuple[tuple[str, Placement], ...]] = {
    value: tuple((p, Placement(value, p)) for p in POINTS) for value in sorted(set(HAND))
}


class StonehengeState(State[Placement]):
    """A Stonehenge position; seat 0 plays light, seat 1 dark."""

    def __init__(self, first: int, hidden: bool) -> None:
        self.players = SEATS
        self.ply = 0
        self.first = first
        self.hidden = hidden
        self.hands: list[list[int]] = [sorted(HAND, reverse=True) for _ in range(SEATS)]
        self.board: dict[str, _Placed] = {}
        self.revealed: set[str] = set()  # hidden variant: points of full lines
        self.owners: list[int | None] = [None] * len(LINES)
        self.winner: int | None = None
        self.last_point: str | None = None
        self.last_lines: tuple[int, ...] = ()
        # Per line, each seat's total and the empty points, kept by ``apply`` so that deciding
        # a line needs no walk over its points.
        self.line_totals: list[list[int]] = [[0] * SEATS for _ in LINES]
        self.line_empty: list[int] = [len(cells) for cells in LINES]

    @property
    def turn(self) -> int | None:
        """The seat to move, or None when the game is over."""
        return None if self.winner is not None else (self.first + self.ply) % SEATS

    @property
    def megaliths(self) -> tuple[int, int]:
        """Megaliths placed per seat: one a line won, at most 8."""
        won = [self.owners.count(s) for s in range(SEATS)]
        return (min(MEGALITHS, won[0]), min(MEGALITHS, won[1]))

    def legal_moves(self) -> list[Placement]:
        """Each distinct druid value in hand on each empty point."""
        if self.turn is None:
            return []
        board = self.board
        return [
            move
            for value in sorted(set(self.hands[self.turn]))
            for point, move in _PLACEMENTS[value]
            if point not in board
        ]

    def _check(self, move: Placement) -> None:
        """Raise IllegalMove unless ``move`` may be played now."""
        if self.turn is None:
            raise IllegalMove("game-over")
        if move.value not in self.hands[self.turn]:
            raise IllegalMove("stonehenge-no-such-druid", value=move.value)
        if move.point not in LINES_THROUGH:
            raise IllegalMove("stonehenge-no-such-point", point=move.point)
        if move.point in self.board:
            raise IllegalMove("stonehenge-point-taken", point=move.point)

    def apply(self, move: Placement) -> list[Event]:
        """Place a druid, decide every line that is now decided, and report what happened."""
        self._check(move)
        seat = self.turn
        if seat is None:  # _check refused a finished game
            raise RuntimeError("a move after the end")
        self.hands[seat].remove(move.value)
        self.board[move.point] = _Placed(seat, move.value, self.ply)
        for n in LINES_THROUGH[move.point]:
            self.line_totals[n][seat] += move.value
            self.line_empty[n] -= 1
        self.ply += 1
        self.last_point = move.point
        if self.hidden:
            events = [Event("stonehenge-placed-hidden", {"seat": seat, "point": move.point})]
            events += self._reveal(move.point)
        else:
            params = {"seat": seat, "value": move.value, "point": move.point}
            events = [Event("stonehenge-placed", params)]
        # Every undecided line, not only those through the point: the mover's hand shrank,
        # which can hand a line elsewhere to the opponent.
        decided = []
        # Per seat, the sums of its k highest druids (hands are kept sorted high to low).
        best = [[0, *accumulate(hand)] for hand in self.hands]
        for n, owner in enumerate(self.owners):
            if owner is None and (owner := self._decide(n, best)) is not None:
                self.owners[n] = owner
                decided.append(n)
                events.append(Event("stonehenge-line-won", {"seat": owner, "line": n}))
        self.last_lines = tuple(decided)
        # 15 lines cannot give both seats 8, so at most one seat gets here.
        for s, placed in enumerate(self.megaliths):
            if placed == MEGALITHS:
                self.winner = s
                events.append(Event("stonehenge-won", {"seat": s}))
        return events

    def _reveal(self, point: str) -> list[Event]:
        """Turn face up every line that ``point`` just filled (hidden variant)."""
        events = []
        for n in LINES_THROUGH[point]:
            cells = LINES[n]
            if all(p in self.board for p in cells):
                self.revealed.update(cells)
                totals = self._totals(cells)
                druids = " ".join(f"{self.board[p].value}{p}" for p in cells)
                params = {
                    "line": n,
                    "druids": druids,
                    "light_total": totals[0],
                    "dark_total": totals[1],
                }
                events.append(Event("stonehenge-revealed", params))
        return events

    def _totals(self, cells: str) -> list[int]:
        """Each seat's sum of druids on ``cells``."""
        totals = [0] * SEATS
        for p in cells:
            if p in self.board:
                totals[self.board[p].seat] += self.board[p].value
        return totals

    def _decide(self, n: int, best: list[list[int]]) -> int | None:
        """The seat that line ``n`` now goes to, or None while it is still open.

        ``best[s][k]`` is the sum of seat s's k highest druids in hand.
        """
        totals = self.line_totals[n]
        empty = self.line_empty[n]
        if empty == 0:
            if totals[0] != totals[1]:
                return 0 if totals[0] > totals[1] else 1
            last = max((self.board[p] for p in LINES[n]), key=lambda d: d.ply)
            return 1 - last.seat  # whoever placed last on a tied line loses it
        if self.hidden:
            return None  # face-down druids: lines are decided only when full
        for seat in range(SEATS):
            sums = best[1 - seat]  # the opponent's; sums[-1] is their whole hand
            # A tie is no escape: the opponent would have placed last, or seat adds more.
            if totals[1 - seat] + sums[min(empty, len(sums) - 1)] <= totals[seat]:
                return seat
        return None

    def outcome(self) -> Outcome:
        """Finished or not, megaliths placed per seat, the winner when finished."""
        winners = () if self.winner is None else (self.winner,)
        return Outcome(self.winner is not None, self.megaliths, winners)

    def view(self, seat: int | None = None) -> StonehengeView:
        """The board as ``seat`` (None: the public) may see it; hidden values stay hidden."""
        points: dict[str, Druid | None] = {}
        for p in POINTS:
            placed = self.board.get(p)
            if placed is None:
                points[p] = None
                continue
            face_down = self.hidden and p not in self.revealed
            shown = not face_down or placed.seat == seat
            points[p] = Druid(placed.seat, placed.value if shown else None, face_down)
        # In the hidden variant a hand tells what has been placed, so only its owner sees it.
        hands = tuple(
            tuple(sorted(hand)) if not self.hidden or s == seat else None
            for s, hand in enumerate(self.hands)
        )
        return StonehengeView(
            viewer=seat,
            hidden=self.hidden,
            points=points,
            line_owners=tuple(self.owners),
            megaliths=self.megaliths,
            hands=(hands[0], hands[1]),
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            turn=self.turn,
            ply=self.ply,
            last_point=self.last_point,
            last_seat=self.board[self.last_point].seat if self.last_point else None,
            last_lines=self.last_lines,
            winner=self.winner,
        )

    def parse(self, text: str) -> Placement:
        """Read "6L" (also "l6", "6 L", "6@L"); refuse it if it cannot be played now."""
        found = _MOVE.fullmatch(text.strip())  # str.strip also drops Unicode spaces
        if found is None:
            raise InvalidMove("move-unreadable", text=text)
        value = int(found["v1"] or found["v2"])
        move = Placement(value, (found["p1"] or found["p2"]).upper())
        self._check(move)
        return move

    def format(self, move: Placement) -> str:
        """The canonical notation, value then point: "6L"."""
        return f"{move.value}{move.point}"

    def summary(self) -> dict[str, Any]:
        """Line owners L0–L14 and megaliths placed per seat (spec/records.md)."""
        return {"lines": list(self.owners), "megaliths": list(self.megaliths)}

    def move_reveals(self, move: Placement) -> bool:
        """Whether ``move`` fills a line and so turns hidden druids face up."""
        if not self.hidden:
            return False
        return any(
            all(p in self.board or p == move.point for p in LINES[n])
            for n in LINES_THROUGH.get(move.point, ())
        )

    def clone(self) -> StonehengeState:
        """An independent copy; placed druids (frozen) and tuples are shared."""
        cls = type(self)
        other = cls.__new__(cls)
        other.__dict__.update(self.__dict__)
        other.hands = [list(hand) for hand in self.hands]
        other.board = dict(self.board)
        other.revealed = set(self.revealed)
        other.owners = list(self.owners)
        other.line_totals = [list(totals) for totals in self.line_totals]
        other.line_empty = list(self.line_empty)
        return other


class Stonehenge(Game):
    """Two players place druids on 15 ley lines; the first to place 8 megaliths wins."""

    name: ClassVar[str] = "stonehenge"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_defaults: ClassVar[Mapping[str, Any]] = {"hidden": False}

    def new(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> StonehengeState:
        """A fresh game; the first seat is ``options["first"]`` or drawn from ``seed``."""
        checked = self.check_options(players, options or {})
        if not isinstance(checked["hidden"], bool):
            raise InvalidRecord("record-bad-option", option="hidden")
        first = checked.get("first")
        if first is None:
            first = random.Random(seed).randrange(players)
        return StonehengeState(first, checked["hidden"])


STONEHENGE = Stonehenge()
StonehengeState.game = STONEHENGE
