"""The sprites drawn along Kahuna's bridge lines and round its islands: bridges, the glow
of a new one, the ghost of a removed one, and the rings of islands held, taken and lost."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    DARK_INK,
    RGB,
    along,
    band,
    blend,
    shrink,
)
from render.kahuna.art import (
    GLOW,
    SEA,
    SEAT,
    SEAT_EDGE,
    SEAT_STRIPE,
    path_length,
    shape_points,
)
from render.kahuna.geometry import HALO, Island, Point, board
from rules.kahuna.board import ISLANDS, LINES, SEATS

PLANK_W = 24
K = 3  # supersampling of board sprites


def _scaled(points: list[Point], origin: Point, k: int = K) -> list[Point]:
    return [((x - origin[0]) * k, (y - origin[1]) * k) for x, y in points]


def _box(path: list[Point], pad: float) -> tuple[int, int, int, int]:
    x0 = math.floor(min(p[0] for p in path) - pad)
    y0 = math.floor(min(p[1] for p in path) - pad)
    x1 = math.ceil(max(p[0] for p in path) + pad)
    y1 = math.ceil(max(p[1] for p in path) + pad)
    return x0, y0, x1, y1


Sprite = tuple[Image.Image, tuple[int, int]]  # an RGBA image and where its top-left goes


@lru_cache(maxsize=64)
def plank(line: str, seat: int) -> Sprite:
    """A bridge of ``seat`` on ``line``: a plank band with cross boards and the seat's marker."""
    geo = board()
    path = geo.lines[line].path(geo.islands, -7)
    x0, y0, x1, y1 = _box(path, PLANK_W)
    big = Image.new("RGBA", ((x1 - x0) * K, (y1 - y0) * K), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    pts = _scaled(path, (x0, y0))
    draw.polygon(band(pts, (PLANK_W + 5) * K), fill=SEAT_EDGE[seat])
    draw.polygon(band(pts, (PLANK_W - 1) * K), fill=SEAT[seat])
    half = (PLANK_W - 1) / 2 * K
    for (x, y), angle in along(path, 13, 6):
        px, py = (x - x0) * K, (y - y0) * K
        nx, ny = -math.sin(angle) * half, math.cos(angle) * half
        draw.line([(px - nx, py - ny), (px + nx, py + ny)], fill=SEAT_STRIPE[seat], width=2 * K)
    (mx, my), _ = along(path, 1e9, path_length(path) / 2)[0]
    r = 17 * K
    cx, cy = (mx - x0) * K, (my - y0) * K
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SEAT_EDGE[seat])
    r2 = r - 3 * K
    draw.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), fill=SEAT[seat])
    draw.polygon(shape_points(seat, cx, cy, 7.5 * K), fill=DARK_INK)
    return shrink(big, K), (x0, y0)


@lru_cache(maxsize=64)
def glow(line: str) -> Sprite:
    """A wide highlight band under a bridge built last turn."""
    geo = board()
    path = geo.lines[line].path(geo.islands, HALO - 4)
    x0, y0, x1, y1 = _box(path, 30)
    big = Image.new("RGBA", ((x1 - x0) * K, (y1 - y0) * K), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    pts = _scaled(path, (x0, y0))
    draw.polygon(band(pts, (PLANK_W + 26) * K), fill=GLOW)
    (mx, my), _ = along(path, 1e9, path_length(path) / 2)[0]
    r = 29 * K
    cx, cy = (mx - x0) * K, (my - y0) * K
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GLOW)
    return shrink(big, K), (x0, y0)


