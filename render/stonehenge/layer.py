"""Stonehenge's static layer: what every board shares (the board, grey lines, empty slots and
points, both cards unlit), drawn once; and the lit card pasted over it for the player to move."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    MUTED,
    draw_centered,
    paste_centered,
    shrink,
)
from render.layers import Block, block, seat_box, seat_card
from render.png import Rows
from render.stonehenge.art import (
    BOARD,
    BOARD_EDGE,
    LINE,
    megalith,
    palette,
    point_marker,
)
from render.stonehenge.layout import CARD_H, CARD_W, HEIGHT, MARGIN, UNIT, WIDTH, geometry


@lru_cache(maxsize=1)
def static_layer() -> Image.Image:
    """Background, board, grey lines, empty megalith slots, point markers and both players'
    cards as when neither is to move: drawn once."""
    image = board_layer()
    draw = ImageDraw.Draw(image)
    for seat in (0, 1):
        card_shape(draw, seat, False)
    return image


def card_box(seat: int) -> tuple[int, int, int, int]:
    """The pixels of seat ``seat``'s card (its rounded rectangle's last row and column in)."""
    return seat_box(seat, MARGIN, CARD_W, CARD_H)


def card_shape(draw: ImageDraw.ImageDraw, seat: int, active: bool) -> None:
    """A player's card, with a highlighted edge for the player to move (or the winner)."""
    seat_card(draw, card_box(seat), 5 if active else None)


@lru_cache(maxsize=4)
def card_face(seat: int, active: bool) -> Block:
    """Seat ``seat``'s empty card as drawn on the board's layer, in colour and mapped."""
    return block(
        board_layer(),
        palette(),
        card_box(seat),
        lambda image: card_shape(ImageDraw.Draw(image), seat, active),
    )


def board_layer() -> Image.Image:
    """Background, board, grey lines, empty megalith slots and point markers."""
    cells, lines = geometry()
    k = 2
    big = Image.new("RGB", (WIDTH * k, HEIGHT * k), BACKGROUND)
    draw = ImageDraw.Draw(big)
    hull = [cells[c] for c in "ABNROJ"]
    pad = 0.5 * UNIT
    for edge, fill in ((pad + 4, BOARD_EDGE), (pad, BOARD)):
        pts = [(x * k, y * k) for x, y in hull]
        draw.polygon(pts, fill=fill)
        for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
            draw.line([a, b], fill=fill, width=round(2 * edge * k))
        for x, y in pts:
            draw.ellipse((x - edge * k, y - edge * k, x + edge * k, y + edge * k), fill=fill)
    for line in lines:
        far = cells[line.cells[-1]]
        draw.line(
            [(far[0] * k, far[1] * k), (line.megalith[0] * k, line.megalith[1] * k)],
            fill=LINE,
            width=6 * k,
        )
    image = shrink(big, k)
    ink = ImageDraw.Draw(image)
    for line in lines:
        paste_centered(image, megalith(None), line.megalith)
        draw_centered(ink, line.label_at, f"L{line.index}", 28, MUTED)
    for label, centre in cells.items():
        paste_centered(image, point_marker(label), centre)
    return image


@lru_cache(maxsize=1)
def indexed_layer() -> Rows:
    """``static_layer`` mapped to the palette, once, as PNG rows: a board maps only what it
    draws on it."""
    return Rows.of(static_layer().quantize(palette=palette(), dither=Image.Dither.NONE))
