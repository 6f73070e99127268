"""Pieces every board renderer shares: fonts, colours, text helpers, sprites, PNG encoding."""

from __future__ import annotations

import functools
import itertools
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import ParamSpec, TypeVar

from PIL import Image, ImageDraw, ImageFont

from render.pieces import paste_cut, visible_boxes
from render.png import Rows, png_bytes
from rules.text import one_line

FONT_DIR = Path(__file__).parent / "fonts"
SUPERSAMPLE = 4  # sprites are drawn this much larger, then shrunk: smooth edges for free

RGB = tuple[int, int, int]
Piece = tuple[Image.Image, int, int]  # part of an image (a mask, a sprite) and its offset
#: A rectangle of pixels, left, top, right, bottom (the last two excluded), as Pillow's crop.
Box = tuple[int, int, int, int]
P = ParamSpec("P")
T = TypeVar("T")


def hex_rgb(code: str) -> RGB:
    """``"#E69F00"`` -> ``(230, 159, 0)``."""
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


# Okabe–Ito: the colour-blind-safe set the spec asks for. Seats take them in this order.
ORANGE = hex_rgb("#E69F00")
SKY_BLUE = hex_rgb("#56B4E9")
BLUISH_GREEN = hex_rgb("#009E73")
YELLOW = hex_rgb("#F0E442")
BLUE = hex_rgb("#0072B2")
VERMILLION = hex_rgb("#D55E00")
PURPLE = hex_rgb("#CC79A7")
SEAT_COLOURS: tuple[RGB, ...] = (ORANGE, SKY_BLUE, BLUISH_GREEN, PURPLE)

# A slate that sits on Discord's dark theme (#313338) without melting into it.
BACKGROUND = hex_rgb("#25303A")
PANEL = hex_rgb("#334150")
PANEL_EDGE = hex_rgb("#4A5A6B")
INK = hex_rgb("#F4F1EA")  # main text on dark surfaces
MUTED = hex_rgb("#A9B4BF")  # secondary text
DARK_INK = hex_rgb("#1B1F24")  # text on light surfaces
HIGHLIGHT = hex_rgb("#FFD23F")  # last move, player to move
WIN = hex_rgb("#FFD23F")


def image_bytes(value: object) -> int:
    """The pixel memory of an image, or of the images in a tuple (Pillow keeps 4 bytes a
    pixel for RGB and RGBA, 1 for L)."""
    if isinstance(value, Image.Image):
        return value.width * value.height * (1 if value.mode in ("L", "1", "P") else 4)
    if isinstance(value, tuple):
        return sum(image_bytes(item) for item in value)
    return 0


def image_cache(max_bytes: int) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """``functools.lru_cache`` for functions that draw images, bounded by the bytes of the
    images kept rather than by their number (sprites of many sizes differ a hundredfold in
    size): the least recently used go first. Thread-safe (renders run in worker threads);
    ``cache_clear()`` as lru_cache's, ``cache_bytes()`` what is held."""

    def wrap(fn: Callable[P, T]) -> Callable[P, T]:
        found: OrderedDict[Hashable, tuple[T, int]] = OrderedDict()
        held = [0]
        lock = threading.Lock()

        @functools.wraps(fn)
        def cached(*args: P.args, **kwargs: P.kwargs) -> T:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            with lock:
                hit = found.get(key)
                if hit is not None:
                    found.move_to_end(key)
                    return hit[0]
            value = fn(*args, **kwargs)  # drawn outside the lock: two may draw it at once
            size = image_bytes(value)
            with lock:
                if key not in found:
                    found[key] = (value, size)
                    held[0] += size
                while held[0] > max_bytes and len(found) > 1:
                    _, (_, dropped) = found.popitem(last=False)
                    held[0] -= dropped
            return value

        def cache_clear() -> None:
            with lock:
                found.clear()
                held[0] = 0

        cached.cache_clear = cache_clear  # type: ignore[attr-defined]
        cached.cache_bytes = lambda: held[0]  # type: ignore[attr-defined]
        return cached

    return wrap


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


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def shrink(big: Image.Image, factor: int = SUPERSAMPLE) -> Image.Image:
    """Downsample a supersampled drawing to its final size (box filter: plain antialiasing)."""
    return big.reduce(factor)


def disc_sprite(
    diameter: int,
    fill: RGB,
    edge: RGB,
    edge_width: float,
    *,
    ring: RGB | None = None,
    ring_width: float = 0,
    dashed: bool = False,
) -> Image.Image:
    """A smooth RGBA disc: ``fill`` with an ``edge``, optionally inside a ``ring`` (highlight)."""
    k = SUPERSAMPLE
    pad = ring_width
    size = round(diameter + 2 * pad)
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    if ring is not None:
        draw.ellipse((0, 0, size * k - 1, size * k - 1), fill=ring)
    o = pad * k
    box = (o, o, o + diameter * k - 1, o + diameter * k - 1)
    draw.ellipse(box, fill=edge)
    e = edge_width * k
    draw.ellipse((box[0] + e, box[1] + e, box[2] - e, box[3] - e), fill=fill)
    if dashed:  # a dashed inner circle: "only you can see this value"
        r = diameter * k / 2 - e * 2.2
        c = o + diameter * k / 2
        for start in range(0, 360, 30):
            draw.arc(
                (c - r, c - r, c + r, c + r), start, start + 15, fill=edge, width=round(e * 0.8)
            )
    return shrink(big, k)


