"""The Kahuna board image: sea and islands, bridges, stones, players, cards on the table.

Labels: see ``LABELS`` below (and the package docstring); the bot passes Spanish ones.
The last turn is highlighted from ``view.changes``, or from ``view.current`` once the turn in
progress has placed or removed something (then that is the newest news).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
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
    along,
    draw_centered,
    draw_text,
    encode_png,
    fit_name,
    fit_text,
    image_cache,
    paste_centered,
    paste_sparse,
    shrink,
    text_width,
)
from render.kahuna.art import (
    BADGE,
    HALO,
    LAND,
    LAND_DARK,
    NAME_EDGE,
    PATH,
    SAND,
    SEA,
    SEAT,
    SEAT_EDGE,
    SEAT_STRIPE,
    SHALLOW,
    WAVE,
    WHITE,
    Sprite,
    badge,
    card,
    card_back,
    coast_ring,
    ghost,
    glow,
    lost_ring,
    mini_back,
    palette,
    path_length,
    plank,
    stone,
    taken_ring,
)
from render.kahuna.geometry import (
    BOARD_BOTTOM,
    BOARD_TOP,
    FOOTER_H,
    FOOTER_TOP,
    HAND_H,
    HAND_TOP,
    HEIGHT,
    MARGIN,
    PANEL_H,
    PRIVATE_HEIGHT,
    WIDTH,
    board,
)
from render.layers import Block, block, put
from render.png import Rows
from rules.kahuna_view import KahunaView, TurnChanges

LABELS: dict[str, str] = {
    "orange": "Orange",  # default name of seat 0
    "blue": "Blue",  # default name of seat 1
    "to_move": "to move",
    "winner": "winner",
    "draw": "draw",
    "no_bridges": "no bridges",  # the seat that lost by having no bridge on the board
    "islands": "islands",  # controlled islands (Kahuna stones)
    "bridges": "bridges",  # bridges left in the supply
    "score": "score",
    "round": "Round",
    "pile": "Pile",
    "discards": "Discards",
    "hand": "Your hand",
}

PANEL_W = (WIDTH - 3 * MARGIN) // 2
CARD_W, CARD_H = 136, 150


# --- the static layer ------------------------------------------------------------------------


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
        _panel_shape(panel, seat, False)
    return image


def _panel_box(seat: int) -> Box:
    """The pixels of seat ``seat``'s panel (its rounded rectangle's last row and column in)."""
    x0 = MARGIN + seat * (PANEL_W + MARGIN)
    return (x0, MARGIN, x0 + PANEL_W + 1, MARGIN + PANEL_H + 1)


def _panel_shape(draw: ImageDraw.ImageDraw, seat: int, active: bool) -> None:
    """A player's panel, its edge lit for the player to move (or a winner)."""
    x0, y0, x1, y1 = _panel_box(seat)
    edge, edge_w = (HIGHLIGHT, 6) if active else (PANEL_EDGE, 2)
    draw.rounded_rectangle(
        (x0, y0, x1 - 1, y1 - 1), radius=18, fill=PANEL, outline=edge, width=edge_w
    )


@lru_cache(maxsize=2)
def _lit_panel(seat: int) -> Block:
    """Seat ``seat``'s empty panel with its edge lit, in colour and mapped."""
    box = _panel_box(seat)
    paint = lambda image: _panel_shape(ImageDraw.Draw(image), seat, True)  # noqa: E731
    return block(static_layer(False), palette(), box, paint)


@image_cache(8_000_000)
def _card_block(private: bool, name: str | None, back: bool, centre: tuple[float, float]) -> Block:
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


# --- the board -------------------------------------------------------------------------------


def _paste(image: Image.Image, sprite: Sprite) -> list[Box]:
    return paste_sparse(image, *sprite)


def recent(view: KahunaView) -> TurnChanges:
    """The turn to highlight: the one in progress once it has done something, else the last."""
    now = view.current
    if now.seat is not None and (now.placed or now.removed or now.taken or now.lost):
        return now
    return view.changes


