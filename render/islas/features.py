"""Which segments of the map a scored feature covers, for the highlight.

A ``Scored`` names its kind and squares only; the segments are found again by joining
segments across matching edges, the same way the rules do.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.islas.tiles import HALF_SIDE, MIRROR, OPPOSITE, STEP, Tile, oriented
from rules.islas_view import PlacedTile, Scored

Square = tuple[int, int]
Segment = tuple[Square, str, int]  # square, "island"/"bridge"/"water"/"tile", index


class _Union:
    def __init__(self) -> None:
        self.parent: dict[tuple[Square, int], tuple[Square, int]] = {}

    def find(self, a: tuple[Square, int]) -> tuple[Square, int]:
        self.parent.setdefault(a, a)
        while self.parent[a] != a:
            self.parent[a] = self.parent[self.parent[a]]
            a = self.parent[a]
        return a

    def join(self, a: tuple[Square, int], b: tuple[Square, int]) -> None:
        self.parent[self.find(a)] = self.find(b)


def _segments(tile: Tile, kind: str) -> tuple[frozenset[str], ...]:
    if kind == "island":
        return tile.islands
    if kind == "bridge":
        return tile.bridges
    return tuple(w.halves for w in tile.water)


def components(tiles: Iterable[PlacedTile], kind: str) -> list[list[tuple[Square, int]]]:
    """The connected features of ``kind`` ("island", "bridge", "water") on the map."""
    board: dict[Square, Tile] = {(t.x, t.y): oriented(t.name, t.rotation) for t in tiles}
    union = _Union()
    for square, tile in board.items():
        for index, parts in enumerate(_segments(tile, kind)):
            union.find((square, index))
            for part in parts:
                side = HALF_SIDE[part] if kind == "water" else part
                dx, dy = STEP[side]
                other = board.get((square[0] + dx, square[1] + dy))
                if other is None:
                    continue
                meets = MIRROR[part] if kind == "water" else OPPOSITE[part]
                for j, theirs in enumerate(_segments(other, kind)):
                    if meets in theirs:
                        union.join((square, index), ((square[0] + dx, square[1] + dy), j))
    groups: dict[tuple[Square, int], list[tuple[Square, int]]] = {}
    for node in sorted(union.parent):
        groups.setdefault(union.find(node), []).append(node)
    return list(groups.values())


def scored_segments(tiles: tuple[PlacedTile, ...], scored: Scored) -> list[Segment]:
    """The segments to light up for one scored feature (whole squares when unsure)."""
    squares = set(scored.tiles)
    board = {(t.x, t.y): t for t in tiles}
    if scored.kind == "lighthouse":  # the tower and its ring of tiles
        return [(s, "tile", 0) for s in sorted(squares) if s in board]
    if scored.kind not in ("island", "bridge", "water"):
        return [(s, "tile", 0) for s in sorted(squares) if s in board]
    found = [
        group
        for group in components(tiles, scored.kind)
        if {square for square, _ in group} == squares
    ]
    if found:
        return [(square, scored.kind, index) for group in found for square, index in group]
    out: list[Segment] = []
    for square in sorted(squares):
        if square in board:
            tile = oriented(board[square].name, board[square].rotation)
            count = len(_segments(tile, scored.kind))
            out += [(square, scored.kind, i) for i in range(count)]
    return out
