"""The map of placed tiles and its features: a union-find over the segments of every tile.

Every segment of a placed tile is a node; nodes joined across matching edges share a root, and
the root holds what the rules ask of the whole feature while the game runs: how many of its
island or bridge sides still face an empty square (none left: complete) and how many followers
stand on it. Everything else (the tiles it covers, its anchors, the islands a water area
borders) is gathered from the nodes when the feature is scored, which happens seldom.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.islas.shapes import (
    BRIDGE,
    FREE,
    ISLAND,
    LIGHTHOUSE,
    WATER,
    Segment,
    Shape,
    rotations_fitting,
)
from rules.islas.tiles import HALF_SIDE, MIRROR, OPPOSITE, SIDES, STEP

Square = tuple[int, int]
#: The eight squares around a lighthouse.
AROUND: tuple[Square, ...] = tuple(
    (dx, dy) for dy in (1, 0, -1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)
_FACING = tuple(SIDES.index(OPPOSITE[side]) for side in SIDES)


@dataclass(frozen=True)
class Placed:
    """A tile on the map; its segments are nodes ``base``, ``base + 1``, …"""

    shape: Shape
    x: int
    y: int
    base: int


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


class Board:
    """Placed tiles, the empty squares beside them, and the union-find of their segments."""

    def __init__(self) -> None:
        self.tiles: list[Placed] = []
        self.at: dict[Square, int] = {}  # square -> index in ``tiles``
        self.frontier: set[Square] = set()  # empty squares touching a placed tile
        # Per node; ``size``, ``open`` and ``occupied`` are only meaningful at roots.
        self.parent: list[int] = []
        self.size: list[int] = []
        self.open: list[int] = []  # island/bridge sides facing an empty square
        self.occupied: list[int] = []  # followers on the feature
        self.node_tile: list[int] = []
        self.followers: dict[int, int] = {}  # node -> seat, in placement order

    def clone(self) -> Board:
        """An independent copy: flat lists and dicts, no deep copy."""
        other = Board.__new__(Board)
        other.tiles = list(self.tiles)
        other.at = dict(self.at)
        other.frontier = set(self.frontier)
        other.parent = list(self.parent)
        other.size = list(self.size)
        other.open = list(self.open)
        other.occupied = list(self.occupied)
        other.node_tile = list(self.node_tile)
        other.followers = dict(self.followers)
        return other

    # -- where tiles fit -------------------------------------------------------------------------
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
        if (x, y) not in self.frontier:
            return ()
        return rotations_fitting(name, self.pattern(x, y))

    def spots(self, name: str) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every (x, y, rotations) where ``name`` fits, north first, then west to east."""
        found = []
        for x, y in sorted(self.frontier, key=lambda square: (-square[1], square[0])):
            rotations = rotations_fitting(name, self.pattern(x, y))
            if rotations:
                found.append((x, y, rotations))
        return found

    def fits_somewhere(self, name: str) -> bool:
        """Whether tile type ``name`` can be placed at all."""
        return any(rotations_fitting(name, self.pattern(x, y)) for x, y in self.frontier)

    # -- the union-find -------------------------------------------------------------------------
    def find(self, node: int) -> int:
        """The root of ``node``'s feature."""
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]  # path halving keeps later look-ups short
            node = parent[node]
        return node

    def links(self, shape: Shape, index: int, x: int, y: int) -> list[int]:
        """The nodes of placed neighbours that segment ``index`` of ``shape`` at (x, y) meets."""
        segment = shape.segments[index]
        nodes = []
        for side in segment.sides:
            dx, dy = STEP[side]
            neighbour = self.at.get((x + dx, y + dy))
            if neighbour is not None:
                placed = self.tiles[neighbour]
                nodes.append(placed.base + placed.shape.side_segment[OPPOSITE[side]])
        for half in segment.halves:
            dx, dy = STEP[HALF_SIDE[half]]
            neighbour = self.at.get((x + dx, y + dy))
            if neighbour is not None:
                placed = self.tiles[neighbour]
                nodes.append(placed.base + placed.shape.half_segment[MIRROR[half]])
        return nodes

    def taken(self, shape: Shape, index: int, x: int, y: int) -> bool:
        """Whether the feature segment ``index`` would be part of, once the tile is down,
        already has a follower.

        The tile's other segments count too: one of them may join a free feature that this
        segment meets to an occupied one (water round both ends of a curved bridge, say).
        """
        roots = [
            {self.find(node) for node in self.links(shape, i, x, y)}
            for i in range(len(shape.segments))
        ]
        reach, joined, grew = set(roots[index]), {index}, True
        while grew:
            grew = False
            for i, linked in enumerate(roots):
                if i not in joined and linked & reach:
                    joined.add(i)
                    reach |= linked
                    grew = True
        return any(self.occupied[root] for root in reach)

    def place(self, shape: Shape, x: int, y: int) -> int:
        """Put a tile down (edges already checked) and join its segments; its index."""
        index, base = len(self.tiles), len(self.parent)
        self.tiles.append(Placed(shape, x, y, base))
        for node, segment in enumerate(shape.segments, start=base):
            self.parent.append(node)
            self.size.append(1)
            self.open.append(len(segment.sides))
            self.occupied.append(0)
            self.node_tile.append(index)
        for i, segment in enumerate(shape.segments):
            for other in self.links(shape, i, x, y):
                self._join(base + i, other, closes=segment.kind != WATER)
        self.at[(x, y)] = index
        self.frontier.discard((x, y))
        for side in SIDES:
            dx, dy = STEP[side]
            if (x + dx, y + dy) not in self.at:
                self.frontier.add((x + dx, y + dy))
        return index

    def _join(self, a: int, b: int, *, closes: bool) -> None:
        """Merge two features across one shared edge (which closes a side of each, if asked)."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            if self.size[ra] < self.size[rb]:
                ra, rb = rb, ra
            self.parent[rb] = ra
            self.size[ra] += self.size[rb]
            self.open[ra] += self.open[rb]
            self.occupied[ra] += self.occupied[rb]
        if closes:  # even when already joined: a loop closing still closes two sides
            self.open[ra] -= 2

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

    def feature(self, node: int) -> Feature:
        """The whole feature ``node`` belongs to."""
        kind = self.segment(node).kind
        root = self.find(node)
        if kind == LIGHTHOUSE:
            x, y = self.square(node)
            around = [(x + dx, y + dy) for dx, dy in AROUND if (x + dx, y + dy) in self.at]
            squares = ((x, y), *around)
            return Feature(kind, root, squares, 0, len(around) == len(AROUND), 0)
        members = [n for n in range(len(self.parent)) if self.find(n) == root]
        # dict.fromkeys: a tile the feature crosses twice counts once, in placement order.
        squares = tuple(dict.fromkeys(self.square(n) for n in members))
        # Only a tile's single island segment can carry its anchor, so count tiles.
        anchors = len({self.node_tile[n] for n in members if self.segment(n).anchor})
        islands = 0
        if kind == WATER:
            bordered = {
                self.find(self.tiles[self.node_tile[n]].base + island)
                for n in members
                for island in self.segment(n).borders
            }
            islands = sum(self.open[r] == 0 for r in bordered)
        complete = kind != WATER and self.open[root] == 0
        return Feature(kind, root, squares, anchors, complete, islands)
