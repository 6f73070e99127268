"""PNG files of palette ("P") images, written here so that the deflate is ours to choose.

Deflating was most of a board's render (3-10 ms of 6-20 ms with zlib's run-length strategy
through Pillow's writer). ISA-L's deflate (the ``isal`` package) at level 1 does the same
boards in 0.3-1 ms, and its files are 10-20% smaller (for example 58 KB against 75 KB for an
early Stonehenge board, 103 against 126 KB for a full Kahuna one, measured on this bot's
boards); zlib's run-length strategy stays the fallback where ``isal`` cannot be installed.
Either way the file is a plain PNG (IHDR, PLTE, IDAT, IEND) that every reader decodes to the
very indices and palette Pillow's writer would have stored: each row is a zero (the "None"
filter, which the PNG spec advises for palette images) and the row's indices, laid out by
one paste into an image a column wider, and deflated in one call.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable

from PIL import Image

try:
    from isal import isal_zlib
except ImportError:  # pragma: no cover - isal has wheels for the usual platforms
    isal_zlib = None

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: ISA-L's level: 0 is hardly quicker and a fifth larger, 3 ten times slower.
ISAL_LEVEL = 1


def _zlib_deflate(data: bytes) -> bytes:
    """zlib's run-length strategy: a palette board is long runs of one index, which it finds
    without the hash-chain search (about 2.5 times quicker than the default strategy)."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, zlib.MAX_WBITS, 8, zlib.Z_RLE)
    return compressor.compress(data) + compressor.flush()


def _isal_deflate(data: bytes) -> bytes:
    return isal_zlib.compress(data, ISAL_LEVEL)  # type: ignore[union-attr]


#: How the scanlines are deflated (a zlib stream, as PNG wants): ISA-L where it is installed.
DEFLATE: dict[str, Callable[[bytes], bytes]] = {"zlib": _zlib_deflate}
if isal_zlib is not None:
    DEFLATE["isal"] = _isal_deflate
DEFLATER = "isal" if isal_zlib is not None else "zlib"


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack("!I", len(data)) + kind + data + struct.pack("!I", crc)


class Rows:
    """A palette picture laid out as its PNG's scanlines: a P image one column wider, whose
    first column is each row's filter byte (0). A board's mapped base is built this way, so
    that its rows are deflated as they are (no copy a column wider per board); what is pasted
    in goes one column right."""

    __slots__ = ("image",)

    def __init__(self, image: Image.Image) -> None:
        if image.mode != "P":
            raise ValueError(f"a palette image is needed, not {image.mode}")
        self.image = image  # column 0 must be 0 (zero it after laying anything over it)

    @classmethod
    def of(cls, indexed: Image.Image) -> Rows:
        """The rows of ``indexed`` (a P image)."""
        if indexed.mode != "P":
            raise ValueError(f"a palette image is needed, not {indexed.mode}")
        width, height = indexed.size
        lines = Image.new("P", (width + 1, height), 0)
        lines.paste(indexed, (1, 0))  # same mode: the indices are copied as they are
        return cls(lines)

    @property
    def size(self) -> tuple[int, int]:
        """The picture's size (the filter column left out)."""
        return (self.image.width - 1, self.image.height)

    def copy(self) -> Rows:
        """Rows to change, these left as they are."""
        return Rows(self.image.copy())

    def paste(self, mapped: Image.Image, at: tuple[int, int]) -> None:
        """Paste ``mapped`` (a P image on the same palette) with its corner at picture pixel
        ``at``."""
        if mapped.mode != "P":
            raise ValueError(f"a palette image is needed, not {mapped.mode}")
        x, y = at[0] + 1, at[1]  # on the cores: a board pastes dozens of tiles
        self.image.im.paste(mapped.im, (x, y, x + mapped.width, y + mapped.height))

    def indexed(self) -> Image.Image:
        """The picture itself, a P image (a copy)."""
        return self.image.crop((1, 0, self.image.width, self.image.height))


def scanlines(indexed: Image.Image) -> bytes:
    """The image's rows, each behind its filter byte 0: what a PNG deflates."""
    return Rows.of(indexed).image.tobytes()


def png_bytes(
    indexed: Image.Image | Rows, palette: Image.Image | None = None, deflater: str | None = None
) -> bytes:
    """A PNG of ``indexed`` (mode P, 8 bits an index, or its ``Rows``) with the colours of
    ``palette`` (a P image; by default its own), deflated by ``deflater`` (a key of
    ``DEFLATE``; by default ``DEFLATER``)."""
    rows = indexed if isinstance(indexed, Rows) else Rows.of(indexed)
    own = indexed if isinstance(indexed, Image.Image) else rows.image
    width, height = rows.size
    colours = bytes((palette or own).getpalette() or [0, 0, 0])[: 3 * 256]
    data = DEFLATE[deflater or DEFLATER](rows.image.tobytes())
    header = struct.pack("!IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", colours),
            _chunk(b"IDAT", data),
            _chunk(b"IEND", b""),
        )
    )
