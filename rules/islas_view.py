"""What an Islas player or spectator sees: the input of the renderer.

Everything is public except the order of the pile, so every seat sees the same view.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlacedTile:
    """A tile on the map: type letter, position (y grows to the north), clockwise rotation."""

    name: str
    x: int
    y: int
    rotation: int


@dataclass(frozen=True)
class Follower:
    """A follower on a placed tile's segment.

    ``kind`` is "island", "bridge", "water" or "lighthouse"; ``where`` is the canonical side
    (islands, bridges) or half-edge (water) on the placed, rotated tile, "" for a lighthouse.
    """

    seat: int
    x: int
    y: int
    kind: str
    where: str


@dataclass(frozen=True)
class Spot:
    """A place where the current tile fits, with a short label (A, B, … Z, AA …)."""

    label: str
    x: int
    y: int
    rotations: tuple[int, ...]  # the rotations that fit there


@dataclass(frozen=True)
class Scored:
    """A feature scored by the last move (or at the end): what, where, who, how much."""

    kind: str  # "island", "bridge", "lighthouse" or "water"
    tiles: tuple[tuple[int, int], ...]  # the squares the feature covers
    seats: tuple[int, ...]  # who scored
    points: int  # each of them
    final: bool = False  # scored by the end-of-game count (the feature was not complete)


@dataclass(frozen=True)
class IslasView:
    """The map and the table as everyone sees them."""

    viewer: int | None
    players: int
    tiles: tuple[PlacedTile, ...]  # in placement order: the start tile first, the last placed last
    followers: tuple[Follower, ...]
    current: str | None  # the tile type to place now, None when the game is over
    spots: tuple[Spot, ...]  # where ``current`` fits, labelled
    scores: tuple[int, ...]
    followers_left: tuple[int, ...]
    tiles_left: int  # neither placed nor put out, the current tile included
    turn: int | None
    ply: int
    last: PlacedTile | None  # the tile placed by the last move
    scored: tuple[Scored, ...] = ()  # what the last move completed (or the final scoring)
    put_out: tuple[str, ...] = ()  # tiles put out of the game because they fitted nowhere
    finished: bool = False
    winners: tuple[int, ...] = ()
