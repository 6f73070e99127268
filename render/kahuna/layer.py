"""Kahuna's static layer: the sea, islands and their names, empty water paths and the
unlit panels, drawn once; and the blocks pasted over it (a lit panel, a card), drawn once."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    PANEL,
    Box,
    along,
    draw_centered,
    image_cache,
    paste_centered,
    shrink,
)
from render.kahuna.art import (
    LAND,
    LAND_DARK,
    NAME_EDGE,
    PATH,
    SAND,
    SEA,
    SHALLOW,
    WAVE,
    WHITE,
    card,
    card_back,
    palette,
    path_length,
)
from render.kahuna.geometry import (
    BOARD_BOTTOM,
    BOARD_TOP,
    FOOTER_H,
    FOOTER_TOP,
    HALO,
    HAND_H,
    HAND_TOP,
    HEIGHT,
    MARGIN,
    PANEL_H,
    PRIVATE_HEIGHT,
    WIDTH,
    board,
)
from render.layers import Block, block, seat_box, seat_card
from render.png import Rows

PANEL_W = (WIDTH - 3 * MARGIN) // 2
CARD_W, CARD_H = 136, 150


def _waves(draw: ImageDraw.ImageDraw, k: int) -> None:
    """A sprinkle of wave marks where the sea is open (same places every time)."""
    geo = board()
    paths = [line.path(geo.islands, 0)[::4] for line in geo.lines.values()]
    rng = random.Random(11)
    placed: list[tuple[float, float]] = []
    for _ in range(400):
        x = rng.uniform(MARGIN + 40, WIDTH - MARGIN - 40)
        y = rng.uniform(BOARD_TOP + 30, BOARD_BOTTOM - 30)
        if any(i.depth((x, y)) < HALO + 26 for i in geo.islands.values()):
            continue
        if any(math.dist((x, y), p) < 40 for path in paths for p in path):
            continue
        if any(math.dist((x, y), p) < 95 for p in placed):
            continue
        placed.append((x, y))
        for dx in (-11, 11):
            cx, cy, r = (x + dx) * k, y * k, 11 * k
            draw.arc((cx - r, cy - r, cx + r, cy + r), 200, 340, fill=WAVE, width=3 * k)


@lru_cache(maxsize=2)
def static_layer(private: bool) -> Image.Image:
    """Background, sea, islands and their names, empty water paths, panels: drawn once."""
    if private:  # the public layer with the hand strip below
        image = Image.new("RGB", (WIDTH, PRIVATE_HEIGHT), BACKGROUND)
        image.paste(static_layer(False), (0, 0))
        ImageDraw.Draw(image).rounded_rectangle(
            (MARGIN, HAND_TOP, WIDTH - MARGIN, HAND_TOP + HAND_H), radius=18, fill=PANEL
        )
        return image
    geo = board()
    k = 2
    big = Image.new("RGB", (WIDTH * k, HEIGHT * k), BACKGROUND)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        (MARGIN * k, BOARD_TOP * k, (WIDTH - MARGIN) * k, BOARD_BOTTOM * k), radius=24 * k, fill=SEA
    )
    _waves(draw, k)
    for island in geo.islands.values():
        for grow, colour in ((HALO, SHALLOW), (0, SAND), (-9, LAND)):
            draw.polygon([(x * k, y * k) for x, y in island.outline(grow)], fill=colour)
        cx, cy = island.centre
        hill = island.outline(-30, 0.75, (cx - 14, cy - 8))
        draw.polygon([(x * k, y * k) for x, y in hill], fill=LAND_DARK)
    for line in geo.lines.values():
        path = line.path(geo.islands, HALO + 3)
        length = path_length(path)
        count = max(2, round(length / 17))
        for (x, y), _ in along(path, length / count, 0)[: count + 1]:
            r = 3.6 * k
            draw.ellipse((x * k - r, y * k - r, x * k + r, y * k + r), fill=PATH)
    image = shrink(big, k)
    ink = ImageDraw.Draw(image)
    for island in geo.islands.values():
        draw_centered(ink, island.centre, island.name, 34, WHITE, outline=NAME_EDGE)
    panel = ImageDraw.Draw(image)
    panel.rounded_rectangle(
        (MARGIN, FOOTER_TOP, WIDTH - MARGIN, FOOTER_TOP + FOOTER_H), radius=18, fill=PANEL
    )
    for seat in (0, 1):
        panel_shape(panel, seat, False)
    return image


def panel_box(seat: int) -> Box:
    """The pixels of seat ``seat``'s panel (its rounded rectangle's last row and column in)."""
    return seat_box(seat, MARGIN, PANEL_W, PANEL_H)


def panel_shape(draw: ImageDraw.ImageDraw, seat: int, active: bool) -> None:
    """A player's panel, its edge lit for the player to move (or a winner)."""
    seat_card(draw, panel_box(seat), 6 if active else None)


@lru_cache(maxsize=2)
def lit_panel(seat: int) -> Block:
    """Seat ``seat``'s empty panel with its edge lit, in colour and mapped."""
    box = panel_box(seat)
    paint = lambda image: panel_shape(ImageDraw.Draw(image), seat, True)  # noqa: E731
    return block(static_layer(False), palette(), box, paint)


@image_cache(8_000_000)
def card_block(private: bool, name: str | None, back: bool, centre: tuple[float, float]) -> Block:
    """A card (its back, or island ``name``'s face, or an empty slot for None) on its panel at
    ``centre``, in colour and mapped: it would be a few squares of 32 px to map again every
    turn, and the same cards come back turn after turn."""
    sprite = card_back(CARD_W, CARD_H) if back else card(name, CARD_W, CARD_H)
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    box = (x, y, x + sprite.width, y + sprite.height)
    layer = static_layer(private)
    return block(layer, palette(), box, lambda image: paste_centered(image, sprite, centre))


@lru_cache(maxsize=2)
def indexed_layer(private: bool) -> Rows:
    """``static_layer`` mapped to the palette, once, as PNG rows: a board maps only what it
    draws on it."""
    return Rows.of(static_layer(private).quantize(palette=palette(), dither=Image.Dither.NONE))
