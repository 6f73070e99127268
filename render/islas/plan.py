"""An Islas tile's plan worked out from the tile data (no per-letter drawings): its islands'
outlines and coasts, its bridges' centre lines, its junction and lighthouse.

Coordinates are fractions of the tile in screen orientation: x to the east, y DOWN (north is
the top edge, y = 0). Every island side reaches its whole edge, corner to corner, so islands
on neighbouring tiles meet along the full edge; coast lines only run inside the tile.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

from rules.islas.tiles import SIDES, Tile, oriented, rotate_side

Point = tuple[float, float]

GRID = 48  # cells a side of the raster that places followers and tells water areas apart
EXTEND = 0.06  # shapes run this far past an edge, so edge pixels are never half-covered
PLANK = 0.16  # bridge width
HUB_R = 0.11  # junction platform radius
CAP = 0.30  # depth of a one-side island
BAND = 0.29  # depth of each bay beside an island crossing the tile
BAY = 0.36  # depth of the bay of a three-side island
CENTRE: Point = (0.5, 0.5)
LIGHTHOUSE_BASE: Point = (0.5, 0.62)  # where a bridge meets the lighthouse's rock
ANCHOR_R = 0.14

SIDE_MID: dict[str, Point] = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}
HALF_MID: dict[str, Point] = {
    "NNW": (0.25, 0.0), "NNE": (0.75, 0.0), "ENE": (1.0, 0.25), "ESE": (1.0, 0.75),
    "SSE": (0.75, 1.0), "SSW": (0.25, 1.0), "WSW": (0.0, 0.75), "WNW": (0.0, 0.25),
}  # fmt: skip
CORNER: dict[frozenset[str], Point] = {
    frozenset("NE"): (1.0, 0.0),
    frozenset("ES"): (1.0, 1.0),
    frozenset("SW"): (0.0, 1.0),
    frozenset("WN"): (0.0, 0.0),
}


def turn(p: Point, quarters: int) -> Point:
    """``p`` turned clockwise about the tile centre by ``quarters`` right angles."""
    x, y = p
    for _ in range(quarters % 4):
        x, y = 1 - y, x
    return (x, y)


def _swell(t: float) -> float:
    """0 at both ends, 1 in the middle: the profile of a coast between two corners."""
    return math.sin(math.pi * t) ** 0.85


def extend(points: list[Point], by: float = EXTEND) -> list[Point]:
    """The polyline with both ends pushed ``by`` further along their direction."""

    def push(a: Point, b: Point) -> Point:
        dx, dy = a[0] - b[0], a[1] - b[1]
        d = math.hypot(dx, dy) or 1.0
        return (a[0] + dx / d * by, a[1] + dy / d * by)

    return [push(points[0], points[1]), *points, push(points[-1], points[-2])]


def _steps(n: int) -> list[float]:
    return [i / (n - 1) for i in range(n)]


@dataclass(frozen=True)
class Land:
    """An island segment: its outline (past its island edges) and its coast lines."""

    sides: frozenset[str]
    outline: tuple[Point, ...]
    coasts: tuple[tuple[Point, ...], ...]


@dataclass(frozen=True)
class Plank:
    """A bridge segment: its centre line (pushed past its edges) and where a follower stands."""

    sides: frozenset[str]
    path: tuple[Point, ...]
    middle: Point


@dataclass(frozen=True)
class Shape:
    """Everything drawn on one oriented tile."""

    tile: Tile
    lands: tuple[Land, ...]
    planks: tuple[Plank, ...]
    hub: bool  # bridges meet at a junction in the centre
    lighthouse: bool
    anchor: Point | None


def _quarters(canonical: str, sides: frozenset[str]) -> int:
    for k in range(4):
        if {rotate_side(s, k * 90) for s in canonical} == sides:
            return k
    raise ValueError(f"no turn of {canonical} gives {sorted(sides)}")


def _land(sides: frozenset[str], crowded: bool) -> Land:
    """The island touching ``sides``, drawn for its canonical case and turned into place."""
    e = EXTEND
    far = 1 + e
    n = len(sides)
    if n == 1:  # a cap along the north edge
        k = _quarters("N", sides)
        coast = [(t, CAP * _swell(t)) for t in _steps(33)]
        outline = [*extend(coast), (far, -e), (-e, -e)]
        coasts = [coast]
    elif n == 2 and len({SIDES.index(s) % 2 for s in sides}) == 1:  # across, east to west
        k = _quarters("EW", sides)
        top = [(t, BAND * _swell(t)) for t in _steps(33)]
        bottom = [(1 - t, 1 - BAND * _swell(t)) for t in _steps(33)]
        outline = [*extend(top), *extend(bottom)]
        coasts = [top, bottom]
    elif n == 2:  # the north-east corner, its coast from the NW to the SE corner
        k = _quarters("NE", sides)
        bulge = -0.03 if crowded else 0.11
        coast = [
            (t - bulge * _swell(t) / math.sqrt(2), t + bulge * _swell(t) / math.sqrt(2))
            for t in _steps(33)
        ]
        outline = [*extend(coast), (far, far), (far, -e), (-e, -e)]
        coasts = [coast]
    elif n == 3:  # everything but a bay in the south
        k = _quarters("NEW", sides)
        coast = [(t, 1 - BAY * _swell(t)) for t in _steps(33)]
        outline = [*extend(coast), (far, -e), (-e, -e)]
        coasts = [coast]
    else:
        k = 0
        outline = [(-e, -e), (far, -e), (far, far), (-e, far)]
        coasts = []
    return Land(
        sides=sides,
        outline=tuple(turn(p, k) for p in outline),
        coasts=tuple(tuple(turn(p, k) for p in c) for c in coasts),
    )


def inside(p: Point, polygon: tuple[Point, ...]) -> bool:
    """Whether ``p`` lies inside ``polygon`` (even-odd rule)."""
    x, y = p
    result = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            result = not result
        j = i
    return result


def _line(a: Point, b: Point, n: int = 9) -> list[Point]:
    return [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in _steps(n)]


def _halfway(points: list[Point]) -> Point:
    """The point half the arc length along a polyline."""
    lengths = [math.dist(p, q) for p, q in itertools.pairwise(points)]
    target = sum(lengths) / 2
    for (p, q), step in zip(itertools.pairwise(points), lengths, strict=True):
        if step >= target and step > 0:
            t = target / step
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
        target -= step
    return points[-1]


def _plank(sides: frozenset[str], tile: Tile, lands: tuple[Land, ...]) -> tuple[Plank, bool]:
    """A bridge segment's centre line; also whether it ends at the junction in the centre."""
    if len(sides) == 2:
        a, b = sorted(sides, key=SIDES.index)
        corner = CORNER.get(frozenset((a, b)))
        if corner is None:  # straight across
            path = _line(SIDE_MID[a], SIDE_MID[b], 17)
        else:  # a quarter circle round the corner the two sides share
            cx, cy = corner
            a0 = math.atan2(SIDE_MID[a][1] - cy, SIDE_MID[a][0] - cx)
            a1 = math.atan2(SIDE_MID[b][1] - cy, SIDE_MID[b][0] - cx)
            if a1 - a0 > math.pi:
                a1 -= math.tau
            elif a0 - a1 > math.pi:
                a1 += math.tau
            path = [
                (cx + 0.5 * math.cos(a0 + (a1 - a0) * t), cy + 0.5 * math.sin(a0 + (a1 - a0) * t))
                for t in _steps(17)
            ]
        return Plank(sides, tuple(extend(path)), _halfway(path)), False
    (side,) = sides
    start = SIDE_MID[side]
    end, hub = CENTRE, not tile.lighthouse
    if tile.lighthouse:
        end = LIGHTHOUSE_BASE
    else:
        stub = _line(start, CENTRE, 41)
        for i, p in enumerate(stub):
            if any(inside(p, land.outline) for land in lands):  # the bridge lands on an island
                end, hub = stub[min(i + 2, len(stub) - 1)], False
                break
    path = _line(start, end, 9)
    middle = _halfway(path) if not hub else _halfway(_line(start, end, 9)[:6])
    return Plank(sides, tuple(extend(path)[:-1]), middle), hub


@cache
def plain_shape(name: str, rotation: int) -> Shape:
    """``shape`` without the anchor (which needs the raster this feeds)."""
    tile = oriented(name, rotation)
    crowded = bool(tile.bridges) or tile.lighthouse
    lands = tuple(_land(sides, crowded) for sides in tile.islands)
    planks = []
    hub = False
    for sides in tile.bridges:
        plank, ends_at_hub = _plank(sides, tile, lands)
        planks.append(plank)
        hub = hub or ends_at_hub
    return Shape(tile, lands, tuple(planks), hub, tile.lighthouse, None)
