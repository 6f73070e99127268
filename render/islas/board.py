"""The Islas map image: placed tiles fitted to the picture, followers, spots, the side panel.

The panel sits on the left at the same place every turn; the map takes the rest (``fitting``).
The picture is assembled here: the empty canvas (``canvas``), the map (``map``), the panel
(``panel``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image

from render.common import Box, encode_png
from render.islas.canvas import canvas, indexed_canvas, indexed_map
from render.islas.colours import palette
from render.islas.fitting import BASE_W, LADDER, MAP_H_MAX, T_MAX, Layout, fitted, layout
from render.islas.map import draw_map
from render.islas.panel import (
    BASE_H,
    MARGIN,
    PANEL_W,
    ROW_GAP,
    ROW_H,
    ROWS_Y,
    draw_players,
    draw_tile_box,
)
from render.png import Rows
from rules.islas_view import IslasView

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
    image = canvas(geo.width, geo.height)
    drawn: list[Box | None] = [] if boxes is None else boxes
    draw_map(image, view, geo, show_spots, boxes=drawn)
    drawn += draw_tile_box(image, indexed, view, words, seats)
    drawn += draw_players(image, indexed, view, words, seats)
    return image, geo


__all__ = [
    "BASE_H",
    "BASE_W",
    "LABELS",
    "LADDER",
    "MAP_H_MAX",
    "MARGIN",
    "PANEL_W",
    "ROWS_Y",
    "ROW_GAP",
    "ROW_H",
    "T_MAX",
    "Layout",
    "draw_islas",
    "draw_map",
    "fitted",
    "indexed_canvas",
    "indexed_map",
    "layout",
    "render_islas",
]