def polygon_sprite(
    size: tuple[int, int], points: Sequence[tuple[float, float]], fill: RGB, edge: RGB, width: float
) -> Image.Image:
    """A smooth RGBA polygon given in final-pixel coordinates inside ``size``."""
    k = SUPERSAMPLE
    big = Image.new("RGBA", (size[0] * k, size[1] * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.polygon(
        [(x * k, y * k) for x, y in points], fill=fill, outline=edge, width=round(width * k)
    )
    return shrink(big, k)


def paste_centered(base: Image.Image, sprite: Image.Image, center: tuple[float, float]) -> Box:
    """Alpha-paste a cached ``sprite`` so that its centre lands on ``center`` (render.pieces:
    the plain paste's pixels, quicker); the box it covers."""
    x = round(center[0] - sprite.width / 2)
    y = round(center[1] - sprite.height / 2)
    paste_cut(base, sprite, (x, y))
    return (x, y, x + sprite.width, y + sprite.height)


def paste_sparse(base: Image.Image, sprite: Image.Image, at: tuple[int, int]) -> list[Box]:
    """Alpha-paste a cached, mostly transparent ``sprite`` (a band along a path, a ring) at ``at``.

    The same pixels as ``base.paste(sprite, at, sprite)`` (render.pieces); returns the boxes
    of its visible pieces, all it may have changed, which for a diagonal bridge or a ring
    round an island is a small part of its box.
    """
    paste_cut(base, sprite, at)
    return visible_boxes(sprite, at)


def build_palette(
    keys: Iterable[RGB], surfaces: Iterable[RGB], steps: int = 4, extra: Iterable[RGB] = ()
) -> Image.Image:
    """A fixed 256-colour palette image: ``keys`` exactly, plus their blends into each surface.

    Antialiased edges of a key colour drawn on a surface fall on those blends, so a
    nearest-colour mapping keeps edges smooth without dithering.
    """
    colours: list[RGB] = []
    keys = list(dict.fromkeys(keys))
    surfaces = list(dict.fromkeys(surfaces))
    for colour in [*keys, *surfaces, *extra]:
        if colour not in colours:
            colours.append(colour)
    for i in range(1, steps + 1):
        t = i / (steps + 1)
        for surface in surfaces:
            for key in keys:
                mixed = blend(key, surface, t)
                if mixed not in colours:
                    colours.append(mixed)
    return palette_image(colours)


def palette_image(colours: Iterable[RGB]) -> Image.Image:
    """A palette image (for ``quantize``) holding ``colours``, duplicates dropped, at most 256."""
    colours = list(dict.fromkeys(colours))
    if len(colours) > 256:
        raise ValueError(f"palette needs {len(colours)} colours, more than 256")
    colours += [colours[-1]] * (256 - len(colours))
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in colours for channel in colour])
    return palette


@lru_cache(maxsize=1)
def default_palette() -> Image.Image:
    """A palette for images drawn with this module's colours only."""
    keys = [*SEAT_COLOURS, INK, MUTED, DARK_INK, HIGHLIGHT, YELLOW, BLUE, VERMILLION]
    return build_palette(keys, [BACKGROUND, PANEL, PANEL_EDGE], steps=4)


def encode_png(
    image: Image.Image,
    palette: Image.Image | None = None,
    *,
    base: Image.Image | Rows | None = None,
    boxes: Iterable[Box | None] = (),
) -> bytes:
    """PNG bytes of ``image`` mapped to a fixed palette (P mode, no dither).

    Mapping a picture onto the palette costs about as much as drawing it, and most of a board
    is the same every turn (the sea, the map's tiles, the slate). So a renderer may give the
    ``base``: ``image`` already mapped to ``palette`` (a P image or, quicker, its PNG rows:
    ``render.png.Rows``; changed here), right except inside ``boxes``, which are mapped again
    from ``image``. No dither, so every pixel maps on its own and the result is the picture
    mapped whole, pixel for pixel (the renderers' tests check each against it). The PNG itself
    is written by ``render.png``.
    """
    pal = palette if palette is not None else default_palette()
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    parts = None if base is None else coalesce(boxes, rgb.size)
    if base is None or parts is None:
        return png_bytes(rgb.quantize(palette=pal, dither=Image.Dither.NONE), pal)
    rows = base if isinstance(base, Rows) else Rows.of(base)
    # On the cores: Image.crop, quantize and paste cost about 10 µs of Python a part.
    # The same calls as ``quantize(palette=pal, dither=NONE)`` makes (dither 0 is NONE).
    if rows.image.readonly:
        rows = rows.copy()
    source, target, mapping = rgb.im, rows.image.im, pal.im
    for x0, y0, x1, y1 in parts:  # one column right: the rows' first is the filter byte
        target.paste(
            source.crop((x0, y0, x1, y1)).convert("P", 0, mapping), (x0 + 1, y0, x1 + 1, y1)
        )
    return png_bytes(rows, pal)


