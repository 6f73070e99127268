"""What a Stonehenge player or spectator may see: the input of the renderer."""

from __future__ import annotations

from dataclasses import dataclass

POINTS = "ABCDEFGHIJKLMNOPQR"
LINE_COUNT = 15
SEATS = 2


@dataclass(frozen=True)
class Druid:
    """A druid on the board; ``value`` is None when it is face down to this viewer."""

    seat: int
    value: int | None
    face_down: bool = False  # placed face down and not yet revealed (hidden variant)


@dataclass(frozen=True)
class StonehengeView:
    """The board as ``viewer`` (a seat, or None for the public) may see it."""

    viewer: int | None
    hidden: bool  # the hidden-druids variant
    points: dict[str, Druid | None]  # "A".."R" -> druid or None
    line_owners: tuple[int | None, ...]  # L0..L14 -> winning seat
    megaliths: tuple[int, int]  # megaliths placed per seat (at most 8)
    hands: tuple[tuple[int, ...] | None, tuple[int, ...] | None]  # None: not visible to viewer
    hand_sizes: tuple[int, int]
    turn: int | None  # seat to move, None when finished
    ply: int
    last_point: str | None  # where the last druid went
    last_seat: int | None
    last_lines: tuple[int, ...]  # lines decided by the last placement
    winner: int | None
