"""Where things lie on an Islas tile, worked out from the tile data (no per-letter drawings):
the plan (``plan``) with its anchor, and where followers stand (from ``raster``).

Coordinates are fractions of the tile in screen orientation: x to the east, y DOWN (north is
the top edge, y = 0). Every island side reaches its whole edge, corner to corner, so islands
on neighbouring tiles meet along the full edge; coast lines only run inside the tile.

Follower spots come from a coarse raster of the tile (``GRID`` cells a side): the cell of a
segment that keeps clear of its borders, pulled towards the side or half-edge named.
"""

from __future__ import annotations

from functools import cache

from render.islas.plan import (
    ANCHOR_R,
    CENTRE,
    EXTEND,
    GRID,
    HALF_MID,
    HUB_R,
    PLANK,
    SIDE_MID,
    Land,
    Plank,
    Point,
    Shape,
    extend,
    inside,
    plain_shape,
    turn,
)
from render.islas.raster import LAND_CELL, clearance, draw_plan, pole, tile_cells, water_areas


@cache
def shape(name: str, rotation: int) -> Shape:
    """The drawing plan of tile type ``name`` turned by ``rotation``."""
    plan = plain_shape(name, rotation)
    if not (plan.tile.anchor and plan.lands):
        return plan
    cells = tile_cells(name, rotation)
    land = [i for i, v in enumerate(cells) if v == LAND_CELL]
    middle = (
        sum(i % GRID + 0.5 for i in land) / len(land) / GRID,
        sum(i // GRID + 0.5 for i in land) / len(land) / GRID,
    )
    anchor = pole(cells, {LAND_CELL}, middle, 0.15, 8)
    return Shape(plan.tile, plan.lands, plan.planks, plan.hub, plan.lighthouse, anchor)


@cache
def follower_spot(name: str, rotation: int, kind: str, where: str) -> Point:
    """Where a follower stands on the oriented tile: ``kind`` and ``where`` as in the view."""
    plan = shape(name, rotation)
    tile = plan.tile
    if kind == "lighthouse":
        return (0.5, 0.47)
    if kind == "bridge":
        for plank in plan.planks:
            if where in plank.sides:
                return plank.middle
        return CENTRE
    if kind == "island":
        for i, land in enumerate(plan.lands):
            if where in land.sides:
                target = SIDE_MID[where]
                inward = (target[0] * 0.8 + 0.1, target[1] * 0.8 + 0.1)
                return pole(
                    tile_cells(name, rotation), {LAND_CELL + i}, inward, 0.3, 9, avoid=plan.anchor
                )
        return CENTRE
    if kind == "water":
        areas = water_areas(name, rotation)
        for water, area in zip(tile.water, areas, strict=True):
            if where in water.halves and area:
                return pole(None, set(), HALF_MID[where], 0.25, 9, members=area)
        return CENTRE
    raise ValueError(f"unknown follower kind {kind!r}")


# What the tiles' drawing and the map read from here (the plan and raster are its parts).
__all__ = [
    "ANCHOR_R",
    "EXTEND",
    "GRID",
    "HUB_R",
    "PLANK",
    "Land",
    "Plank",
    "Point",
    "Shape",
    "clearance",
    "draw_plan",
    "extend",
    "follower_spot",
    "inside",
    "shape",
    "turn",
    "water_areas",
]
