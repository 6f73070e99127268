"""Stonehenge's picture laid out: its sizes and where each point, line and megalith lies."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from rules.stonehenge import LINES, MEGALITH_XY, POINT_XY

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


def tag_centre(label: str) -> tuple[float, float]:
    """Where the letter tag of point ``label`` goes when a druid stands on it."""
    x, y = geometry()[0][label]
    return (x + TAG_AT[0], y + TAG_AT[1])
