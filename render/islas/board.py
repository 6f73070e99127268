"""The Islas map image: placed tiles fitted to the picture, followers, spots, the side panel.

The panel sits on the left at the same place every turn; the map takes the rest. Tiles shrink
as the map grows (from ``T_MAX`` px) and, once they would fall below ``T_GROW`` px, the
picture grows instead, up to ``MAX_W`` px wide; tile sizes come from a short ladder so the
shrunk sprites are reused across turns.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from render.common import (
    BACKGROUND,
    DARK_INK,
    HIGHLIGHT,
    INK,
    Box,
    draw_centered,
    draw_text,
    encode_png,
    index_image,
    paste_centered,
    text_width,
)
from render.islas.art import indexed_tile, piece, segment_mask, spot_square, tile_sprite
from render.islas.colours import GLOW, GLOW_T, MAP_BG, palette
from render.islas.features import scored_segments
from render.islas.geometry import follower_spot
from render.islas.panel import (
    BASE_H,
    MAP_X,
    MAP_Y,
    MARGIN,
    PANEL_W,
    ROW_GAP,
    ROW_H,
    ROWS_Y,
    draw_players,
    draw_tile_box,
)
from render.pieces import paste_copy
from render.png import Rows
from rules.islas_view import IslasView, PlacedTile, Scored

LABELS: dict[str, str] = {
    "player": "Player {n}",  # default name of seat n - 1
    "to_move": "to move",
    "winner": "winner",
    "tile": "Tile to place",
    "tiles_left": "tiles left",
    "tile_left": "tile left",  # under a count of 1
    "game_over": "Game over",
    "put_out": "Put out",
    "spot": "Spot",  # the rotation picker's title: "Spot C"
}

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


# --- the map ------------------------------------------------------------------------------------


def _spot_font(tile: int, label: str) -> int:
    size = max(30, min(64, round(tile * 0.46)))
    while size > 20 and text_width(label, size, True) > tile * 0.8:
        size -= 2
    return size


def piece_size(tile: int) -> int:
    """Diameter of a follower on a map of ``tile`` px squares."""
    return max(22, min(54, round(tile * 0.34)))


def draw_map(
    image: Image.Image,
    view: IslasView,
    geo: Layout,
    show_spots: bool = True,
    highlight: bool = True,
    boxes: list[Box | None] | None = None,
) -> None:
    """Spots, tiles, what was just scored, the last tile, followers: onto ``image``.

    ``boxes`` gets every part drawn but the tiles (which ``indexed_map`` lays out already
    mapped to the palette): the pixels that must be mapped again.
    """
    drawn: list[Box | None] = [] if boxes is None else boxes
    t = geo.tile
    draw = ImageDraw.Draw(image)
    if show_spots and view.current is not None:
        square = spot_square(t)
        for spot in view.spots:
            at = geo.corner(spot.x, spot.y)
            image.paste(square, at, square)
            drawn.append((at[0], at[1], at[0] + t, at[1] + t))
            label = draw_centered(
                draw,
                (at[0] + t / 2, at[1] + t / 2),
                spot.label,
                _spot_font(t, spot.label),
                INK,
                outline=DARK_INK,
            )
            drawn.append(label)
    for placed in view.tiles:
        paste_copy(
            image, tile_sprite(placed.name, placed.rotation, t), geo.corner(placed.x, placed.y)
        )
    board = {(p.x, p.y): p for p in view.tiles}
    if highlight:
        drawn += _draw_scored(image, view, geo, board)
    if view.last is not None:
        x, y = geo.corner(view.last.x, view.last.y)
        w = max(4, round(t * 0.06))
        draw.rectangle(
            (x - w // 2, y - w // 2, x + t + w // 2 - 1, y + t + w // 2 - 1),
            outline=DARK_INK,
            width=w + 4,
        )
        draw.rectangle(
            (x - w // 2 + 2, y - w // 2 + 2, x + t + w // 2 - 3, y + t + w // 2 - 3),
            outline=HIGHLIGHT,
            width=w,
        )
        drawn.append((x - w // 2, y - w // 2, x + t + w // 2, y + t + w // 2))
    d = piece_size(t)
    for follower in view.followers:
        placed = board.get((follower.x, follower.y))
        if placed is None:
            continue
        u, v = follower_spot(placed.name, placed.rotation, follower.kind, follower.where)
        sprite = piece(follower.seat, d, follower.kind == "water")
        drawn.append(paste_centered(image, sprite, geo.point(follower.x, follower.y, u, v)))
    if highlight:
        drawn += _draw_points(image, view, geo)


def shown_scored(view: IslasView) -> list[Scored]:
    """The scored features to mark: what the last move completed (never the final count,
    which would light up the whole map; the panel has the totals)."""
    return [s for s in view.scored if not s.final and s.tiles]


def _draw_scored(
    image: Image.Image, view: IslasView, geo: Layout, board: dict[tuple[int, int], PlacedTile]
) -> list[Box]:
    """Wash each feature just scored with light and ring it with a glowing edge; the boxes."""
    drawn: list[Box] = []
    t = geo.tile
    grow = max(3, round(t * 0.05))
    for scored in shown_scored(view):
        segments = [s for s in scored_segments(view.tiles, scored) if s[0] in board]
        if not segments:
            continue
        corners = [geo.corner(*square) for square, _, _ in segments]
        x0 = min(x for x, _ in corners) - 2 * grow
        y0 = min(y for _, y in corners) - 2 * grow
        x1 = max(x for x, _ in corners) + t + 2 * grow
        y1 = max(y for _, y in corners) + t + 2 * grow
        mask = Image.new("L", (x1 - x0, y1 - y0), 0)
        for (square, kind, index), (cx, cy) in zip(segments, corners, strict=True):
            placed = board[square]
            piece_mask = segment_mask(placed.name, placed.rotation, kind, index, t)
            mask.paste(255, (cx - x0, cy - y0), piece_mask)
        box = (x0, y0, x1, y1)
        region = image.crop(box)
        lit = Image.blend(region, Image.new("RGB", region.size, GLOW), GLOW_T)
        image.paste(lit, box, mask)
        ring = ImageChops.subtract(mask.filter(ImageFilter.MaxFilter(2 * grow + 1)), mask)
        image.paste(GLOW, box, ring)
        drawn.append(box)
    return drawn


def _draw_points(image: Image.Image, view: IslasView, geo: Layout) -> list[Box | None]:
    """A "+N" tag with the scorers' pieces over each feature just scored (at its top edge);
    the boxes drawn."""
    drawn: list[Box | None] = []
    draw = ImageDraw.Draw(image)
    size, d = 30, 28
    taken: list[tuple[float, float, float, float]] = []
    for scored in shown_scored(view):
        if not scored.seats:
            continue
        corners = [geo.corner(x, y) for x, y in scored.tiles]
        cx = (min(x for x, _ in corners) + max(x for x, _ in corners) + geo.tile) / 2
        cy = min(y for _, y in corners) + min(geo.tile * 0.25, 24)
        text = f"+{scored.points}"
        w = text_width(text, size, True) + 22 + len(scored.seats) * (d + 4)
        h = 42
        cx = min(max(cx, MAP_X + w / 2 + 6), image.width - MARGIN - w / 2 - 6)
        cy = max(cy, MAP_Y + h / 2 + 6)
        while any(abs(cx - a) < (w + c) / 2 + 4 and abs(cy - b) < h + 4 for a, b, c, _ in taken):
            cy += h + 6
        taken.append((cx, cy, w, h))
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        draw.rounded_rectangle(box, radius=h / 2, fill=GLOW, outline=DARK_INK, width=3)
        drawn.append(
            (
                math.floor(box[0]) - 1,
                math.floor(box[1]) - 1,
                math.ceil(box[2]) + 2,
                math.ceil(box[3]) + 2,
            )
        )
        drawn.append(
            draw_text(draw, (box[0] + 11, cy + 1), text, size, DARK_INK, bold=True, anchor="lm")
        )
        x = box[0] + 13 + text_width(text, size, True) + 2
        for seat in scored.seats:
            drawn.append(paste_centered(image, piece(seat, d), (x + d / 2, cy)))
            x += d + 4
    return drawn


MAP_RADIUS = 18
_CORNER = MAP_RADIUS + 2  # a corner patch holds the whole rounded corner


@lru_cache(maxsize=1)
def _small_canvas() -> Image.Image:
    """A canvas with a small map box, drawn in full: the source of the map's corners."""
    return _draw_canvas(MAP_X + 2 * _CORNER + 10 + MARGIN, MAP_Y + 2 * _CORNER + 10 + MARGIN)


