"""The map of placed tiles and its features: a union-find over the segments of every tile.

Every segment of a placed tile is a node; nodes joined across matching edges share a root, and
the root holds what the rules ask of the whole feature while the game runs: how many of its
island or bridge sides still face an empty square (none left: complete) and how many followers
stand on it. Everything else (the tiles it covers, its anchors, the islands a water area
borders) is gathered from the nodes when the feature is scored, which happens seldom.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from rules.islas.shapes import (
    BRIDGE,
    FOLLOWER_CHOICES,
    FOLLOWER_MASKS,
    FREE,
    ISLAND,
    LIGHTHOUSE,
    PORTS,
    WATER,
    Segment,
    Shape,
    rotations_fitting,
)
from rules.islas.tiles import HALF_SIDE, MIRROR, OPPOSITE, SIDES, STEP, TILES

Square = tuple[int, int]
#: The eight squares around a lighthouse.
AROUND: tuple[Square, ...] = tuple(
    (dx, dy) for dy in (1, 0, -1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)
_FACING = tuple(SIDES.index(OPPOSITE[side]) for side in SIDES)
_STEPS = tuple(STEP[side] for side in SIDES)
#: The dx, the dy and the facing side index of the neighbour beyond each side, as three
#: tuples to zip with a shape's edges.
_AROUND_EDGES = (
    tuple(dx for dx, _ in _STEPS),
    tuple(dy for _, dy in _STEPS),
    _FACING,
)
#: Per side index, edge -> the pattern of a square with only that neighbour.
_LONE: tuple[dict[str, str], ...] = tuple(
    {edge: FREE * i + edge + FREE * (len(SIDES) - 1 - i) for edge in "ibw"} for i in range(4)
)


def _all_patterns() -> list[str]:
    """Every pattern a frontier square can show: each side FREE or an edge, not all FREE."""
    patterns = [""]
    for _ in SIDES:
        patterns = [p + c for p in patterns for c in FREE + "ibw"]
    return [p for p in patterns if p != FREE * len(SIDES)]


# Pattern -> rotations, per tile type, filled in full at import (24 types x 80 patterns): a
# plain dict is the fastest look-up, and ``fitting`` makes one per frontier square and move.
_FITS: dict[str, dict[str, tuple[int, ...]]] = {
    name: {pattern: rotations_fitting(name, pattern) for pattern in _all_patterns()}
    for name in TILES
}
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
        # Squares of placed lighthouse tiles and the eight round each: a new tile seldom
        # lands on one, and one look tells whether it may complete a lighthouse.
        self.near_lighthouses: set[Square] = set()
        # Frontier square -> its ``pattern``, kept up to date by ``place``: only the four
        # squares around a new tile change, and search asks where tiles fit on every move.
        self.patterns: dict[Square, str] = {}
        # The frontier as (-y, x, pattern), kept sorted: the order of ``spots`` without a
        # sort a move, and the patterns at hand.
        self._order: list[tuple[int, int, str]] = []
        # Frontier square -> (edge bit, node) for each side and half-edge of it that a placed
        # neighbour's segment faces, kept up to date by ``place`` as ``patterns`` is: legal
        # moves ask ``taken_mask`` of every spot on every move.
        self.faces: dict[Square, tuple[tuple[int, int], ...]] = {}
        # Tile type -> its ``spots``, valid until the next ``place`` (legal moves, the spot
        # label of a move and the next draw all ask for the same map).
        self._spots: dict[str, tuple[tuple[int, int, tuple[int, ...]], ...]] = {}

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
        other.near_lighthouses = set(self.near_lighthouses)
        other.patterns = dict(self.patterns)
        other._order = list(self._order)
        other.faces = dict(self.faces)  # its values are tuples: shared, never changed
        other._spots = dict(self._spots)  # its values are tuples: shared, never changed
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
        pattern = self.patterns.get((x, y))
        return () if pattern is None else _FITS[name][pattern]

    def fitting(self, name: str) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """``spots`` as a shared tuple (callers must not change it), computed once a map."""
        found = self._spots.get(name)
        if found is None:
            fits = _FITS[name]
            # A list comprehension: a generator would resume once per square.
            found = tuple(
                [
                    (x, -south, rotations)
                    for south, x, pattern in self._order
                    if (rotations := fits[pattern])
                ]
            )
            self._spots[name] = found
        return found

    def spots(self, name: str) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every (x, y, rotations) where ``name`` fits, north first, then west to east."""
        return list(self.fitting(name))

    def fits_somewhere(self, name: str) -> bool:
        """Whether tile type ``name`` can be placed at all."""
        # The spots, not a cheaper any(): the next legal moves need them for this very map.
        return bool(self.fitting(name))

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
        return self._links(PORTS[shape.name, shape.rotation][index], x, y)

    def _links(self, ports: tuple[tuple[int, int, bool, str], ...], x: int, y: int) -> list[int]:
        """``links`` of one segment given by its ``PORTS``."""
        nodes = []
        for dx, dy, by_side, facing in ports:
            neighbour = self.at.get((x + dx, y + dy))
            if neighbour is not None:
                placed = self.tiles[neighbour]
                shape = placed.shape
                table = shape.side_segment if by_side else shape.half_segment
                nodes.append(placed.base + table[facing])
        return nodes

    def edge_roots(self, x: int, y: int) -> dict[str, int]:
        """The feature (root node) that each side and half-edge of (x, y) faces, where a
        placed neighbour faces it: one look at the four neighbours serves every rotation
        and segment of a tile that fits there."""
        roots: dict[str, int] = {}
        for side, facing, halves in _ACROSS:
            neighbour = self.at.get((x + STEP[side][0], y + STEP[side][1]))
            if neighbour is None:
                continue
            placed = self.tiles[neighbour]
            index = placed.shape.side_segment.get(facing)
            if index is not None:
                roots[side] = self.find(placed.base + index)
            for half, mirror in halves:
                index = placed.shape.half_segment.get(mirror)
                if index is not None:
                    roots[half] = self.find(placed.base + index)
        return roots

    def taken_mask(self, x: int, y: int) -> tuple[int, bool]:
        """``taken_edges`` as ``EDGE_BITS``, and whether its second part would not be None
        (a free feature faces two edges, so a tile there might tie it to an occupied one).

        The fast form for listing legal moves: ints, and the faces ``place`` keeps.
        """
        parent, occupied = self.parent, self.occupied
        taken = 0
        free = []
        for bit, root in self.faces.get((x, y), ()):
            while parent[root] != root:  # ``find`` without a call (nor path halving)
                root = parent[root]
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
        self.tiles.append(Placed(shape, x, y, base))
        count = len(shape.segments)
        self.parent.extend(range(base, base + count))
        self.size.extend(shape.ones)
        self.open.extend(shape.opens)
        self.occupied.extend(shape.zeros)
        self.node_tile.extend([index] * count)
        # ``_links`` and ``_join`` written out (place runs on every move of a search), in
        # the same order, so that the same nodes end up roots.
        at, tiles, parent = self.at, self.tiles, self.parent
        size, open_, occupied = self.size, self.open, self.occupied
        for i, ports in enumerate(PORTS[shape.name, shape.rotation]):
            closes = shape.closes[i]
            for dx, dy, _, facing in ports:
                neighbour = at.get((x + dx, y + dy))
                if neighbour is None:
                    continue
                placed = tiles[neighbour]
                ra, rb = base + i, placed.base + placed.shape.edge_segment[facing]
                while parent[ra] != ra:  # ``find`` without a call: union by size keeps
                    ra = parent[ra]  # trees shallow, path halving is not needed here
                while parent[rb] != rb:
                    rb = parent[rb]
                if ra != rb:
                    if size[ra] < size[rb]:
                        ra, rb = rb, ra
                    parent[rb] = ra
                    size[ra] += size[rb]
                    open_[ra] += open_[rb]
                    occupied[ra] += occupied[rb]
                if closes:  # even when already joined: a loop closing still closes two sides
                    open_[ra] -= 2
        at[(x, y)] = index
        if shape.lighthouse is not None:
            self.near_lighthouses.update((x + dx, y + dy) for dx, dy in ((0, 0), *AROUND))
        frontier, patterns, order, faces = self.frontier, self.patterns, self._order, self.faces
        if (x, y) in frontier:  # only the start tile is placed off the frontier
            frontier.discard((x, y))
            del patterns[x, y]
            del faces[x, y]
            del order[bisect_left(order, (-y, x))]
        # The new tile changes one letter of each empty neighbour's pattern: the one facing it,
        # and adds its segments on that side to the neighbour's faces.
        for edge, dx, dy, facing in zip(shape.edges, *_AROUND_EDGES, strict=True):
            square = (x + dx, y + dy)
            if square in at:
                continue
            old = patterns.get(square)
            mine = tuple([(bit, base + segment) for bit, segment in shape.faces[facing]])
            if old is None:  # off the frontier until now, so no other tile touches it
                pattern = _LONE[facing][edge]
                frontier.add(square)
                insort(order, (-y - dy, x + dx, pattern))
                faces[square] = mine
            else:
                pattern = old[:facing] + edge + old[facing + 1 :]
                # (-y, x) sorts just before (-y, x, anything): that square's entry.
                at_order = bisect_left(order, (-y - dy, x + dx))
                order[at_order] = (-y - dy, x + dx, pattern)
                faces[square] += mine
            patterns[square] = pattern
        self._spots = {}
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

    def _walk(self, node: int) -> list[int]:
        """Every node of ``node``'s feature, in node order, found along the links.

        Links are what ``place`` joined, seen from either side, so this is the union-find's
        set without a look at the rest of the map.
        """
        seen, todo = {node}, [node]
        while todo:
            placed = self.tiles[self.node_tile[current := todo.pop()]]
            ports = PORTS[placed.shape.name, placed.shape.rotation][current - placed.base]
            for other in self._links(ports, placed.x, placed.y):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return sorted(seen)

    def members(self) -> dict[int, list[int]]:
        """Root -> every node of its feature, in node order: one pass for many features."""
        grouped: dict[int, list[int]] = {}
        for n in range(len(self.parent)):
            grouped.setdefault(self.find(n), []).append(n)
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
        if members is not None:
            nodes = members[root]
        elif kind == WATER:  # the sea may be most of the map: one pass over every node
            nodes = [n for n in range(len(self.parent)) if self.find(n) == root]
        else:  # an island or a bridge is small: walk it, not the whole map
            nodes = self._walk(node)
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
