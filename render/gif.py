"""An animated GIF written frame by frame, on one fixed palette.

Pillow's GIF writer takes every frame before it writes any (``append_images``): it keeps a
full copy of each (about 50 MB for a 72-tile Islas game), and gives each frame a local copy
of its palette. This writer keeps two frames (the one before, to tell what changed, and the
one waiting for its duration) and writes the rest as it goes: a replay can be drawn one frame
at a time, between live boards (render/paint_worker.py), in memory that does not grow with
the game.

As Pillow's ``optimize`` does (and lila-gif): each frame after the first holds only the
rectangle that changed, its unchanged pixels set to a transparent index that no frame uses,
which compresses to almost nothing; a frame identical to the one before only lengthens it.
Every frame is on the one palette given (the global colour table, written once).
"""

from __future__ import annotations

import io
import struct

from PIL import GifImagePlugin, Image, ImageChops

#: The NETSCAPE2.0 application extension: loop (0: for ever).
_LOOP = b"!\xff\x0bNETSCAPE2.0\x03\x01%s\x00"
#: A graphic control extension: disposal "leave in place" (1), transparency flag, delay in
#: centiseconds, transparent index.
_CONTROL = struct.Struct("<3sBHBB")
#: Pixels that did not change (a difference of 0) -> 255 in a mask, others 0.
_UNCHANGED = [255, *(0,) * 255]


def free_index(palette: Image.Image) -> int | None:
    """A palette index no frame mapped onto ``palette`` uses: a padding entry repeating an
    earlier colour (nearest-colour mapping picks the first of equal colours), or one past
    the colours given (None: all 256 are distinct colours)."""
    colours = palette.getpalette() or []
    seen: set[tuple[int, ...]] = set()
    count = len(colours) // 3
    for index in range(count):
        colour = tuple(colours[3 * index : 3 * index + 3])
        if colour in seen:
            return index
        seen.add(colour)
    return count if count < 256 else None


class GifWriter:
    """Frames in (palette images of one size, on ``palette``), an endlessly looping GIF out."""

    def __init__(self, palette: Image.Image, loop: int = 0) -> None:
        rgb = bytes((palette.getpalette() or [])[: 3 * 256])
        self._palette = rgb + bytes(3 * 256 - len(rgb))
        self._free = free_index(palette)
        self._loop = loop
        self._out = io.BytesIO()
        self._previous: Image.Image | None = None
        #: the last frame's graphic control fields and image data, written once its duration
        #: is known (a frame identical to it lengthens it)
        self._pending: tuple[int, bool, bytes] | None = None

    def add(self, frame: Image.Image, duration_ms: int) -> None:
        """The next frame (mode P, mapped onto the palette), shown ``duration_ms``."""
        if frame.mode != "P":
            raise ValueError(f"a GIF frame is a palette image, not {frame.mode}")
        previous = self._previous
        if previous is None:
            self._header(frame.size)
            self._hold(duration_ms, False, _image_data(frame, (0, 0)))
        else:
            if frame.size != previous.size:
                raise ValueError(f"a {frame.size} frame after {previous.size} ones")
            delta = ImageChops.subtract_modulo(frame, previous)
            box = delta.getbbox()
            if box is None:  # nothing changed: the frame before stays longer
                self._lengthen(duration_ms)
                return
            part = frame.crop(box)
            # Only the rectangle is written: the free index must be unused there.
            clear = self._free is not None and not part.histogram()[self._free]
            if clear:
                part.paste(self._free, mask=delta.crop(box).point(_UNCHANGED, "1"))
            self._hold(duration_ms, clear, _image_data(part, box[:2]))
        self._previous = frame

    def finish(self) -> bytes:
        """The GIF (no frame may follow)."""
        self._flush()
        self._out.write(b";")
        return self._out.getvalue()

    def _header(self, size: tuple[int, int]) -> None:
        width, height = size
        # A global colour table of 256 entries (size field 7), colour resolution 8 bits.
        screen = struct.pack("<6sHHBBB", b"GIF89a", width, height, 0xF7, 0, 0)
        self._out.write(screen + self._palette + _LOOP % struct.pack("<H", self._loop))

    def _hold(self, duration_ms: int, clear: bool, data: bytes) -> None:
        self._flush()
        self._pending = (duration_ms, clear, data)

    def _lengthen(self, duration_ms: int) -> None:
        if self._pending is not None:
            ms, clear, data = self._pending
            self._pending = (ms + duration_ms, clear, data)

    def _flush(self) -> None:
        if self._pending is None:
            return
        ms, clear, data = self._pending
        flags = (1 << 2) | (1 if clear else 0)
        index = self._free if clear and self._free is not None else 0
        self._out.write(_CONTROL.pack(b"!\xf9\x04", flags, ms // 10, index, 0) + data)
        self._pending = None


def _image_data(image: Image.Image, offset: tuple[int, int]) -> bytes:
    """An image descriptor at ``offset`` (no local colour table) and its LZW-coded pixels."""
    return b"".join(GifImagePlugin.getdata(image, offset))
