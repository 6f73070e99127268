"""The common way bots draw boards, timed beside ours (issue 25: "stay ≥ 10× faster").

Chess bots on Discord mostly draw with python-chess's SVG of the position, rasterised to PNG
by cairosvg: a mid-game board with its last move marked, as wide as our widest board image.
Both packages are test extras (pyproject.toml); cairosvg needs the cairo library, so on a
machine without it the figure is None, not an error.
"""

from __future__ import annotations

import io
import statistics
import time
from typing import Any

from PIL import Image

#: A mid-game position (an Italian game, ten moves a side): pieces everywhere, a last move.
OPENING = (
    "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6",
    "O-O O-O Re1 a6 Bb3 Ba7 h3 h6 Nbd2 Re8",
)


def svg_reference_ms(width: int, repeat: int = 20) -> float | None:
    """Median ms to draw the position as SVG and rasterise it to a ``width``-pixel PNG; None
    where python-chess or cairosvg (or cairo) is missing."""
    try:
        import cairosvg
        import chess
        import chess.svg
    except (ImportError, OSError):
        return None
    board = chess.Board()
    for san in " ".join(OPENING).split():
        board.push_san(san)
    last = board.peek()

    def draw() -> bytes:
        svg = chess.svg.board(board, lastmove=last, size=width)
        return cairosvg.svg2png(bytestring=svg.encode(), output_width=width)

    draw()  # imports and caches warmed, as for our own renders
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        draw()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def reference_figures(render_ms: dict[str, float], png: bytes, repeat: int = 20) -> dict[str, Any]:
    """The reference's ms at the width of ``png`` (one of our boards), and how many times
    faster our slowest stage (``render_ms``) is."""
    width = Image.open(io.BytesIO(png)).width
    ms = svg_reference_ms(width, repeat)
    worst = max(render_ms.values())
    return {
        "svg_reference_ms": None if ms is None else round(ms, 2),
        "svg_reference_width": width,
        "times_faster_than_svg": None if ms is None else round(ms / worst, 1),
    }
