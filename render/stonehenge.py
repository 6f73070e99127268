"""Stonehenge board image: a ``StonehengeView`` in, PNG bytes out.

Labels (pass ``labels`` to localise; missing keys fall back to English):
``light``/``dark`` default player names, ``to_move``, ``winner``, ``megaliths``,
``druids`` (hand size when the hand is hidden), ``move`` (ply counter), ``last`` (last placement).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    DARK_INK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    Box,
    blend,
    build_palette,
    disc_sprite,
    draw_centered,
    draw_text,
    encode_png,
    fit_name,
    hex_rgb,
    paste_centered,
    paste_sparse,
    polygon_sprite,
    shrink,
    text_width,
)
from render.layers import Block, block, put
from render.png import Rows
from rules.stonehenge import LINES, MEGALITH_XY, POINT_XY
from rules.stonehenge_view import Druid, StonehengeView

LABELS: dict[str, str] = {
    "light": "Light",
    "dark": "Dark",
    "to_move": "to move",
    "winner": "winner",
    "megaliths": "megaliths",
    "druids": "druids",
    "move": "Move",
    "last": "Last",
}

# Druid stones: light reads as pale stone, dark as deep blue (Okabe–Ito blue); they differ in
# lightness as well as hue, and each seat also has a shape (circle / diamond) on its megaliths.
STONE = (hex_rgb("#F1E4BC"), hex_rgb("#0072B2"))
STONE_EDGE = (hex_rgb("#8A7646"), hex_rgb("#A9DBF7"))
STONE_INK = (DARK_INK, hex_rgb("#FFFFFF"))
LINE_OWNED = (hex_rgb("#F1E4BC"), hex_rgb("#3FA4E8"))
BOARD = hex_rgb("#3A4943")
BOARD_EDGE = hex_rgb("#4F6159")
LINE = hex_rgb("#73857C")
POINT_FILL = hex_rgb("#2C3935")
POINT_INK = hex_rgb("#DCE3DE")
SLOT_FILL = hex_rgb("#1D262E")
GLOW = blend(HIGHLIGHT, BOARD, 0.35)

WIDTH = 1100
MARGIN = 20
CARD_W = (WIDTH - 3 * MARGIN) // 2
CARD_H = 200
UNIT = 150  # pixels between neighbouring points
DRUID_D = 108
POINT_D = 60
# A point's letter on a small tag at the druid's upper-right shoulder, so it stays readable
# once a druid covers the point. That direction (30° above the horizontal) lies midway
# between two ley lines, and the tag still touches its own druid, not a neighbour.
TAG_D = 52
TAG_TEXT = 36
TAG_AT = (DRUID_D / 2 + 10) * math.cos(math.radians(30)), -(DRUID_D / 2 + 10) * 0.5
MEGA_W, MEGA_H = 58, 84
HAND_D = 50
BOARD_TOP = MARGIN + CARD_H + 10
ORIGIN = (WIDTH / 2 + 0.38 * UNIT, BOARD_TOP + 0.6 * UNIT)
HEIGHT = round(ORIGIN[1] + 5.75 * UNIT) + MARGIN


@dataclass(frozen=True)
class Line:
    """A ley line: its points in order away from the megalith, and its megalith space."""

    index: int
    cells: str
    megalith: tuple[float, float]
    label_at: tuple[float, float]


def _px(xy: tuple[float, float]) -> tuple[float, float]:
    return (ORIGIN[0] + xy[0] * UNIT, ORIGIN[1] + xy[1] * UNIT)


@lru_cache(maxsize=1)
def geometry() -> tuple[dict[str, tuple[float, float]], tuple[Line, ...]]:
    """Point centres and lines in pixels, from the rules' board."""
    cells = {point: _px(xy) for point, xy in POINT_XY.items()}
    lines = []
    for i, (line_cells, mega_xy) in enumerate(zip(LINES, MEGALITH_XY, strict=True)):
        mega = _px(mega_xy)
        near = min(line_cells, key=lambda c: math.dist(cells[c], mega))
        dx, dy = mega[0] - cells[near][0], mega[1] - cells[near][1]
        norm = math.hypot(dx, dy)
        reach = 0.42 if abs(dy) < 1 else 0.5
        label = (mega[0] + dx / norm * reach * UNIT, mega[1] + dy / norm * reach * UNIT)
        ordered = "".join(sorted(line_cells, key=lambda c: math.dist(cells[c], mega)))
        lines.append(Line(i, ordered, mega, label))
    return cells, tuple(lines)


