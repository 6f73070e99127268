"""The Kahuna board image: sea and islands, bridges, stones, players, cards on the table.

Labels: see ``LABELS`` below (and the package docstring); the bot passes Spanish ones.
The last turn is highlighted from ``view.changes``, or from ``view.current`` once the turn in
progress has placed or removed something (then that is the newest news).
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from render.common import Box, encode_png
from render.kahuna.art import palette
from render.kahuna.footer import draw_footer, draw_hand
from render.kahuna.layer import indexed_layer, static_layer
from render.kahuna.panel import draw_panel
from render.kahuna.pieces import draw_board
from render.png import Rows
from rules.kahuna_view import KahunaView

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
    boxes: list[Box | None] = [*draw_board(image, view)]
    for seat in (0, 1):
        boxes += draw_panel(image, indexed, view, seat, names[seat], words)
    boxes += draw_footer(image, indexed, view, words)
    if private:
        boxes += draw_hand(image, indexed, view, words)
    return image, boxes


__all__ = ["LABELS", "draw_kahuna", "render_kahuna"]
