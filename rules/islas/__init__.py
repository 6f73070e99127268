"""Islas, Carcassonne's base game at sea: the rules of spec/islas.md.

island = city, bridge = road, water = field, lighthouse = monastery, anchor = pennant.

Moves: ``Placement(x, y, rotation, follower)``, one a turn, written ``x,y rotation [follower]``
(``1,0 90``, ``0,-1 180 island S``, ``-1,0 0 water NNE``, ``2,1 270 lighthouse``); y grows to
the north, rotation is clockwise. ``follower`` is None or (kind, where): kind "island",
"bridge", "water" or "lighthouse"; where the canonical side (N E S W) or half-edge (NNW … WNW)
of the segment on the rotated tile, "" for a lighthouse. Two segments of one tile are two
moves even when the map joins them; two rotations of a symmetric tile are two moves too.
``Skip()``, written ``skip`` (or ``saltar``), is never a legal move: the bot records it when
the other players vote a timed-out player's turn away; the same tile passes to the next one.

Events returned by ``apply`` (key: params), all public — the order of the pile never is, but
each tile is shown to everybody as it is drawn:

- ``islas-placed``: seat, tile, x, y, rotation, follower, where, spot — ``seat`` placed tile
  type ``tile`` (a letter A–X) on (x, y) turned by ``rotation``; ``follower`` is "none",
  "island", "bridge", "water" or "lighthouse", ``where`` the canonical side or half ("" for
  none or a lighthouse); ``spot`` the label (x, y) had among the spots of the view before the
  move (``IslasView.spots``), so that a narration names the square as players saw it.
- ``islas-scored``: kind, seats, points, tiles, anchors, islands, final — a feature of ``kind``
  ("island", "bridge", "lighthouse", "water") scored ``points`` for each seat in ``seats`` (a
  list: all the seats tied for the most followers on it). ``tiles`` counts the tiles it covers
  (a lighthouse: itself and its placed neighbours), ``anchors`` its anchors (islands),
  ``islands`` the completed islands it borders (water); ``final`` is false while the game runs
  (the feature was completed) and true for the end-of-game count. Only features that give
  someone points are reported: a completed feature without followers, or water bordering no
  completed island at the end, is not.
- ``islas-follower-returned``: seat, count — ``count`` of ``seat``'s followers went back to
  them from the features just scored (minority followers included). Never at the end.
- ``islas-skipped``: seat — ``seat`` lost their turn (a ``skip``: the table's decision after
  their time ran out); the same tile passes to the next player, announced by ``islas-drew``.
- ``islas-put-out``: tile — the next tile, type ``tile``, fitted nowhere and left the game.
- ``islas-drew``: seat, tile — ``seat`` (the next to move) drew tile type ``tile``.
- ``islas-game-over``: winners, scores — the last tile was placed or put out; ``scores`` are
  the final totals per seat, ``winners`` every seat with the top total.

Order after one move: placed, scored (completions), follower-returned (seat order),
put-out (any), then drew — or, when no tile is left, scored (final) and game-over.

Options: ``deck`` — the 71 tile letters of the pile, top first (a list, or one string of 71
letters), a permutation of the real pile; the seed shuffles otherwise. ``first`` as in every
game; the seed picks the first seat otherwise.

Error keys: ``move-unreadable`` (text; InvalidMove), ``islas-bad-where`` (kind, where;
InvalidMove: a side for water, a half for an island or a bridge, anything for a lighthouse,
nothing for the others), ``game-over``, ``islas-bad-rotation`` (rotation), ``islas-occupied``
(x, y), ``islas-not-adjacent`` (x, y), ``islas-edges-mismatch`` (x, y, rotation),
``islas-no-followers-left``, ``islas-no-such-segment`` (kind, where), ``islas-feature-taken``
(kind, where) — all IllegalMove, checked in this order; for records ``record-bad-option``
(option="deck").
"""

from __future__ import annotations

from rules.islas.features import Board, Feature
from rules.islas.game import ISLAS, Islas
from rules.islas.moves import (
    KIND_WORDS,
    NOTATION_WORDS,
    Placement,
    Skip,
    format_move,
    notation_in,
    read_move,
)
from rules.islas.shapes import (
    BRIDGE,
    ISLAND,
    KINDS,
    LIGHTHOUSE,
    SHAPES,
    WATER,
    Segment,
    Shape,
    same_look,
)
from rules.islas.state import FOLLOWERS, IslasState, spot_label
from rules.islas.tiles import COUNTS, START, TILES, pile

__all__ = [
    "BRIDGE",
    "COUNTS",
    "FOLLOWERS",
    "ISLAND",
    "ISLAS",
    "KINDS",
    "KIND_WORDS",
    "LIGHTHOUSE",
    "NOTATION_WORDS",
    "SHAPES",
    "START",
    "TILES",
    "WATER",
    "Board",
    "Feature",
    "Islas",
    "IslasState",
    "Placement",
    "Segment",
    "Shape",
    "Skip",
    "format_move",
    "notation_in",
    "pile",
    "read_move",
    "same_look",
    "spot_label",
]
