"""The common way bots draw boards, timed beside ours (issue 25: "stay ≥ 10× faster").

Chess bots on Discord mostly draw with python-chess's SVG of the position, rasterised to PNG
by cairosvg: a mid-game board with its last move marked, as wide as our widest board image.
Both packages are test extras (pyproject.toml); cairosvg needs the cairo library, so on a
machine without it there is no figure (None), not an error.
"""

from __future__ import annotations

from collections.abc import Callable

#: A mid-game position (an Italian game, ten moves a side): pieces everywhere, a last move.
OPENING = (
    "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6",
    "O-O O-O Re1 a6 Bb3 Ba7 h3 h6 Nbd2 Re8",
)


def svg_drawing(width: int) -> Callable[[], bytes] | None:
    """The reference drawing of a ``width``-pixel PNG, warmed (imports and caches, as for our
    own renders); None where python-chess or cairosvg (or cairo) is missing."""
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

    draw()
    return draw
