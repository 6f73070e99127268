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
    return image


@lru_cache(maxsize=2)
def indexed_layer(private: bool) -> Image.Image:
    """``static_layer`` mapped to the palette, once: a board maps only what it draws on it."""
    return static_layer(private).quantize(palette=palette(), dither=Image.Dither.NONE)


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


def _pill(draw: ImageDraw.ImageDraw, right: float, cy: float, text: str, colour: RGB) -> None:
    width = text_width(text, 30, True) + 30
    draw.rounded_rectangle((right - width, cy - 24, right, cy + 24), radius=24, fill=colour)
    draw_text(draw, (right - width / 2, cy + 1), text, 30, DARK_INK, bold=True, anchor="mm")


def _stat(
    image: Image.Image, x: float, y: float, icon: Image.Image, word: str, value: str
) -> float:
    """Icon, muted word, bold number; returns where the number ends."""
    draw = ImageDraw.Draw(image)
    paste_centered(image, icon, (x + icon.width / 2, y))
    x += icon.width + 10
    draw_text(draw, (x, y + 2), word, 30, MUTED, anchor="lm")
    x += text_width(word, 30) + 10
    draw_text(draw, (x, y), value, 38, INK, bold=True, anchor="lm")
    return x + text_width(value, 38, True)


def _draw_panel(
    image: Image.Image, view: KahunaView, seat: int, name: str, words: Mapping[str, str]
) -> None:
    x0 = MARGIN + seat * (PANEL_W + MARGIN)
    y0 = MARGIN
    draw = ImageDraw.Draw(image)
    active = seat == view.turn or (view.finished and seat in view.winners)
    edge, edge_w = (HIGHLIGHT, 6) if active else (PANEL_EDGE, 2)
    draw.rounded_rectangle(
        (x0, y0, x0 + PANEL_W, y0 + PANEL_H), radius=18, fill=PANEL, outline=edge, width=edge_w
    )
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
    if pill is not None:
        _pill(draw, right, row1, *pill)
        room -= text_width(pill[0], 30, True) + 44
    paste_centered(image, stone(seat, 46), (x0 + 40, row1))
    name, size = fit_name(name, 38, room)
    draw_text(draw, (x0 + 74, row1), name, size, INK, bold=True, anchor="lm")

    controlled = sum(1 for owner in view.control.values() if owner == seat)
    islands = fit_text(words["islands"], 30, 150)
    bridges = fit_text(words["bridges"], 30, 170)
    x = _stat(image, x0 + 22, row2, stone(seat, 34), islands, str(controlled))
    _stat(
        image, max(x + 34, x0 + 270), row2, _plank_icon(seat), bridges, str(view.bridges_left[seat])
    )
    backs = view.hand_sizes[seat]
    x = x0 + 22
    for _ in range(backs):
        paste_centered(image, mini_back(30, 42), (x + 15, row3))
        x += 24
    draw_text(draw, (x + 18, row3), str(backs), 38, INK, bold=True, anchor="lm")
    score = str(view.scores[seat])
    draw_text(draw, (right, row3), score, 40, INK, bold=True, anchor="rm")
    at = right - text_width(score, 40, True) - 10
    word = fit_text(words["score"], 30, 200)
    draw_text(draw, (at, row3 + 2), word, 30, MUTED, anchor="rm")
    at -= text_width(word, 30) + 8
    draw_text(draw, (at, row3), "★", 34, HIGHLIGHT, anchor="rm")


# --- footer: round, display, pile, discards -----------------------------------------------------


def _count_badge(image: Image.Image, centre: tuple[float, float], text: str) -> None:
    draw = ImageDraw.Draw(image)
    w = max(46, text_width(text, 32, True) + 24)
    x, y = centre
    draw.rounded_rectangle(
        (x - w / 2, y - 23, x + w / 2, y + 23), radius=23, fill=BADGE, outline=WHITE, width=2
    )
    draw_text(draw, (x, y + 1), text, 32, WHITE, bold=True, anchor="mm")


