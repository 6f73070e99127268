"""Text on the pictures: the project's own fonts, measuring, fitting names, and drawing text
from masks kept per fraction of a pixel (FreeType was about a tenth of a render)."""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render.boxes import Box, union
from render.colours import RGB
from rules.text import one_line

FONT_DIR = Path(__file__).parent / "fonts"
Piece = tuple[Image.Image, int, int]  # part of an image (a mask, a sprite) and its offset


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (covers Spanish) at ``size`` px, loaded once per size."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


@lru_cache(maxsize=32)
def basic_font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """``font`` laid out by Pillow's basic engine: no shaping, but it draws what raqm refuses."""
    return ImageFont.truetype(font(size, bold).path, size, layout_engine=ImageFont.Layout.BASIC)


#: Characters of a text drawn at most: no picture is wide enough for more (Pillow refuses a
#: million), and a long text costs its layout each time it is measured.
MAX_DRAWN = 2000
#: What a text layout may raise on a text it cannot lay out (raqm_layout() failed, too long).
LAYOUT_ERRORS = (RuntimeError, ValueError, OSError)


def drawable(text: str) -> str:
    """``text`` as every drawing function takes it: one line (rules.text), not too long."""
    return one_line(text[:MAX_DRAWN])


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is drawn at ``size`` (remembered: labels are measured every turn)."""
    text = drawable(text)
    try:
        return font(size, bold).getlength(text)
    except LAYOUT_ERRORS:  # the last line of defence: draw_text falls back the same way
        return basic_font(size, bold).getlength(text)


def fit_text(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` (made ``drawable``), shortened with an ellipsis until it fits ``width`` px."""
    text = drawable(text)
    if text_width(text, size, bold) <= width:
        return text
    # The longest start that fits with its ellipsis, found by halving: a text may be long.
    fits, too_long = 0, len(text)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if text_width(text[:middle] + "…", size, bold) <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits].rstrip() + "…"


def fit_name(name: str, size: int, width: float, bold: bool = True) -> tuple[str, int]:
    """A player's name and the size to draw it at: smaller, down to 80% of ``size``, before
    it is cut ("Tablero 1 · normal" keeps its level), then cut with an ellipsis."""
    name = drawable(name)
    least = round(size * 0.8)
    for candidate in range(size, least - 1, -2):
        if text_width(name, candidate, bold) <= width:
            return name, candidate
    return fit_text(name, least, width, bold), least


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    bold: bool = False,
    anchor: str = "la",
    outline: RGB | None = None,
    outline_width: int = 3,
) -> Box | None:
    """Draw ``text`` at ``xy`` (a Pillow ``anchor``), optionally outlined for busy backgrounds.

    Any text: it is made ``drawable`` (one line), and should the layout still refuse it, it
    is drawn by the basic layout engine, or left out, rather than fail the whole picture.
    Returns the pixels it may have changed (None: none), for ``encode_png``'s ``boxes``.
    """
    text = drawable(text)
    stroke = outline_width if outline else 0
    try:
        masks = _text_masks(text, size, bold, anchor, stroke, xy)
    except LAYOUT_ERRORS:
        masks = None
    if masks is None:  # at the top or left edge, or refused by raqm: Pillow draws it
        for shape in (font(size, bold), basic_font(size, bold)):
            try:
                draw.text(
                    xy, text, font=shape, fill=fill, anchor=anchor,
                    stroke_width=stroke, stroke_fill=outline,
                )  # fmt: skip
            except LAYOUT_ERRORS:
                continue
            return _drawn_box(draw, xy, text, shape, anchor, stroke)
        return None
    # What ``draw.text`` does: the outline (glyphs included) first, then the glyphs on top.
    edge, body = masks
    left, top = math.floor(xy[0]), math.floor(xy[1])
    boxes = []
    if edge is not None and outline is not None:
        mask, dx, dy = edge
        draw.bitmap((left + dx, top + dy), mask, fill=outline)
        boxes.append((left + dx, top + dy, left + dx + mask.width, top + dy + mask.height))
        if outline == fill:
            return boxes[0]
    if body is not None:
        mask, dx, dy = body
        draw.bitmap((left + dx, top + dy), mask, fill=fill)
        boxes.append((left + dx, top + dy, left + dx + mask.width, top + dy + mask.height))
    return union(boxes)


