"""Alpha-pasting cached sprites quickly, pixel for pixel as ``Image.paste(sprite, at, sprite)``.

A masked paste blends every pixel of the sprite's box (about 2 ns a pixel), even where the
sprite is fully transparent (the base is kept) or fully opaque (the sprite is copied), and
Pillow's ``Image.paste`` adds about 1.5 µs of Python a call. So a sprite is cut once into
pieces, strip by strip of rows: runs of columns that are fully transparent are left out, runs
fully opaque are copied without a mask (a plain copy of rows), and only the rest is blended;
the pieces are pasted on the image's core directly. Pillow's blend ``(in * a + out * (255 - a))
/ 255`` (rounded exactly) gives the base back for ``a = 0`` and the sprite for ``a = 255``, so
the result is the plain paste's to the byte (tests/render/test_render_caches.py checks it).
"""

from __future__ import annotations

import re
import weakref
from typing import Any

from PIL import Image, ImageChops

#: A part of an image (a mask, a sprite) and its offset.
Piece = tuple[Image.Image, int, int]
#: A rectangle of pixels, left, top, right, bottom (the last two excluded), as Pillow's crop.
Box = tuple[int, int, int, int]
#: A piece as pasted: its core (RGB when opaque, else RGBA), its mask's core (None: opaque),
#: and its place inside the sprite, left, top, right, bottom.
Cut = tuple[Any, Any, int, int, int, int]

_STRIP = 16  # rows a strip: shorter strips leave out more, at a paste each (measured)
_RUN = 8  # columns at least that a run is left out or copied unmasked, else blended
_SPAN = 32  # rows of pieces joined into one box for ``visible_boxes``
_cuts: dict[int, tuple[Cut, ...]] = {}
_spans: dict[int, tuple[Box, ...]] = {}
_CLASSES = re.compile(rb"\x00+|\x01+|\x02+")
#: Lookup tables for ``Image.point`` (a function there is called 256 times a call to build
#: its table, most of a cut's time): any alpha seen; a column's mean seen at all; not solid;
#: a column's mean all solid.
_SEEN = [255 if a else 0 for a in range(256)]
_ANY = [min(m, 1) for m in range(256)]
_NOT_SOLID = [0 if a == 255 else 255 for a in range(256)]
_ALL_SOLID = [0 if m else 1 for m in range(256)]


def _runs(alpha: Image.Image) -> list[tuple[int, int, int]]:
    """The columns of a strip of ``alpha`` as runs (kind, start, end): kind 0 where every
    pixel is transparent, 2 where every one is opaque, 1 for the rest."""
    height = alpha.height
    # A column's mean: one visible (255) among ``height`` rows makes it at least 255 / height.
    seen = alpha.point(_SEEN).reduce((1, height)).point(_ANY)
    solid = alpha.point(_NOT_SOLID).reduce((1, height)).point(_ALL_SOLID)
    kinds = ImageChops.add(seen, solid).tobytes()  # 0, 1 or 2 (a solid column is seen)
    return [(m.group()[0], m.start(), m.end()) for m in _CLASSES.finditer(kinds)]


def _merged(runs: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """``runs`` with short transparent or opaque runs blended with their neighbours, the
    blended ones next to each other joined, transparent ones at the ends dropped."""
    out: list[tuple[int, int, int]] = []
    for kind, start, end in runs:
        if kind != 1 and end - start < _RUN:
            kind = 1
        if out and out[-1][0] == kind == 1:
            out[-1] = (1, out[-1][1], end)
        else:
            out.append((kind, start, end))
    return [run for run in out if run[0] != 0]


def cuts(sprite: Image.Image) -> tuple[Cut, ...]:
    """``sprite`` (RGBA) cut into the pieces pasted, once per sprite: the sprite must not
    change after its first paste (cached sprites never do)."""
    found = _cuts.get(id(sprite))
    if found is not None:
        return found
    alpha = sprite.getchannel("A")
    pieces: list[Cut] = []
    for top in range(0, sprite.height, _STRIP):
        bottom = min(top + _STRIP, sprite.height)
        strip = alpha.crop((0, top, sprite.width, bottom))
        if strip.getbbox() is None:
            continue
        for kind, start, end in _merged(_runs(strip)):
            box = (start, top, end, bottom)
            if kind == 2:
                pieces.append((sprite.crop(box).convert("RGB").im, None, *box))
                continue
            inner = alpha.crop(box).getbbox()  # blend the visible rows of the run only
            if inner is None:
                continue
            box = (start + inner[0], top + inner[1], start + inner[2], top + inner[3])
            part = sprite.crop(box)
            pieces.append((part.im, part.im, *box))
    found = tuple(pieces)
    _spans[id(sprite)] = _gathered(found)  # first: a sprite with cuts has its spans too,
    _cuts[id(sprite)] = found  # whichever render thread looks
    # The entries live exactly as long as the sprite, so an id is never reused for another.
    weakref.finalize(sprite, _forget, id(sprite))
    return found


def _forget(key: int) -> None:
    _cuts.pop(key, None)
    _spans.pop(key, None)


def _gathered(pieces: tuple[Cut, ...]) -> tuple[Box, ...]:
    """The pieces' boxes joined a band of ``_SPAN`` rows at a time: fewer boxes for
    ``coalesce`` to gather (a box costs it a microsecond), hardly more pixels."""
    bands: dict[int, Box] = {}
    for _, _, x0, y0, x1, y1 in pieces:
        key = y0 // _SPAN
        known = bands.get(key)
        if known is not None:
            x0, y0 = min(x0, known[0]), min(y0, known[1])
            x1, y1 = max(x1, known[2]), max(y1, known[3])
        bands[key] = (x0, y0, x1, y1)
    return tuple(bands.values())


def paste_cut(base: Image.Image, sprite: Image.Image, at: tuple[int, int]) -> None:
    """``base.paste(sprite, at, sprite)`` for a cached RGBA ``sprite`` on an RGB ``base``."""
    if base.mode != "RGB" or sprite.mode != "RGBA" or base.readonly:
        base.paste(sprite, at, sprite)
        return
    core = base.im
    x, y = at
    for source, mask, x0, y0, x1, y1 in cuts(sprite):
        box = (x + x0, y + y0, x + x1, y + y1)
        if mask is None:
            core.paste(source, box)
        else:
            core.paste(source, box, mask)


def visible_boxes(sprite: Image.Image, at: tuple[int, int]) -> list[Box]:
    """Boxes round ``sprite``'s pieces pasted at ``at``: every pixel it may change."""
    cuts(sprite)
    x, y = at
    return [(x + x0, y + y0, x + x1, y + y1) for x0, y0, x1, y1 in _spans[id(sprite)]]


def paste_copy(base: Image.Image, block: Image.Image, at: tuple[int, int]) -> None:
    """``base.paste(block, at)`` (no mask: a plain copy) on the cores, for boards that copy
    many blocks of the same mode (an Islas map's tiles): Image.paste's own checks cost more
    than copying a tile."""
    if base.mode != block.mode or base.readonly:
        base.paste(block, at)
        return
    base.im.paste(block.im, (at[0], at[1], at[0] + block.width, at[1] + block.height))
