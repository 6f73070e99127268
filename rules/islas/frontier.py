"""Where tiles fit: the empty squares beside the map as ints, and tables read at every move.

A square's pattern (what its neighbours show it, ``Board.pattern``) is kept as an int, two
bits per side (``shapes.pattern_code``): a new neighbour adds its edge's code, and the pattern
indexes a list of the rotations each tile type fits in (a ``TURN_SETS`` mask). The frontier
is kept sorted by an int key (north first, then west to east), so that the spots of a tile
type are a few C-level passes (``map``, ``compress``) over lists, not a Python loop.
"""

from __future__ import annotations

from itertools import product

from rules.islas.shapes import EDGE_CODES, FREE, pattern_code, rotations_fitting, turn_mask
from rules.islas.tiles import SIDES, STEP, TILES

Square = tuple[int, int]
#: A square's place in the order of spots as one int: north first, then west to east. A game
#: spreads at most 72 squares from the start, well inside a row's width.
ROW = 1 << 16


def order_key(x: int, y: int) -> int:
    """The int that sorts (x, y) among the spots: by -y, then by x."""
    return x - y * ROW


#: Per side index of a placed tile: (dx, dy) of the square beyond it and that step's change
#: of ``order_key``.
BEYOND: tuple[tuple[int, int, int, int], ...] = tuple(
    (i, dx, dy, dx - dy * ROW) for i, (dx, dy) in ((i, STEP[side]) for i, side in enumerate(SIDES))
)


def _all_codes() -> list[int]:
    """Every pattern code, the empty one (no neighbour) included."""
    return [pattern_code("".join(p)) for p in product(EDGE_CODES, repeat=len(SIDES))]


def _fits(name: str) -> list[int]:
    """Pattern code -> the rotations of ``name`` that fit it, as a mask."""
    table = [0] * (1 << 2 * len(SIDES))
    letters = {code: edge for edge, code in EDGE_CODES.items()}
    for code in _all_codes():
        pattern = "".join(letters[code >> 2 * i & 3] for i in range(len(SIDES)))
        if pattern != FREE * len(SIDES):
            table[code] = turn_mask(rotations_fitting(name, pattern))
    return table


#: Per tile type, pattern code -> rotations as a mask (0 where it fits in none), at import.
FITS: dict[str, list[int]] = {name: _fits(name) for name in TILES}
