"""Islas images: the map after each turn, and the rotations that fit at a chosen spot.

``render_islas(view, names=None, labels=None, show_spots=True)`` draws the placed tiles fitted
to the picture (tiles shrink as the map grows; past a point the picture grows, never beyond
2000 px wide), followers as pieces in the players' colours and shapes (orange circle, sky blue
diamond, green square, vermillion triangle, purple star; a white ring marks one on water), the
last tile outlined in yellow, features just scored washed in light with a "+N" tag, the free
squares where the current tile fits as dashed squares labelled A, B, …, and a panel on the
left: the tile to place, tiles left, tiles put out, and each player's name, score and
followers left, with the player to move (or the winners) marked.

``render_islas_choices(view, spot_label, labels=None, rotations=None)`` draws the spot's
neighbourhood once for each rotation of the current tile that fits there (or each of
``rotations``), labelled 0°, 90°, 180°, 270°.

Labels (pass ``labels`` to localise; missing keys fall back to English): ``player`` (default
name, "{n}" is the seat number from 1), ``to_move``, ``winner``, ``tile`` (the tile to place),
``tiles_left`` (``tile_left`` under a count of one), ``game_over``, ``put_out``, ``spot``
(the rotation picker's title).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PIL import Image

from render.animate import MAX_WIDTH
from render.islas.board import LABELS, draw_islas, layout, render_islas
from render.islas.choices import render_islas_choices
from render.islas.colours import palette
from rules.islas_view import IslasView


def paint_frames(
    views: Sequence[IslasView],
    names: Sequence[str] | None,
    labels: Mapping[str, str] | None,
) -> tuple[Callable[[IslasView], Image.Image], Image.Image]:
    """How a replay's frames are drawn (``render.animate``'s painter): every map fitted to the
    last one, on the fixed palette."""
    # The last map holds every earlier one: fitted to it, the map stays put all game long.
    # No spots: they are the choices of a turn, not what was played.
    # At most twice as wide as a frame: halving it is enough, and drawing it wider only
    # to shrink it more would cost time for nothing.
    geo = layout([(t.x, t.y) for t in views[-1].tiles], max_width=2 * MAX_WIDTH)
    return (lambda view: draw_islas(view, names, labels, show_spots=False, geo=geo)), palette()


__all__ = [
    "LABELS",
    "draw_islas",
    "layout",
    "paint_frames",
    "render_islas",
    "render_islas_choices",
]
