"""Islas sprites: tiles at every size the map takes, masks of their segments, followers and
small icons (the colours are in ``colours``, a tile's drawing in ``tile``).

A tile is drawn once per type and rotation at ``MASTER`` px from its data (``geometry``), then
shrunk to the map's tile size and kept. The lighthouse, anchors and followers stay upright
whatever the rotation; shadows always fall to the lower right.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from render.common import DARK_INK, RGB, band, image_cache, shrink
from render.islas.colours import (
    GLOW,
    MAP_BG,
    SEAT,
    SHAPES,
    SPOT,
    SPOT_EDGE,
    WHITE,
    glowing,
    palette,
)
from render.islas.geometry import GRID, PLANK, Point, extend, follower_spot, shape, water_areas
from render.islas.tile import K, draw_tile, px, stroke
from rules.islas.tiles import HALVES, ROTATIONS, SIDES, TILES

MASTER = 240  # master tile sprites, px a side


@lru_cache(maxsize=96)
def master(name: str, rotation: int) -> Image.Image:
    """Tile ``name`` turned by ``rotation`` at ``MASTER`` px: drawn once per process."""
    return draw_tile(shape(name, rotation), MASTER)


#: Tiles shrunk to every size a map takes (19 rungs, 96 oriented tiles: up to 80 MB in all):
#: the sizes in use lately are kept, within this many bytes.
TILE_SPRITE_BYTES = 16 * 2**20
SEGMENT_MASK_BYTES = 4 * 2**20


@image_cache(TILE_SPRITE_BYTES)
def tile_sprite(name: str, rotation: int, size: int) -> Image.Image:
    """The tile at ``size`` px, shrunk from its master."""
    if size == MASTER:
        return master(name, rotation)
    if size > MASTER:
        return draw_tile(shape(name, rotation), size)
    return master(name, rotation).resize((size, size), Image.Resampling.LANCZOS, reducing_gap=2.0)


#: The same tiles mapped to the palette (a byte a pixel): a board lays them out as they are.
INDEXED_TILE_BYTES = 4 * 2**20


@image_cache(INDEXED_TILE_BYTES)
def indexed_tile(name: str, rotation: int, size: int) -> Image.Image:
    """``tile_sprite`` mapped to the palette: its pixels as a whole board maps them."""
    return tile_sprite(name, rotation, size).quantize(palette=palette(), dither=Image.Dither.NONE)


# --- masks of segments (for highlights) ---------------------------------------------------------


@image_cache(SEGMENT_MASK_BYTES)
def segment_mask(name: str, rotation: int, kind: str, index: int, size: int) -> Image.Image:
    """An L mask of one segment on the oriented tile at ``size`` px.

    ``kind`` "island"/"bridge"/"water" with the segment's index in the tile data, or
    "tile" for the whole square (a lighthouse and its surroundings).
    """
    plan = shape(name, rotation)
    if kind == "tile":
        return Image.new("L", (size, size), 255)
    s = size * K
    mask = Image.new("L", (s, s), 0)
    draw = ImageDraw.Draw(mask)
    if kind == "island":
        land = plan.lands[index]
        draw.polygon(px(land.outline, s), fill=255)
        for coast in land.coasts:
            stroke(draw, px(extend(list(coast)), s), 0.025 * s, 255)
    elif kind == "bridge":
        plank = plan.planks[index]
        draw.polygon(band(px(plank.path, s), (PLANK + 0.03) * s), fill=255)
    elif kind == "water":
        cells = water_areas(name, rotation)[index]
        grid = Image.new("L", (GRID, GRID), 0)
        grid.putdata([255 if i in cells else 0 for i in range(GRID * GRID)])
        grown = grid.resize((s, s), Image.Resampling.BILINEAR).point(lambda v: 255 if v > 60 else 0)
        solid = Image.new("L", (s, s), 255)
        sdraw = ImageDraw.Draw(solid)
        for land in plan.lands:
            sdraw.polygon(px(land.outline, s), fill=0)
        for plank in plan.planks:
            sdraw.polygon(band(px(plank.path, s), PLANK * s), fill=0)
        mask = ImageChops.multiply(grown, solid)
    else:
        raise ValueError(f"unknown segment kind {kind!r}")
    return shrink(mask, K)


# --- followers and icons ------------------------------------------------------------------------


def shape_points(seat: int, cx: float, cy: float, r: float) -> list[Point]:
    """The outline of seat ``seat``'s piece: circle, diamond, square, triangle, star."""
    kind = SHAPES[seat % len(SHAPES)]
    if kind == "circle":
        return [
            (cx + r * math.cos(a / 40 * math.tau), cy + r * math.sin(a / 40 * math.tau))
            for a in range(40)
        ]
    if kind == "diamond":
        return [(cx, cy - r * 1.18), (cx + r * 1.05, cy), (cx, cy + r * 1.18), (cx - r * 1.05, cy)]
    if kind == "square":
        q = r * 0.9
        return [(cx - q, cy - q), (cx + q, cy - q), (cx + q, cy + q), (cx - q, cy + q)]
    if kind == "triangle":
        q = r * 1.22
        return [
            (cx + q * math.cos(math.radians(a)), cy + 0.12 * r + q * math.sin(math.radians(a)))
            for a in (-90, 30, 150)
        ]
    pts = []
    for i in range(10):
        a = math.radians(-90 + i * 36)
        q = r * (1.22 if i % 2 == 0 else 0.55)
        pts.append((cx + q * math.cos(a), cy + 0.06 * r + q * math.sin(a)))
    return pts


