"""Islas moves and their notation (spec/islas.md, "Coordinates and notation").

A move is ``x,y rotation [follower]``: ``1,0 90``, ``0,-1 180 island S``, ``-1,0 0 water NNE``,
``2,1 270 lighthouse``. Reading is case-insensitive and takes the Spanish words (isla, puente,
agua, faro) and O for W (``O``, ``ONO``, ``NNO``, ``OSO``, ``SSO``); any side or half touching a
segment names it, and the state turns it into the canonical one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.base import InvalidMove
from rules.islas.shapes import BRIDGE, FOLLOWER_MASKS, ISLAND, LIGHTHOUSE, TURN_SETS, WATER
from rules.islas.tiles import HALVES, SIDES

Follower = tuple[str, str]  # (kind, where): where is "" for a lighthouse


@dataclass(frozen=True)
class Placement:
    """The current tile put on (x, y) turned by ``rotation``, maybe with a follower on it."""

    x: int
    y: int
    rotation: int
    follower: Follower | None = None


@dataclass(frozen=True)
class Skip:
    """The player to move loses their turn; the tile stays on top for the next player.

    Never among the legal moves: the table decides it (a majority of the other players once
    the player's time to move has run out), and the bot writes it in the record.
    """


# Search lists tens of legal moves a position, millions of times, and building a frozen
# dataclass is slow: the placements (immutable values) are made once and shared. A game
# touches about a hundred squares; the bounds only keep memory in check.
_SQUARES_KEPT = 2048


#: Every follower a placement can name (None: none), numbered: a placement's ``slot``.
FOLLOWERS: tuple[Follower | None, ...] = (
    None,
    *((kind, side) for kind in (ISLAND, BRIDGE) for side in SIDES),
    *((WATER, half) for half in HALVES),
    (LIGHTHOUSE, ""),
)
FOLLOWER_NUMBERS: dict[Follower | None, int] = {f: i for i, f in enumerate(FOLLOWERS)}


def slot(rotation: int, follower: Follower | None) -> int:
    """Where ``PlacementsAt.slots`` keeps the placement of ``rotation`` and ``follower``."""
    return rotation // 90 * len(FOLLOWERS) + FOLLOWER_NUMBERS[follower]


class PlacementsAt(dict[tuple[int, Follower | None], Placement]):
    """(rotation, follower or None) -> the placement of a tile on the square (x, y).

    The same placements also by ``slot`` in a list, as legal moves look them up (an index,
    no key to build and hash): ``slots[i] or fill(i)``; and the bare placements of each set
    of rotations (a ``TURN_SETS`` mask), made at once (four placements) so that legal moves
    without followers gather them in C: ``bare[mask]``.
    """

    __slots__ = ("bare", "slots", "x", "y")

    def __init__(self, x: int, y: int) -> None:
        super().__init__()
        self.x, self.y = x, y
        self.slots: list[Placement | None] = [None] * (len(FOLLOWERS) * 4)
        self.bare: list[tuple[Placement, ...]] = [
            tuple(self[turn, None] for turn in turns) for turns in TURN_SETS
        ]

    def __missing__(self, key: tuple[int, Follower | None]) -> Placement:
        move = self[key] = Placement(self.x, self.y, *key)
        return move

    def fill(self, index: int) -> Placement:
        """The placement of slot ``index``, made (and kept) on its first use."""
        turn, number = divmod(index, len(FOLLOWERS))
        move = self.slots[index] = self[turn * 90, FOLLOWERS[number]]
        return move


class _Squares(dict[tuple[int, int], PlacementsAt]):
    """(x, y) -> its shared placements, made on first use."""

    def __missing__(self, square: tuple[int, int]) -> PlacementsAt:
        if len(self) >= _SQUARES_KEPT:
            self.clear()
        found = self[square] = PlacementsAt(*square)
        return found


#: (x, y) -> (rotation, follower or None) -> ``Placement(x, y, rotation, follower)``, shared.
PLACEMENTS: dict[tuple[int, int], PlacementsAt] = _Squares()
#: Per tile type, per rotation: the ``slot`` of the bare placement, and each follower's
#: ``FOLLOWER_MASKS`` mask with its placement's slot: what legal moves look up, as ints.
FOLLOWER_SLOTS: dict[str, dict[int, tuple[int, tuple[tuple[int, int], ...]]]] = {}
for (_name, _rotation), _masks in FOLLOWER_MASKS.items():
    FOLLOWER_SLOTS.setdefault(_name, {})[_rotation] = (
        slot(_rotation, None),
        tuple((mask, slot(_rotation, follower)) for mask, follower in _masks),
    )

#: Per tile type: (taken edges' bits << 4 | a ``TURN_SETS`` mask) -> the slots of every
#: legal placement on a square where the tile fits in those rotations and those edges face an
#: occupied feature (no free feature facing two of them): bare, then each free follower, per
#: rotation. A few thousand keys occur, the same on every square: filled on first use.
SLOT_LISTS: dict[str, dict[int, tuple[int, ...]]] = {name: {} for name in FOLLOWER_SLOTS}
_SLOT_LISTS_KEPT = 4096  # per tile type


def slot_list(name: str, key: int) -> tuple[int, ...]:
    """``SLOT_LISTS[name][key]``, made (and kept) on its first use."""
    found = []
    taken = key >> 4
    for rotation in TURN_SETS[key & 15]:
        bare, followers = FOLLOWER_SLOTS[name][rotation]
        found.append(bare)
        found.extend(index for mask, index in followers if not mask & taken)
    lists = SLOT_LISTS[name]
    if len(lists) >= _SLOT_LISTS_KEPT:
        lists.clear()
    lists[key] = result = tuple(found)
    return result


#: Words that spell ``Skip``.
SKIP_WORDS = ("skip", "saltar")

#: Words of the notation, English and Spanish, for each kind of segment.
KIND_WORDS: dict[str, str] = {
    "island": ISLAND,
    "isla": ISLAND,
    "bridge": BRIDGE,
    "puente": BRIDGE,
    "water": WATER,
    "agua": WATER,
    "lighthouse": LIGHTHOUSE,
    "faro": LIGHTHOUSE,
}
#: How each language other than English writes the words of the canonical notation (any
#: other word, coordinates and rotations, is the same): ``read_move`` reads them all.
NOTATION_WORDS: dict[str, dict[str, str]] = {
    "es": {
        "island": "isla",
        "bridge": "puente",
        "water": "agua",
        "lighthouse": "faro",
        "skip": "saltar",
        "W": "O",
        "NNW": "NNO",
        "WNW": "ONO",
        "WSW": "OSO",
        "SSW": "SSO",
    },
}


def notation_in(lang: str, text: str) -> str:
    """Canonical notation (``0,-1 180 water WSW``) as ``lang`` writes it (``… agua OSO``)."""
    words = NOTATION_WORDS.get(lang, {})
    return " ".join(words.get(word, word) for word in text.split(" "))


# ASCII-only, so that no Unicode digit or letter case-folds into the notation; digits are
# bounded so that int() never meets a number too long to convert.
_MOVE = re.compile(
    r"(?P<x>[+-]?\d{1,6})\s*,\s*(?P<y>[+-]?\d{1,6})\s+(?P<rotation>\d{1,6})°?"
    r"(?:\s+(?P<kind>[a-z]+)(?:\s+(?P<where>[a-z]+))?)?",
    re.IGNORECASE | re.ASCII,
)
# Hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign.
_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212", "-"))


#: (kind, where) already canonical -> where: every move of a search names its follower so.
_CANONICAL: dict[tuple[str, str], str] = {}


def where_named(kind: str, where: str) -> str:
    """``where`` in upper case with W for O, checked against ``kind`` (``islas-bad-where``).

    A side names an island or a bridge, a half-edge names water, a lighthouse takes nothing.
    """
    known = _CANONICAL.get((kind, where))
    if known is not None:
        return known
    spelled = where.upper().replace("O", "W") if where.isascii() else where
    allowed: tuple[str, ...] = ("",) if kind == LIGHTHOUSE else HALVES if kind == WATER else SIDES
    if spelled not in allowed:
        raise InvalidMove("islas-bad-where", kind=kind, where=where)
    if spelled == where:  # only canonical spellings are kept: a bounded few
        _CANONICAL[kind, where] = where
    return spelled


def read_move(text: str) -> Placement | Skip:
    """The move ``text`` spells, not yet checked against a position."""
    # str.split also splits on Unicode spaces (no-break, ideographic), which \s here would not.
    cleaned = " ".join(text.split()).translate(_DASHES)
    if cleaned.lower() in SKIP_WORDS:
        return Skip()
    found = _MOVE.fullmatch(cleaned)
    if found is None:
        raise InvalidMove("move-unreadable", text=text)
    follower = None
    if found["kind"] is not None:
        kind = KIND_WORDS.get(found["kind"].lower())
        if kind is None:
            raise InvalidMove("move-unreadable", text=text)
        follower = (kind, where_named(kind, found["where"] or ""))
    return Placement(int(found["x"]), int(found["y"]), int(found["rotation"]), follower)


def format_move(move: Placement | Skip) -> str:
    """The canonical notation of ``move``: ``0,-1 180 island S`` (or ``skip``)."""
    if isinstance(move, Skip):
        return SKIP_WORDS[0]
    text = f"{move.x},{move.y} {move.rotation}"
    if move.follower is None:
        return text
    kind, where = move.follower
    return f"{text} {kind} {where}" if where else f"{text} {kind}"
