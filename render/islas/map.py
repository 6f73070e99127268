"""What an Islas position puts on the map: the free spots, the tiles, the features just
scored (washed in light, with a "+N" tag), the last tile's outline and the followers."""

from __future__ import annotations

import math

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from render.common import (
    DARK_INK,
    HIGHLIGHT,
    INK,
    Box,
    draw_centered,
    draw_text,
    paste_centered,
    text_width,
)
from render.islas.art import piece, segment_mask, spot_square, tile_sprite
from render.islas.colours import GLOW, GLOW_T
from render.islas.features import scored_segments
from render.islas.fitting import Layout
from render.islas.geometry import follower_spot
from render.islas.panel import MAP_X, MAP_Y, MARGIN
from render.pieces import paste_copy
from rules.islas_view import IslasView, PlacedTile, Scored


def spot_font(tile: int, label: str) -> int:
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
                spot_font(t, spot.label),
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
