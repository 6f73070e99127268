"""The cards on Kahuna's table (the round, the display, the pile and the discards) and the
viewer's own cards on the private strip below."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from render.boxes import around
from render.common import (
    DARK_INK,
    HIGHLIGHT,
    MUTED,
    PANEL_EDGE,
    Box,
    draw_centered,
    draw_text,
    fit_text,
    paste_centered,
    text_width,
)
from render.kahuna.art import BADGE, WHITE, card, card_back, stone
from render.kahuna.geometry import FOOTER_TOP, HAND_TOP, WIDTH
from render.kahuna.layer import CARD_H, CARD_W, card_block
from render.layers import put
from render.png import Rows
from rules.kahuna_view import KahunaView


def _count_badge(image: Image.Image, centre: tuple[float, float], text: str) -> list[Box | None]:
    draw = ImageDraw.Draw(image)
    w = max(46, text_width(text, 32, True) + 24)
    x, y = centre
    box = (x - w / 2, y - 23, x + w / 2, y + 23)
    draw.rounded_rectangle(box, radius=23, fill=BADGE, outline=WHITE, width=2)
    return [around(box), draw_text(draw, (x, y + 1), text, 32, WHITE, bold=True, anchor="mm")]


class _Cards:
    """Cards laid on a panel: pasted drawn and mapped (``card_block``) when drawing a PNG,
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
        put(self.image, self.indexed, card_block(self.private, name, back, centre))
        return []


def draw_footer(
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
        drawn.append(around((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4)))
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


def draw_hand(
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