def _draw_board(image: Image.Image, view: KahunaView) -> list[Box]:
    """Bridges, rings, stones and badges on the sea; the boxes they cover."""
    geo = board()
    changes = recent(view)
    placed = set(changes.placed)
    drawn: list[Box] = []
    for line in geo.lines:
        if line in placed and view.bridges.get(line) is not None:
            drawn += _paste(image, glow(line))
    for line, seat in changes.removed:
        if line in geo.lines and view.bridges.get(line) is None:
            drawn += _paste(image, ghost(line, seat))
    for line, owner in view.bridges.items():
        if owner is not None and line in geo.lines:
            drawn += _paste(image, plank(line, owner))
    for name in changes.taken:
        if name in geo.islands:
            drawn += _paste(image, taken_ring(name))
    lost = {name: seat for name, seat in changes.lost}
    for name, island in geo.islands.items():
        owner = view.control.get(name)
        if owner is not None:
            drawn += _paste(image, coast_ring(name, owner))
            drawn.append(paste_centered(image, stone(owner), island.stone))
        elif name in lost:
            drawn += _paste(image, lost_ring(name, lost[name]))
            drawn.append(paste_centered(image, stone(lost[name], ghost=True), island.stone))
        drawn.append(paste_centered(image, badge(island.need), island.badge))
    return drawn


# --- player panels ----------------------------------------------------------------------------


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
    edge = _around((right - width, cy - 24, right, cy + 24))
    text_box = draw_text(
        draw, (right - width / 2, cy + 1), text, 30, DARK_INK, bold=True, anchor="mm"
    )
    return [edge, text_box]


def _around(box: tuple[float, float, float, float]) -> Box:
    """The pixels a shape drawn in ``box`` (floats, last row and column in) may touch."""
    return (
        math.floor(box[0]) - 1,
        math.floor(box[1]) - 1,
        math.ceil(box[2]) + 2,
        math.ceil(box[3]) + 2,
    )


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


def _draw_panel(
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
        put(image, indexed, _lit_panel(seat))
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


# --- footer: round, display, pile, discards -----------------------------------------------------


def _count_badge(image: Image.Image, centre: tuple[float, float], text: str) -> list[Box | None]:
    draw = ImageDraw.Draw(image)
    w = max(46, text_width(text, 32, True) + 24)
    x, y = centre
    box = (x - w / 2, y - 23, x + w / 2, y + 23)
    draw.rounded_rectangle(box, radius=23, fill=BADGE, outline=WHITE, width=2)
    return [_around(box), draw_text(draw, (x, y + 1), text, 32, WHITE, bold=True, anchor="mm")]


class _Cards:
    """Cards laid on a panel: pasted drawn and mapped (``_card_block``) when drawing a PNG,
    else as sprites."""

    def __init__(self, image: Image.Image, indexed: Rows | None, private: bool) -> None:
        self.image, self.indexed, self.private = image, indexed, private

    def lay(
        self, name: str | None, centre: tuple[float, float], back: bool = False, over: bool = False
    ) -> list[Box | None]:
        """Lay a card; the boxes to map again. ``over``: something is drawn where the card
        goes (the badge of the card beside it), which shows through its corners."""
        if self.indexed is None or over:
            sprite = card_back(CARD_W, CARD_H) if back else card(name, CARD_W, CARD_H)
            return [paste_centered(self.image, sprite, centre)]
        put(self.image, self.indexed, _card_block(self.private, name, back, centre))
        return []


def _draw_footer(
    image: Image.Image, indexed: Rows | None, view: KahunaView, words: Mapping[str, str]
) -> list[Box | None]:
    """The round, the cards on the table and the piles; the boxes drawn but for the cards
    (pasted mapped into ``indexed`` as well, when given)."""
    draw = ImageDraw.Draw(image)
    cards = _Cards(image, indexed, view.hand is not None)
    top = FOOTER_TOP + 14
    cards_y = top + 40 + CARD_H / 2  # card centres
    # Round: three numbered pips, the current one lit.
    drawn = [draw_text(draw, (40, top + 16), words["round"], 30, MUTED, anchor="lm")]
    for i in range(3):
        cx, cy, r = 60 + i * 56, cards_y, 24
        n = i + 1
        drawn.append(_around((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4)))
        if n == view.round:
            draw.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), fill=HIGHLIGHT)
            drawn.append(
                draw_text(draw, (cx, cy + 1), str(n), 34, DARK_INK, bold=True, anchor="mm")
            )
        elif n < view.round:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PANEL_EDGE)
            drawn.append(draw_text(draw, (cx, cy + 1), str(n), 30, MUTED, bold=True, anchor="mm"))
        else:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=PANEL_EDGE, width=3)
            drawn.append(draw_text(draw, (cx, cy + 1), str(n), 30, MUTED, bold=True, anchor="mm"))
    # The display: three face-up cards.
    x = 228
    for name in view.display:
        drawn += cards.lay(name, (x + CARD_W / 2, cards_y))
        x += CARD_W + 12
    # The draw pile.
    x += 24
    drawn.append(draw_text(draw, (x + CARD_W / 2, top + 16), words["pile"], 30, MUTED, anchor="mm"))
    if view.pile_size:
        drawn += cards.lay(None, (x + CARD_W / 2, cards_y), back=True)
        drawn.append(draw_centered(draw, (x + CARD_W / 2, cards_y), str(view.pile_size), 50, WHITE))
    else:
        drawn += cards.lay(None, (x + CARD_W / 2, cards_y))
        drawn.append(draw_centered(draw, (x + CARD_W / 2, cards_y), "0", 50, MUTED))
    # Discards this round: the last card played face up, and the face-down ones.
    x += CARD_W + 34
    span = 2 * CARD_W + 12
    drawn.append(
        draw_text(draw, (x + span / 2, top + 16), words["discards"], 30, MUTED, anchor="mm")
    )
    up = view.discard_face_up
    centre = (x + CARD_W / 2, cards_y)
    if up:
        drawn += cards.lay(up[-1], centre)
        drawn += _count_badge(image, (x + CARD_W - 14, cards_y - CARD_H / 2 + 8), str(len(up)))
    else:
        drawn += cards.lay(None, centre, over=bool(up))
        drawn.append(draw_centered(draw, centre, "0", 50, MUTED))
    x += CARD_W + 12
    centre = (x + CARD_W / 2, cards_y)
    if view.discard_face_down:
        drawn += cards.lay(None, centre, back=True, over=bool(up))
        drawn.append(draw_centered(draw, centre, str(view.discard_face_down), 50, WHITE))
    else:
        drawn += cards.lay(None, centre, over=bool(up))
        drawn.append(draw_centered(draw, centre, "0", 50, MUTED))
    return drawn


