"""Blocks of a board drawn once, in colour and already mapped to the palette.

A board is drawn in colour over its static layer, then only the boxes it drew in are mapped to
the palette, over the static layer mapped once (``encode_png``'s ``base``). A panel drawn anew
every turn (a player's card with its highlighted edge) is most of those boxes, though it has a
few looks only. So such a block is drawn once per look, on a copy of the whole layer where it
goes (the very pixels of drawing it in place) and mapped once; a turn pastes it, in colour into
the picture and mapped into the base, and only what is drawn on it is mapped again.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from render.colours import HIGHLIGHT, PANEL, PANEL_EDGE
from render.pieces import Box
from render.png import Rows

#: A block: its picture (RGB) and the same mapped to the palette (P), and where it goes.
Block = tuple[Image.Image, Image.Image, Box]


def block(
    layer: Image.Image,
    palette: Image.Image,
    box: Box,
    paint: Callable[[Image.Image], object],
) -> Block:
    """What ``paint`` draws on ``layer`` (RGB), cut to ``box``, in colour and mapped.

    ``paint`` draws in the whole picture's coordinates, on a copy of the whole ``layer``, so the
    block's pixels are exactly those it would draw in place; it must draw inside ``box`` only.
    """
    canvas = layer.copy()
    paint(canvas)
    part = canvas.crop(box)
    return part, part.quantize(palette=palette, dither=Image.Dither.NONE), box


def put(image: Image.Image, indexed: Rows | None, found: Block) -> None:
    """Paste ``found`` into the picture and, when drawing for a PNG, into its mapped base."""
    rgb, mapped, box = found
    image.paste(rgb, box[:2])
    if indexed is not None:
        indexed.paste(mapped, box[:2])


def seat_box(seat: int, margin: int, width: int, height: int) -> Box:
    """The pixels of seat ``seat``'s card in a row of cards ``width`` × ``height`` along the
    top, ``margin`` apart (its rounded rectangle's last row and column in)."""
    x0 = margin + seat * (width + margin)
    return (x0, margin, x0 + width + 1, margin + height + 1)


def seat_card(draw: ImageDraw.ImageDraw, box: Box, lit: int | None) -> None:
    """A player's card in ``box``, its edge lit ``lit`` pixels wide for the player to move
    (or a winner), else plain."""
    x0, y0, x1, y1 = box
    edge, edge_w = (PANEL_EDGE, 2) if lit is None else (HIGHLIGHT, lit)
    draw.rounded_rectangle(
        (x0, y0, x1 - 1, y1 - 1), radius=18, fill=PANEL, outline=edge, width=edge_w
    )
