"""Stonehenge's colours, its fixed palette and its sprites: druids, megaliths, points, tags,
rings and line bands, each drawn once per process."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    DARK_INK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    Box,
    blend,
    build_palette,
    disc_sprite,
    draw_centered,
    hex_rgb,
    paste_sparse,
    polygon_sprite,
    shrink,
)
from render.stonehenge.layout import DRUID_D, MEGA_H, MEGA_W, POINT_D, TAG_D, TAG_TEXT, geometry
from rules.stonehenge_view import Druid

# Druid stones: light reads as pale stone, dark as deep blue (Okabe–Ito blue); they differ in
# lightness as well as hue, and each seat also has a shape (circle / diamond) on its megaliths.
STONE = (hex_rgb("#F1E4BC"), hex_rgb("#0072B2"))
STONE_EDGE = (hex_rgb("#8A7646"), hex_rgb("#A9DBF7"))
STONE_INK = (DARK_INK, hex_rgb("#FFFFFF"))
LINE_OWNED = (hex_rgb("#F1E4BC"), hex_rgb("#3FA4E8"))
BOARD = hex_rgb("#3A4943")
BOARD_EDGE = hex_rgb("#4F6159")
LINE = hex_rgb("#73857C")
POINT_FILL = hex_rgb("#2C3935")
POINT_INK = hex_rgb("#DCE3DE")
SLOT_FILL = hex_rgb("#1D262E")
GLOW = blend(HIGHLIGHT, BOARD, 0.35)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette every Stonehenge image is encoded with."""
    keys = [
        *STONE,
        *STONE_EDGE,
        *LINE_OWNED,
        DARK_INK,
        (255, 255, 255),
        HIGHLIGHT,
        INK,
        MUTED,
        LINE,
        POINT_INK,
        SLOT_FILL,
        GLOW,
        BOARD_EDGE,
        POINT_FILL,
    ]
    surfaces = [BACKGROUND, BOARD, PANEL, *STONE]
    extra = [PANEL_EDGE, blend(STONE[0], STONE_INK[0], 0.35), blend(STONE[1], STONE_INK[1], 0.35)]
    return build_palette(keys, surfaces, steps=3, extra=extra)


@lru_cache(maxsize=64)
def druid_disc(seat: int, value: int | None, secret: bool, size: int = DRUID_D) -> Image.Image:
    """A druid of ``seat`` showing ``value`` ("?" when None), dashed when placed face down."""
    sprite = disc_sprite(size, STONE[seat], STONE_EDGE[seat], size * 0.045, dashed=secret)
    draw = ImageDraw.Draw(sprite)
    centre = (sprite.width / 2, sprite.height / 2 + 1)
    if value is None:
        faint = blend(STONE[seat], STONE_INK[seat], 0.35)
        draw_centered(draw, centre, "?", round(size * 0.5), faint)
    else:
        draw_centered(draw, centre, str(value), round(size * 0.62), STONE_INK[seat])
    return sprite


def druid_sprite(druid: Druid, size: int = DRUID_D) -> Image.Image:
    """The sprite of a druid on the board (its value hidden or shown as the view has it)."""
    return druid_disc(druid.seat, druid.value, druid.face_down and druid.value is not None, size)


@lru_cache(maxsize=4)
def ring(diameter: int, width: int) -> Image.Image:
    """The highlighted ring round the last druid placed."""
    ring = disc_sprite(diameter, HIGHLIGHT, HIGHLIGHT, 0)
    hole = disc_sprite(diameter - 2 * width, (0, 0, 0), (0, 0, 0), 0)
    alpha = ring.getchannel("A")
    cut = Image.new("L", ring.size, 0)
    cut.paste(hole.getchannel("A"), (width, width))
    alpha.paste(0, (0, 0), cut)
    ring.putalpha(alpha)
    return ring


def _shape_points(seat: int, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if seat == 0:  # circle
        return [
            (cx + r * math.cos(a / 24 * math.tau), cy + r * math.sin(a / 24 * math.tau))
            for a in range(24)
        ]
    return [(cx, cy - r * 1.2), (cx + r * 1.05, cy), (cx, cy + r * 1.2), (cx - r * 1.05, cy)]


def _stone_outline(w: float, h: float, pad: float) -> list[tuple[float, float]]:
    """A standing stone: slightly narrower and rounded at the top."""
    top = [
        (pad + w / 2 + (w / 2 - 6) * math.cos(a), pad + 14 - 14 * math.sin(a))
        for a in (i / 10 * math.pi for i in range(11))
    ]
    return [(pad + w, pad + h), *top, (pad, pad + h)]


@lru_cache(maxsize=16)
def megalith(seat: int | None, w: int = MEGA_W, h: int = MEGA_H, glow: bool = False) -> Image.Image:
    """A megalith of ``seat`` (None: its empty slot), or the glow behind one just won."""
    pad = 8 if glow else 2
    size = (w + 2 * pad, h + 2 * pad)
    if glow:
        pts = _stone_outline(w + 12, h + 12, pad - 6)
        return polygon_sprite(size, pts, HIGHLIGHT, HIGHLIGHT, 0)
    pts = _stone_outline(w, h, pad)
    if seat is None:
        return polygon_sprite(size, pts, SLOT_FILL, LINE, 2.5)
    sprite = polygon_sprite(size, pts, STONE[seat], STONE_EDGE[seat], 3)
    marker = polygon_sprite(
        size,
        _shape_points(seat, size[0] / 2, size[1] * 0.55, w * 0.24),
        STONE_INK[seat],
        STONE_INK[seat],
        0,
    )
    sprite.alpha_composite(marker)
    return sprite


@lru_cache(maxsize=18)
def point_marker(label: str) -> Image.Image:
    """An empty point with its letter."""
    sprite = disc_sprite(POINT_D, POINT_FILL, LINE, 3)
    draw_centered(ImageDraw.Draw(sprite), (POINT_D / 2, POINT_D / 2 + 1), label, 34, POINT_INK)
    return sprite


@lru_cache(maxsize=18)
def point_tag(label: str) -> Image.Image:
    """A point's letter on the small tag beside the druid that covers it."""
    sprite = disc_sprite(TAG_D, POINT_FILL, POINT_INK, 2.5)
    draw_centered(ImageDraw.Draw(sprite), (TAG_D / 2, TAG_D / 2 + 1), label, TAG_TEXT, POINT_INK)
    return sprite


@lru_cache(maxsize=64)
def line_band(index: int, colour: RGB, width: int) -> tuple[Image.Image, tuple[int, int]]:
    """An antialiased band along line ``index`` and where to paste it."""
    cells, lines = geometry()
    line = lines[index]
    ends = [line.megalith, cells[line.cells[-1]]]
    x0 = math.floor(min(p[0] for p in ends) - width)
    y0 = math.floor(min(p[1] for p in ends) - width)
    x1 = math.ceil(max(p[0] for p in ends) + width)
    y1 = math.ceil(max(p[1] for p in ends) + width)
    k = 3
    big = Image.new("RGBA", ((x1 - x0) * k, (y1 - y0) * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    pts = [((x - x0) * k, (y - y0) * k) for x, y in ends]
    draw.line(pts, fill=colour, width=width * k)
    for x, y in pts:
        r = width * k / 2
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    return shrink(big, k), (x0, y0)


def paste_band(base: Image.Image, index: int, colour: RGB, width: int) -> list[Box]:
    """``line_band`` pasted on ``base``; the boxes drawn."""
    return paste_sparse(base, *line_band(index, colour, width))
