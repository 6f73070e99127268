"""The pictures of a post-game review: each player's chance over the game, and a key moment's
boards (the move played beside the one the bot preferred).

Pure: numbers, words and board PNGs in, PNG bytes out. Sized for a phone, where Discord shows
an image about 300-400 px wide: few, large labels, thick lines, the seats' colour-blind-safe
colours (Okabe-Ito) and a dash for every other seat, so that the lines differ without colour.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    HIGHLIGHT,
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

WIDTH, HEIGHT = 720, 420
LEFT, RIGHT, TOP, BOTTOM = 96, 20, 68, 60
LABEL_SIZE = 28
LINE, RING = 6, 22  # px: a chance's line; the ring round a key moment
DASH = 18  # px: the dash of every other seat's line
PANEL_HEIGHT = 520  # px: a key moment's boards are scaled to this height at most
CAPTION = 26  # px: the size of a key moment's captions


@dataclass(frozen=True)
class ChanceLine:
    """One seat's chance after each turn (0 to 1, the start first), and its key turns."""

    label: str
    seat: int
    chances: Sequence[float]
    moments: Sequence[int] = ()


def colour_of(seat: int) -> RGB:
    """The seat's colour, as on its boards."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def chance_chart(lines: Sequence[ChanceLine], axis: str) -> bytes:
    """PNG of every seat's chance over the turns (``axis``: the word under the turns)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    plot = (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(plot, radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)
    _legend(draw, lines)
    turns = max((len(line.chances) - 1 for line in lines), default=0)
    inner = (plot[0] + 14, plot[1] + 14, plot[2] - 14, plot[3] - 14)

    def at(turn: float, chance: float) -> tuple[float, float]:
        x = inner[0] + (inner[2] - inner[0]) * (turn / turns if turns else 0.5)
        return x, inner[3] - (inner[3] - inner[1]) * chance

    for tick in (0.0, 0.5, 1.0):
        _, y = at(0, tick)
        draw.line((plot[0] + 2, y, plot[2] - 2, y), fill=PANEL_EDGE, width=2 if tick == 0.5 else 1)
        draw_text(draw, (LEFT - 10, y), f"{round(tick * 100)}%", LABEL_SIZE, MUTED, anchor="rm")
    for turn in sorted({0, turns // 2, turns}):
        x, _ = at(turn, 0)
        draw_text(draw, (x, HEIGHT - BOTTOM + 12), str(turn), LABEL_SIZE, MUTED, anchor="ma")
    # The word under the turns' numbers, left of the first: the numbers keep the width.
    draw_text(draw, (LEFT - 10, HEIGHT - BOTTOM + 12), axis, LABEL_SIZE - 2, MUTED, anchor="ra")
    k = SUPERSAMPLE
    big = Image.new("RGBA", (WIDTH * k, HEIGHT * k), (0, 0, 0, 0))
    pen = ImageDraw.Draw(big)
    for line in lines:
        points = [at(turn, chance) for turn, chance in enumerate(line.chances)]
        scaled = [(x * k, y * k) for x, y in points]
        _polyline(pen, scaled, colour_of(line.seat), LINE * k, DASH * k if line.seat % 2 else 0)
        for turn in line.moments:
            if 0 <= turn < len(scaled):
                x, y = scaled[turn]
                r = RING * k / 2
                pen.ellipse((x - r, y - r, x + r, y + r), outline=HIGHLIGHT, width=3 * k)
    curves = shrink(big, k)
    image.paste(curves, (0, 0), curves)
    return encode_png(image)


def _polyline(
    pen: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: RGB, width: int, dash: int
) -> None:
    """A line through ``points``, dashed every ``dash`` px (0: solid), with round joints."""
    if len(points) == 1:
        x, y = points[0]
        pen.ellipse((x - width, y - width, x + width, y + width), fill=colour)
        return
    if not dash:
        pen.line(points, fill=colour, width=width, joint="curve")
        return
    drawn, on = 0.0, True
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        done = 0.0
        while done < length:
            step = min(dash - drawn, length - done)
            if on:
                a, b = done / length, (done + step) / length
                pen.line(
                    (
                        x0 + (x1 - x0) * a,
                        y0 + (y1 - y0) * a,
                        x0 + (x1 - x0) * b,
                        y0 + (y1 - y0) * b,
                    ),
                    fill=colour,
                    width=width,
                )
            done += step
            drawn += step
            if drawn >= dash:
                drawn, on = 0.0, not on


def _legend(draw: ImageDraw.ImageDraw, lines: Sequence[ChanceLine]) -> None:
    """The players' names with their colours (a dashed swatch for a dashed line)."""
    x = float(LEFT)
    room = (WIDTH - RIGHT - LEFT) / max(1, len(lines)) - 44
    for line in lines:
        colour = colour_of(line.seat)
        if line.seat % 2:
            for dx in (0, 16):
                draw.rounded_rectangle((x + dx, 24, x + dx + 10, 38), radius=3, fill=colour)
        else:
            draw.rounded_rectangle((x, 22, x + 26, 40), radius=4, fill=colour)
        label = fit_text(line.label, LABEL_SIZE, room)
        draw_text(draw, (x + 34, 31), label, LABEL_SIZE, INK, anchor="lm")
        x += 34 + text_width(label, LABEL_SIZE) + 30


@dataclass(frozen=True)
class Panel:
    """One board of a key moment and the line under it."""

    caption: str
    png: bytes
    accent: RGB = INK


def moment_image(title: str, panels: Sequence[Panel]) -> bytes:
    """PNG of a key moment: its title above, its boards side by side, a caption under each."""
    boards = [_scaled(Image.open(io.BytesIO(panel.png)).convert("RGB")) for panel in panels]
    gap, top, bottom = 16, 56, 52
    width = max(WIDTH, sum(b.width for b in boards) + gap * (len(boards) + 1))
    height = top + max((b.height for b in boards), default=0) + bottom
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_text(
        draw,
        (gap, top / 2),
        fit_text(title, CAPTION + 4, width - 2 * gap, True),
        CAPTION + 4,
        INK,
        bold=True,
        anchor="lm",
    )
    x = gap + (width - sum(b.width for b in boards) - gap * (len(boards) + 1)) // 2
    for panel, board in zip(panels, boards, strict=True):
        image.paste(board, (x, top))
        draw.rectangle(
            (x, top, x + board.width - 1, top + board.height - 1), outline=panel.accent, width=4
        )
        caption = fit_text(panel.caption, CAPTION, board.width)
        draw_text(
            draw,
            (x + board.width / 2, top + board.height + bottom / 2),
            caption,
            CAPTION,
            panel.accent,
            anchor="mm",
        )
        x += board.width + gap
    return encode_png(image)


def _scaled(board: Image.Image) -> Image.Image:
    """A board at most ``PANEL_HEIGHT`` high, its shape kept."""
    if board.height <= PANEL_HEIGHT:
        return board
    width = max(1, round(board.width * PANEL_HEIGHT / board.height))
    return board.resize((width, PANEL_HEIGHT), Image.Resampling.LANCZOS)