def _draw_footer(image: Image.Image, view: KahunaView, words: Mapping[str, str]) -> None:
    draw = ImageDraw.Draw(image)
    top = FOOTER_TOP + 14
    cards_y = top + 40 + CARD_H / 2  # card centres
    # Round: three numbered pips, the current one lit.
    draw_text(draw, (40, top + 16), words["round"], 30, MUTED, anchor="lm")
    for i in range(3):
        cx, cy, r = 60 + i * 56, cards_y, 24
        n = i + 1
        if n == view.round:
            draw.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), fill=HIGHLIGHT)
            draw_text(draw, (cx, cy + 1), str(n), 34, DARK_INK, bold=True, anchor="mm")
        elif n < view.round:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PANEL_EDGE)
            draw_text(draw, (cx, cy + 1), str(n), 30, MUTED, bold=True, anchor="mm")
        else:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=PANEL_EDGE, width=3)
            draw_text(draw, (cx, cy + 1), str(n), 30, MUTED, bold=True, anchor="mm")
    # The display: three face-up cards.
    x = 228
    for name in view.display:
        paste_centered(image, card(name, CARD_W, CARD_H), (x + CARD_W / 2, cards_y))
        x += CARD_W + 12
    # The draw pile.
    x += 24
    draw_text(draw, (x + CARD_W / 2, top + 16), words["pile"], 30, MUTED, anchor="mm")
    if view.pile_size:
        paste_centered(image, card_back(CARD_W, CARD_H), (x + CARD_W / 2, cards_y))
        draw_centered(draw, (x + CARD_W / 2, cards_y), str(view.pile_size), 50, WHITE)
    else:
        paste_centered(image, card(None, CARD_W, CARD_H), (x + CARD_W / 2, cards_y))
        draw_centered(draw, (x + CARD_W / 2, cards_y), "0", 50, MUTED)
    # Discards this round: the last card played face up, and the face-down ones.
    x += CARD_W + 34
    span = 2 * CARD_W + 12
    draw_text(draw, (x + span / 2, top + 16), words["discards"], 30, MUTED, anchor="mm")
    up = view.discard_face_up
    centre = (x + CARD_W / 2, cards_y)
    if up:
        paste_centered(image, card(up[-1], CARD_W, CARD_H), centre)
        _count_badge(image, (x + CARD_W - 14, cards_y - CARD_H / 2 + 8), str(len(up)))
    else:
        paste_centered(image, card(None, CARD_W, CARD_H), centre)
        draw_centered(draw, centre, "0", 50, MUTED)
    x += CARD_W + 12
    centre = (x + CARD_W / 2, cards_y)
    if view.discard_face_down:
        paste_centered(image, card_back(CARD_W, CARD_H), centre)
        draw_centered(draw, centre, str(view.discard_face_down), 50, WHITE)
    else:
        paste_centered(image, card(None, CARD_W, CARD_H), centre)
        draw_centered(draw, centre, "0", 50, MUTED)


def _draw_hand(image: Image.Image, view: KahunaView, words: Mapping[str, str]) -> None:
    draw = ImageDraw.Draw(image)
    seat = view.viewer if view.viewer is not None else 0
    top = HAND_TOP + 14
    paste_centered(image, stone(seat, 34), (57, top + 16))
    label = fit_text(words["hand"], 30, WIDTH - 200)
    draw_text(draw, (84, top + 16), label, 30, MUTED, anchor="lm")
    cy = top + 40 + CARD_H / 2
    x = 40
    for name in view.hand or ():
        paste_centered(image, card(name, CARD_W, CARD_H), (x + CARD_W / 2, cy))
        x += CARD_W + 12
    if not view.hand:
        draw_text(draw, (x, cy), "—", 40, MUTED, anchor="lm")


def render_kahuna(
    view: KahunaView,
    names: tuple[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
) -> bytes:
    """PNG bytes of the board, both players, the cards on the table and what changed last turn.

    A private view (``view.hand`` not None) adds a strip with the viewer's cards.
    """
    image, boxes = _draw(view, names, labels)
    # Above the sea: the players' panels; below it: the cards (and the hand), all drawn anew.
    boxes += [(0, 0, WIDTH, BOARD_TOP), (0, BOARD_BOTTOM, WIDTH, image.height)]
    base = indexed_layer(view.hand is not None).copy()
    return encode_png(image, palette(), base=base, boxes=boxes)


def draw_kahuna(
    view: KahunaView,
    names: tuple[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
) -> Image.Image:
    """The picture of ``render_kahuna`` (RGB), before it is encoded: an animation's frame."""
    return _draw(view, names, labels)[0]


def _draw(
    view: KahunaView,
    names: tuple[str, str] | None,
    labels: Mapping[str, str] | None,
) -> tuple[Image.Image, list[Box]]:
    """``draw_kahuna``, and the boxes of what it drew on the sea."""
    words = {**LABELS, **(labels or {})}
    names = names or (words["orange"], words["blue"])
    private = view.hand is not None
    image = static_layer(private).copy()
    boxes = _draw_board(image, view)
    for seat in (0, 1):
        _draw_panel(image, view, seat, names[seat], words)
    _draw_footer(image, view, words)
    if private:
        _draw_hand(image, view, words)
    return image, boxes


__all__ = ["LABELS", "draw_kahuna", "render_kahuna"]
