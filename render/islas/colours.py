"""Islas colours and the fixed palette every Islas image is encoded with: the seats (a
colour and a piece shape each), the sea and land of the tiles, the map round them."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.common import (
    BACKGROUND,
    DARK_INK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    blend,
    hex_rgb,
    palette_image,
)

# Seats: Okabe–Ito, in the order the spec lists them, each with its own piece shape.
SEAT: tuple[RGB, ...] = tuple(
    hex_rgb(c) for c in ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#CC79A7")
)
SHAPES = ("circle", "diamond", "square", "triangle", "star")
WHITE = (255, 255, 255)

SEA = hex_rgb("#2A6F93")
WAVE = hex_rgb("#4A8FB0")
SHALLOW = hex_rgb("#3F8DA6")
SHADOW = hex_rgb("#1E5471")
SAND = hex_rgb("#EBD59B")
GRASS = hex_rgb("#6FAE4F")
FOREST = hex_rgb("#4A8A3C")
WOOD = hex_rgb("#B07A43")
WOOD_EDGE = hex_rgb("#5B3A1E")
BOARD = hex_rgb("#8C5B2E")
ROCK = hex_rgb("#9C9A92")
ROCK_DARK = hex_rgb("#6B6A65")
TOWER = hex_rgb("#F6F2E8")
TOWER_RED = hex_rgb("#C8372D")
LIGHT = hex_rgb("#FFE45C")
BEAM = blend(LIGHT, SEA, 0.3)
ANCHOR_BG = hex_rgb("#F6ECCD")
ANCHOR = hex_rgb("#1D3557")
MAP_BG = hex_rgb("#1C262F")  # the empty map around the tiles
SPOT = hex_rgb("#33414F")  # a free square where the tile fits
SPOT_EDGE = hex_rgb("#DDE5EC")
GLOW = hex_rgb("#FFF6C8")  # features scored by the last move are washed with it
GLOW_T = 0.35

TILE_COLOURS = (
    SEA, WAVE, SHALLOW, SHADOW, SAND, GRASS, FOREST, WOOD, WOOD_EDGE, BOARD, ROCK, ROCK_DARK,
    TOWER, TOWER_RED, LIGHT, BEAM, ANCHOR_BG, ANCHOR,
)  # fmt: skip

# --- palette ----------------------------------------------------------------------------------

# surface -> colours drawn on it: their antialiased edges need the blends
_ON: dict[RGB, tuple[RGB, ...]] = {
    SEA: (WAVE, SHALLOW, SHADOW, WOOD_EDGE, BEAM, SPOT_EDGE, MAP_BG, *SEAT, DARK_INK, WHITE),
    SHALLOW: (SAND, SHADOW, WOOD_EDGE, BEAM, DARK_INK, WHITE),
    SAND: (GRASS, WOOD_EDGE, DARK_INK, WHITE),
    GRASS: (FOREST, WOOD_EDGE, ANCHOR, DARK_INK, WHITE),
    FOREST: (ANCHOR, ANCHOR_BG, DARK_INK, WHITE),
    WOOD: (BOARD, WOOD_EDGE),
    ROCK: (ROCK_DARK, TOWER, TOWER_RED),
    TOWER: (TOWER_RED, DARK_INK, LIGHT),
    BEAM: (LIGHT, TOWER_RED, DARK_INK),
    ANCHOR_BG: (ANCHOR,),
    MAP_BG: (SPOT, SPOT_EDGE, HIGHLIGHT, GLOW, INK),
    SPOT: (SPOT_EDGE, INK, DARK_INK),
    BACKGROUND: (PANEL, PANEL_EDGE, MAP_BG, HIGHLIGHT),
    PANEL: (INK, MUTED, HIGHLIGHT, DARK_INK, PANEL_EDGE, *SEAT, SEA, WHITE),
    HIGHLIGHT: (DARK_INK, SEA, SAND),
    GLOW: (DARK_INK,),
    DARK_INK: (*SEAT, WHITE, INK),
}


def glowing(colour: RGB) -> RGB:
    """``colour`` under the highlight of a feature just scored."""
    return blend(colour, GLOW, GLOW_T)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette every Islas image is encoded with."""
    colours: list[RGB] = []
    for surface, keys in _ON.items():
        colours += [surface, *keys]
    colours += [*TILE_COLOURS, GLOW, WHITE]
    lit = [SEA, SHALLOW, SAND, GRASS, FOREST, WOOD, WOOD_EDGE, BOARD, TOWER, ROCK]
    colours += [glowing(c) for c in lit]
    for surface, keys in _ON.items():
        for key in keys:
            colours += [blend(key, surface, t) for t in (0.3, 0.65)]
    for a, b in ((SEA, SAND), (SEA, GRASS), (SEA, FOREST), (SHALLOW, GRASS)):
        colours += [blend(a, b, t) for t in (0.33, 0.67)]
    for a, b in ((glowing(SEA), glowing(SAND)), (glowing(SAND), glowing(GRASS))):
        colours.append(blend(a, b, 0.5))
    return palette_image(colours)


# --- tiles --------------------------------------------------------------------------------------
