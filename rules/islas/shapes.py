"""Each tile type in each rotation as numbered segments, and where it fits, computed once.

A ``Shape`` numbers a tile's segments (islands, then bridges, then water, then the lighthouse,
in data order) so that a placed tile's segments become consecutive nodes of the feature map.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rules.islas.tiles import (
    HALF_SIDE,
    HALVES,
    MIRROR,
    OPPOSITE,
    ROTATIONS,
    SIDES,
    TILES,
    oriented,
)

ISLAND, BRIDGE, WATER, LIGHTHOUSE = "island", "bridge", "water", "lighthouse"
KINDS: tuple[str, ...] = (ISLAND, BRIDGE, WATER, LIGHTHOUSE)
#: What a pattern shows on a side with no neighbour: any edge fits there.
FREE = "."
#: Each side and half-edge of a square as one bit, so that the edges facing an occupied
#: feature are one int and a segment is refused with one ``&``.
EDGE_BITS: dict[str, int] = {edge: 1 << i for i, edge in enumerate(SIDES + HALVES)}
#: Per side: the side and its halves, the halves ordered so that the opposite side's list
#: holds their mirrors in the same places (N: NNW, NNE; S: SSW, SSE).
SEAM: tuple[tuple[str, ...], ...] = (
    ("N", "NNW", "NNE"), ("E", "ENE", "ESE"), ("S", "SSW", "SSE"), ("W", "WNW", "WSW"),
)  # fmt: skip
#: A pattern as an int: two bits per side (N lowest), 0 for FREE, so that a new neighbour
#: adds its edge's code to a square's pattern and the pattern indexes a list.
EDGE_CODES: dict[str, int] = {FREE: 0, "i": 1, "b": 2, "w": 3}


def pattern_code(pattern: str) -> int:
    """``pattern`` (N E S W letters, FREE for no neighbour) as an int."""
    return sum(EDGE_CODES[edge] << 2 * i for i, edge in enumerate(pattern))


def code_pattern(code: int) -> str:
    """The pattern string of ``pattern_code``'s int."""
    letters = {v: k for k, v in EDGE_CODES.items()}
    return "".join(letters[code >> 2 * i & 3] for i in range(len(SIDES)))


def edge_mask(edges: tuple[str, ...] | frozenset[str]) -> int:
    """The bits of ``edges`` (sides and half-edges)."""
    mask = 0
    for edge in edges:
        mask |= EDGE_BITS[edge]
    return mask


@dataclass(frozen=True)
class Segment:
    """One island, bridge, water area or lighthouse of an oriented tile."""

    kind: str
    where: str  # canonical name: first side (N E S W) or half (NNW … WNW); "" for a lighthouse
    sides: tuple[str, ...]  # island/bridge: the sides it reaches, N E S W order
    halves: tuple[str, ...]  # water: the half-edges it touches, NNW … WNW order
    anchor: bool  # an island carrying the tile's anchor
    borders: tuple[int, ...]  # water: the island segments (indices in the shape) it borders


@dataclass(frozen=True)
class Shape:
    """A tile type turned by ``rotation``: its edges and numbered segments."""

    name: str
    rotation: int
    edges: str  # N, E, S, W: "i", "b" or "w"
    segments: tuple[Segment, ...]
    side_segment: dict[str, int]  # island or bridge side -> the segment reaching it
    half_segment: dict[str, int]  # water half-edge -> the segment touching it
    lighthouse: int | None  # the lighthouse's segment index
    # Per side of an empty square beside this tile (N E S W, the square's own side facing
    # it): (the square's edge as a bit of ``EDGE_BITS``, the segment of this tile it meets).
    # Legal moves look at every neighbour of every spot: no tables, no string keys there.
    faces: tuple[tuple[tuple[int, int], ...], ...] = field(default=(), repr=False, compare=False)
    # Per segment: its island or bridge sides (the open count it starts with) and whether
    # joining it across an edge closes a side (not water), read by every ``Board.place``.
    opens: tuple[int, ...] = field(default=(), repr=False, compare=False)
    closes: tuple[bool, ...] = field(default=(), repr=False, compare=False)
    # The island and bridge segments: those a new tile may complete.
    closable: tuple[int, ...] = field(default=(), repr=False, compare=False)
    # A 1 and a 0 per segment (the sizes and follower counts of its new nodes), and the
    # segment at each side or half-edge: ``side_segment`` and ``half_segment`` in one.
    ones: tuple[int, ...] = field(default=(), repr=False, compare=False)
    zeros: tuple[int, ...] = field(default=(), repr=False, compare=False)
    edge_segment: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    # Per side (N E S W): the segments along it, side first, then its halves in ``SEAM``
    # order, so that two tiles meeting there pair their seams' segments one for one.
    seams: tuple[tuple[int, ...], ...] = field(default=(), repr=False, compare=False)
    # Per side: (edge bit, segment) for each edge of the empty square beyond it that this
    # tile's segments face (``faces`` seen from this tile), and that square's pattern code
    # for this side (``frontier``).
    beyond: tuple[tuple[tuple[int, int], ...], ...] = field(default=(), repr=False, compare=False)
    stamps: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        # One of the tile set's shapes, named by its type and turn (``shape`` rebuilds it once
        # per process): a pickled position, such as one sent to be drawn, is a third the size.
        return shape, (self.name, self.rotation)

    def named(self, kind: str, where: str) -> int | None:
        """The segment of ``kind`` that side or half ``where`` names ("" for a lighthouse)."""
        if kind == LIGHTHOUSE:
            return self.lighthouse if where == "" else None
        index = (self.half_segment if kind == WATER else self.side_segment).get(where)
        if index is None or self.segments[index].kind != kind:
            return None
        return index


