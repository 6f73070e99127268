"""Where everything sits on the Kahuna board image: islands, their coasts, the bridge paths.

Computed once from the rules' board (rules.kahuna.board). Island shapes are organic blobs
seeded by the island's name, so they are the same in every process. A line whose straight path
would pass too close to a third island (Coco–Kahu past Gola, Aloa–Huna past Duda) is bent into
a curve.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from rules.kahuna.board import ISLAND_XY, ISLANDS, LINES, TO_CONTROL

Point = tuple[float, float]

WIDTH = 1200
MARGIN = 16
PANEL_H = 184
BOARD_TOP = MARGIN + PANEL_H + 10
BOARD_H = 870
BOARD_BOTTOM = BOARD_TOP + BOARD_H
FOOTER_TOP = BOARD_BOTTOM + 10
FOOTER_H = 200
HEIGHT = FOOTER_TOP + FOOTER_H + MARGIN
HAND_TOP = HEIGHT - MARGIN + 10  # the private hand strip, below the footer
HAND_H = 200
PRIVATE_HEIGHT = HAND_TOP + HAND_H + MARGIN

# Board fractions -> pixels. The data spans x 0.18–0.84 and y 0.25–0.88; Coco sits near the
# right edge but the curve around Gola needs room there, so the map leans left.
X0, SX = 112, 1330
Y0, SY = BOARD_TOP + 98, 1095

RX, RY = 67, 50  # an island's half-size before its coast wobbles
WOBBLE = 0.1  # largest total wobble of the coast, as a fraction of the radius
HALO = 13  # shallow water around the coast
STEPS = 120  # coast samples
CLEARANCE = 30  # a path keeps this far from the coast of islands it does not join
BADGE_D = 44
STONE_D = 54


@dataclass(frozen=True)
class Island:
    """One island: centre, coast (radius per angle), bridges it needs, badge and stone spots."""

    name: str
    index: int
    centre: Point
    need: int
    radii: tuple[float, ...]  # coast radius at angle i/STEPS·2π (y down)
    badge: Point
    stone: Point

    def radius(self, angle: float) -> float:
        """Distance from the centre to the coast in direction ``angle`` (radians)."""
        f = (angle % math.tau) / math.tau * STEPS
        i = int(f) % STEPS
        t = f - int(f)
        return self.radii[i] * (1 - t) + self.radii[(i + 1) % STEPS] * t

    def outline(
        self, grow: float = 0.0, scale: float = 1.0, at: Point | None = None
    ) -> list[Point]:
        """The coast moved ``grow`` px outwards, scaled, centred on ``at`` (default: centre)."""
        cx, cy = at or self.centre
        return [
            (
                cx + (r + grow) * scale * math.cos(i / STEPS * math.tau),
                cy + (r + grow) * scale * math.sin(i / STEPS * math.tau),
            )
            for i, r in enumerate(self.radii)
        ]

    def depth(self, p: Point) -> float:
        """How far ``p`` lies outside the coast (negative: inland)."""
        dx, dy = p[0] - self.centre[0], p[1] - self.centre[1]
        return math.hypot(dx, dy) - self.radius(math.atan2(dy, dx))


@dataclass(frozen=True)
class Line:
    """A bridge line: its two islands and its path, sampled every few pixels, coast to coast."""

    name: str  # "Aloa-Bari"
    ends: tuple[str, str]
    samples: tuple[Point, ...]  # centre to centre
    curved: bool

    def path(self, islands: dict[str, Island], inset: float) -> list[Point]:
        """The samples lying at least ``inset`` px outside both coasts (negative: overlap)."""
        a, b = islands[self.ends[0]], islands[self.ends[1]]
        return [p for p in self.samples if a.depth(p) >= inset and b.depth(p) >= inset]


def _blob(name: str) -> tuple[float, ...]:
    rng = random.Random(f"kahuna-island-{name}")
    waves = [(k, rng.uniform(0.35, 1.0), rng.uniform(0, math.tau)) for k in (2, 3, 4, 5)]
    total = sum(a for _, a, _ in waves)
    radii = []
    for i in range(STEPS):
        t = i / STEPS * math.tau
        base = RX * RY / math.hypot(RY * math.cos(t), RX * math.sin(t))
        wobble = sum(a * math.cos(k * t + phase) for k, a, phase in waves) / total
        radii.append(base * (1 + WOBBLE * wobble))
    return tuple(radii)


def _bezier(a: Point, c: Point, b: Point) -> list[Point]:
    length = math.dist(a, c) + math.dist(c, b)
    n = max(8, round(length / 3))
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (
                u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
                u * u * a[1] + 2 * u * t * c[1] + t * t * b[1],
            )
        )
    return out


def _clearance(samples: list[Point], others: list[Island]) -> tuple[float, Island | None]:
    worst, near = math.inf, None
    for island in others:
        d = min(island.depth(p) for p in samples)
        if d < worst:
            worst, near = d, island
    return worst, near


def _line(name: str, islands: dict[str, Island]) -> Line:
    a_name, b_name = name.split("-")
    a, b = islands[a_name].centre, islands[b_name].centre
    others = [i for n, i in islands.items() if n not in (a_name, b_name)]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    samples = _bezier(a, mid, b)
    worst, near = _clearance(samples, others)
    if worst >= CLEARANCE or near is None:
        return Line(name, (a_name, b_name), tuple(samples), False)
    # Bend the path, the least that clears every island, on whichever side needs less.
    dx, dy = b[0] - a[0], b[1] - a[1]
    norm = math.hypot(dx, dy)
    nx, ny = -dy / norm, dx / norm
    best: tuple[int, list[Point]] | None = None
    for side in (1, -1):
        for push in range(10, 400, 10):
            c = (mid[0] + side * nx * push, mid[1] + side * ny * push)
            bent = _bezier(a, c, b)
            if _clearance(bent[::4], others)[0] >= CLEARANCE:
                if best is None or push < best[0]:
                    best = (push, bent)
                break
    if best is not None:
        samples = best[1]
    return Line(name, (a_name, b_name), tuple(samples), True)


def _spots(island: Island, paths: list[list[Point]], islands: list[Island]) -> tuple[Point, Point]:
    """Badge and stone places on the coast, clear of bridges, other islands and the edges."""

    near = [q for path in paths for q in path if math.dist(q, island.centre) < 2.5 * RX]
    others = [o for o in islands if math.dist(o.centre, island.centre) < 5 * RX]

    def room(p: Point, size: float) -> float:
        d = min((math.dist(p, q) for q in near), default=math.inf) - 18
        for other in others:
            if other is not island:
                d = min(d, other.depth(p) - HALO)
        d = min(d, p[0] - MARGIN, WIDTH - MARGIN - p[0], p[1] - BOARD_TOP, BOARD_BOTTOM - p[1])
        return d - size / 2

    def at(angle: float, size: float) -> Point:
        r = island.radius(angle) + size * 0.15
        return (island.centre[0] + r * math.cos(angle), island.centre[1] + r * math.sin(angle))

    angles = [i / 72 * math.tau for i in range(72)]
    # Prefer the upper half a little: a badge above the name reads first.
    badge = max(
        (at(t, BADGE_D) for t in angles),
        key=lambda p: min(room(p, BADGE_D), 12) + (3 if p[1] < island.centre[1] - 20 else 0),
    )
    apart = (BADGE_D + STONE_D) / 2 + 8
    stone = max(
        (at(t, STONE_D) for t in angles),
        key=lambda p: min(room(p, STONE_D), 12) - (100 if math.dist(p, badge) < apart else 0),
    )
    return badge, stone


@dataclass(frozen=True)
class Board:
    """Every island and line, in data order."""

    islands: dict[str, Island]
    lines: dict[str, Line]


@lru_cache(maxsize=1)
def board() -> Board:
    """The board's geometry in pixels (computed once)."""
    islands: dict[str, Island] = {}
    for index, name in enumerate(ISLANDS):
        centre = board_px(*ISLAND_XY[name])
        islands[name] = Island(name, index, centre, TO_CONTROL[name], _blob(name), centre, centre)
    lines = {name: _line(name, islands) for name in LINES}
    paths = [line.path(islands, 0)[::3] for line in lines.values()]
    placed = {}
    for name, island in islands.items():
        badge, stone = _spots(island, paths, list(islands.values()))
        placed[name] = Island(
            name, island.index, island.centre, island.need, island.radii, badge, stone
        )
    return Board(placed, lines)


def board_px(fx: float, fy: float) -> Point:
    """Board fractions -> image pixels."""
    return (X0 + (fx - 0.18) * SX, Y0 + (fy - 0.25) * SY)