def _drawn_box(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    shape: ImageFont.FreeTypeFont,
    anchor: str,
    stroke: int,
) -> Box:
    """Where Pillow drew ``text`` itself, with a pixel to spare round its rounding; the whole
    picture should even that not be known (a box too big costs time, one too small pixels)."""
    try:
        x0, y0, x1, y1 = draw.textbbox(xy, text, font=shape, anchor=anchor, stroke_width=stroke)
    except LAYOUT_ERRORS:
        return (0, 0, *draw.im.size)
    return (math.floor(x0) - 1, math.floor(y0) - 1, math.ceil(x1) + 1, math.ceil(y1) + 1)


TextMasks = tuple[Piece | None, Piece | None]  # outline, glyphs; offsets from the anchor's pixel
_text_cache: dict[tuple[str, int, bool, str, int, float, float], TextMasks] = {}
_TEXT_CACHE_MAX = 1024  # masks are a few KB: a few MB at most


def _text_masks(
    text: str, size: int, bold: bool, anchor: str, stroke: int, xy: tuple[float, float]
) -> TextMasks | None:
    """The coverage masks Pillow draws ``text`` at ``xy`` with, drawn once per fraction of a pixel.

    Pillow rasterises a text from its anchor's fraction of a pixel only (the whole pixels just
    move it), so the same text at the same fraction has the same masks wherever it goes: a turn
    only blends them in (FreeType was about a tenth of a render). Drawing 255 on a black "L"
    canvas gives back a mask exactly. None (draw it directly) for a text cut by the top or
    left edge, whose masks would be cut too (``draw_text`` gives one line only).
    """
    x, y = xy
    if x < 0 or y < 0:
        return None
    fx, fy = x - math.floor(x), y - math.floor(y)  # exact, and what Pillow takes as the start
    key = (text, size, bold, anchor, stroke, fx, fy)
    found = _text_cache.get(key)
    if found is not None:
        return found
    shape = font(size, bold)
    left, top, right, bottom = shape.getbbox(text, anchor=anchor, stroke_width=stroke)
    if x + left < 2 or y + top < 2:
        return None
    # Draw at xy shifted by whole pixels onto a small canvas. Subtracting an integer no larger
    # than x is exact in floating point, so Pillow sees the very same fraction.
    mx = min(math.floor(x), math.floor(x + left) - 2)
    my = min(math.floor(y), math.floor(y + top) - 2)
    at = (x - mx, y - my)
    size_px = (math.ceil(at[0] + right) + 4, math.ceil(at[1] + bottom) + 4)
    pieces: list[Piece | None] = []
    for width in (stroke, 0) if stroke else (0,):
        canvas = Image.new("L", size_px, 0)
        ImageDraw.Draw(canvas).text(
            at, text, font=shape, fill=255, anchor=anchor, stroke_width=width
        )
        box = canvas.getbbox()
        if box is None:
            pieces.append(None)
        else:
            dx, dy = box[0] + mx - math.floor(x), box[1] + my - math.floor(y)
            pieces.append((canvas.crop(box), dx, dy))
    found = (pieces[0], pieces[1]) if stroke else (None, pieces[0])
    if len(_text_cache) >= _TEXT_CACHE_MAX:  # names come and go: start afresh now and then
        _text_cache.clear()
    _text_cache[key] = found
    return found


def draw_centered(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    bold: bool = True,
    outline: RGB | None = None,
) -> Box | None:
    """Draw ``text`` centred on ``center`` (middle of the ink, not the baseline); the box
    it may have changed."""
    return draw_text(draw, center, text, size, fill, bold=bold, anchor="mm", outline=outline)
