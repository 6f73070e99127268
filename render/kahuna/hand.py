"""A player's Kahuna hand, privately: each card with a minimap of the lines it can build on now."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    DARK_INK,
    INK,
    MUTED,
    PANEL,
    band,
    draw_centered,
    draw_text,
    encode_png,
    fit_text,
    paste_centered,
    shrink,
    text_width,
)
from render.kahuna.art import (
    CARD,
    CARD_EDGE,
    GLOW,
    PATH,
    SAND,
    SEA,
    SEAT,
    palette,
    stone,
)
from render.kahuna.board import LABELS
from render.kahuna.geometry import BOARD_BOTTOM, BOARD_TOP, MARGIN, WIDTH, board
from rules.kahuna_view import KahunaView

HAND_WIDTH = 1100
COL_W = 204
GAP = (HAND_WIDTH - 2 * MARGIN - 5 * COL_W) // 4
HEADER = 64
MAP_W, MAP_H = COL_W - 16, 132
CARD_TOP = MARGIN + HEADER
CARD_H = 330
HAND_HEIGHT = CARD_TOP + CARD_H + MARGIN
NAME_SIZE = 34
LIST_SIZE = 30

# The board (sea included) squeezed into the minimap.
_SCALE = min(MAP_W / (WIDTH - 2 * MARGIN), MAP_H / (BOARD_BOTTOM - BOARD_TOP))
_OFF_X = (MAP_W - (WIDTH - 2 * MARGIN) * _SCALE) / 2


def _mini(p: tuple[float, float], k: int) -> tuple[float, float]:
    return ((_OFF_X + (p[0] - MARGIN) * _SCALE) * k, (p[1] - BOARD_TOP) * _SCALE * k)


#: Supersampling of a hand's card and minimap.
K = 3


@cache
def _sea() -> Image.Image:
    """The minimap's empty sea, supersampled (copied for every card)."""
    big = Image.new("RGBA", (MAP_W * K, MAP_H * K), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, MAP_W * K - 1, MAP_H * K - 1), radius=10 * K, fill=SEA
    )
    return big


@cache
def _line_band(name: str, width: float) -> list[tuple[float, float]]:
    """The outline of line ``name`` on the supersampled minimap, ``width`` wide."""
    line = board().lines[name]
    return band([_mini(p, K) for p in line.samples[::3] + line.samples[-1:]], width * K)


def _minimap(
    island: str,
    buildable: tuple[str, ...],
    bridges: tuple[tuple[str, int | None], ...],
    seat: int,
) -> Image.Image:
    """The board in small: bridges thin in their owners' colours, buildable lines bold."""
    geo = board()
    k = K
    big = _sea().copy()
    draw = ImageDraw.Draw(big)
    owners = dict(bridges)
    for name in geo.lines:
        owner = owners.get(name)
        if name in buildable:
            draw.polygon(_line_band(name, 7), fill=GLOW)
        elif owner is not None:
            draw.polygon(_line_band(name, 3.5), fill=SEAT[owner])
        else:
            draw.polygon(_line_band(name, 1.2), fill=PATH)
    for name, other in geo.islands.items():
        x, y = _mini(other.centre, k)
        r = (9 if name == island else 6) * k
        if name == island:
            ring = r + 3 * k
            draw.ellipse((x - ring, y - ring, x + ring, y + ring), fill=GLOW)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=SAND)
    return shrink(big, k)


@cache
def _card() -> Image.Image:
    """A blank card, edge and face (copied for every card of a hand)."""
    k = K
    big = Image.new("RGBA", (COL_W * k, CARD_H * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, 0, COL_W * k - 1, CARD_H * k - 1), radius=16 * k, fill=CARD_EDGE)
    draw.rounded_rectangle(
        (3 * k, 3 * k, COL_W * k - 1 - 3 * k, CARD_H * k - 1 - 3 * k), radius=13 * k, fill=CARD
    )
    return shrink(big, k)


def _column(
    island: str,
    buildable: tuple[str, ...],
    bridges: tuple[tuple[str, int | None], ...],
    seat: int,
) -> Image.Image:
    """One card of the hand: name, minimap, and the islands it can bridge to."""
    sprite = _card().copy()
    ink = ImageDraw.Draw(sprite)
    name = fit_text(island, NAME_SIZE, COL_W - 16, bold=True)
    draw_centered(ink, (COL_W / 2, 34), name, NAME_SIZE, DARK_INK)
    sprite.alpha_composite(_minimap(island, buildable, bridges, seat), (8, 62))
    # The far ends of the lines this card can build on, in two columns.
    ends = [next((e for e in line.split("-") if e != island), island) for line in buildable]
    if not ends:
        draw_centered(ink, (COL_W / 2, 62 + MAP_H + 30), "—", LIST_SIZE, DARK_INK)
    cell = (COL_W - 12) / 2
    for i, end in enumerate(ends[:6]):
        x = 6 + cell * (i % 2) + cell / 2
        y = 62 + MAP_H + 30 + (i // 2) * (LIST_SIZE + 8)
        draw_centered(
            ink, (x, y), fit_text(end, LIST_SIZE, cell - 4, bold=True), LIST_SIZE, DARK_INK
        )
    return sprite


def render_kahuna_hand(view: KahunaView, labels: Mapping[str, str] | None = None) -> bytes:
    """PNG bytes of the viewer's hand: each card and where it could place a bridge now.

    Only for a private view: raises ValueError when ``view.hand`` is None (the public view).
    """
    if view.hand is None:
        raise ValueError("render_kahuna_hand needs a private view (view.hand is None)")
    words = {**LABELS, **(labels or {})}
    seat = view.viewer if view.viewer is not None else 0
    image = Image.new("RGB", (HAND_WIDTH, HAND_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    cy = MARGIN + HEADER / 2 - 4
    paste_centered(image, stone(seat, 42), (MARGIN + 21, cy))
    title = fit_text(words["hand"], 36, 600, bold=True)
    draw_text(draw, (MARGIN + 54, cy), title, 36, INK, bold=True, anchor="lm")
    count = f"{len(view.hand)}/5"
    draw_text(
        draw, (MARGIN + 70 + text_width(title, 36, True), cy + 2), count, 32, MUTED, anchor="lm"
    )
    bridges = tuple(sorted(view.bridges.items()))
    x = MARGIN
    for island in view.hand:
        buildable = tuple(view.buildable.get(island, ()))
        column = _column(island, buildable, bridges, seat)
        image.paste(column, (x, CARD_TOP), column)
        x += COL_W + GAP
    if not view.hand:
        draw.rounded_rectangle(
            (MARGIN, CARD_TOP, HAND_WIDTH - MARGIN, CARD_TOP + CARD_H), radius=16, fill=PANEL
        )
        draw_centered(draw, (HAND_WIDTH / 2, CARD_TOP + CARD_H / 2), "—", 60, MUTED)
    return encode_png(image, palette())
