"""One Islas tile drawn from its plan (``geometry``): sea and waves, islands with beach,
grass and forest, bridges on their shadows, the lighthouse and anchors. The lighthouse and
anchors stay upright whatever the rotation; shadows always fall to the lower right."""

from __future__ import annotations

import math
import random

from PIL import Image, ImageDraw

from render.common import DARK_INK, RGB, along, band, shrink
from render.islas.colours import (
    ANCHOR,
    ANCHOR_BG,
    BEAM,
    BOARD,
    FOREST,
    GRASS,
    LIGHT,
    ROCK,
    ROCK_DARK,
    SAND,
    SEA,
    SHADOW,
    SHALLOW,
    TOWER,
    TOWER_RED,
    WAVE,
    WOOD,
    WOOD_EDGE,
)
from render.islas.geometry import (
    ANCHOR_R,
    GRID,
    HUB_R,
    PLANK,
    Point,
    Shape,
    clearance,
    extend,
    water_areas,
)

K = 2  # supersampling of the masters


def px(points: tuple[Point, ...] | list[Point], s: float) -> list[Point]:
    """``points`` of a plan (a tile is 1 a side) on a tile ``s`` px a side."""
    return [(x * s, y * s) for x, y in points]


def stroke(draw: ImageDraw.ImageDraw, points: list[Point], width: float, fill: int | RGB) -> None:
    """A polyline with round joins and round ends (Pillow's ends are flat)."""
    draw.line(points, fill=fill, width=max(1, round(width)), joint="curve")
    r = width / 2
    for x, y in (points[0], points[-1]):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def _tapered(draw: ImageDraw.ImageDraw, points: list[Point], radius: float, fill: RGB) -> None:
    """A band along ``points`` that thins to nothing at both ends (a halo that never ends in a
    hard cut on a tile edge)."""
    n = len(points)
    for i in range(n - 1):
        a, b = points[i], points[i + 1]
        steps = max(1, int(math.dist(a, b) / (radius * 0.25 + 1)))
        for j in range(steps):
            t = (i + j / steps) / (n - 1)
            r = radius * min(1.0, t / 0.22, (1 - t) / 0.22)
            if r <= 0.5:
                continue
            x = a[0] + (b[0] - a[0]) * j / steps
            y = a[1] + (b[1] - a[1]) * j / steps
            draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


BEACH = 0.045  # sand along a coast, inside the island
GRASS_W = 0.075  # light green between the beach and the forest
HALO = 0.05  # shallow water outside a coast


