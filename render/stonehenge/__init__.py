"""Stonehenge board image: a ``StonehengeView`` in, PNG bytes out.

The picture is assembled here from its parts: ``layout`` (sizes, where points and lines lie),
``art`` (colours, palette, sprites), ``layer`` (what every board shares, drawn once),
``pieces`` (what a position puts on the board) and ``panel`` (the players' cards, the corners).

Labels (pass ``labels`` to localise; missing keys fall back to English):
``light``/``dark`` default player names, ``to_move``, ``winner``, ``megaliths``,
``druids`` (hand size when the hand is hidden), ``move`` (ply counter), ``last`` (last placement).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PIL import Image

from render.common import Box, encode_png
from render.png import Rows
from render.stonehenge.art import (
    GLOW,
    LINE,
    LINE_OWNED,
    POINT_INK,
    STONE,
    line_band,
    palette,
)
from render.stonehenge.layer import indexed_layer, static_layer
from render.stonehenge.layout import DRUID_D, geometry, tag_centre
from render.stonehenge.panel import draw_card, draw_corners
from render.stonehenge.pieces import draw_board
from rules.stonehenge_view import StonehengeView

LABELS: dict[str, str] = {
    "light": "Light",
    "dark": "Dark",
    "to_move": "to move",
    "winner": "winner",
    "megaliths": "megaliths",
    "druids": "druids",
    "move": "Move",
    "last": "Last",
}


def render_stonehenge(
    view: StonehengeView,
    names: tuple[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
) -> bytes:
    """PNG bytes of the board, both players' panels, the last move and whose turn it is."""
    base = indexed_layer().copy()
    image, boxes = _draw(view, names, labels, base)
    return encode_png(image, palette(), base=base, boxes=boxes)


def draw_stonehenge(
    view: StonehengeView,
    names: tuple[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
) -> Image.Image:
    """The picture of ``render_stonehenge`` (RGB), before it is encoded: an animation's frame."""
    return _draw(view, names, labels, None)[0]


def _draw(
    view: StonehengeView,
    names: tuple[str, str] | None,
    labels: Mapping[str, str] | None,
    indexed: Rows | None,
) -> tuple[Image.Image, list[Box | None]]:
    """``draw_stonehenge``, and the boxes of what it drew on the static layer; blocks drawn
    once (a lit card) are pasted into ``indexed`` as well (the mapped base of a PNG)."""
    words = {**LABELS, **(labels or {})}
    names = names or (words["light"], words["dark"])
    image = static_layer().copy()
    boxes: list[Box | None] = [*draw_board(image, view)]
    for seat in (0, 1):
        boxes += draw_card(image, indexed, view, seat, names[seat], words)
    boxes += draw_corners(image, view, words)
    return image, boxes


def paint_frames(
    views: Sequence[StonehengeView],
    names: Sequence[str] | None,
    labels: Mapping[str, str] | None,
) -> tuple[Callable[[StonehengeView], Image.Image], Image.Image]:
    """How a replay's frames are drawn (``render.animate``'s painter): each view's board, on
    the fixed palette."""
    pair = (names[0], names[1]) if names else None
    return (lambda view: draw_stonehenge(view, pair, labels)), palette()


def warm() -> None:
    """Build every sprite a game can need, once (a bot does it at start-up, in a worker
    thread, so that no player waits for it): each line's band in each owner's colour and
    its highlight."""
    for index in range(len(geometry()[1])):
        line_band(index, GLOW, 30)
        for colour in LINE_OWNED:
            line_band(index, colour, 9)


# Names the tests and the planted renders read (the colours of lines and stones, where a
# druid and its tag go, the palette and the layer).
__all__ = [
    "DRUID_D",
    "GLOW",
    "LABELS",
    "LINE",
    "LINE_OWNED",
    "POINT_INK",
    "STONE",
    "draw_stonehenge",
    "geometry",
    "indexed_layer",
    "paint_frames",
    "palette",
    "render_stonehenge",
    "static_layer",
    "tag_centre",
    "warm",
]
