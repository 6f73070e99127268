"""Where Islas's map goes: tiles fitted to the picture. Tiles shrink as the map grows (from
``T_MAX`` px) and, once they would fall below ``T_GROW`` px, the picture grows instead, up to
``MAX_W`` px wide; tile sizes come from a short ladder so the shrunk sprites are reused across
turns."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from render.islas.panel import BASE_H, MAP_X, MAP_Y, MARGIN
from rules.islas_view import IslasView

BASE_W = 1200
MAP_W = BASE_W - MAP_X - MARGIN  # 740
MAP_H = BASE_H - 2 * MARGIN
MAX_W = 2000
MAP_W_MAX = MAX_W - MAP_X - MARGIN
MAP_H_MAX = 1560
T_MAX = 200
T_GROW = 84
LADDER = (200, 176, 156, 140, 128, 116, 106, 96, 88, 80, 72, 66, 60, 55, 50, 45, 40, 36, 32)
PAD = 0.2  # tiles of sea-floor round the fitted area


@dataclass(frozen=True)
class Layout:
    """Where the map goes: tile size, picture size, and the pixel of square (x0, y1)'s corner."""

    tile: int
    width: int
    height: int
    x0: int  # westmost square
    y1: int  # northmost square (y grows north)
    left: float  # pixel x of the west edge of square column x0
    top: float  # pixel y of the north edge of square row y1

    def corner(self, x: int, y: int) -> tuple[int, int]:
        """Top-left pixel of square (x, y)."""
        return (
            round(self.left + (x - self.x0) * self.tile),
            round(self.top + (self.y1 - y) * self.tile),
        )

    def point(self, x: int, y: int, u: float, v: float) -> tuple[float, float]:
        """Pixel of the tile fraction (u, v) (v down) on square (x, y)."""
        cx, cy = self.corner(x, y)
        return (cx + u * self.tile, cy + v * self.tile)


def _rung(size: float) -> int:
    for rung in LADDER:
        if rung <= size:
            return rung
    return max(8, int(size))  # a freak map (a long line of tiles): whatever fits


def layout(squares: Sequence[tuple[int, int]], max_width: int = MAX_W) -> Layout:
    """Fit ``squares`` (placed tiles and spots) into the map area, growing it if need be,
    the picture to ``max_width`` px wide at most."""
    xs = [x for x, _ in squares] or [0]
    ys = [y for _, y in squares] or [0]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    cols = x1 - x0 + 1 + 2 * PAD
    rows = y1 - y0 + 1 + 2 * PAD
    size = min(T_MAX, MAP_W / cols, MAP_H / rows)
    if size < T_GROW:
        map_w_max = max_width - MAP_X - MARGIN
        size = max(min(T_GROW, map_w_max / cols, MAP_H_MAX / rows), size)
    tile = _rung(size)
    map_w = max(MAP_W, math.ceil(cols * tile))
    map_h = max(MAP_H, math.ceil(rows * tile))
    width = MAP_X + map_w + MARGIN
    height = max(BASE_H, MAP_Y + map_h + MARGIN)
    left = MAP_X + (map_w - (x1 - x0 + 1) * tile) / 2
    top = MAP_Y + (map_h - (y1 - y0 + 1) * tile) / 2
    return Layout(tile, width, height, x0, y1, round(left), round(top))


def fitted(view: IslasView, show_spots: bool = True) -> Layout:
    """The layout that fits ``view``'s tiles (and its spots, when shown)."""
    squares = [(t.x, t.y) for t in view.tiles]
    if show_spots and view.current is not None:
        squares += [(s.x, s.y) for s in view.spots]
    return layout(squares)
