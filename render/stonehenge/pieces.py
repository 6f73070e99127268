"""What a Stonehenge position puts on the board: lines taken, megaliths, the last druid's ring,
the druids and their letter tags."""

from __future__ import annotations

from PIL import Image

from render.common import Box, paste_centered
from render.stonehenge.art import (
    GLOW,
    LINE_OWNED,
    druid_sprite,
    megalith,
    paste_band,
    point_marker,
    point_tag,
    ring,
)
from render.stonehenge.layout import DRUID_D, geometry, tag_centre
from rules.stonehenge_view import StonehengeView


def draw_board(image: Image.Image, view: StonehengeView) -> list[Box]:
    """Lines taken, megaliths, the last druid's ring, the druids and their tags; the boxes."""
    cells, lines = geometry()
    drawn: list[Box] = []
    for index in view.last_lines:
        drawn += paste_band(image, index, GLOW, 30)
    for line, owner in zip(lines, view.line_owners, strict=True):
        if owner is not None:
            drawn += paste_band(image, line.index, LINE_OWNED[owner], 9)
    # A band drawn over the grey lines covers the points it crosses: they are pasted again.
    if view.last_lines or any(o is not None for o in view.line_owners):
        for label, centre in cells.items():
            if view.points.get(label) is None:
                drawn.append(paste_centered(image, point_marker(label), centre))
    for line, owner in zip(lines, view.line_owners, strict=True):
        if line.index in view.last_lines:
            drawn.append(paste_centered(image, megalith(None, glow=True), line.megalith))
        if owner is not None:
            drawn.append(paste_centered(image, megalith(owner), line.megalith))
    if view.last_point is not None:
        drawn.append(paste_centered(image, ring(DRUID_D + 26, 8), cells[view.last_point]))
    for label, druid in view.points.items():
        if druid is not None:
            drawn.append(paste_centered(image, druid_sprite(druid), cells[label]))
    # Tags after every druid, so that no druid covers a tag.
    for label, druid in view.points.items():
        if druid is not None:
            drawn.append(paste_centered(image, point_tag(label), tag_centre(label)))
    return drawn
