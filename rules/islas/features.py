"""The map of placed tiles and its features: a union-find over the segments of every tile.

Every segment of a placed tile is a node; nodes joined across matching edges share a root, and
the root holds what the rules ask of the whole feature while the game runs: how many of its
island or bridge sides still face an empty square (none left: complete) and how many followers
stand on it. Every node points at its root straight away (a join renames the smaller feature's
nodes, found along a ring through each feature's nodes), so that the root of a node is one
index, also in C-level passes over many nodes. Everything else (the tiles it covers, its
anchors, the islands a water area borders) is gathered from the nodes when the feature is
scored, which happens seldom.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any, NamedTuple

from rules.islas.frontier import BEYOND, FITS, order_key
from rules.islas.moves import PLACEMENTS, PlacementsAt
from rules.islas.shapes import (
    BRIDGE,
    FOLLOWER_CHOICES,
    FOLLOWER_MASKS,
    FREE,
    ISLAND,
    LIGHTHOUSE,
    TURN_SETS,
    WATER,
    Segment,
    Shape,
    code_pattern,
)
from rules.islas.tiles import HALF_SIDE, MIRROR, OPPOSITE, SIDES, STEP

Square = tuple[int, int]
#: The eight squares around a lighthouse.
AROUND: tuple[Square, ...] = tuple(
    (dx, dy) for dy in (1, 0, -1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)
_FACING = tuple(SIDES.index(OPPOSITE[side]) for side in SIDES)
#: Per side: the neighbour's side facing it, and each half-edge on it with its mirror.
_ACROSS: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = tuple(
    (side, OPPOSITE[side], tuple((h, MIRROR[h]) for h in HALF_SIDE if HALF_SIDE[h] == side))
    for side in SIDES
)


class Placed(NamedTuple):
    """A tile on the map; its segments are nodes ``base``, ``base + 1``, …

    A named tuple, not a frozen dataclass: one is made on every move, four times faster.
    """

    shape: Shape
    x: int
    y: int
    base: int


_new_placed = tuple.__new__


@dataclass(frozen=True)
class Feature:
    """A whole island, bridge, water area or lighthouse, as it stands now."""

    kind: str
    root: int
    squares: tuple[Square, ...]  # tiles covered (a lighthouse: itself and its placed neighbours)
    anchors: int
    complete: bool
    islands: int  # water: the completed islands it borders

    def points(self) -> int:
        """What the feature is worth now: its value when complete, else at the end of the game."""
        tiles = len(self.squares)
        if self.kind == ISLAND:
            return 2 * (tiles + self.anchors) if self.complete else tiles + self.anchors
        if self.kind == WATER:
            return 3 * self.islands
        # A bridge scores its tiles; a lighthouse 1 plus its neighbours, 9 once surrounded.
        return tiles


Faces = tuple[tuple[int, int], ...]


class Board:
    """Placed tiles, the empty squares beside them, and the union-find of their segments."""

    def __init__(self) -> None:
        self.tiles: list[Placed] = []
        self.at: dict[Square, int] = {}  # square -> index in ``tiles``
        # Per node; ``parent`` is the root (itself at a root); ``size``, ``open`` and
        # ``occupied`` are only meaningful at roots.
        self.parent: list[int] = []
        self.ring: list[int] = []  # the next node of the same feature, round a ring
        self.size: list[int] = []
        self.open: list[int] = []  # island/bridge sides facing an empty square
        self.occupied: list[int] = []  # followers on the feature
        self.node_tile: list[int] = []
        self.followers: dict[int, int] = {}  # node -> seat, in placement order
        # Squares of placed lighthouse tiles and the eight round each: a new tile seldom
        # lands on one, and one look tells whether it may complete a lighthouse.
        self.near_lighthouses: set[Square] = set()
        # Frontier square -> its pattern as an int (``shapes.pattern_code``), kept up to
        # date by ``place``: only the four squares around a new tile change.
        self.codes: dict[Square, int] = {}
        # The frontier in the order of spots, as lists kept sorted together: each square's
        # ``order_key``; its shared placements (``moves.PLACEMENTS``); its pattern code; and
        # its faces: (edge bit, node) for each side or half-edge of the square that a placed
        # neighbour's segment faces (legal moves ask which of them face an occupied
        # feature, for every spot on every move).
        self._keys: list[int] = []
        self._made: list[PlacementsAt] = []
        self._codes: list[int] = []
        self._faces: list[Faces] = []
        # Tile type -> the rotations it fits in on each square of the frontier as a mask (in
        # the order above; 0 where none fits), valid until the next ``place``: legal moves,
        # the spot label of a move and the next draw all ask for the same map.
        self._fits: dict[str, list[int]] = {}

    def clone(self) -> Board:
        """An independent copy: flat lists and dicts, no deep copy."""
        other = Board.__new__(Board)
        other.tiles = list(self.tiles)
        other.at = dict(self.at)
        other.parent = list(self.parent)
        other.ring = list(self.ring)
        other.size = list(self.size)
        other.open = list(self.open)
        other.occupied = list(self.occupied)
        other.node_tile = list(self.node_tile)
        other.followers = dict(self.followers)
        other.near_lighthouses = set(self.near_lighthouses)
        other.codes = dict(self.codes)
        other._keys = list(self._keys)
        other._made = list(self._made)
        other._codes = list(self._codes)
        other._faces = list(self._faces)  # its values are tuples: shared, never changed
        other._fits = dict(self._fits)  # its values are never changed: shared
        return other

    def __getstate__(self) -> dict[str, Any]:
        # The shared placements and the fits are this process's caches: a pickled board (a
        # position sent to be drawn) names its frontier squares instead, a tenth the size.
        state = dict(self.__dict__)
        state["_made"] = [(made.x, made.y) for made in self._made]
        state["_fits"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._made = [PLACEMENTS[square] for square in state["_made"]]

    # -- where tiles fit -------------------------------------------------------------------------
    @property
    def frontier(self) -> set[Square]:
        """The empty squares touching a placed tile."""
        return set(self.codes)

    @property
    def patterns(self) -> dict[Square, str]:
        """Frontier square -> its ``pattern``, from the codes ``place`` keeps."""
        return {square: code_pattern(code) for square, code in self.codes.items()}

    def pattern(self, x: int, y: int) -> str:
        """The edges the neighbours of (x, y) show it, N E S W (FREE where there is none)."""
        chars = []
        for side, facing in zip(SIDES, _FACING, strict=True):
            dx, dy = STEP[side]
            index = self.at.get((x + dx, y + dy))
            chars.append(FREE if index is None else self.tiles[index].shape.edges[facing])
        return "".join(chars)

    def rotations(self, name: str, x: int, y: int) -> tuple[int, ...]:
        """The rotations in which tile type ``name`` may go on (x, y)."""
        code = self.codes.get((x, y))
        return () if code is None else TURN_SETS[FITS[name][code]]

    def fit_list(self, name: str) -> list[int]:
        """Per frontier square in spot order, the rotations ``name`` fits in as a mask (0:
        none); shared until the next ``place``: callers must not change it."""
        found = self._fits.get(name)
        if found is None:
            found = self._fits[name] = list(map(FITS[name].__getitem__, self._codes))
        return found

    def fitting(self, name: str) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """``spots`` as a tuple."""
        fits = self.fit_list(name)
        return tuple(
            (made.x, made.y, TURN_SETS[mask])
            for made, mask in zip(compress(self._made, fits), filter(None, fits), strict=True)
        )

    def spots(self, name: str) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every (x, y, rotations) where ``name`` fits, north first, then west to east."""
        return list(self.fitting(name))

    def _index(self, x: int, y: int) -> int | None:
        """Where (x, y) is in the frontier's lists (None: not on the frontier)."""
        at = bisect_left(self._keys, order_key(x, y))
        if at == len(self._keys) or self._keys[at] != order_key(x, y):
            return None
        return at

    def spot_index(self, name: str, x: int, y: int) -> int | None:
        """The place of (x, y) among the ``spots`` of ``name`` (None if it is not one)."""
        at = self._index(x, y)
        fits = self.fit_list(name)
        if at is None or not fits[at]:
            return None
        return at - fits[:at].count(0)

    def fits_somewhere(self, name: str) -> bool:
        """Whether tile type ``name`` can be placed at all."""
        # The fits, not a cheaper any(): the next legal moves need them for this very map.
        return any(self.fit_list(name))

    # -- the union-find -------------------------------------------------------------------------
    def find(self, node: int) -> int:
        """The root of ``node``'s feature."""
        return self.parent[node]

    def nodes(self, root: int) -> list[int]:
        """Every node of the feature of ``root``, in node order."""
        ring, found, node = self.ring, [root], self.ring[root]
        while node != root:
            found.append(node)
            node = ring[node]
        found.sort()
        return found

    def edge_roots(self, x: int, y: int) -> dict[str, int]:
        """The feature (root node) that each side and half-edge of (x, y) faces, where a
        placed neighbour faces it: one look at the four neighbours serves every rotation
        and segment of a tile that fits there."""
        roots: dict[str, int] = {}
        parent = self.parent
        for side, facing, halves in _ACROSS:
            neighbour = self.at.get((x + STEP[side][0], y + STEP[side][1]))
            if neighbour is None:
                continue
            placed = self.tiles[neighbour]
            index = placed.shape.side_segment.get(facing)
            if index is not None:
                roots[side] = parent[placed.base + index]
            for half, mirror in halves:
                index = placed.shape.half_segment.get(mirror)
                if index is not None:
                    roots[half] = parent[placed.base + index]
        return roots

    def taken_mask(self, x: int, y: int) -> tuple[int, bool]:
        """``taken_edges`` as ``EDGE_BITS``, and whether its second part would not be None
        (a free feature faces two edges, so a tile there might tie it to an occupied one).

        The fast form for listing legal moves: ints, and the faces ``place`` keeps.
        """
        at = self._index(x, y)
        if at is None:
            return 0, False
        parent, occupied = self.parent, self.occupied
        taken = 0
        free = []
        for bit, node in self._faces[at]:
            root = parent[node]
            if occupied[root]:
                taken |= bit
            else:
                free.append(root)
        return taken, bool(taken) and len(free) != len(set(free))

    def taken_edges(self, x: int, y: int) -> tuple[set[str], dict[str, int] | None]:
        """The sides and half-edges of (x, y) facing a feature that has a follower on it;
        and, where a free feature faces two edges or more (so that two segments of a tile
        put there could tie it to an occupied one), the feature (root) each edge faces.

        A segment of a tile that fits there is taken when it reaches one of those edges, or
        when the tile ties it to one that does (``blocked``).
        """
        if not self.followers:
            return set(), None
        roots = self.edge_roots(x, y)
        occupied = self.occupied
        taken = {edge for edge, root in roots.items() if occupied[root]}
        if not taken:
            return taken, None
        free = [root for root in roots.values() if not occupied[root]]
        return taken, (roots if len(free) != len(set(free)) else None)

    def blocked(
        self,
        segments: Sequence[tuple[frozenset[str], tuple[str, str]]],
        taken: set[str],
        roots: dict[str, int] | None,
    ) -> set[int]:
        """Which of a tile's segments (each given by the edges it reaches) would be part of a
        feature holding a follower once the tile is down, where ``taken_edges`` found
        ``taken`` and ``roots``.

        The tile's other segments count too: one of them may join a free feature that a
        segment meets to an occupied one (water round both ends of a curved bridge, say).
        """
        blocked = {i for i, (edges, _) in enumerate(segments) if not taken.isdisjoint(edges)}
        if roots is None or not blocked:
            return blocked  # no free feature meets two edges: no segment ties to another
        reach = {roots[edge] for i in blocked for edge in segments[i][0] if edge in roots}
        grew = True
        while grew:
            grew = False
            for i, (edges, _) in enumerate(segments):
                if i not in blocked and not reach.isdisjoint(
                    own := {roots[edge] for edge in edges if edge in roots}
                ):
                    blocked.add(i)
                    reach |= own
                    grew = True
        return blocked

    def taken(self, shape: Shape, index: int, x: int, y: int) -> bool:
        """Whether the feature segment ``index`` would be part of, once the tile is down,
        already has a follower (see ``blocked``)."""
        taken, tied = self.taken_mask(x, y)
        if not tied:  # no segment can tie to another: only the edges it reaches count
            return bool(FOLLOWER_MASKS[shape.name, shape.rotation][index][0] & taken)
        choices = FOLLOWER_CHOICES[shape.name, shape.rotation]
        return index in self.blocked(choices, *self.taken_edges(x, y))

    def place(self, shape: Shape, x: int, y: int) -> int:
        """Put a tile down (edges already checked) and join its segments; its index."""
        index, base = len(self.tiles), len(self.parent)
        tiles, at, parent, ring = self.tiles, self.at, self.parent, self.ring
        size, open_, occupied = self.size, self.open, self.occupied
        tiles.append(_new_placed(Placed, (shape, x, y, base)))  # no Python-level __new__
        count = len(shape.segments)
        parent.extend(range(base, base + count))
        ring.extend(range(base, base + count))
        size.extend(shape.ones)
        open_.extend(shape.opens)
        occupied.extend(shape.zeros)
        self.node_tile.extend([index] * count)
        at[x, y] = index
        codes, keys, made, square_codes, faces = (
            self.codes,
            self._keys,
            self._made,
            self._codes,
            self._faces,
        )
        key = order_key(x, y)
        if (x, y) in codes:  # only the start tile is placed off the frontier
            del codes[x, y]
            where = bisect_left(keys, key)
            del keys[where], made[where], square_codes[where], faces[where]
        seams, closes, stamps, beyond = shape.seams, shape.closes, shape.stamps, shape.beyond
        for side, dx, dy, step in BEYOND:
            square = (x + dx, y + dy)
            neighbour = at.get(square)
            if neighbour is None:
                # An empty neighbour: the new tile adds its edge to that square's pattern
                # (that side was free until now), and its segments there to the faces.
                where = bisect_left(keys, key + step)
                mine = [(bit, base + segment) for bit, segment in beyond[side]]
                old = codes.get(square)
                if old is None:  # off the frontier until now, so no other tile touches it
                    codes[square] = stamps[side]
                    keys.insert(where, key + step)
                    made.insert(where, PLACEMENTS[square])
                    square_codes.insert(where, stamps[side])
                    faces.insert(where, tuple(mine))
                else:
                    codes[square] = square_codes[where] = old + stamps[side]
                    faces[where] += tuple(mine)
                continue
            # A placed neighbour: the two seams pair their segments one for one.
            placed = tiles[neighbour]
            other = placed.base
            for mine, theirs in zip(seams[side], placed.shape.seams[side ^ 2], strict=True):
                ra, rb = parent[base + mine], parent[other + theirs]
                if ra != rb:
                    if size[ra] < size[rb]:
                        ra, rb = rb, ra
                    # The smaller feature's nodes point at the new root, and the two rings
                    # become one by swapping a link of each.
                    node = rb
                    parent[node] = ra
                    node = ring[node]
                    while node != rb:
                        parent[node] = ra
                        node = ring[node]
                    ring[ra], ring[rb] = ring[rb], ring[ra]
                    size[ra] += size[rb]
                    open_[ra] += open_[rb]
                    occupied[ra] += occupied[rb]
                if closes[mine]:  # even when already joined: a loop closing closes two sides
                    open_[ra] -= 2
        if shape.lighthouse is not None:
            self.near_lighthouses.update((x + dx, y + dy) for dx, dy in ((0, 0), *AROUND))
        self._fits = {}
        return index

    # -- followers ------------------------------------------------------------------------------
    def put_follower(self, node: int, seat: int) -> None:
        """Stand ``seat``'s follower on ``node``."""
        self.followers[node] = seat
        self.occupied[self.find(node)] += 1

    def owners(self, root: int) -> list[int]:
        """The seat of every follower on the feature of ``root``."""
        return [seat for node, seat in self.followers.items() if self.find(node) == root]

    def recall(self, root: int) -> list[int]:
        """Take every follower off the feature of ``root``; their seats."""
        nodes = [node for node in self.followers if self.find(node) == root]
        self.occupied[root] = 0
        return [self.followers.pop(node) for node in nodes]

    # -- features -------------------------------------------------------------------------------
    def segment(self, node: int) -> Segment:
        """The tile segment that ``node`` is."""
        placed = self.tiles[self.node_tile[node]]
        return placed.shape.segments[node - placed.base]

    def square(self, node: int) -> Square:
        """Where the tile of ``node`` lies."""
        placed = self.tiles[self.node_tile[node]]
        return (placed.x, placed.y)

    def surrounded(self, x: int, y: int) -> int:
        """How many of the eight squares around (x, y) hold a tile."""
        return sum((x + dx, y + dy) in self.at for dx, dy in AROUND)

    def complete(self, node: int) -> bool:
        """Whether the island, bridge or lighthouse of ``node`` is complete (water never is)."""
        kind = self.segment(node).kind
        if kind == LIGHTHOUSE:
            return self.surrounded(*self.square(node)) == len(AROUND)
        return kind in (ISLAND, BRIDGE) and self.open[self.find(node)] == 0

    def members(self) -> dict[int, list[int]]:
        """Root -> every node of its feature, in node order: one pass for many features."""
        grouped: dict[int, list[int]] = {}
        for n, root in enumerate(self.parent):
            grouped.setdefault(root, []).append(n)
        return grouped

    def feature(self, node: int, members: dict[int, list[int]] | None = None) -> Feature:
        """The whole feature ``node`` belongs to (``members``: from ``members()``, if at hand)."""
        kind = self.segment(node).kind
        root = self.find(node)
        if kind == LIGHTHOUSE:
            x, y = self.square(node)
            around = [(x + dx, y + dy) for dx, dy in AROUND if (x + dx, y + dy) in self.at]
            squares = ((x, y), *around)
            return Feature(kind, root, squares, 0, len(around) == len(AROUND), 0)
        nodes = self.nodes(root) if members is None else members[root]
        # dict.fromkeys: a tile the feature crosses twice counts once, in placement order.
        squares = tuple(dict.fromkeys(self.square(n) for n in nodes))
        # Only a tile's single island segment can carry its anchor, so count tiles.
        anchors = len({self.node_tile[n] for n in nodes if self.segment(n).anchor})
        islands = 0
        if kind == WATER:
            bordered = {
                self.find(self.tiles[self.node_tile[n]].base + island)
                for n in nodes
                for island in self.segment(n).borders
            }
            islands = sum(self.open[r] == 0 for r in bordered)
        complete = kind != WATER and self.open[root] == 0
        return Feature(kind, root, squares, anchors, complete, islands)
