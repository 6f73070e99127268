"""A coarse raster of an Islas tile (``GRID`` cells a side): which cells are water, planks or
which island, the water areas it splits into, and the cell of a segment that keeps clearest
of its borders (where a follower or an anchor goes)."""

from __future__ import annotations

import math
from collections import deque
from functools import cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from render.islas.plan import (
    ANCHOR_R,
    CENTRE,
    GRID,
    HALF_MID,
    HUB_R,
    PLANK,
    Point,
    Shape,
    plain_shape,
)
from rules.islas.tiles import oriented

# Cell values: water, a plank or the tower, land segment i (LAND_CELL + i).
WATER_CELL, SOLID_CELL, LAND_CELL = 0, 1, 10


def draw_plan(
    draw: ImageDraw.ImageDraw,
    plan: Shape,
    size: float,
    land_fill: int,
    solid_fill: int,
) -> None:
    """Mark lands (``land_fill`` + index), planks, the hub and the tower in a raster mask."""

    def px(points: tuple[Point, ...] | list[Point]) -> list[Point]:
        return [(x * size, y * size) for x, y in points]

    for i, land in enumerate(plan.lands):
        draw.polygon(px(land.outline), fill=land_fill + i)
    for plank in plan.planks:
        for p, q in zip(plank.path, plank.path[1:], strict=False):
            draw.line(px([p, q]), fill=solid_fill, width=max(1, round(PLANK * size)))
    if plan.hub:
        r = HUB_R * size
        c = 0.5 * size
        draw.ellipse((c - r, c - r, c + r, c + r), fill=solid_fill)
    if plan.lighthouse:
        draw.ellipse((0.3 * size, 0.18 * size, 0.7 * size, 0.72 * size), fill=solid_fill)


@cache
def tile_cells(name: str, rotation: int) -> tuple[int, ...]:
    """The tile as GRID x GRID cell values (row by row): water, solid, or land segment."""
    plan = plain_shape(name, rotation)
    image = Image.new("L", (GRID, GRID), WATER_CELL)
    draw_plan(ImageDraw.Draw(image), plan, GRID, LAND_CELL, SOLID_CELL)
    return tuple(image.tobytes())


def _cell_of(p: Point) -> tuple[int, int]:
    return (min(GRID - 1, max(0, int(p[0] * GRID))), min(GRID - 1, max(0, int(p[1] * GRID))))


@cache
def water_areas(name: str, rotation: int) -> tuple[frozenset[int], ...]:
    """For each water segment of the oriented tile, the raster cells (y * GRID + x) it covers."""
    cells = tile_cells(name, rotation)
    label = [-1] * len(cells)
    areas: list[set[int]] = []
    for start, value in enumerate(cells):
        if value != WATER_CELL or label[start] >= 0:
            continue
        label[start] = len(areas)
        area = {start}
        queue = deque([start])
        while queue:
            i = queue.popleft()
            x, y = i % GRID, i // GRID
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < GRID and 0 <= ny < GRID:
                    j = ny * GRID + nx
                    if cells[j] == WATER_CELL and label[j] < 0:
                        label[j] = label[start]
                        area.add(j)
                        queue.append(j)
        areas.append(area)
    tile = oriented(name, rotation)
    result = []
    for water in tile.water:
        found: set[int] = set()
        for half in water.halves:
            area = _area_near(HALF_MID[half], label)
            if area is not None:
                found |= areas[area]
        result.append(frozenset(found))
    return tuple(result)


def _area_near(p: Point, label: list[int]) -> int | None:
    """The water area at or nearest the cell under ``p`` (a half-edge's midpoint)."""
    cx, cy = _cell_of(p)
    best: tuple[float, int] | None = None
    for dy in range(-6, 7):
        for dx in range(-6, 7):
            x, y = cx + dx, cy + dy
            if 0 <= x < GRID and 0 <= y < GRID and label[y * GRID + x] >= 0:
                d = math.hypot(dx, dy)
                if best is None or d < best[0]:
                    best = (d, label[y * GRID + x])
    return None if best is None else best[1]


def clearance(inside_cells: set[int] | frozenset[int], limit: int = 16) -> list[int]:
    """For each cell of the set, how many cells it lies from the set's edge or the tile's edge
    (a square distance, up to ``limit``), by eroding the set one ring at a time."""
    side = GRID + 2  # a ring of empty cells round the tile: its edge counts as an edge
    data = bytearray(side * side)
    for i in inside_cells:
        data[(i // GRID + 1) * side + i % GRID + 1] = 1
    ring = Image.frombytes("L", (side, side), bytes(data))
    total = ring
    for _ in range(limit - 1):
        ring = ring.filter(ImageFilter.MinFilter(3))
        if ring.getbbox() is None:
            break
        total = ImageChops.add(total, ring)
    return list(total.crop((1, 1, GRID + 1, GRID + 1)).tobytes())


def pole(
    cells: tuple[int, ...] | None,
    values: set[int],
    towards: Point | None,
    pull: float,
    cap: float,
    members: frozenset[int] | None = None,
    avoid: Point | None = None,
) -> Point:
    """The best cell of a segment: clear of its edges (up to ``cap`` cells), near ``towards``."""
    if members is None:
        if cells is None:
            raise TypeError("pole needs its members or its cells")
        members = frozenset(i for i, v in enumerate(cells) if v in values)
    chosen = set(members)
    if avoid is not None:  # keep off the anchor badge
        ax, ay = avoid[0] * GRID, avoid[1] * GRID
        r = (ANCHOR_R + 0.04) * GRID
        chosen = {i for i in chosen if math.hypot(i % GRID + 0.5 - ax, i // GRID + 0.5 - ay) > r}
        chosen = chosen or set(members)
    if not chosen:
        return CENTRE
    dist = clearance(chosen)
    best_score, best = -math.inf, 0
    for i in sorted(chosen):
        x, y = i % GRID + 0.5, i // GRID + 0.5
        score = min(dist[i], cap)
        if towards is not None:
            score -= pull * math.hypot(x - towards[0] * GRID, y - towards[1] * GRID)
        if score > best_score:
            best_score, best = score, i
    return ((best % GRID + 0.5) / GRID, (best // GRID + 0.5) / GRID)