# --- sprites (each drawn once per process) ---------------------------------------------------


@lru_cache(maxsize=64)
def _druid(seat: int, value: int | None, secret: bool, size: int = DRUID_D) -> Image.Image:
    sprite = disc_sprite(size, STONE[seat], STONE_EDGE[seat], size * 0.045, dashed=secret)
    draw = ImageDraw.Draw(sprite)
    centre = (sprite.width / 2, sprite.height / 2 + 1)
    if value is None:
        faint = blend(STONE[seat], STONE_INK[seat], 0.35)
        draw_centered(draw, centre, "?", round(size * 0.5), faint)
    else:
        draw_centered(draw, centre, str(value), round(size * 0.62), STONE_INK[seat])
    return sprite


@lru_cache(maxsize=4)
def _ring(diameter: int, width: int) -> Image.Image:
    ring = disc_sprite(diameter, HIGHLIGHT, HIGHLIGHT, 0)
    hole = disc_sprite(diameter - 2 * width, (0, 0, 0), (0, 0, 0), 0)
    alpha = ring.getchannel("A")
    cut = Image.new("L", ring.size, 0)
    cut.paste(hole.getchannel("A"), (width, width))
    alpha.paste(0, (0, 0), cut)
    ring.putalpha(alpha)
    return ring


