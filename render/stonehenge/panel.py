"""The words and counts round Stonehenge's board: each player's card (name, megaliths, druids
in hand, the badge of the player to move or the winner) and the corners (move number, last
move)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from PIL import Image, ImageDraw

from render.common import (
    DARK_INK,
    HIGHLIGHT,
    INK,
    MUTED,
    RGB,
    Box,
    draw_text,
    fit_name,
    paste_centered,
    text_width,
)
from render.layers import put
from render.png import Rows
from render.stonehenge.art import druid_disc, megalith
from render.stonehenge.layer import card_face
from render.stonehenge.layout import BOARD_TOP, CARD_W, HAND_D, HEIGHT, MARGIN
from rules.stonehenge_view import StonehengeView


def _pill(
    draw: ImageDraw.ImageDraw, right: float, cy: float, text: str, colour: RGB
) -> list[Box | None]:
    """A rounded badge ending at ``right``; the boxes drawn."""
    width = text_width(text, 30, True) + 28
    box = (right - width, cy - 23, right, cy + 23)
    draw.rounded_rectangle(box, radius=23, fill=colour)
    edge = (
        math.floor(box[0]) - 1,
        math.floor(box[1]) - 1,
        math.ceil(right) + 2,
        math.ceil(box[3]) + 2,
    )
    text_box = draw_text(
        draw, (right - width / 2, cy + 1), text, 30, DARK_INK, bold=True, anchor="mm"
    )
    return [edge, text_box]


def draw_card(
    image: Image.Image,
    indexed: Rows | None,
    view: StonehengeView,
    seat: int,
    name: str,
    words: Mapping[str, str],
) -> list[Box | None]:
    """A player's card (the static layer has it unlit): its lit edge, pasted in colour and in
    ``indexed`` (the mapped base, when drawing for a PNG), and what is drawn on it; the boxes
    of the latter."""
    x0 = MARGIN + seat * (CARD_W + MARGIN)
    y0 = MARGIN
    draw = ImageDraw.Draw(image)
    if seat in (view.turn, view.winner):
        put(image, indexed, card_face(seat, True))
    row1, row2, row3 = y0 + 42, y0 + 104, y0 + 164
    drawn = [paste_centered(image, megalith(seat, 30, 44), (x0 + 36, row1))]
    name, size = fit_name(name, 36, CARD_W - 66 - 16)
    drawn.append(draw_text(draw, (x0 + 66, row1), name, size, INK, bold=True, anchor="lm"))

    right = x0 + CARD_W - 16
    if view.winner == seat:
        drawn += _pill(draw, right, row2, f"★ {words['winner']}", HIGHLIGHT)
    elif view.turn == seat:
        drawn += _pill(draw, right, row2, f"▶ {words['to_move']}", HIGHLIGHT)
    placed = f"{view.megaliths[seat]}/8"
    drawn.append(draw_text(draw, (x0 + 18, row2), placed, 36, INK, bold=True, anchor="lm"))
    x = x0 + 28 + text_width(placed, 36, True)
    drawn.append(draw_text(draw, (x, row2), words["megaliths"], 30, MUTED, anchor="lm"))

    hand = view.hands[seat]
    first = x0 + 16 + HAND_D / 2
    if hand is None:
        drawn.append(paste_centered(image, druid_disc(seat, None, False, HAND_D), (first, row3)))
        count = f"× {view.hand_sizes[seat]}"
        drawn.append(draw_text(draw, (first + 38, row3), count, 36, INK, bold=True, anchor="lm"))
        x = first + 50 + text_width(count, 36, True)
        drawn.append(draw_text(draw, (x, row3), words["druids"], 30, MUTED, anchor="lm"))
        return drawn
    for i, value in enumerate(sorted(hand)):
        at = (first + i * (HAND_D + 4), row3)
        drawn.append(paste_centered(image, druid_disc(seat, value, False, HAND_D), at))
    if not hand:
        text = f"0 {words['druids']}"
        drawn.append(draw_text(draw, (x0 + 18, row3), text, 30, MUTED, anchor="lm"))
    return drawn


def draw_corners(
    image: Image.Image, view: StonehengeView, words: Mapping[str, str]
) -> list[Box | None]:
    """The move's number at the top left of the board, the last move at the bottom left;
    the boxes drawn."""
    draw = ImageDraw.Draw(image)
    drawn = [
        draw_text(draw, (MARGIN + 6, BOARD_TOP + 14), f"{words['move']} {view.ply}", 32, MUTED)
    ]
    if view.last_point is None or view.last_seat is None:
        return drawn
    druid = view.points.get(view.last_point)
    value = "?" if druid is None or druid.value is None else str(druid.value)
    y = HEIGHT - MARGIN - 40
    drawn.append(draw_text(draw, (MARGIN + 6, y - 58), words["last"], 32, MUTED, anchor="lm"))
    drawn.append(paste_centered(image, megalith(view.last_seat, 30, 44), (MARGIN + 24, y)))
    drawn.append(
        draw_text(
            draw, (MARGIN + 50, y), f"{value} → {view.last_point}", 40, INK, bold=True, anchor="lm"
        )
    )
    return drawn
