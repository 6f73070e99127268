"""The Islas tile set, read from rules/assets/islas-tiles.json, and rotation.

Sides are N, E, S, W; water touches half-edges NNW … WNW (clockwise from the north-west).
A rotation is clockwise in degrees (0, 90, 180, 270): rotating by 90 maps N->E, NNW->ENE.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

SIDES: tuple[str, ...] = ("N", "E", "S", "W")
HALVES: tuple[str, ...] = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
#: (dx, dy) of the neighbour beyond each side; y grows to the north.
STEP: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE: dict[str, str] = {"N": "S", "E": "W", "S": "N", "W": "E"}
#: A half-edge meets its mirror across a shared edge.
MIRROR: dict[str, str] = {
    "NNW": "SSW", "NNE": "SSE", "ENE": "WNW", "ESE": "WSW",
    "SSE": "NNE", "SSW": "NNW", "WSW": "ESE", "WNW": "ENE",
}  # fmt: skip
#: The side each half-edge lies on.
HALF_SIDE: dict[str, str] = {h: SIDES[i // 2] for i, h in enumerate(HALVES)}


@dataclass(frozen=True)
class Water:
    """A water segment: the half-edges it touches and the island segments it borders."""

    halves: frozenset[str]
    islands: tuple[int, ...]  # indices into the tile's ``islands``


@dataclass(frozen=True)
class Tile:
    """A tile type in one orientation (``rotation`` 0 is the table's)."""

    name: str
    rotation: int
    edges: str  # N, E, S, W: "i" island, "b" bridge, "w" water
    islands: tuple[frozenset[str], ...]  # each island segment as the sides it touches
    anchor: bool  # the tile's island segment carries an anchor
    bridges: tuple[frozenset[str], ...]  # each bridge segment as the sides it touches
    lighthouse: bool
    water: tuple[Water, ...]

    def edge(self, side: str) -> str:
        """What the tile shows on ``side``: 'i', 'b' or 'w'."""
        return self.edges[SIDES.index(side)]


def rotate_side(side: str, rotation: int) -> str:
    """Where ``side`` points after turning the tile clockwise by ``rotation`` degrees."""
    return SIDES[(SIDES.index(side) + rotation // 90) % 4]


def rotate_half(half: str, rotation: int) -> str:
    """Where half-edge ``half`` lies after turning the tile clockwise by ``rotation`` degrees."""
    return HALVES[(HALVES.index(half) + rotation // 45) % 8]


def _data() -> dict:
    return json.loads(resources.files("rules").joinpath("assets/islas-tiles.json").read_text())


def _base(name: str, spec: dict) -> Tile:
    return Tile(
        name=name,
        rotation=0,
        edges=spec["edges"].lower(),
        islands=tuple(frozenset(sides) for sides in spec["islands"]),
        anchor=bool(spec["anchor"]),
        bridges=tuple(frozenset(sides) for sides in spec["bridges"]),
        lighthouse=bool(spec["lighthouse"]),
        water=tuple(Water(frozenset(w["halves"]), tuple(w["islands"])) for w in spec["water"]),
    )


_DATA = _data()
#: Tile types by letter, in canonical orientation.
TILES: dict[str, Tile] = {name: _base(name, spec) for name, spec in _DATA["tiles"].items()}
#: How many of each type the set holds (the start tile included).
COUNTS: dict[str, int] = {name: int(spec["count"]) for name, spec in _DATA["tiles"].items()}
#: The start tile: (type, x, y, rotation).
START: tuple[str, int, int, int] = (
    _DATA["start"]["tile"],
    int(_DATA["start"]["x"]),
    int(_DATA["start"]["y"]),
    int(_DATA["start"]["rotation"]),
)


@cache
def oriented(name: str, rotation: int) -> Tile:
    """Tile type ``name`` turned clockwise by ``rotation`` degrees."""
    base = TILES[name]
    if rotation == 0:
        return base
    edges = "".join(base.edges[(i - rotation // 90) % 4] for i in range(4))
    return Tile(
        name=name,
        rotation=rotation,
        edges=edges,
        islands=tuple(frozenset(rotate_side(s, rotation) for s in seg) for seg in base.islands),
        anchor=base.anchor,
        bridges=tuple(frozenset(rotate_side(s, rotation) for s in seg) for seg in base.bridges),
        lighthouse=base.lighthouse,
        water=tuple(
            Water(frozenset(rotate_half(h, rotation) for h in w.halves), w.islands)
            for w in base.water
        ),
    )


def pile() -> list[str]:
    """The 71 tiles of the pile (the set less the start tile), unshuffled, by type letter."""
    tiles = [name for name, count in COUNTS.items() for _ in range(count)]
    tiles.remove(START[0])
    return tiles
