"""Islas colours, the fixed palette and the sprites: tiles, followers, small icons.

A tile is drawn once per type and rotation at ``MASTER`` px from its data (``geometry``), then
shrunk to the map's tile size and kept. The lighthouse, anchors and followers stay upright
whatever the rotation; shadows always fall to the lower right.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from render.common import (
    BACKGROUND,
    DARK_INK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    along,
    band,
    blend,
    hex_rgb,
    image_cache,
    palette_image,
    shrink,
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
    follower_spot,
    shape,
    water_areas,
)
from rules.islas.tiles import HALVES, ROTATIONS, SIDES, TILES

# Seats: Okabe–Ito, in the order the spec lists them, each with its own piece shape.
SEAT: tuple[RGB, ...] = tuple(
    hex_rgb(c) for c in ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#CC79A7")
)
SHAPES = ("circle", "diamond", "square", "triangle", "star")
WHITE = (255, 255, 255)

SEA = hex_rgb("#2A6F93")
WAVE = hex_rgb("#4A8FB0")
SHALLOW = hex_rgb("#3F8DA6")
SHADOW = hex_rgb("#1E5471")
SAND = hex_rgb("#EBD59B")
GRASS = hex_rgb("#6FAE4F")
FOREST = hex_rgb("#4A8A3C")
WOOD = hex_rgb("#B07A43")
WOOD_EDGE = hex_rgb("#5B3A1E")
BOARD = hex_rgb("#8C5B2E")
ROCK = hex_rgb("#9C9A92")
ROCK_DARK = hex_rgb("#6B6A65")
TOWER = hex_rgb("#F6F2E8")
TOWER_RED = hex_rgb("#C8372D")
LIGHT = hex_rgb("#FFE45C")
BEAM = blend(LIGHT, SEA, 0.3)
ANCHOR_BG = hex_rgb("#F6ECCD")
ANCHOR = hex_rgb("#1D3557")
MAP_BG = hex_rgb("#1C262F")  # the empty map around the tiles
SPOT = hex_rgb("#33414F")  # a free square where the tile fits
SPOT_EDGE = hex_rgb("#DDE5EC")
GLOW = hex_rgb("#FFF6C8")  # features scored by the last move are washed with it
GLOW_T = 0.35

TILE_COLOURS = (
    SEA, WAVE, SHALLOW, SHADOW, SAND, GRASS, FOREST, WOOD, WOOD_EDGE, BOARD, ROCK, ROCK_DARK,
    TOWER, TOWER_RED, LIGHT, BEAM, ANCHOR_BG, ANCHOR,
)  # fmt: skip

MASTER = 240  # master tile sprites, px a side
K = 2  # supersampling of the masters

# --- palette ----------------------------------------------------------------------------------

# surface -> colours drawn on it: their antialiased edges need the blends
_ON: dict[RGB, tuple[RGB, ...]] = {
    SEA: (WAVE, SHALLOW, SHADOW, WOOD_EDGE, BEAM, SPOT_EDGE, MAP_BG, *SEAT, DARK_INK, WHITE),
    SHALLOW: (SAND, SHADOW, WOOD_EDGE, BEAM, DARK_INK, WHITE),
    SAND: (GRASS, WOOD_EDGE, DARK_INK, WHITE),
    GRASS: (FOREST, WOOD_EDGE, ANCHOR, DARK_INK, WHITE),
    FOREST: (ANCHOR, ANCHOR_BG, DARK_INK, WHITE),
    WOOD: (BOARD, WOOD_EDGE),
    ROCK: (ROCK_DARK, TOWER, TOWER_RED),
    TOWER: (TOWER_RED, DARK_INK, LIGHT),
    BEAM: (LIGHT, TOWER_RED, DARK_INK),
    ANCHOR_BG: (ANCHOR,),
    MAP_BG: (SPOT, SPOT_EDGE, HIGHLIGHT, GLOW, INK),
    SPOT: (SPOT_EDGE, INK, DARK_INK),
    BACKGROUND: (PANEL, PANEL_EDGE, MAP_BG, HIGHLIGHT),
    PANEL: (INK, MUTED, HIGHLIGHT, DARK_INK, PANEL_EDGE, *SEAT, SEA, WHITE),
    HIGHLIGHT: (DARK_INK, SEA, SAND),
    GLOW: (DARK_INK,),
    DARK_INK: (*SEAT, WHITE, INK),
}


def glowing(colour: RGB) -> RGB:
    """``colour`` under the highlight of a feature just scored."""
    return blend(colour, GLOW, GLOW_T)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette every Islas image is encoded with."""
    colours: list[RGB] = []
    for surface, keys in _ON.items():
        colours += [surface, *keys]
    colours += [*TILE_COLOURS, GLOW, WHITE]
    lit = [SEA, SHALLOW, SAND, GRASS, FOREST, WOOD, WOOD_EDGE, BOARD, TOWER, ROCK]
    colours += [glowing(c) for c in lit]
    for surface, keys in _ON.items():
        for key in keys:
            colours += [blend(key, surface, t) for t in (0.3, 0.65)]
    for a, b in ((SEA, SAND), (SEA, GRASS), (SEA, FOREST), (SHALLOW, GRASS)):
        colours += [blend(a, b, t) for t in (0.33, 0.67)]
    for a, b in ((glowing(SEA), glowing(SAND)), (glowing(SAND), glowing(GRASS))):
        colours.append(blend(a, b, 0.5))
    return palette_image(colours)