def _waves(draw: ImageDraw.ImageDraw, plan: Shape, s: float) -> None:
    """Two or three wave marks where the water is open (the same on every copy of the tile)."""
    tile = plan.tile
    areas = water_areas(tile.name, tile.rotation)
    cells = frozenset().union(*areas) if areas else frozenset()
    if not cells:
        return
    dist = clearance(cells)
    rng = random.Random(f"{tile.name}{tile.rotation}")
    open_cells = sorted(i for i in cells if dist[i] >= 6.5)
    rng.shuffle(open_cells)
    placed: list[Point] = []
    for i in open_cells:
        p = ((i % GRID + 0.5) / GRID, (i // GRID + 0.5) / GRID)
        if any(math.dist(p, q) < 0.3 for q in placed):
            continue
        placed.append(p)
        if len(placed) == 3:
            break
    w = max(1, round(0.013 * s))
    for x, y in placed:
        pts = [
            ((x + 0.11 * (t / 12 - 0.5)) * s, (y + 0.014 * math.sin(t / 12 * 2 * math.tau)) * s)
            for t in range(13)
        ]
        draw.line(pts, fill=WAVE, width=w, joint="curve")


def _planks(draw: ImageDraw.ImageDraw, image: Image.Image, plan: Shape, s: float) -> None:
    for plank in plan.planks:
        pts = px(plank.path, s)
        draw.polygon(band(pts, PLANK * s), fill=WOOD_EDGE)
        draw.polygon(band(pts, (PLANK - 0.045) * s), fill=WOOD)
        half = (PLANK - 0.045) / 2 * s
        for (x, y), angle in along(pts, 0.06 * s, 0.03 * s):
            nx, ny = -math.sin(angle) * half, math.cos(angle) * half
            draw.line([(x - nx, y - ny), (x + nx, y + ny)], fill=BOARD, width=round(0.012 * s))
    if plan.hub:
        c, r = 0.5 * s, HUB_R * s
        draw.ellipse((c - r, c - r, c + r, c + r), fill=WOOD_EDGE)
        r2 = r - 0.022 * s
        draw.ellipse((c - r2, c - r2, c + r2, c + r2), fill=WOOD)
        for a in range(0, 180, 45):
            dx, dy = math.cos(math.radians(a)) * r2, math.sin(math.radians(a)) * r2
            draw.line([(c - dx, c - dy), (c + dx, c + dy)], fill=BOARD, width=round(0.012 * s))
        r3 = 0.03 * s
        draw.ellipse((c - r3, c - r3, c + r3, c + r3), fill=WOOD_EDGE)


def _lighthouse(draw: ImageDraw.ImageDraw, s: float) -> None:
    def p(x: float, y: float) -> Point:
        return (x * s, y * s)

    lamp = (0.5, 0.235)
    for side in (-1, 1):  # beams first, under the tower
        draw.polygon([p(*lamp), p(0.5 + side * 0.36, 0.17), p(0.5 + side * 0.36, 0.3)], fill=BEAM)
    draw.ellipse((*p(0.29, 0.56), *p(0.71, 0.74)), fill=ROCK_DARK)
    draw.ellipse((*p(0.31, 0.545), *p(0.69, 0.7)), fill=ROCK)
    top, bottom = 0.3, 0.63
    tw, bw = 0.062, 0.092

    def half(y: float) -> float:
        return tw + (bw - tw) * (y - top) / (bottom - top)

    draw.polygon(
        [p(0.5 - tw, top), p(0.5 + tw, top), p(0.5 + bw, bottom), p(0.5 - bw, bottom)],
        fill=TOWER,
    )
    for y0, y1 in ((0.37, 0.43), (0.49, 0.555)):
        draw.polygon(
            [
                p(0.5 - half(y0), y0),
                p(0.5 + half(y0), y0),
                p(0.5 + half(y1), y1),
                p(0.5 - half(y1), y1),
            ],
            fill=TOWER_RED,
        )
    draw.rectangle((*p(0.41, 0.28), *p(0.59, 0.31)), fill=DARK_INK)
    draw.rectangle((*p(0.445, 0.195), *p(0.555, 0.285)), fill=DARK_INK)
    draw.rectangle((*p(0.46, 0.205), *p(0.54, 0.275)), fill=LIGHT)
    draw.polygon([p(0.5, 0.12), p(0.43, 0.2), p(0.57, 0.2)], fill=TOWER_RED)


def _anchor(draw: ImageDraw.ImageDraw, at: Point, s: float) -> None:
    cx, cy = at[0] * s, at[1] * s
    r = ANCHOR_R * s
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ANCHOR)
    r2 = r - 0.014 * s
    draw.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), fill=ANCHOR_BG)
    u = ANCHOR_R / 0.12  # the glyph is drawn for a badge of radius 0.12
    w = round(0.017 * s * u)
    ring = 0.02 * s * u
    ry = cy - 0.065 * s * u
    draw.ellipse((cx - ring, ry - ring, cx + ring, ry + ring), outline=ANCHOR, width=round(w * 0.8))
    draw.line([(cx, ry + ring), (cx, cy + 0.07 * s * u)], fill=ANCHOR, width=w)
    sy = cy - 0.03 * s * u
    draw.line([(cx - 0.045 * s * u, sy), (cx + 0.045 * s * u, sy)], fill=ANCHOR, width=w)
    ar = 0.068 * s * u
    ay = cy - 0.0 * s * u
    draw.arc((cx - ar, ay - ar, cx + ar, ay + ar), 15, 165, fill=ANCHOR, width=w)
    for side in (-1, 1):  # flukes
        tx = cx + side * ar * math.cos(math.radians(15))
        ty = ay + ar * math.sin(math.radians(15))
        f = 0.026 * s * u
        draw.polygon(
            [
                (tx, ty - f * 1.2),
                (tx - side * f * 0.2, ty + f * 0.4),
                (tx + side * f * 0.9, ty + f * 0.1),
            ],
            fill=ANCHOR,
        )


def draw_tile(plan: Shape, size: int) -> Image.Image:
    """The tile drawn at ``size`` px (supersampled), from its plan."""
    s = size * K
    image = Image.new("RGB", (s, s), SEA)
    draw = ImageDraw.Draw(image)
    _waves(draw, plan, s)
    for land in plan.lands:
        for coast in land.coasts:
            _tapered(draw, px(extend(list(coast), 0.0), s), (BEACH + HALO) * s, SHALLOW)
    for plank in plan.planks:  # shadows on the water
        shadow = [(x + 0.018, y + 0.03) for x, y in plank.path]
        draw.polygon(band(px(shadow, s), PLANK * s), fill=SHADOW)
    if plan.hub:
        c, r = 0.5 * s, HUB_R * s
        draw.ellipse(
            (c - r + 0.018 * s, c - r + 0.03 * s, c + r + 0.018 * s, c + r + 0.03 * s), fill=SHADOW
        )
    for land in plan.lands:
        outline = px(land.outline, s)
        draw.polygon(outline, fill=SAND)
        for inset, colour in ((BEACH, GRASS), (BEACH + GRASS_W, FOREST)):
            mask = Image.new("L", (s, s), 0)
            mdraw = ImageDraw.Draw(mask)
            mdraw.polygon(outline, fill=255)
            for coast in land.coasts:
                stroke(mdraw, px(extend(list(coast)), s), 2 * inset * s, 0)
            image.paste(colour, (0, 0), mask)
    _planks(draw, image, plan, s)
    if plan.lighthouse:
        _lighthouse(draw, s)
    if plan.anchor is not None:
        _anchor(draw, plan.anchor, s)
    return shrink(image, K)