def _grow(points: list[Point], cx: float, cy: float, by: float) -> list[Point]:
    """``points`` pushed ``by`` px away from the centre (an outline round a convex-ish shape)."""
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * by, y + (y - cy) / d * by))
    return out


@lru_cache(maxsize=64)
def piece(seat: int, diameter: int, ring: bool = False) -> Image.Image:
    """A follower: the seat's shape in its colour, edged dark and white to stand out anywhere.

    ``ring`` adds a white ring (a follower on water floats in a buoy ring).
    """
    k = 4
    pad = max(3, diameter // 7)
    size = diameter + 2 * pad
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = size * k / 2
    r = diameter * k / 2 * 0.86
    pts = shape_points(seat, c, c, r)
    edge = max(1.5, diameter / 14) * k
    draw.polygon(_grow(pts, c, c + 0.1 * r, edge * 1.9), fill=(*DARK_INK, 110))
    draw.polygon(_grow(pts, c, c, edge * 1.9), fill=WHITE)
    draw.polygon(_grow(pts, c, c, edge), fill=DARK_INK)
    draw.polygon(pts, fill=SEAT[seat])
    if ring:
        rr = r * 0.42
        draw.ellipse((c - rr, c - rr, c + rr, c + rr), outline=WHITE, width=round(edge * 1.1))
    return shrink(big, k)


@lru_cache(maxsize=16)
def spot_square(size: int) -> Image.Image:
    """A free square where the current tile fits: a dashed outline over a lighter slate."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    inset = max(2, round(size * 0.05))
    box = (inset, inset, size - 1 - inset, size - 1 - inset)
    draw.rectangle(box, fill=SPOT)
    w = max(2, round(size * 0.035))
    dash = max(6, size // 8)
    x0, y0, x1, y1 = box
    length = x1 - x0
    n = max(2, round(length / (2 * dash)))
    step = length / n
    for i in range(n):
        a = x0 + i * step + step * 0.25
        b = a + step * 0.5
        draw.line([(a, y0), (b, y0)], fill=SPOT_EDGE, width=w)
        draw.line([(a, y1), (b, y1)], fill=SPOT_EDGE, width=w)
        a = y0 + i * step + step * 0.25
        b = a + step * 0.5
        draw.line([(x0, a), (x0, b)], fill=SPOT_EDGE, width=w)
        draw.line([(x1, a), (x1, b)], fill=SPOT_EDGE, width=w)
    return image


def framed(sprite: Image.Image, edge: RGB, width: int, radius: int = 0) -> Image.Image:
    """``sprite`` (RGB) with a frame of ``width`` px in ``edge``, corners rounded."""
    size = (sprite.width + 2 * width, sprite.height + 2 * width)
    out = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(out).rounded_rectangle(
        (0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=edge
    )
    out.paste(sprite, (width, width))
    return out


__all__ = [
    "GLOW",
    "MAP_BG",
    "MASTER",
    "SEAT",
    "SHAPES",
    "SPOT",
    "SPOT_EDGE",
    "framed",
    "glowing",
    "indexed_tile",
    "master",
    "palette",
    "piece",
    "segment_mask",
    "shape_points",
    "spot_square",
    "tile_sprite",
]


def warm() -> None:
    """Draw every tile type in every rotation, once (a bot does it at start-up, in a worker
    thread, so that no player waits for a tile the game had not shown yet)."""
    for name in TILES:
        for rotation in ROTATIONS:
            master(name, rotation)
            for side in SIDES:
                follower_spot(name, rotation, "island", side)
                follower_spot(name, rotation, "bridge", side)
            for half in HALVES:
                follower_spot(name, rotation, "water", half)