@lru_cache(maxsize=64)
def ghost(line: str, seat: int) -> Sprite:
    """A bridge removed last turn: its shadow, a dashed outline in its owner's colour, an ×."""
    geo = board()
    path = geo.lines[line].path(geo.islands, HALO - 5)
    x0, y0, x1, y1 = _box(path, PLANK_W)
    size = ((x1 - x0) * K, (y1 - y0) * K)
    pts = _scaled(path, (x0, y0))
    inner = pts[2:-2] if len(pts) > 6 else pts
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    draw.polygon(band(pts, (PLANK_W + 4) * K), fill=255)
    draw.polygon(band(inner, (PLANK_W - 6) * K), fill=0)
    half = (PLANK_W + 8) / 2 * K
    for (x, y), angle in along(path, 18, 9):
        px, py = (x - x0) * K, (y - y0) * K
        nx, ny = -math.sin(angle) * half, math.cos(angle) * half
        draw.line([(px - nx, py - ny), (px + nx, py + ny)], fill=0, width=7 * K)
    big = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(big).polygon(band(inner, (PLANK_W - 6) * K), fill=blend(SEAT[seat], SEA, 0.75))
    edge = Image.new("RGBA", size, (*SEAT[seat], 255))
    edge.putalpha(mask)
    big.alpha_composite(edge)
    draw = ImageDraw.Draw(big)
    (mx, my), _ = along(path, 1e9, path_length(path) / 2)[0]
    cx, cy = (mx - x0) * K, (my - y0) * K
    r = 16 * K
    for w, colour in ((12 * K, DARK_INK), (6 * K, SEAT[seat])):
        draw.line([(cx - r, cy - r), (cx + r, cy + r)], fill=colour, width=w)
        draw.line([(cx - r, cy + r), (cx + r, cy - r)], fill=colour, width=w)
    return shrink(big, K), (x0, y0)


def _ring(island: Island, inner: float, outer: float, colour: RGB, dashes: int = 0) -> Sprite:
    pad = outer + 4
    x0 = math.floor(island.centre[0] - 90 - pad)
    y0 = math.floor(island.centre[1] - 90 - pad)
    size = ((180 + 2 * math.ceil(pad)) * K, (180 + 2 * math.ceil(pad)) * K)
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    draw.polygon(_scaled(island.outline(outer), (x0, y0)), fill=255)
    draw.polygon(_scaled(island.outline(inner), (x0, y0)), fill=0)
    if dashes:
        cx, cy = (island.centre[0] - x0) * K, (island.centre[1] - y0) * K
        for i in range(dashes):
            a = (i + 0.5) / dashes * math.tau
            b = a + math.tau / dashes / 2
            far = 200 * K
            draw.polygon(
                [
                    (cx, cy),
                    (cx + far * math.cos(a), cy + far * math.sin(a)),
                    (cx + far * math.cos(b), cy + far * math.sin(b)),
                ],
                fill=0,
            )
    big = Image.new("RGBA", size, (*colour, 255))
    big.putalpha(mask)
    return shrink(big, K), (x0, y0)


@lru_cache(maxsize=32)
def coast_ring(name: str, seat: int) -> Sprite:
    """The coast of an island ``seat`` controls, drawn in its colour."""
    return _ring(board().islands[name], -2, 10, SEAT[seat])


@lru_cache(maxsize=16)
def taken_ring(name: str) -> Sprite:
    """A highlight ring round an island taken last turn."""
    return _ring(board().islands[name], HALO - 2, HALO + 9, GLOW)


@lru_cache(maxsize=32)
def lost_ring(name: str, seat: int) -> Sprite:
    """A dashed ring in the colour of the seat that lost the island last turn."""
    return _ring(board().islands[name], 1, 8, SEAT[seat], dashes=14)


def warm() -> None:
    """Build every bridge, highlight and ring sprite, once (a bot does it at start-up, in a
    worker thread, so that no player waits for one the game had not shown yet)."""
    for line in LINES:
        glow(line)
        for seat in range(SEATS):
            plank(line, seat)
            ghost(line, seat)
    for name in ISLANDS:
        taken_ring(name)
        for seat in range(SEATS):
            coast_ring(name, seat)
            lost_ring(name, seat)
