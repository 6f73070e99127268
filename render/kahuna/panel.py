"""A Kahuna player's panel: stone and name, the "to move" or result badge, islands
controlled, bridges left, cards in hand and score."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from PIL import Image, ImageDraw

from render.boxes import around
from render.common import (
    DARK_INK,
    HIGHLIGHT,
    INK,
    MUTED,
    RGB,
    Box,
    draw_text,
    fit_name,
    fit_text,
    paste_centered,
    shrink,
    text_width,
)
from render.kahuna.art import SEAT, SEAT_EDGE, SEAT_STRIPE, mini_back, stone
from render.kahuna.geometry import MARGIN
from render.kahuna.layer import PANEL_W, lit_panel
from render.layers import put
from render.png import Rows
from rules.kahuna_view import KahunaView


@lru_cache(maxsize=4)
def _plank_icon(seat: int) -> Image.Image:
    k = 4
    w, h = 46, 20
    big = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=3 * k, fill=SEAT_EDGE[seat])
    draw.rectangle((3 * k, 3 * k, (w - 3) * k - 1, (h - 3) * k - 1), fill=SEAT[seat])
    for x in range(10, w - 4, 9):
        draw.line([(x * k, 3 * k), (x * k, (h - 3) * k)], fill=SEAT_STRIPE[seat], width=2 * k)
    return shrink(big, k)


def _pill(
    draw: ImageDraw.ImageDraw, right: float, cy: float, text: str, colour: RGB
) -> list[Box | None]:
    width = text_width(text, 30, True) + 30
    draw.rounded_rectangle((right - width, cy - 24, right, cy + 24), radius=24, fill=colour)
    edge = around((right - width, cy - 24, right, cy + 24))
    text_box = draw_text(
        draw, (right - width / 2, cy + 1), text, 30, DARK_INK, bold=True, anchor="mm"
    )
    return [edge, text_box]


def _stat(
    image: Image.Image, x: float, y: float, icon: Image.Image, word: str, value: str
) -> tuple[float, list[Box | None]]:
    """Icon, muted word, bold number; where the number ends, and the boxes drawn."""
    draw = ImageDraw.Draw(image)
    drawn = [paste_centered(image, icon, (x + icon.width / 2, y))]
    x += icon.width + 10
    drawn.append(draw_text(draw, (x, y + 2), word, 30, MUTED, anchor="lm"))
    x += text_width(word, 30) + 10
    drawn.append(draw_text(draw, (x, y), value, 38, INK, bold=True, anchor="lm"))
    return x + text_width(value, 38, True), drawn


def draw_panel(
    image: Image.Image,
    indexed: Rows | None,
    view: KahunaView,
    seat: int,
    name: str,
    words: Mapping[str, str],
) -> list[Box | None]:
    """A player's panel (the static layer has it unlit): its lit edge, pasted in colour and
    in ``indexed`` (the mapped base of a PNG, when given), and what is drawn on it; the boxes
    of the latter."""
    x0 = MARGIN + seat * (PANEL_W + MARGIN)
    y0 = MARGIN
    draw = ImageDraw.Draw(image)
    if seat == view.turn or (view.finished and seat in view.winners):
        put(image, indexed, lit_panel(seat))
    row1, row2, row3 = y0 + 42, y0 + 104, y0 + 154
    right = x0 + PANEL_W - 18
    pill = None
    if view.finished:
        if len(view.winners) > 1:
            pill = (f"= {words['draw']}", HIGHLIGHT)
        elif seat in view.winners:
            pill = (f"★ {words['winner']}", HIGHLIGHT)
        elif view.reason == "no-bridges":
            pill = (words["no_bridges"], MUTED)
    elif view.turn == seat:
        pill = (f"▶ {words['to_move']}", HIGHLIGHT)
    room = PANEL_W - 84
    drawn: list[Box | None] = []
    if pill is not None:
        drawn += _pill(draw, right, row1, *pill)
        room -= text_width(pill[0], 30, True) + 44
    drawn.append(paste_centered(image, stone(seat, 46), (x0 + 40, row1)))
    name, size = fit_name(name, 38, room)
    drawn.append(draw_text(draw, (x0 + 74, row1), name, size, INK, bold=True, anchor="lm"))

    controlled = sum(1 for owner in view.control.values() if owner == seat)
    islands = fit_text(words["islands"], 30, 150)
    bridges = fit_text(words["bridges"], 30, 170)
    x, boxes = _stat(image, x0 + 22, row2, stone(seat, 34), islands, str(controlled))
    drawn += boxes
    left = str(view.bridges_left[seat])
    drawn += _stat(image, max(x + 34, x0 + 270), row2, _plank_icon(seat), bridges, left)[1]
    backs = view.hand_sizes[seat]
    x = x0 + 22
    for _ in range(backs):
        drawn.append(paste_centered(image, mini_back(30, 42), (x + 15, row3)))
        x += 24
    drawn.append(draw_text(draw, (x + 18, row3), str(backs), 38, INK, bold=True, anchor="lm"))
    score = str(view.scores[seat])
    drawn.append(draw_text(draw, (right, row3), score, 40, INK, bold=True, anchor="rm"))
    at = right - text_width(score, 40, True) - 10
    word = fit_text(words["score"], 30, 200)
    drawn.append(draw_text(draw, (at, row3 + 2), word, 30, MUTED, anchor="rm"))
    at -= text_width(word, 30) + 8
    drawn.append(draw_text(draw, (at, row3), "★", 34, HIGHLIGHT, anchor="rm"))
    return drawn