def _draw_hand(
    image: Image.Image, indexed: Rows | None, view: KahunaView, words: Mapping[str, str]
) -> list[Box | None]:
    """The viewer's cards on the strip below the footer; the boxes drawn but for the cards
    (pasted mapped into ``indexed`` as well, when given)."""
    draw = ImageDraw.Draw(image)
    cards = _Cards(image, indexed, True)
    seat = view.viewer if view.viewer is not None else 0
    top = HAND_TOP + 14
    drawn = [paste_centered(image, stone(seat, 34), (57, top + 16))]
    label = fit_text(words["hand"], 30, WIDTH - 200)
    drawn.append(draw_text(draw, (84, top + 16), label, 30, MUTED, anchor="lm"))
    cy = top + 40 + CARD_H / 2
    x = 40
    for name in view.hand or ():
        drawn += cards.lay(name, (x + CARD_W / 2, cy))
        x += CARD_W + 12
    if not view.hand:
        drawn.append(draw_text(draw, (x, cy), "—", 40, MUTED, anchor="lm"))
    return drawn


def render_kahuna(
    view: KahunaView,
    names: tuple[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
) -> bytes:
    """PNG bytes of the board, both players, the cards on the table and what changed last turn.

    A private view (``view.hand`` not None) adds a strip with the viewer's cards.
    """
    base = indexed_layer(view.hand is not None).copy()
    image, boxes = _draw(view, names, labels, base)
    return encode_png(image, palette(), base=base, boxes=boxes)


def draw_kahuna(
    view: KahunaView,
    names: tuple[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
) -> Image.Image:
    """The picture of ``render_kahuna`` (RGB), before it is encoded: an animation's frame."""
    return _draw(view, names, labels, None)[0]


def _draw(
    view: KahunaView,
    names: tuple[str, str] | None,
    labels: Mapping[str, str] | None,
    indexed: Rows | None,
) -> tuple[Image.Image, list[Box | None]]:
    """``draw_kahuna``, and the boxes of what it drew on the static layer; blocks drawn once
    (a lit panel, a card) are pasted into ``indexed`` as well (the mapped base of a PNG)."""
    words = {**LABELS, **(labels or {})}
    names = names or (words["orange"], words["blue"])
    private = view.hand is not None
    image = static_layer(private).copy()
    boxes: list[Box | None] = [*_draw_board(image, view)]
    for seat in (0, 1):
        boxes += _draw_panel(image, indexed, view, seat, names[seat], words)
    boxes += _draw_footer(image, indexed, view, words)
    if private:
        boxes += _draw_hand(image, indexed, view, words)
    return image, boxes


__all__ = ["LABELS", "draw_kahuna", "render_kahuna"]
