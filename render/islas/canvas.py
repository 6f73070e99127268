"""Islas's empty picture: the slate and the map's dark box with rounded corners, drawn or laid
out from a small one (the picture's size changes with the map), in colour and mapped; and the
placed tiles laid on the mapped one."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import BACKGROUND, index_image
from render.islas.art import indexed_tile
from render.islas.colours import MAP_BG, palette
from render.islas.fitting import Layout
from render.islas.panel import MAP_X, MAP_Y, MARGIN
from render.png import Rows
from rules.islas_view import IslasView

MAP_RADIUS = 18
_CORNER = MAP_RADIUS + 2  # a corner patch holds the whole rounded corner


@lru_cache(maxsize=1)
def _small_canvas() -> Image.Image:
    """A canvas with a small map box, drawn in full: the source of the map's corners."""
    return draw_canvas(MAP_X + 2 * _CORNER + 10 + MARGIN, MAP_Y + 2 * _CORNER + 10 + MARGIN)


def draw_canvas(width: int, height: int) -> Image.Image:
    image = Image.new("RGB", (width, height), BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle(
        (MAP_X, MAP_Y, width - MARGIN, height - MARGIN), radius=MAP_RADIUS, fill=MAP_BG
    )
    return image


def canvas(width: int, height: int) -> Image.Image:
    """The empty picture: the slate, and the map's dark box with rounded corners.

    The same pixels as ``draw_canvas`` in half the time (the picture's size changes with the
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
    """``canvas`` already mapped to the palette (a P image), laid out the same way."""
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
