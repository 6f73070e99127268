"""What a Kahuna position puts on the sea: bridges, Kahuna stones, the rings round islands
and the highlights of the last turn (new bridges glow, removed ones are ghosts)."""

from __future__ import annotations

from PIL import Image

from render.common import Box, paste_centered, paste_sparse
from render.kahuna.art import badge, stone
from render.kahuna.bridges import (
    Sprite,
    coast_ring,
    ghost,
    glow,
    lost_ring,
    plank,
    taken_ring,
)
from render.kahuna.geometry import board
from rules.kahuna_view import KahunaView, TurnChanges


def _paste(image: Image.Image, sprite: Sprite) -> list[Box]:
    return paste_sparse(image, *sprite)


def recent(view: KahunaView) -> TurnChanges:
    """The turn to highlight: the one in progress once it has done something, else the last."""
    now = view.current
    if now.seat is not None and (now.placed or now.removed or now.taken or now.lost):
        return now
    return view.changes


def draw_board(image: Image.Image, view: KahunaView) -> list[Box]:
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
