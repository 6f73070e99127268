"""Kahuna colours, the fixed palette and the pieces and cards (each drawn once per process);
the sprites along bridge lines and round islands are in ``render.kahuna.bridges``."""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    DARK_INK,
    HIGHLIGHT,
    INK,
    MUTED,
    ORANGE,
    PANEL,
    PANEL_EDGE,
    RGB,
    SKY_BLUE,
    blend,
    draw_centered,
    fit_text,
    hex_rgb,
    palette_image,
    shrink,
)
from render.kahuna.geometry import BADGE_D, STONE_D, Point, board

# Seats: Okabe–Ito orange and sky blue, and a shape each (circle, diamond) on every piece.
SEAT = (ORANGE, SKY_BLUE)
SEAT_EDGE = (hex_rgb("#7A4A00"), hex_rgb("#1D5E86"))
SEAT_STRIPE = (hex_rgb("#B87A00"), hex_rgb("#3B8FC4"))

SEA = hex_rgb("#1B4557")
WAVE = hex_rgb("#245468")
SHALLOW = hex_rgb("#2B6A78")
PATH = hex_rgb("#6FA3B5")
SAND = hex_rgb("#E2CB8E")
LAND = hex_rgb("#4C8A46")
LAND_DARK = hex_rgb("#3B7137")
NAME_EDGE = hex_rgb("#163015")
BADGE = hex_rgb("#12303D")
BADGE_EDGE = hex_rgb("#9CC3D1")
CARD = hex_rgb("#F2E6C9")
CARD_EDGE = hex_rgb("#A08A5A")
BACK = hex_rgb("#2D5566")
BACK_EDGE = hex_rgb("#8DBBCB")
GLOW = hex_rgb("#FFFFFF")  # last turn: white, so it never reads as the orange player
WHITE = (255, 255, 255)


# --- palette ----------------------------------------------------------------------------------

_ON: dict[RGB, tuple[RGB, ...]] = {
    # surface -> colours drawn on it (their antialiased edges need the blends)
    BACKGROUND: (PANEL, PANEL_EDGE, SEA, HIGHLIGHT, MUTED),
    PANEL: (INK, MUTED, HIGHLIGHT, DARK_INK, *SEAT, *SEAT_EDGE, PANEL_EDGE, CARD, BACK, WHITE),
    SEA: (PATH, WAVE, SHALLOW, *SEAT, *SEAT_EDGE, GLOW, BADGE, BADGE_EDGE, DARK_INK, WHITE),
    SHALLOW: (SAND, *SEAT, *SEAT_EDGE, GLOW, BADGE, BADGE_EDGE, DARK_INK),
    SAND: (LAND, *SEAT, *SEAT_EDGE, DARK_INK),
    LAND: (INK, NAME_EDGE, LAND_DARK),
    CARD: (DARK_INK, CARD_EDGE, SAND, LAND, SHALLOW, SEA, MUTED, *SEAT),
    BACK: (BACK_EDGE, WHITE, INK),
    HIGHLIGHT: (DARK_INK,),
    ORANGE: (DARK_INK, SEAT_STRIPE[0], SEAT_EDGE[0]),
    SKY_BLUE: (DARK_INK, SEAT_STRIPE[1], SEAT_EDGE[1]),
    BADGE: (WHITE, INK),
}


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette every Kahuna image is encoded with."""
    colours: list[RGB] = []
    for surface, keys in _ON.items():
        colours += [surface, *keys]
    colours += [*SEAT_STRIPE, blend(SEA, BACKGROUND, 0.5)]
    for surface, keys in _ON.items():
        for key in keys:
            colours += [blend(key, surface, t) for t in (0.25, 0.5, 0.75)]
    return palette_image(colours)


# --- drawing helpers ---------------------------------------------------------------------------


def path_length(path: list[Point]) -> float:
    """Arc length of a polyline."""
    return sum(math.dist(p, q) for p, q in itertools.pairwise(path))


def shape_points(seat: int, cx: float, cy: float, r: float) -> list[Point]:
    """A seat's marker: a circle for seat 0, a diamond for seat 1."""
    if seat == 0:
        return [
            (cx + r * math.cos(a / 32 * math.tau), cy + r * math.sin(a / 32 * math.tau))
            for a in range(32)
        ]
    return [(cx, cy - r * 1.25), (cx + r * 1.1, cy), (cx, cy + r * 1.25), (cx - r * 1.1, cy)]


