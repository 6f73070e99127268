"""The colours every picture shares (Okabe–Ito seats on a dark slate) and the fixed palettes
pictures are mapped to: key colours exactly, plus their blends into the surfaces they sit on."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from PIL import Image

RGB = tuple[int, int, int]


def hex_rgb(code: str) -> RGB:
    """``"#E69F00"`` -> ``(230, 159, 0)``."""
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


# Okabe–Ito: the colour-blind-safe set the spec asks for. Seats take them in this order.
ORANGE = hex_rgb("#E69F00")
SKY_BLUE = hex_rgb("#56B4E9")
BLUISH_GREEN = hex_rgb("#009E73")
YELLOW = hex_rgb("#F0E442")
BLUE = hex_rgb("#0072B2")
VERMILLION = hex_rgb("#D55E00")
PURPLE = hex_rgb("#CC79A7")
SEAT_COLOURS: tuple[RGB, ...] = (ORANGE, SKY_BLUE, BLUISH_GREEN, PURPLE)

# A slate that sits on Discord's dark theme (#313338) without melting into it.
BACKGROUND = hex_rgb("#25303A")
PANEL = hex_rgb("#334150")
PANEL_EDGE = hex_rgb("#4A5A6B")
INK = hex_rgb("#F4F1EA")  # main text on dark surfaces
MUTED = hex_rgb("#A9B4BF")  # secondary text
DARK_INK = hex_rgb("#1B1F24")  # text on light surfaces
HIGHLIGHT = hex_rgb("#FFD23F")  # last move, player to move
WIN = hex_rgb("#FFD23F")


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def build_palette(
    keys: Iterable[RGB], surfaces: Iterable[RGB], steps: int = 4, extra: Iterable[RGB] = ()
) -> Image.Image:
    """A fixed 256-colour palette image: ``keys`` exactly, plus their blends into each surface.

    Antialiased edges of a key colour drawn on a surface fall on those blends, so a
    nearest-colour mapping keeps edges smooth without dithering.
    """
    colours: list[RGB] = []
    keys = list(dict.fromkeys(keys))
    surfaces = list(dict.fromkeys(surfaces))
    for colour in [*keys, *surfaces, *extra]:
        if colour not in colours:
            colours.append(colour)
    for i in range(1, steps + 1):
        t = i / (steps + 1)
        for surface in surfaces:
            for key in keys:
                mixed = blend(key, surface, t)
                if mixed not in colours:
                    colours.append(mixed)
    return palette_image(colours)


def palette_image(colours: Iterable[RGB]) -> Image.Image:
    """A palette image (for ``quantize``) holding ``colours``, duplicates dropped, at most 256."""
    colours = list(dict.fromkeys(colours))
    if len(colours) > 256:
        raise ValueError(f"palette needs {len(colours)} colours, more than 256")
    colours += [colours[-1]] * (256 - len(colours))
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in colours for channel in colour])
    return palette


@lru_cache(maxsize=1)
def default_palette() -> Image.Image:
    """A palette for images drawn with this module's colours only."""
    keys = [*SEAT_COLOURS, INK, MUTED, DARK_INK, HIGHLIGHT, YELLOW, BLUE, VERMILLION]
    return build_palette(keys, [BACKGROUND, PANEL, PANEL_EDGE], steps=4)