#: Side of the squares ``coalesce`` gathers boxes into: mapping a crop costs about as much as
#: ten thousand pixels, so a few rows or columns more are cheaper than another crop.
CELL = 32
_MARKED = re.compile(b"\x01+")
_ONES = [b"\1" * n for n in range(2048 // CELL + 1)]  # a run of squares to mark, by length
#: Past this share of the picture, mapping it whole is quicker than mapping its parts.
MOST = 0.6


def coalesce(boxes: Iterable[Box | None], size: tuple[int, int]) -> list[Box] | None:
    """``boxes`` (cut to a picture of ``size``) gathered into few boxes that cover them all:
    each run of ``CELL`` squares along a row of squares, runs that repeat on the next row
    joined. None when they cover most of the picture (map it whole)."""
    width, height = size
    columns = (width + CELL - 1) // CELL
    grid = bytearray(columns * ((height + CELL - 1) // CELL))  # 1: a square to map
    for box in boxes:  # a few hundred a board: plain comparisons, no calls
        if box is None:
            continue
        x0, y0, x1, y1 = box
        if x0 < 0:
            x0 = 0
        if y0 < 0:
            y0 = 0
        if x1 > width:
            x1 = width
        if y1 > height:
            y1 = height
        if x0 >= x1 or y0 >= y1:
            continue
        first, last = x0 // CELL, (x1 - 1) // CELL + 1
        ones = _ONES[last - first] if last - first < len(_ONES) else b"\1" * (last - first)
        at = y0 // CELL * columns
        for _ in range(y0 // CELL, (y1 - 1) // CELL + 1):
            grid[at + first : at + last] = ones
            at += columns
    runs: dict[tuple[int, int], list[int]] = {}  # (first, last column) -> [top row, bottom row]
    found: list[Box] = []
    for row, at in enumerate(range(0, len(grid), columns)):
        line = grid[at : at + columns]
        now = {(m.start(), m.end() - 1) for m in _MARKED.finditer(line)}
        if not now:
            continue
        for run in list(runs):
            if run not in now or runs[run][1] != row - 1:
                found.append(_cells(run, runs.pop(run), size))
        for run in now:
            if run in runs:
                runs[run][1] = row
            else:
                runs[run] = [row, row]
    found += [_cells(run, span, size) for run, span in runs.items()]
    covered = sum((b[2] - b[0]) * (b[3] - b[1]) for b in found)
    return None if covered > MOST * width * height else found


def _cells(run: tuple[int, int], span: list[int], size: tuple[int, int]) -> Box:
    """The pixels of columns ``run`` and rows ``span`` of ``CELL`` squares."""
    return (
        run[0] * CELL,
        span[0] * CELL,
        min(size[0], (run[1] + 1) * CELL),
        min(size[1], (span[1] + 1) * CELL),
    )


def index_image(size: tuple[int, int], colour: RGB, palette: Image.Image) -> Image.Image:
    """A P image of ``size`` in ``colour`` mapped to ``palette``: a flat picture, mapped."""
    dot = Image.new("RGB", (1, 1), colour).quantize(palette=palette, dither=Image.Dither.NONE)
    image = Image.new("P", size, dot.getpixel((0, 0)))
    image.putpalette(palette.getpalette() or [])
    return image


def union(boxes: Iterable[Box | None]) -> Box | None:
    """The smallest box holding every one of ``boxes`` (None for none)."""
    found = [box for box in boxes if box is not None]
    if not found:
        return None
    return (
        min(b[0] for b in found),
        min(b[1] for b in found),
        max(b[2] for b in found),
        max(b[3] for b in found),
    )


def along(
    path: Sequence[tuple[float, float]], every: float, start: float = 0.0
) -> list[tuple[tuple[float, float], float]]:
    """Points every ``every`` units of arc along a polyline, each with its direction there.

    Planks on a bridge, dots on a sea lane: anything spaced evenly along a drawn path.
    """
    out: list[tuple[tuple[float, float], float]] = []
    walked, target = 0.0, start
    for p, q in itertools.pairwise(path):
        step = math.dist(p, q)
        while step > 0 and walked + step >= target:
            t = (target - walked) / step
            point = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
            out.append((point, math.atan2(q[1] - p[1], q[0] - p[0])))
            target += every
        walked += step
    return out


def band(path: Sequence[tuple[float, float]], width: float) -> list[tuple[float, float]]:
    """The outline of a band ``width`` wide along a polyline (flat ends).

    Pillow's wide ``line`` leaves slivers between short segments; a polygon has none.
    """
    half = width / 2
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    for i, (x, y) in enumerate(path):
        a = path[max(i - 1, 0)]
        b = path[min(i + 1, len(path) - 1)]
        angle = math.atan2(b[1] - a[1], b[0] - a[0])
        nx, ny = -math.sin(angle) * half, math.cos(angle) * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return left + right[::-1]
