"""The rotation picker's image: the chosen spot and its neighbours, once per fitting rotation."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from render.common import BACKGROUND, DARK_INK, INK, draw_text, encode_png, fit_text
from render.islas.art import piece
from render.islas.board import LABELS, Layout, draw_map
from render.islas.colours import MAP_BG, palette
from rules.islas_view import IslasView, PlacedTile

WIDTH = 1200
MARGIN = 24
GAP = 24
HEADER = 74
FOOTER = 64
T_MAX = 130


def render_islas_choices(
    view: IslasView,
    spot_label: str,
    labels: Mapping[str, str] | None = None,
    rotations: Sequence[int] | None = None,
) -> bytes:
    """PNG bytes: the spot's 3 x 3 neighbourhood with the current tile in each rotation that
    fits there (or in ``rotations``, some of them), labelled 0°, 90°, 180°, 270° (ValueError
    for an unknown spot, no tile, or a rotation that does not fit)."""
    words = {**LABELS, **(labels or {})}
    spot = next((s for s in view.spots if s.label == spot_label), None)
    if view.current is None or spot is None or not spot.rotations:
        raise ValueError(f"no spot {spot_label!r} for the current tile")
    shown = tuple(spot.rotations if rotations is None else rotations)
    if not shown or not set(shown) <= set(spot.rotations):
        raise ValueError(f"rotations {shown} do not fit at spot {spot_label!r}")
    count = len(shown)
    tile = min(T_MAX, (WIDTH - 2 * MARGIN - (count - 1) * GAP) // (3 * count))
    span = 3 * tile
    height = HEADER + span + FOOTER + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    header_x = MARGIN
    if view.turn is not None:
        image_piece = piece(view.turn, 40)
        image.paste(image_piece, (MARGIN, HEADER // 2 - image_piece.height // 2), image_piece)
        header_x += image_piece.width + 10
    title = fit_text(f"{words['spot']} {spot.label}", 40, WIDTH - header_x - MARGIN, bold=True)
    draw_text(draw, (header_x, HEADER // 2), title, 40, INK, bold=True, anchor="lm")
    window = {(spot.x + dx, spot.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    near = tuple(t for t in view.tiles if (t.x, t.y) in window)
    followers = tuple(f for f in view.followers if (f.x, f.y) in window)
    total = count * span + (count - 1) * GAP
    left = (WIDTH - total) // 2
    for i, rotation in enumerate(shown):
        candidate = PlacedTile(view.current, spot.x, spot.y, rotation)
        sub = dataclasses.replace(
            view, tiles=(*near, candidate), followers=followers, last=candidate, scored=()
        )
        panel = Image.new("RGB", (span, span), MAP_BG)
        geo = Layout(tile, span, span, spot.x - 1, spot.y + 1, 0, 0)
        draw_map(panel, sub, geo, show_spots=False, highlight=False)
        x = left + i * (span + GAP)
        image.paste(panel, (x, HEADER))
        draw.rectangle((x - 1, HEADER - 1, x + span, HEADER + span), outline=DARK_INK, width=2)
        draw_text(
            draw,
            (x + span / 2, HEADER + span + FOOTER / 2 + 4),
            f"{rotation}°",
            40,
            INK,
            bold=True,
            anchor="mm",
        )
    return encode_png(image, palette())