@lru_cache(maxsize=16)  # each seat's at 54 (and crossed out), 46, 42 and 34 px: kept, and cut once
def stone(seat: int, diameter: int = STONE_D, ghost: bool = False) -> Image.Image:
    """A Kahuna stone (or a crossed-out outline of one, for a control just lost)."""
    k = 4
    d = diameter * k
    big = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    e = max(2, diameter // 14) * k
    if ghost:
        draw.ellipse((0, 0, d - 1, d - 1), fill=DARK_INK)
        draw.ellipse((e, e, d - 1 - e, d - 1 - e), fill=SEAT[seat])
        draw.ellipse((2.2 * e, 2.2 * e, d - 1 - 2.2 * e, d - 1 - 2.2 * e), fill=BADGE)
        r = d * 0.22
        c = d / 2
        for w, colour in ((e * 1.8, DARK_INK), (e, SEAT[seat])):
            draw.line([(c - r, c - r), (c + r, c + r)], fill=colour, width=round(w))
            draw.line([(c - r, c + r), (c + r, c - r)], fill=colour, width=round(w))
        return shrink(big, k)
    draw.ellipse((0, 0, d - 1, d - 1), fill=SEAT_EDGE[seat])
    draw.ellipse((e, e, d - 1 - e, d - 1 - e), fill=SEAT[seat])
    draw.polygon(shape_points(seat, d / 2, d / 2, d * 0.2), fill=DARK_INK)
    return shrink(big, k)


@lru_cache(maxsize=16)
def badge(need: int) -> Image.Image:
    """The "bridges needed" badge of an island."""
    k = 4
    d = BADGE_D * k
    big = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.ellipse((0, 0, d - 1, d - 1), fill=BADGE_EDGE)
    draw.ellipse((3 * k, 3 * k, d - 1 - 3 * k, d - 1 - 3 * k), fill=BADGE)
    sprite = shrink(big, k)
    draw_centered(ImageDraw.Draw(sprite), (BADGE_D / 2, BADGE_D / 2 + 1), str(need), 32, WHITE)
    return sprite


# --- cards --------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def card(name: str | None, width: int, height: int, size: int = 32) -> Image.Image:
    """An island card: the island's own silhouette above its name; ``None``: an empty slot."""
    k = 3
    big = Image.new("RGBA", (width * k, height * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    box = (0, 0, width * k - 1, height * k - 1)
    if name is None:
        draw.rounded_rectangle(box, radius=14 * k, outline=PANEL_EDGE, width=3 * k)
        return shrink(big, k)
    draw.rounded_rectangle(box, radius=14 * k, fill=CARD_EDGE)
    draw.rounded_rectangle(
        (3 * k, 3 * k, width * k - 1 - 3 * k, height * k - 1 - 3 * k), radius=11 * k, fill=CARD
    )
    island = board().islands[name]
    art_h = height - size - 28
    scale = min((width - 34) / 150, art_h / 112)
    centre = (width / 2 * k, (10 + art_h / 2) * k)
    oval = (
        centre[0] - 74 * scale * k,
        centre[1] - 54 * scale * k,
        centre[0] + 74 * scale * k,
        centre[1] + 54 * scale * k,
    )
    draw.ellipse(oval, fill=SHALLOW)
    for grow, colour in ((0, SAND), (-8, LAND)):
        pts = [
            (x * k, y * k)
            for x, y in island.outline(grow, scale * 0.82, (centre[0] / k, centre[1] / k))
        ]
        draw.polygon(pts, fill=colour)
    sprite = shrink(big, k)
    label = fit_text(name, size, width - 12, bold=True)
    draw_centered(
        ImageDraw.Draw(sprite), (width / 2, height - 14 - size / 2), label, size, DARK_INK
    )
    return sprite


def _back(
    width: int,
    height: int,
    k: int,
    radii: tuple[int, int, int],
    insets: tuple[int, int],
    colours: tuple[RGB, RGB, RGB],
) -> Image.Image:
    """A card back drawn at ``k`` times and shrunk: an edge, a face, an inner frame line."""
    edge, face, frame = colours
    big = Image.new("RGBA", (width * k, height * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    w, h = width * k - 1, height * k - 1
    draw.rounded_rectangle((0, 0, w, h), radius=radii[0] * k, fill=edge)
    a, b = insets[0] * k, insets[1] * k
    draw.rounded_rectangle((a, a, w - a, h - a), radius=radii[1] * k, fill=face)
    draw.rounded_rectangle((b, b, w - b, h - b), radius=radii[2] * k, outline=frame, width=2 * k)
    return shrink(big, k)


@lru_cache(maxsize=8)
def card_back(width: int, height: int) -> Image.Image:
    """The back of a card (the draw pile, face-down discards)."""
    return _back(width, height, 3, (14, 11, 8), (3, 10), (BACK_EDGE, BACK, BACK_EDGE))


@lru_cache(maxsize=4)
def mini_back(width: int, height: int) -> Image.Image:
    """A small card back for counting a hand: plain, so it still reads as a card when tiny."""
    return _back(width, height, 4, (5, 4, 2), (2, 6), (PANEL, BACK_EDGE, BACK))
