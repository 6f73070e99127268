"""Tic-tac-toe, the picture: a 3×3 grid, crosses for seat 0, rings for seat 1."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from tests.toy.game import TicTacToeView

CELL = 60
SIZE = 3 * CELL
INK, WIN = (40, 40, 40), (213, 94, 0)


def draw_tictactoe(view: TicTacToeView, **_: object) -> bytes:
    """The PNG of ``view`` (the three in a row, if any, in colour)."""
    image = Image.new("RGB", (SIZE, SIZE), "white")
    pen = ImageDraw.Draw(image)
    for k in (1, 2):
        pen.line([(k * CELL, 0), (k * CELL, SIZE)], fill=INK, width=3)
        pen.line([(0, k * CELL), (SIZE, k * CELL)], fill=INK, width=3)
    for index, seat in enumerate(view.marks):
        if seat is None:
            continue
        colour = WIN if view.line and index + 1 in view.line else INK
        x, y = (index % 3) * CELL, (index // 3) * CELL
        box = [(x + 12, y + 12), (x + CELL - 12, y + CELL - 12)]
        if seat == 0:
            pen.line(box, fill=colour, width=5)
            pen.line([(box[0][0], box[1][1]), (box[1][0], box[0][1])], fill=colour, width=5)
        else:
            pen.ellipse(box, outline=colour, width=5)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()
