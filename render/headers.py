"""The text over a replay's frames: a title and what happened, broken into lines that fit a
frame, one height for every frame; and the command line's headers made from the moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, INK, draw_text, fit_text, text_width
from render.frames import Frame

MAX_LINES = 3  # lines of a header's text under its title; more is cut with an ellipsis


@dataclass(frozen=True)
class Header:
    """The text over a frame: a title ("Turn 12 of 40") and what happened, in words."""

    title: str
    text: str


@dataclass(frozen=True)
class Sizes:
    """Sizes of a header's text for a frame ``width`` px wide (text stays readable when
    Discord shows the frame about 400 px wide on a phone)."""

    width: int

    @property
    def size(self) -> int:
        return max(18, round(self.width * 0.034))

    @property
    def line(self) -> int:
        return round(self.size * 1.3)

    @property
    def pad(self) -> int:
        return round(self.size * 0.6)

    @property
    def room(self) -> int:
        return self.width - 2 * self.pad


def _lines(header: Header, sizes: Sizes) -> list[str]:
    """The header's text broken into lines that fit; the first starts after the title."""
    size, room = sizes.size, sizes.room
    indent = text_width(header.title + "  ", size, True)
    lines: list[str] = []
    for paragraph in header.text.split("\n"):
        line = ""
        for word in paragraph.split():
            wider = f"{line} {word}" if line else word
            first = not lines
            if text_width(wider, size) <= room - (indent if first else 0) or not line:
                line = wider
            else:
                lines.append(line)
                line = word
        lines.append(line)
    if len(lines) > MAX_LINES:
        lines = [*lines[: MAX_LINES - 1], " ".join(lines[MAX_LINES - 1 :])]
    # A single word too long for its line (a long name) is cut as well.
    return [fit_text(text, size, room - (indent if i == 0 else 0)) for i, text in enumerate(lines)]


def header_height(headers: Sequence[Header], sizes: Sizes) -> int:
    """One height for every frame: enough for the longest header."""
    most = max((len(_lines(h, sizes)) for h in headers), default=1)
    return 2 * sizes.pad + most * sizes.line


def draw_header(image: Image.Image, header: Header, sizes: Sizes) -> None:
    draw = ImageDraw.Draw(image)
    size, pad, line = sizes.size, sizes.pad, sizes.line
    draw_text(draw, (pad, pad), header.title, size, HIGHLIGHT, bold=True)
    indent = text_width(header.title + "  ", size, True)
    for i, text in enumerate(_lines(header, sizes)):
        draw_text(draw, (pad + (indent if i == 0 else 0), pad + i * line), text, size, INK)


def notation_headers(frames: Sequence[Frame], names: Sequence[str], outcome: str) -> list[Header]:
    """English headers from the moves themselves (the command line's): "Turn 3/16 Ana: 6L"."""
    total = len(frames) - 1
    headers = []
    for frame in frames:
        if frame.turn is None:
            headers.append(Header("Result", outcome))
        else:
            who = names[frame.seat] if frame.seat is not None else "?"
            headers.append(Header(f"Turn {frame.turn}/{total}", f"{who}: {', '.join(frame.moves)}"))
    return headers
