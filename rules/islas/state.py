"""The Islas position: placing tiles and followers, the draw, scoring during and at the end."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import compress
from typing import Any, ClassVar

from rules.base import Event, IllegalMove, InvalidMove, Outcome, State
from rules.islas.features import AROUND, Board, Feature
from rules.islas.moves import (
    PLACEMENTS,
    SLOT_LISTS,
    Placement,
    Skip,
    format_move,
    read_move,
    slot_list,
    where_named,
)
from rules.islas.shapes import (
    FOLLOWER_CHOICES,
    KINDS,
    SHAPES,
    TURN_SETS,
    Shape,
)
from rules.islas.tiles import ROTATIONS, START
from rules.islas_view import Follower, IslasView, PlacedTile, Scored, Spot

FOLLOWERS = 7  # each player's


def spot_label(index: int) -> str:
    """The label of the ``index``-th spot: A … Z, AA, AB, …"""
    label = ""
    index += 1
    while index:
        index, letter = divmod(index - 1, 26)
        label = chr(ord("A") + letter) + label
    return label


#: The labels of the first spots, made once: a move names its spot by one.
_LABELS = tuple(spot_label(i) for i in range(256))


def _label(index: int) -> str:
    """``spot_label(index)``, read from a table where it can be."""
    return _LABELS[index] if index < len(_LABELS) else spot_label(index)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _well_formed(move: Any) -> bool:
    """Whether ``move`` is a Placement with values of the right types (it may be built by hand)."""
    if not isinstance(move, Placement):
        return False
    # Plain ints first: the moves ``legal_moves`` made, checked again on every ``apply``.
    x, y, rotation = move.x, move.y, move.rotation
    plain = type(x) is int and type(y) is int and type(rotation) is int
    if not plain and not all(_is_int(v) for v in (x, y, rotation)):
        return False
    follower = move.follower
    return follower is None or (
        isinstance(follower, tuple)
        and len(follower) == 2
        and follower[0] in KINDS
        and isinstance(follower[1], str)
    )


def _majority(seats: Iterable[int]) -> tuple[int, ...]:
    """The seats with the most followers (all of them on a tie), in seat order."""
    counts = Counter(seats)
    best = max(counts.values())
    return tuple(sorted(seat for seat, n in counts.items() if n == best))


class IslasState(State[Placement]):
    """An Islas position: the map, the pile (top first), followers and scores."""

    ended_view: ClassVar[Mapping[str, Any]] = {"current": None, "spots": ()}

    def __init__(self, players: int, first: int, pile: Sequence[str]) -> None:
        self.players = players
        self.ply = 0
        self.first = first
        self.pile: tuple[str, ...] = tuple(pile)  # never changes: ``next`` walks down it
        self.next = 0  # index in ``pile`` of the tile to place now
        self.board = Board()
        name, x, y, rotation = START
        self.board.place(SHAPES[name, rotation], x, y)
        self.followers_left = [FOLLOWERS] * players
        self.scores = [0] * players
        self.put_out: list[str] = []
        # The last placement as (type, x, y, rotation): ``last`` makes it a PlacedTile when
        # a view asks, not on every move of a search.
        self._last: tuple[str, int, int, int] | None = None
        self.scored: tuple[Scored, ...] = ()
        self.finished = False
        self.winners: tuple[int, ...] = ()
        # Nothing is narrated before the first move; the view shows any tile put out.
        self._draw()

    # -- facts about the position ----------------------------------------------------------------
    @property
    def turn(self) -> int | None:
        """The seat to move, or None when the game is over."""
        # ``to_move`` written out: a playout asks on every move.
        return None if self.finished else (self.first + self.ply) % self.players

    @property
    def to_move(self) -> int:
        """The seat to move (the game must not be over)."""
        return (self.first + self.ply) % self.players

    @property
    def current(self) -> str | None:
        """The tile type to place now (public), or None when the game is over."""
        return None if self.finished else self.pile[self.next]

    @property
    def last(self) -> PlacedTile | None:
        """The tile placed by the last move (None before the first)."""
        return None if self._last is None else PlacedTile(*self._last)

    @property
    def tiles_left(self) -> int:
        """Tiles neither placed nor put out, the current one included."""
        return len(self.pile) - self.next

    # -- legal moves -------------------------------------------------------------------------------
    def legal_moves(self) -> list[Placement]:
        """Every spot and rotation, bare or with a follower on each free segment of the tile."""
        name = self.current
        if name is None:
            return []
        board = self.board
        moves: list[Placement] = []
        fits = board.fit_list(name)
        if not self.followers_left[(self.first + self.ply) % self.players]:
            for made, mask in zip(compress(board._made, fits), filter(None, fits), strict=True):
                moves += made.bare[mask]
            return moves
        # Search lists moves at every step: the edges facing an occupied feature are one int
        # (``Board.taken_mask``), and the slots of the moves on a square depend only on the
        # tile, its fitting rotations and those edges (``SLOT_LISTS``), the same everywhere.
        followed = bool(board.followers)
        lists = SLOT_LISTS[name]
        parent, occupied = board.parent, board.occupied
        taken = 0
        for made, mask, faces in zip(
            compress(board._made, fits),
            filter(None, fits),
            compress(board._faces, fits),
            strict=True,
        ):
            if followed:  # ``Board.taken_mask`` written out: it runs for every spot
                taken = 0
                free = []
                for bit, node in faces:
                    root = parent[node]
                    if occupied[root]:
                        taken |= bit
                    else:
                        free.append(root)
                if taken and len(free) > 1 and len(free) != len(set(free)):
                    self._tied_moves(moves, name, made.x, made.y, TURN_SETS[mask])
                    continue
            key = taken << 4 | mask
            slots = lists.get(key) or slot_list(name, key)
            made_slots = made.slots
            for i in slots:
                moves.append(made_slots[i] or made.fill(i))
        return moves

    def _tied_moves(
        self, moves: list[Placement], name: str, x: int, y: int, rotations: tuple[int, ...]
    ) -> None:
        """Add the moves on (x, y) where a free feature meets two of its edges, so that the
        tile may tie a segment to an occupied feature through another (``Board.blocked``)."""
        board = self.board
        made = PLACEMENTS[x, y]
        taken, roots = board.taken_edges(x, y)
        for rotation in rotations:
            moves.append(made[rotation, None])
            choices = FOLLOWER_CHOICES[name, rotation]
            start = len(moves)
            for reaches, follower in choices:
                if taken.isdisjoint(reaches):
                    moves.append(made[rotation, follower])
            if roots is not None and start < len(moves) < start + len(choices):
                blocked = board.blocked(choices, taken, roots)
                moves[start:] = [
                    made[rotation, follower]
                    for i, (_, follower) in enumerate(choices)
                    if i not in blocked
                ]

    def _check(self, move: Placement) -> tuple[Shape, int | None]:
        """The placed shape and the follower's segment index; IllegalMove unless legal."""
        if not _well_formed(move):
            raise InvalidMove("move-unreadable", text=repr(move))
        name = self.current
        if name is None:
            raise IllegalMove("game-over")
        x, y, rotation = move.x, move.y, move.rotation
        if rotation not in ROTATIONS:
            raise IllegalMove("islas-bad-rotation", rotation=rotation)
        if (x, y) in self.board.at:
            raise IllegalMove("islas-occupied", x=x, y=y)
        if (x, y) not in self.board.codes:
            raise IllegalMove("islas-not-adjacent", x=x, y=y)
        if rotation not in self.board.rotations(name, x, y):
            raise IllegalMove("islas-edges-mismatch", x=x, y=y, rotation=rotation)
        shape = SHAPES[name, rotation]
        if move.follower is None:
            return shape, None
        kind, where = move.follower
        where = where_named(kind, where)
        if not self.followers_left[self.to_move]:
            raise IllegalMove("islas-no-followers-left")
        index = shape.named(kind, where)
        if index is None:
            raise IllegalMove("islas-no-such-segment", kind=kind, where=where)
        if self.board.taken(shape, index, x, y):
            raise IllegalMove("islas-feature-taken", kind=kind, where=shape.segments[index].where)
        return shape, index

    # -- playing -----------------------------------------------------------------------------------
    def apply(self, move: Placement | Skip) -> list[Event]:
        """Place the tile (and a follower), score what it completed, draw the next tile."""
        if isinstance(move, Skip):
            return self._skip()
        shape, segment = self._check(move)
        seat = (self.first + self.ply) % self.players
        board = self.board
        x, y = move.x, move.y
        index = board.spot_index(shape.name, x, y)
        spot = "" if index is None else _label(index)
        base = len(board.parent)
        tile = board.place(shape, x, y)
        follower, where = "none", ""
        if segment is not None:
            board.put_follower(base + segment, seat)
            self.followers_left[seat] -= 1
            follower, where = shape.segments[segment].kind, shape.segments[segment].where
        self.ply += 1
        self._last = (shape.name, x, y, move.rotation)
        params = {
            "seat": seat,
            "tile": shape.name,
            "x": x,
            "y": y,
            "rotation": move.rotation,
            "follower": follower,
            "where": where,
            "spot": spot,
        }
        events = [Event("islas-placed", params)]
        if self._completed(tile):
            scored, scoring = self._score_completed(tile)
            self.scored = tuple(scored)
            events += scoring
        else:
            self.scored = ()
        self.next += 1
        events += self._draw()
        return events

    def _spot_label(self, x: int, y: int) -> str:
        """The label (x, y) had on the map before this move (players name spots by it)."""
        index = self.board.spot_index(self.current or "", x, y)
        return "" if index is None else _label(index)

    def _skip(self) -> list[Event]:
        """The player to move loses their turn; the same tile goes to the next player."""
        if self.finished:
            raise IllegalMove("game-over")
        seat = self.to_move
        self.ply += 1
        self.scored = ()
        drew = {"seat": self.to_move, "tile": self.pile[self.next]}
        return [Event("islas-skipped", {"seat": seat}), Event("islas-drew", drew)]

    def _completed(self, tile: int) -> list[int]:
        """A node of every feature that placing ``tile`` completed, one per feature."""
        board = self.board
        placed = board.tiles[tile]
        parent, open_, base = board.parent, board.open, placed.base
        # No side left open: complete (one node per feature: a tile may close one twice).
        nodes = [base + i for i in placed.shape.closable if not open_[parent[base + i]]]
        if len(nodes) > 1:
            firsts: dict[int, int] = {}
            for node in nodes:
                firsts.setdefault(parent[node], node)
            nodes = list(firsts.values())
        x, y = placed.x, placed.y
        if (x, y) not in board.near_lighthouses:
            return nodes
        # The tile's own lighthouse, then those around it that it was the last neighbour of.
        for dx, dy in ((0, 0), *AROUND):
            other = board.at.get((x + dx, y + dy))
            if other is None or board.tiles[other].shape.lighthouse is None:
                continue
            node = board.tiles[other].base + board.tiles[other].shape.lighthouse
            if board.complete(node):
                nodes.append(node)
        return nodes

    def _score_completed(self, tile: int) -> tuple[list[Scored], list[Event]]:
        """Score what ``tile`` completed and send those followers home."""
        scored, events = [], []
        returned = [0] * self.players
        for node in self._completed(tile):
            root = self.board.find(node)
            if not self.board.occupied[root]:
                continue  # complete, but nobody stood on it
            scored_one, event = self._score(self.board.feature(node), final=False)
            scored.append(scored_one)
            events.append(event)
            for owner in self.board.recall(root):
                self.followers_left[owner] += 1
                returned[owner] += 1
        for owner, count in enumerate(returned):
            if count:
                events.append(Event("islas-follower-returned", {"seat": owner, "count": count}))
        return scored, events

    def _score(self, feature: Feature, *, final: bool) -> tuple[Scored, Event]:
        """Give ``feature``'s points to the majority of the followers on it."""
        seats = _majority(self.board.owners(feature.root))
        points = feature.points()
        for seat in seats:
            self.scores[seat] += points
        params = {
            "kind": feature.kind,
            "seats": list(seats),
            "points": points,
            "tiles": len(feature.squares),
            "anchors": feature.anchors,
            "islands": feature.islands,
            "final": final,
        }
        scored = Scored(feature.kind, feature.squares, seats, points, final)
        return scored, Event("islas-scored", params)

    def _draw(self) -> list[Event]:
        """Draw until a tile fits, putting out those that fit nowhere; end when none is left."""
        events = []
        pile, fits_somewhere = self.pile, self.board.fits_somewhere
        while self.next < len(pile) and not fits_somewhere(pile[self.next]):
            self.put_out.append(pile[self.next])
            events.append(Event("islas-put-out", {"tile": pile[self.next]}))
            self.next += 1
        if self.next == len(pile):
            return events + self._finish()
        seat = (self.first + self.ply) % self.players
        events.append(Event("islas-drew", {"seat": seat, "tile": pile[self.next]}))
        return events

    def _finish(self) -> list[Event]:
        """Score every feature still holding followers, then stop."""
        events = []
        scored = list(self.scored)
        # One node per occupied feature, in the order its first follower was placed.
        firsts: dict[int, int] = {}
        for node in self.board.followers:
            firsts.setdefault(self.board.find(node), node)
        members = self.board.members()
        for node in firsts.values():
            feature = self.board.feature(node, members)
            if feature.points():  # water next to no completed island scores nothing
                scored_one, event = self._score(feature, final=True)
                scored.append(scored_one)
                events.append(event)
        self.scored = tuple(scored)
        self.finished = True
        best = max(self.scores)
        self.winners = tuple(s for s, points in enumerate(self.scores) if points == best)
        params = {"winners": list(self.winners), "scores": list(self.scores)}
        return [*events, Event("islas-game-over", params)]

    # -- reading the position ----------------------------------------------------------------------
    def outcome(self) -> Outcome:
        """Finished or not, points so far, the seats with the top total when finished."""
        return Outcome(self.finished, tuple(self.scores), self.winners)

    def view(self, seat: int | None = None) -> IslasView:
        """The map and the table; everything but the pile's order is public, so seats agree."""
        board = self.board
        spots: tuple[Spot, ...] = ()
        if self.current is not None:
            spots = tuple(
                Spot(spot_label(i), x, y, rotations)
                for i, (x, y, rotations) in enumerate(board.fitting(self.current))
            )
        followers = []
        for node, owner in board.followers.items():
            x, y = board.square(node)
            segment = board.segment(node)
            followers.append(Follower(owner, x, y, segment.kind, segment.where))
        return IslasView(
            viewer=seat,
            players=self.players,
            tiles=tuple(PlacedTile(p.shape.name, p.x, p.y, p.shape.rotation) for p in board.tiles),
            followers=tuple(followers),
            current=self.current,
            spots=spots,
            scores=tuple(self.scores),
            followers_left=tuple(self.followers_left),
            tiles_left=self.tiles_left,
            turn=self.turn,
            ply=self.ply,
            last=self.last,
            scored=self.scored,
            put_out=tuple(self.put_out),
            finished=self.finished,
            winners=self.winners,
        )

    def parse(self, text: str) -> Placement | Skip:
        """Read a move in notation, refuse it unless legal, and name its follower canonically."""
        move = read_move(text)
        if isinstance(move, Skip):
            if self.finished:
                raise IllegalMove("game-over")
            return move
        shape, index = self._check(move)
        if index is None:
            return move
        segment = shape.segments[index]
        return Placement(move.x, move.y, move.rotation, (segment.kind, segment.where))

    def format(self, move: Placement | Skip) -> str:
        """The canonical notation: ``0,-1 180 island S``."""
        return format_move(move)

    def summary(self) -> dict[str, Any]:
        """Followers in hand, tiles left (the current one included), tiles placed."""
        return {
            "followers_left": list(self.followers_left),
            "tiles_left": self.tiles_left,
            "placed": len(self.board.tiles),
        }

    def move_reveals(self, move: Placement | Skip) -> bool:
        """Whether ``move`` turns up the next tile of the pile: always, but for the last tile."""
        return not isinstance(move, Skip) and self.tiles_left > 1

    def clone(self) -> IslasState:
        """An independent copy; the pile and the frozen view parts are shared, not copied."""
        other = copy.copy(self)
        other.board = self.board.clone()
        other.followers_left = list(self.followers_left)
        other.scores = list(self.scores)
        other.put_out = list(self.put_out)
        return other
