"""A player's rating over time: one line a game, on the boards' slate, for a profile.

Pure: numbers and words in, PNG bytes out. Sized to be read on a phone, where Discord
shows an image about 300 px wide: few, large labels, thick lines.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    SEAT_COLOURS,
    SUPERSAMPLE,
    draw_text,
    encode_png,
    fit_text,
    shrink,
    text_width,
)

WIDTH, HEIGHT = 600, 320
LEFT, RIGHT, TOP, BOTTOM = 76, 16, 54, 48  # room for the value labels, legend, dates
LABEL_SIZE = 22
LINE, DOT = 5, 11  # px: a line and the dots of a short series
DOTS_UP_TO = 30  # points a series may have for each to be marked


@dataclass(frozen=True)
class Line:
    """One game's rating after each rated game: (when, shown rating), oldest first."""

    label: str
    points: Sequence[tuple[float, int]]
    #: which of the seat colours it is drawn in (a game keeps its colour in every chart)
    colour: int = 0


def rating_chart(lines: Sequence[Line]) -> bytes:
    """PNG of the rating lines (those without points are left out)."""
    lines = [line for line in lines if line.points]
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    plot = (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(plot, radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)
    _legend(draw, lines)
    if not lines:
        return encode_png(image)
    values = [v for line in lines for _, v in line.points]
    low, high, step = _scale(min(values), max(values))
    times = [w for line in lines for w, _ in line.points]
    start, end = min(times), max(times)
    inner = (plot[0] + 18, plot[1] + 16, plot[2] - 18, plot[3] - 16)

    def at(when: float, value: float) -> tuple[float, float]:
        x = inner[0] + (inner[2] - inner[0]) * (
            (when - start) / (end - start) if end > start else 0.5
        )
        y = inner[3] - (inner[3] - inner[1]) * (value - low) / (high - low)
        return x, y

    for tick in range(round(low), round(high) + 1, step):
        _, y = at(start, tick)
        draw.line((plot[0] + 2, y, plot[2] - 2, y), fill=PANEL_EDGE, width=1)
        draw_text(draw, (LEFT - 10, y), str(tick), LABEL_SIZE, MUTED, anchor="rm")
    for when, anchor in ((start, "la"), (end, "ra")):
        if anchor == "ra" and _day(end) == _day(start):
            continue
        x = plot[0] + 4 if anchor == "la" else plot[2] - 4
        draw_text(draw, (x, HEIGHT - BOTTOM + 12), _day(when), LABEL_SIZE, MUTED, anchor=anchor)
    curves = _curves(lines, at, plot)
    image.paste(curves, plot[:2], curves)
    return encode_png(image)


def _legend(draw: ImageDraw.ImageDraw, lines: Sequence[Line]) -> None:
    """The games' names with their colours, in a row above the chart."""
    x = float(LEFT)
    room = (WIDTH - RIGHT - LEFT) / max(1, len(lines)) - 34
    for line in lines:
        draw.rounded_rectangle((x, 18, x + 18, 36), radius=4, fill=_colour(line))
        label = fit_text(line.label, LABEL_SIZE, room)
        draw_text(draw, (x + 26, 27), label, LABEL_SIZE, INK, anchor="lm")
        x += 26 + text_width(label, LABEL_SIZE) + 28


def _scale(least: float, most: float) -> tuple[float, float, int]:
    """The lowest and highest value shown and a round step between grid lines (3 to 5 lines)."""
    if most - least < 20:  # a flat line sits in the middle, not on an edge
        middle = (least + most) / 2
        least, most = middle - 10, middle + 10
    span = most - least
    step = next((s for s in (5, 10, 20, 25, 50, 100, 200, 250, 500) if span / s <= 3), 1000)
    low = math.floor(least / step) * step
    high = math.ceil(most / step) * step
    if high - low < 2 * step:
        high = low + 2 * step
    return low, high, step


def _day(when: float) -> str:
    """A date the same in every language (year-month-day)."""
    return time.strftime("%Y-%m-%d", time.gmtime(when))


def _curves(
    lines: Sequence[Line],
    at: Callable[[float, float], tuple[float, float]],
    box: tuple[int, int, int, int],
) -> Image.Image:
    """The lines drawn large and shrunk (smooth edges), on a transparent canvas the size of
    ``box`` (the plot: the lines and their dots stay well inside it).

    Only the plot, not the whole picture: shrinking a transparent canvas costs two whole
    conversions of it, most of a chart's time. The box filter keeps each pixel's own block,
    so the pixels are those of a whole-picture canvas."""
    k = SUPERSAMPLE
    left, top, right, bottom = box
    big = Image.new("RGBA", ((right - left) * k, (bottom - top) * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    for line in lines:
        colour = _colour(line)
        points = [at(w, v) for w, v in line.points]
        scaled = [((x - left) * k, (y - top) * k) for x, y in points]
        if len(scaled) > 1:
            draw.line(scaled, fill=colour, width=LINE * k, joint="curve")
        if len(scaled) <= DOTS_UP_TO:
            r = DOT * k / 2
            for x, y in scaled:
                draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=BACKGROUND,
                             width=k * 2)  # fmt: skip
    return shrink(big, k)


def _colour(line: Line) -> RGB:
    return SEAT_COLOURS[line.colour % len(SEAT_COLOURS)]
