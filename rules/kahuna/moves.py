"""Kahuna moves and their notation (spec/kahuna.md, "Notation").

Every action is one move: ``place Elai-Huna with Huna``, ``remove Elai-Huna with Elai+Huna``,
``discard Bari Coco``, ``draw deck`` / ``draw Coco``. Reading is case-insensitive and forgiving
(a line in either order, joined by any dash, "/" or a space; card pairs joined by "+", "&", ","
or a space; ``draw pile`` for ``draw deck``; the Spanish ``colocar … con``, ``quitar … con``,
``descartar``, ``robar mazo``); writing is canonical: islands capitalised, a line
and every list of cards in alphabetical order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from rules.base import IllegalMove, InvalidMove
from rules.kahuna.board import ENDS, ISLANDS, LINES, island_named, line_between

#: The source of ``Draw`` for the top of the face-down draw pile.
DECK = "deck"


@dataclass(frozen=True)
class Place:
    """Play ``card`` to build a bridge on the empty ``line`` ("Elai-Huna"), which touches it."""

    line: str
    card: str


@dataclass(frozen=True)
class Remove:
    """Play two ``cards`` (kept alphabetical) naming only ends of ``line`` to remove its bridge."""

    line: str
    cards: tuple[str, str]

    def __post_init__(self) -> None:
        # The pair is a multiset: the same move whatever order it was given in.
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True)
class Discard:
    """Put ``cards`` (one or more, kept alphabetical) face down on the discard pile."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        # The cards are a multiset: the same move whatever order they were given in.
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True)
class Draw:
    """Take a face-up card (``source`` is its island) or the top of the pile (``DECK``)."""

    source: str


KahunaMove = Place | Remove | Discard | Draw

# Moves are immutable values, and but for discards there are few of them: legal move lists
# (listed on every step of a search) share these instead of building new ones.
#: (line, card) -> the placement.
PLACES: dict[tuple[str, str], Place] = {
    (line, card): Place(line, card) for line in LINES for card in ENDS[line]
}
#: Line -> its removals with the two cards of one end, of each end, of the other end.
REMOVES: dict[str, tuple[Remove, Remove, Remove]] = {
    line: (Remove(line, (a, a)), Remove(line, (a, b)), Remove(line, (b, b)))
    for line, (a, b) in ENDS.items()
}
#: Source (an island or ``DECK``) -> the draw.
DRAWS: dict[str, Draw] = {source: Draw(source) for source in (DECK, *ISLANDS)}


@lru_cache(maxsize=4096)
def discards(hand: tuple[str, ...]) -> tuple[Discard, ...]:
    """Every discard of a sorted ``hand``, once per multiset of cards, in sorted order."""
    # Combinations of a sorted hand are sorted tuples; the set drops repeated islands.
    found = {c for n in range(1, len(hand) + 1) for c in combinations(hand, n)}
    return tuple(Discard(c) for c in sorted(found))


_WORD = r"[a-z]+"
_LINE = rf"(?P<a>{_WORD})(?:\s*[-/]\s*|\s+)(?P<b>{_WORD})"
_PAIR = r"(?:\s*[+&,]\s*|\s+)"
# ASCII-only, so that no Unicode letter case-folds into an island's letters.
_FLAGS = re.IGNORECASE | re.ASCII
_WITH = r"(?:with|con)"
_PATTERNS: dict[str, re.Pattern[str]] = {
    "place": re.compile(rf"\w+\s+{_LINE}\s+{_WITH}\s+(?P<card>{_WORD})", _FLAGS),
    "remove": re.compile(rf"\w+\s+{_LINE}\s+{_WITH}\s+(?P<c>{_WORD}){_PAIR}(?P<d>{_WORD})", _FLAGS),
    "discard": re.compile(rf"\w+\s+(?P<cards>{_WORD}(?:{_PAIR}{_WORD})*)", _FLAGS),
    "draw": re.compile(rf"\w+\s+(?P<source>{_WORD})", _FLAGS),
}
#: The verbs read, English (canonical) and Spanish, for each action.
VERBS: dict[str, str] = {
    "place": "place",
    "colocar": "place",
    "remove": "remove",
    "quitar": "remove",
    "discard": "discard",
    "descartar": "discard",
    "draw": "draw",
    "robar": "draw",
}
#: Words for the top of the draw pile.
PILE_WORDS = (DECK, "pile", "mazo")
# Hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign.
_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212", "-"))


def _island(word: str) -> str:
    """The island ``word`` names (IllegalMove ``kahuna-no-such-island`` when none)."""
    island = island_named(word)
    if island is None:
        raise IllegalMove("kahuna-no-such-island", name=word)
    return island


def _line(a: str, b: str) -> str:
    """The line joining the islands named ``a`` and ``b`` (``kahuna-no-such-line`` if none)."""
    line = line_between(_island(a), _island(b))
    if line not in ENDS:
        raise IllegalMove("kahuna-no-such-line", line=line)
    return line


def read_move(text: str) -> KahunaMove:
    """The move ``text`` spells, not yet checked against a position."""
    # str.split also splits on Unicode spaces (no-break, ideographic), which \s here would not.
    cleaned = " ".join(text.split()).translate(_DASHES)
    verb = VERBS.get(cleaned.split(" ", 1)[0].lower())
    found = _PATTERNS[verb].fullmatch(cleaned) if verb is not None else None
    if found is None:
        raise InvalidMove("move-unreadable", text=text)
    if verb == "place":
        return Place(_line(found["a"], found["b"]), _island(found["card"]))
    if verb == "remove":
        return Remove(_line(found["a"], found["b"]), (_island(found["c"]), _island(found["d"])))
    if verb == "discard":
        words = re.split(_PAIR, found["cards"])
        return Discard(tuple(_island(word) for word in words))
    source = found["source"]
    if source.lower() in PILE_WORDS:
        return Draw(DECK)
    return Draw(_island(source))


def format_move(move: KahunaMove) -> str:
    """The canonical notation of ``move``."""
    if isinstance(move, Place):
        return f"place {move.line} with {move.card}"
    if isinstance(move, Remove):
        return f"remove {move.line} with {'+'.join(move.cards)}"
    if isinstance(move, Discard):
        return "discard " + " ".join(move.cards)
    return f"draw {move.source}"
