"""PNG bytes of a picture on a fixed palette, mapping again only the parts a turn changed."""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from render.boxes import Box, coalesce
from render.colours import RGB, default_palette
from render.png import Rows, png_bytes


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


def index_image(size: tuple[int, int], colour: RGB, palette: Image.Image) -> Image.Image:
    """A P image of ``size`` in ``colour`` mapped to ``palette``: a flat picture, mapped."""
    dot = Image.new("RGB", (1, 1), colour).quantize(palette=palette, dither=Image.Dither.NONE)
    image = Image.new("P", size, dot.getpixel((0, 0)))
    image.putpalette(palette.getpalette() or [])
    return image