def _shape_points(seat: int, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if seat == 0:  # circle
        return [
            (cx + r * math.cos(a / 24 * math.tau), cy + r * math.sin(a / 24 * math.tau))
            for a in range(24)
        ]
    return [(cx, cy - r * 1.2), (cx + r * 1.05, cy), (cx, cy + r * 1.2), (cx - r * 1.05, cy)]


def _stone_outline(w: float, h: float, pad: float) -> list[tuple[float, float]]:
    """A standing stone: slightly narrower and rounded at the top."""
    top = [
        (pad + w / 2 + (w / 2 - 6) * math.cos(a), pad + 14 - 14 * math.sin(a))
        for a in (i / 10 * math.pi for i in range(11))
    ]
    return [(pad + w, pad + h), *top, (pad, pad + h)]


@lru_cache(maxsize=16)
def _megalith(
    seat: int | None, w: int = MEGA_W, h: int = MEGA_H, glow: bool = False
) -> Image.Image:
    pad = 8 if glow else 2
    size = (w + 2 * pad, h + 2 * pad)
    if glow:
        pts = _stone_outline(w + 12, h + 12, pad - 6)
        return polygon_sprite(size, pts, HIGHLIGHT, HIGHLIGHT, 0)
    pts = _stone_outline(w, h, pad)
    if seat is None:
        return polygon_sprite(size, pts, SLOT_FILL, LINE, 2.5)
    sprite = polygon_sprite(size, pts, STONE[seat], STONE_EDGE[seat], 3)
    marker = polygon_sprite(
        size,
        _shape_points(seat, size[0] / 2, size[1] * 0.55, w * 0.24),
        STONE_INK[seat],
        STONE_INK[seat],
        0,
    )
    sprite.alpha_composite(marker)
    return sprite


@lru_cache(maxsize=18)
def _point(label: str) -> Image.Image:
    sprite = disc_sprite(POINT_D, POINT_FILL, LINE, 3)
    draw_centered(ImageDraw.Draw(sprite), (POINT_D / 2, POINT_D / 2 + 1), label, 34, POINT_INK)
    return sprite


@lru_cache(maxsize=18)
def _tag(label: str) -> Image.Image:
    sprite = disc_sprite(TAG_D, POINT_FILL, POINT_INK, 2.5)
    draw_centered(ImageDraw.Draw(sprite), (TAG_D / 2, TAG_D / 2 + 1), label, TAG_TEXT, POINT_INK)
    return sprite


def tag_centre(label: str) -> tuple[float, float]:
    """Where the letter tag of point ``label`` goes when a druid stands on it."""
    x, y = geometry()[0][label]
    return (x + TAG_AT[0], y + TAG_AT[1])


@lru_cache(maxsize=64)
def _line_band(index: int, colour: RGB, width: int) -> tuple[Image.Image, tuple[int, int]]:
    """An antialiased band along line ``index`` and where to paste it."""
    cells, lines = geometry()
    line = lines[index]
    ends = [line.megalith, cells[line.cells[-1]]]
    x0 = math.floor(min(p[0] for p in ends) - width)
    y0 = math.floor(min(p[1] for p in ends) - width)
    x1 = math.ceil(max(p[0] for p in ends) + width)
    y1 = math.ceil(max(p[1] for p in ends) + width)
    k = 3
    big = Image.new("RGBA", ((x1 - x0) * k, (y1 - y0) * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    pts = [((x - x0) * k, (y - y0) * k) for x, y in ends]
    draw.line(pts, fill=colour, width=width * k)
    for x, y in pts:
        r = width * k / 2
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    return shrink(big, k), (x0, y0)


def _paste_band(base: Image.Image, index: int, colour: RGB, width: int) -> list[Box]:
    return paste_sparse(base, *_line_band(index, colour, width))


# --- the static layer ------------------------------------------------------------------------


@lru_cache(maxsize=1)
def static_layer() -> Image.Image:
    """Background, board, grey lines, empty megalith slots, point markers and both players'
    cards as when neither is to move: drawn once."""
    image = _board_layer()
    draw = ImageDraw.Draw(image)
    for seat in (0, 1):
        _card_shape(draw, seat, False)
    return image


def _card_box(seat: int) -> tuple[int, int, int, int]:
    """The pixels of seat ``seat``'s card (its rounded rectangle's last row and column in)."""
    x0 = MARGIN + seat * (CARD_W + MARGIN)
    return (x0, MARGIN, x0 + CARD_W + 1, MARGIN + CARD_H + 1)


def _card_shape(draw: ImageDraw.ImageDraw, seat: int, active: bool) -> None:
    """A player's card, with a highlighted edge for the player to move (or the winner)."""
    x0, y0, x1, y1 = _card_box(seat)
    edge, edge_w = (HIGHLIGHT, 5) if active else (PANEL_EDGE, 2)
    draw.rounded_rectangle(
        (x0, y0, x1 - 1, y1 - 1), radius=18, fill=PANEL, outline=edge, width=edge_w
    )


@lru_cache(maxsize=4)
def _card_face(seat: int, active: bool) -> Block:
    """Seat ``seat``'s empty card as drawn on the board's layer, in colour and mapped."""
    return block(
        _board_layer(),
        palette(),
        _card_box(seat),
        lambda image: _card_shape(ImageDraw.Draw(image), seat, active),
    )


def _board_layer() -> Image.Image:
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
        paste_centered(image, _megalith(None), line.megalith)
        draw_centered(ink, line.label_at, f"L{line.index}", 28, MUTED)
    for label, centre in cells.items():
        paste_centered(image, _point(label), centre)
    return image


@lru_cache(maxsize=1)
def indexed_layer() -> Rows:
    """``static_layer`` mapped to the palette, once, as PNG rows: a board maps only what it
    draws on it."""
    return Rows.of(static_layer().quantize(palette=palette(), dither=Image.Dither.NONE))


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette every Stonehenge image is encoded with."""
    keys = [
        *STONE,
        *STONE_EDGE,
        *LINE_OWNED,
        DARK_INK,
        (255, 255, 255),
        HIGHLIGHT,
        INK,
        MUTED,
        LINE,
        POINT_INK,
        SLOT_FILL,
        GLOW,
        BOARD_EDGE,
        POINT_FILL,
    ]
    surfaces = [BACKGROUND, BOARD, PANEL, *STONE]
    extra = [PANEL_EDGE, blend(STONE[0], STONE_INK[0], 0.35), blend(STONE[1], STONE_INK[1], 0.35)]
    return build_palette(keys, surfaces, steps=3, extra=extra)


# --- the dynamic parts -----------------------------------------------------------------------


def _draw_board(image: Image.Image, view: StonehengeView) -> list[Box]:
    """Lines taken, megaliths, the last druid's ring, the druids and their tags; the boxes."""
    cells, lines = geometry()
    drawn: list[Box] = []
    for index in view.last_lines:
        drawn += _paste_band(image, index, GLOW, 30)
    for line, owner in zip(lines, view.line_owners, strict=True):
        if owner is not None:
            drawn += _paste_band(image, line.index, LINE_OWNED[owner], 9)
    if view.last_lines or any(o is not None for o in view.line_owners):
        for label, centre in cells.items():
            if view.points.get(label) is None:
                drawn.append(paste_centered(image, _point(label), centre))
    for line, owner in zip(lines, view.line_owners, strict=True):
        if line.index in view.last_lines:
            drawn.append(paste_centered(image, _megalith(None, glow=True), line.megalith))
        if owner is not None:
            drawn.append(paste_centered(image, _megalith(owner), line.megalith))
    if view.last_point is not None:
        drawn.append(paste_centered(image, _ring(DRUID_D + 26, 8), cells[view.last_point]))
    for label, druid in view.points.items():
        if druid is not None:
            drawn.append(paste_centered(image, _druid_sprite(druid), cells[label]))
    for label, druid in view.points.items():
        if druid is not None:
            drawn.append(paste_centered(image, _tag(label), tag_centre(label)))
    return drawn


def _druid_sprite(druid: Druid, size: int = DRUID_D) -> Image.Image:
    return _druid(druid.seat, druid.value, druid.face_down and druid.value is not None, size)


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


def _draw_card(
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
        put(image, indexed, _card_face(seat, True))
    row1, row2, row3 = y0 + 42, y0 + 104, y0 + 164
    drawn = [paste_centered(image, _megalith(seat, 30, 44), (x0 + 36, row1))]
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
        drawn.append(paste_centered(image, _druid(seat, None, False, HAND_D), (first, row3)))
        count = f"× {view.hand_sizes[seat]}"
        drawn.append(draw_text(draw, (first + 38, row3), count, 36, INK, bold=True, anchor="lm"))
        x = first + 50 + text_width(count, 36, True)
        drawn.append(draw_text(draw, (x, row3), words["druids"], 30, MUTED, anchor="lm"))
        return drawn
    for i, value in enumerate(sorted(hand)):
        at = (first + i * (HAND_D + 4), row3)
        drawn.append(paste_centered(image, _druid(seat, value, False, HAND_D), at))
    if not hand:
        text = f"0 {words['druids']}"
        drawn.append(draw_text(draw, (x0 + 18, row3), text, 30, MUTED, anchor="lm"))
    return drawn


def _draw_corners(
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
    drawn.append(paste_centered(image, _megalith(view.last_seat, 30, 44), (MARGIN + 24, y)))
    drawn.append(
        draw_text(
            draw, (MARGIN + 50, y), f"{value} → {view.last_point}", 40, INK, bold=True, anchor="lm"
        )
    )
    return drawn


def render_stonehenge(
    view: StonehengeView,
    names: tuple[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
) -> bytes:
    """PNG bytes of the board, both players' panels, the last move and whose turn it is."""
    base = indexed_layer().copy()
    image, boxes = _draw(view, names, labels, base)
    return encode_png(image, palette(), base=base, boxes=boxes)


def draw_stonehenge(
    view: StonehengeView,
    names: tuple[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
) -> Image.Image:
    """The picture of ``render_stonehenge`` (RGB), before it is encoded: an animation's frame."""
    return _draw(view, names, labels, None)[0]


def _draw(
    view: StonehengeView,
    names: tuple[str, str] | None,
    labels: Mapping[str, str] | None,
    indexed: Rows | None,
) -> tuple[Image.Image, list[Box | None]]:
    """``draw_stonehenge``, and the boxes of what it drew on the static layer; blocks drawn
    once (a lit card) are pasted into ``indexed`` as well (the mapped base of a PNG)."""
    words = {**LABELS, **(labels or {})}
    names = names or (words["light"], words["dark"])
    image = static_layer().copy()
    boxes: list[Box | None] = [*_draw_board(image, view)]
    for seat in (0, 1):
        boxes += _draw_card(image, indexed, view, seat, names[seat], words)
    boxes += _draw_corners(image, view, words)
    return image, boxes


def paint_frames(
    views: Sequence[StonehengeView],
    names: Sequence[str] | None,
    labels: Mapping[str, str] | None,
) -> tuple[Callable[[StonehengeView], Image.Image], Image.Image]:
    """How a replay's frames are drawn (``render.animate``'s painter): each view's board, on
    the fixed palette."""
    pair = (names[0], names[1]) if names else None
    return (lambda view: draw_stonehenge(view, pair, labels)), palette()


def warm() -> None:
    """Build every sprite a game can need, once (a bot does it at start-up, in a worker
    thread, so that no player waits for it): each line's band in each owner's colour and
    its highlight."""
    for index in range(len(geometry()[1])):
        _line_band(index, GLOW, 30)
        for colour in LINE_OWNED:
            _line_band(index, colour, 9)
