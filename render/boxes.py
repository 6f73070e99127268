"""Boxes of pixels: what a drawing changed, gathered into the few parts a PNG maps again."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

#: A rectangle of pixels, left, top, right, bottom (the last two excluded), as Pillow's crop.
Box = tuple[int, int, int, int]


def around(box: tuple[float, float, float, float]) -> Box:
    """The pixels a shape drawn in ``box`` (floats, last row and column in) may touch."""
    return (
        math.floor(box[0]) - 1,
        math.floor(box[1]) - 1,
        math.ceil(box[2]) + 2,
        math.ceil(box[3]) + 2,
    )


def union(boxes: Iterable[Box | None]) -> Box | None:
    """The smallest box holding every one of ``boxes`` (None for none)."""
    found = [box for box in boxes if box is not None]
    if not found:
        return None
    return (
        min(b[0] for b in found),
        min(b[1] for b in found),
        max(b[2] for b in found),
        max(b[3] for b in found),
    )


#: Side of the squares ``coalesce`` gathers boxes into: mapping a crop costs about as much as
#: ten thousand pixels, so a few rows or columns more are cheaper than another crop.
CELL = 32
_MARKED = re.compile(b"\x01+")
_ONES = [b"\1" * n for n in range(2048 // CELL + 1)]  # a run of squares to mark, by length
#: Past this share of the picture, mapping it whole is quicker than mapping its parts.
MOST = 0.6


def coalesce(boxes: Iterable[Box | None], size: tuple[int, int]) -> list[Box] | None:
    """``boxes`` (cut to a picture of ``size``) gathered into few boxes that cover them all:
    each run of ``CELL`` squares along a row of squares, runs that repeat on the next row
    joined. None when they cover most of the picture (map it whole)."""
    width, height = size
    columns = (width + CELL - 1) // CELL
    grid = bytearray(columns * ((height + CELL - 1) // CELL))  # 1: a square to map
    for box in boxes:  # a few hundred a board: plain comparisons, no calls
        if box is None:
            continue
        x0, y0, x1, y1 = box
        if x0 < 0:
            x0 = 0
        if y0 < 0:
            y0 = 0
        if x1 > width:
            x1 = width
        if y1 > height:
            y1 = height
        if x0 >= x1 or y0 >= y1:
            continue
        first, last = x0 // CELL, (x1 - 1) // CELL + 1
        ones = _ONES[last - first] if last - first < len(_ONES) else b"\1" * (last - first)
        at = y0 // CELL * columns
        for _ in range(y0 // CELL, (y1 - 1) // CELL + 1):
            grid[at + first : at + last] = ones
            at += columns
    runs: dict[tuple[int, int], list[int]] = {}  # (first, last column) -> [top row, bottom row]
    found: list[Box] = []
    for row, at in enumerate(range(0, len(grid), columns)):
        line = grid[at : at + columns]
        now = {(m.start(), m.end() - 1) for m in _MARKED.finditer(line)}
        if not now:
            continue
        for run in list(runs):
            if run not in now or runs[run][1] != row - 1:
                found.append(_cells(run, runs.pop(run), size))
        for run in now:
            if run in runs:
                runs[run][1] = row
            else:
                runs[run] = [row, row]
    found += [_cells(run, span, size) for run, span in runs.items()]
    covered = sum((b[2] - b[0]) * (b[3] - b[1]) for b in found)
    return None if covered > MOST * width * height else found


def _cells(run: tuple[int, int], span: list[int], size: tuple[int, int]) -> Box:
    """The pixels of columns ``run`` and rows ``span`` of ``CELL`` squares."""
    return (
        run[0] * CELL,
        span[0] * CELL,
        min(size[0], (run[1] + 1) * CELL),
        min(size[1], (span[1] + 1) * CELL),
    )