def _ordered(names: frozenset[str], order: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name for name in order if name in names)


@cache
def shape(name: str, rotation: int) -> Shape:
    """Tile type ``name`` turned clockwise by ``rotation`` degrees, as segments."""
    tile = oriented(name, rotation)
    segments: list[Segment] = []
    for sides in tile.islands:
        # The data puts the anchor on tiles with a single island segment only.
        ordered = _ordered(sides, SIDES)
        segments.append(Segment(ISLAND, ordered[0], ordered, (), tile.anchor, ()))
    for sides in tile.bridges:
        ordered = _ordered(sides, SIDES)
        segments.append(Segment(BRIDGE, ordered[0], ordered, (), False, ()))
    for water in tile.water:
        halves = _ordered(water.halves, HALVES)
        segments.append(Segment(WATER, halves[0], (), halves, False, water.islands))
    lighthouse = None
    if tile.lighthouse:
        lighthouse = len(segments)
        segments.append(Segment(LIGHTHOUSE, "", (), (), False, ()))
    side_segment = {s: i for i, seg in enumerate(segments) for s in seg.sides}
    half_segment = {h: i for i, seg in enumerate(segments) for h in seg.halves}
    edge_segment = {**side_segment, **half_segment}
    return Shape(
        name=name,
        rotation=rotation,
        edges=tile.edges,
        segments=tuple(segments),
        side_segment=side_segment,
        half_segment=half_segment,
        lighthouse=lighthouse,
        faces=tuple(_faces(side, side_segment, half_segment) for side in SIDES),
        opens=tuple(len(seg.sides) for seg in segments),
        closes=tuple(seg.kind != WATER for seg in segments),
        closable=tuple(i for i, seg in enumerate(segments) if seg.kind in (ISLAND, BRIDGE)),
        ones=(1,) * len(segments),
        zeros=(0,) * len(segments),
        edge_segment=edge_segment,
        seams=tuple(
            tuple(edge_segment[edge] for edge in seam if edge in edge_segment) for seam in SEAM
        ),
        beyond=tuple(_faces(OPPOSITE[side], side_segment, half_segment) for side in SIDES),
        stamps=tuple(
            EDGE_CODES[edge] << 2 * SIDES.index(OPPOSITE[side])
            for side, edge in zip(SIDES, tile.edges, strict=True)
        ),
    )


def _faces(
    side: str, side_segment: dict[str, int], half_segment: dict[str, int]
) -> tuple[tuple[int, int], ...]:
    """What a square's ``side`` (and its halves) meets of a tile beyond it: (edge bit, segment)."""
    facing = OPPOSITE[side]
    found = []
    if facing in side_segment:
        found.append((EDGE_BITS[side], side_segment[facing]))
    for half in HALVES:
        if HALF_SIDE[half] == side and MIRROR[half] in half_segment:
            found.append((EDGE_BITS[half], half_segment[MIRROR[half]]))
    return tuple(found)


#: A set of rotations as a mask (bit k: ``ROTATIONS[k]``) -> the rotations, in order: the
#: tables of where tiles fit hold masks, ints a list is indexed by.
TURN_SETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(turn for k, turn in enumerate(ROTATIONS) if mask >> k & 1) for mask in range(16)
)


def turn_mask(rotations: tuple[int, ...]) -> int:
    """The mask of ``TURN_SETS`` that holds ``rotations``."""
    return sum(1 << ROTATIONS.index(turn) for turn in rotations)


@cache
def rotations_fitting(name: str, pattern: str) -> tuple[int, ...]:
    """The rotations of ``name`` whose edges match ``pattern`` (N E S W, FREE for no neighbour)."""
    return tuple(
        rotation
        for rotation in ROTATIONS
        if all(
            want in (FREE, have)
            for want, have in zip(pattern, shape(name, rotation).edges, strict=True)
        )
    )


@cache
def same_look(name: str, rotation: int) -> int:
    """The smallest rotation of ``name`` that looks exactly like ``rotation`` (a straight
    bridge turned 270 looks as at 90): placed there, both make the same map."""

    def look(turn: int) -> tuple[str, frozenset[tuple[str, tuple[str, ...], tuple[str, ...]]]]:
        tile = shape(name, turn)
        return tile.edges, frozenset((s.kind, s.sides, s.halves) for s in tile.segments)

    return next(turn for turn in ROTATIONS if look(turn) == look(rotation))


#: Every shape, so that later look-ups never build one.
SHAPES: dict[tuple[str, int], Shape] = {
    (name, rotation): shape(name, rotation) for name in TILES for rotation in ROTATIONS
}
#: Per shape, where a follower may stand: the sides and half-edges each segment reaches (a
#: follower is refused when a neighbour's feature across one of them is taken) and the
#: (kind, where) that names the segment, so that legal moves are listed without look-ups.
FOLLOWER_CHOICES: dict[tuple[str, int], tuple[tuple[frozenset[str], tuple[str, str]], ...]] = {
    key: tuple((frozenset(s.sides + s.halves), (s.kind, s.where)) for s in tile.segments)
    for key, tile in SHAPES.items()
}
#: ``FOLLOWER_CHOICES`` with the edges as ``EDGE_BITS``: (mask, (kind, where)) per segment.
FOLLOWER_MASKS: dict[tuple[str, int], tuple[tuple[int, tuple[str, str]], ...]] = {
    key: tuple((edge_mask(edges), follower) for edges, follower in choices)
    for key, choices in FOLLOWER_CHOICES.items()
}