# --- tiles --------------------------------------------------------------------------------------


def _px(points: tuple[Point, ...] | list[Point], s: float) -> list[Point]:
    return [(x * s, y * s) for x, y in points]


def _stroke(draw: ImageDraw.ImageDraw, points: list[Point], width: float, fill: int | RGB) -> None:
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
        pts = _px(plank.path, s)
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


def _draw_tile(plan: Shape, size: int) -> Image.Image:
    """The tile drawn at ``size`` px (supersampled), from its plan."""
    s = size * K
    image = Image.new("RGB", (s, s), SEA)
    draw = ImageDraw.Draw(image)
    _waves(draw, plan, s)
    for land in plan.lands:
        for coast in land.coasts:
            _tapered(draw, _px(extend(list(coast), 0.0), s), (BEACH + HALO) * s, SHALLOW)
    for plank in plan.planks:  # shadows on the water
        shadow = [(x + 0.018, y + 0.03) for x, y in plank.path]
        draw.polygon(band(_px(shadow, s), PLANK * s), fill=SHADOW)
    if plan.hub:
        c, r = 0.5 * s, HUB_R * s
        draw.ellipse(
            (c - r + 0.018 * s, c - r + 0.03 * s, c + r + 0.018 * s, c + r + 0.03 * s), fill=SHADOW
        )
    for land in plan.lands:
        outline = _px(land.outline, s)
        draw.polygon(outline, fill=SAND)
        for inset, colour in ((BEACH, GRASS), (BEACH + GRASS_W, FOREST)):
            mask = Image.new("L", (s, s), 0)
            mdraw = ImageDraw.Draw(mask)
            mdraw.polygon(outline, fill=255)
            for coast in land.coasts:
                _stroke(mdraw, _px(extend(list(coast)), s), 2 * inset * s, 0)
            image.paste(colour, (0, 0), mask)
    _planks(draw, image, plan, s)
    if plan.lighthouse:
        _lighthouse(draw, s)
    if plan.anchor is not None:
        _anchor(draw, plan.anchor, s)
    return shrink(image, K)


@lru_cache(maxsize=96)
def master(name: str, rotation: int) -> Image.Image:
    """Tile ``name`` turned by ``rotation`` at ``MASTER`` px: drawn once per process."""
    return _draw_tile(shape(name, rotation), MASTER)


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
        return _draw_tile(shape(name, rotation), size)
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
        draw.polygon(_px(land.outline, s), fill=255)
        for coast in land.coasts:
            _stroke(draw, _px(extend(list(coast)), s), 0.025 * s, 255)
    elif kind == "bridge":
        plank = plan.planks[index]
        draw.polygon(band(_px(plank.path, s), (PLANK + 0.03) * s), fill=255)
    elif kind == "water":
        cells = water_areas(name, rotation)[index]
        grid = Image.new("L", (GRID, GRID), 0)
        grid.putdata([255 if i in cells else 0 for i in range(GRID * GRID)])
        grown = grid.resize((s, s), Image.Resampling.BILINEAR).point(lambda v: 255 if v > 60 else 0)
        solid = Image.new("L", (s, s), 255)
        sdraw = ImageDraw.Draw(solid)
        for land in plan.lands:
            sdraw.polygon(_px(land.outline, s), fill=0)
        for plank in plan.planks:
            sdraw.polygon(band(_px(plank.path, s), PLANK * s), fill=0)
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
    "SEAT",
    "SHAPES",
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
