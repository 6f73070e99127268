"""What a Kahuna player or spectator may see: the input of the renderer.

Secrets never enter a public view (viewer None): no hand, no face-down discard, no pile order.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class TurnChanges:
    """What one turn changed on the board, for highlighting; lines as "Aloa-Bari"."""

    seat: int | None = None  # who played that turn
    placed: tuple[str, ...] = ()  # bridges built by ``seat``
    removed: tuple[tuple[str, int], ...] = ()  # (line, owner) of bridges taken off the board
    taken: tuple[str, ...] = ()  # islands ``seat`` took control of
    lost: tuple[tuple[str, int], ...] = ()  # (island, seat) controls lost
    drew_from: str | None = None  # "pile" or the island of the face-up card taken


@dataclass(frozen=True)
class KahunaView:
    """The position as ``viewer`` (a seat, or None for the public) may see it."""

    viewer: int | None
    islands: tuple[str, ...]  # the 12 names, in data order
    bridges: dict[str, int | None]  # every one of the 27 lines -> owner seat or None
    control: dict[str, int | None]  # island -> controlling seat or None
    display: tuple[str | None, str | None, str | None]  # face-up cards, slots 1–3
    pile_size: int  # face-down draw pile
    discard_face_up: tuple[str, ...]  # cards played this round, oldest first (public)
    discard_face_down: int  # how many cards were discarded face down this round
    hand: tuple[str, ...] | None  # the viewer's own hand, sorted; None for the public
    hand_sizes: tuple[int, int]
    bridges_left: tuple[int, int]  # in each supply (25 at the start)
    round: int  # 1, 2 or 3
    scores: tuple[int, int]
    turn: int | None  # seat to move; None when the game is over
    ply: int
    changes: TurnChanges = field(default_factory=TurnChanges)  # the last finished turn
    current: TurnChanges = field(default_factory=TurnChanges)  # the turn in progress so far
    #: for the viewer's hand: card -> empty lines it could build on now (private view only)
    buildable: dict[str, tuple[str, ...]] = field(default_factory=dict)
    finished: bool = False
    winners: tuple[int, ...] = ()  # both seats on a draw
    reason: str | None = None  # "rounds" or "no-bridges" once finished