def _draw_canvas(width: int, height: int) -> Image.Image:
    image = Image.new("RGB", (width, height), BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle(
        (MAP_X, MAP_Y, width - MARGIN, height - MARGIN), radius=MAP_RADIUS, fill=MAP_BG
    )
    return image


def _canvas(width: int, height: int) -> Image.Image:
    """The empty picture: the slate, and the map's dark box with rounded corners.

    The same pixels as ``_draw_canvas`` in half the time (the picture's size changes with the
    map, so it cannot simply be kept): the map colour everywhere, the slate round it, and the
    four corners copied from a small canvas (a corner's pixels do not depend on the box's size).
    """
    return _laid_out(Image.new("RGB", (width, height), MAP_BG), BACKGROUND, _small_canvas())


def _laid_out(image: Image.Image, slate: Any, small: Image.Image, dx: int = 0) -> Image.Image:
    """``image`` (the map colour everywhere) with the slate round the box and the box's four
    corners copied from ``small``, the same canvas at its smallest; ``dx`` columns to its
    left are not the picture's (a PNG's rows have their filter byte there)."""
    width, height = image.width - dx, image.height
    right, bottom = width - MARGIN, height - MARGIN  # the box's last column and row
    image.paste(slate, (dx, 0, dx + MAP_X, height))
    image.paste(slate, (dx + MAP_X, 0, dx + width, MAP_Y))
    image.paste(slate, (dx + right + 1, MAP_Y, dx + width, height))
    image.paste(slate, (dx + MAP_X, bottom + 1, dx + right + 1, height))
    s_right, s_bottom = small.width - MARGIN, small.height - MARGIN
    c = _CORNER
    for x, sx in ((MAP_X, MAP_X), (right - c + 1, s_right - c + 1)):
        for y, sy in ((MAP_Y, MAP_Y), (bottom - c + 1, s_bottom - c + 1)):
            image.paste(small.crop((sx, sy, sx + c, sy + c)), (dx + x, y))
    return image


@lru_cache(maxsize=1)
def _small_indexed() -> Image.Image:
    return _small_canvas().quantize(palette=palette(), dither=Image.Dither.NONE)


def indexed_canvas(width: int, height: int) -> Image.Image:
    """``_canvas`` already mapped to the palette (a P image), laid out the same way."""
    image = index_image((width, height), MAP_BG, palette())
    slate = index_image((1, 1), BACKGROUND, palette()).getpixel((0, 0))
    return _laid_out(image, slate, _small_indexed())


def indexed_map(view: IslasView, geo: Layout) -> Rows:
    """The empty picture and the placed tiles, mapped to the palette, as PNG rows: what does
    not change from one map to the next but for a tile (the rest is mapped from the drawn
    picture). Laid out as ``indexed_canvas``, a column to the right."""
    pal = palette()
    image = index_image((geo.width + 1, geo.height), MAP_BG, pal)
    slate = index_image((1, 1), BACKGROUND, pal).getpixel((0, 0))
    _laid_out(image, slate, _small_indexed(), dx=1)
    image.paste(0, (0, 0, 1, geo.height))  # each row's filter byte
    rows = Rows(image)
    for placed in view.tiles:
        rows.paste(
            indexed_tile(placed.name, placed.rotation, geo.tile), geo.corner(placed.x, placed.y)
        )
    return rows


def player_names(
    view: IslasView, names: Sequence[str] | None, words: Mapping[str, str]
) -> list[str]:
    """The seats' names: ``names`` where given, else the "player" label."""
    out = []
    for seat in range(view.players):
        if names is not None and seat < len(names) and names[seat]:
            out.append(names[seat])
        else:
            out.append(words["player"].format(n=seat + 1))
    return out


def render_islas(
    view: IslasView,
    names: Sequence[str] | None = None,
    labels: Mapping[str, str] | None = None,
    show_spots: bool = True,
) -> bytes:
    """PNG bytes of the map, the tile to place, and every player's score and followers."""
    boxes: list[Box | None] = []
    geo = fitted(view, show_spots)
    base = indexed_map(view, geo)
    image, _ = _draw(view, names, labels, show_spots, geo, boxes, base)
    return encode_png(image, palette(), base=base, boxes=boxes)


def fitted(view: IslasView, show_spots: bool = True) -> Layout:
    """The layout that fits ``view``'s tiles (and its spots, when shown)."""
    squares = [(t.x, t.y) for t in view.tiles]
    if show_spots and view.current is not None:
        squares += [(s.x, s.y) for s in view.spots]
    return layout(squares)


def draw_islas(
    view: IslasView,
    names: Sequence[str] | None = None,
    labels: Mapping[str, str] | None = None,
    show_spots: bool = True,
    geo: Layout | None = None,
) -> Image.Image:
    """The picture of ``render_islas`` (RGB), before it is encoded: an animation's frame.

    ``geo`` fixes the map's layout (an animation keeps that of its last map, which holds
    every earlier one, so the map stays put from frame to frame); by default it fits ``view``.
    """
    return _draw(view, names, labels, show_spots, geo, None, None)[0]


def _draw(
    view: IslasView,
    names: Sequence[str] | None,
    labels: Mapping[str, str] | None,
    show_spots: bool,
    geo: Layout | None,
    boxes: list[Box | None] | None,
    indexed: Rows | None,
) -> tuple[Image.Image, Layout]:
    """``draw_islas``, with its layout, the parts drawn but the tiles and the panel's empty
    boxes added to ``boxes``; those are pasted mapped into ``indexed`` (a PNG's base)."""
    words = {**LABELS, **(labels or {})}
    seats = player_names(view, names, words)
    geo = geo or fitted(view, show_spots)
    image = _canvas(geo.width, geo.height)
    drawn: list[Box | None] = [] if boxes is None else boxes
    draw_map(image, view, geo, show_spots, boxes=drawn)
    drawn += draw_tile_box(image, indexed, view, words, seats)
    drawn += draw_players(image, indexed, view, words, seats)
    return image, geo


__all__ = [
    "LABELS",
    "MARGIN",
    "PANEL_W",
    "ROWS_Y",
    "ROW_GAP",
    "ROW_H",
    "Layout",
    "draw_islas",
    "draw_map",
    "fitted",
    "indexed_canvas",
    "indexed_map",
    "layout",
    "render_islas",
]
