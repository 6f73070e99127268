"""The Kahuna board and cards, read once from ``rules/assets/kahuna.json``."""

from __future__ import annotations

import json
from importlib import resources

_DATA = json.loads(
    resources.files("rules").joinpath("assets/kahuna.json").read_text(encoding="utf-8")
)

#: The 12 island names, in data (alphabetical) order.
ISLANDS: tuple[str, ...] = tuple(island["name"] for island in _DATA["islands"])
#: Island -> where it lies on the map (fractions of its width and height), for pictures.
ISLAND_XY: dict[str, tuple[float, float]] = {
    island["name"]: (island["xy"][0], island["xy"][1]) for island in _DATA["islands"]
}
#: Island -> how many of its lines a player needs to control it (more than half).
TO_CONTROL: dict[str, int] = {island["name"]: island["to_control"] for island in _DATA["islands"]}
#: The 27 bridge lines as "Aloa-Bari", in data order (alphabetical by both ends).
LINES: tuple[str, ...] = tuple(_DATA["lines"])
#: Line -> its two islands, alphabetical.
ENDS: dict[str, tuple[str, str]] = {
    line: (line.split("-")[0], line.split("-")[1]) for line in LINES
}
#: Island -> the lines that touch it.
LINES_OF: dict[str, tuple[str, ...]] = {
    island: tuple(line for line in LINES if island in ENDS[line]) for island in ISLANDS
}
#: The 24 cards: two of each island.
CARDS: tuple[str, ...] = tuple(sorted(ISLANDS * 2))

SEATS = 2
BRIDGES = 25  # each player's supply
HAND_LIMIT = 5
DEALT = 3  # cards dealt to each player
DISPLAY = 3  # face-up slots
ROUNDS = 3
ROUND_POINTS = {1: 1, 2: 2}  # points for more islands after rounds 1 and 2

_BY_LOWER = {name.lower(): name for name in ISLANDS}


def island_named(word: str) -> str | None:
    """The island called ``word`` in any case, or None."""
    # ASCII only, so that, say, the Kelvin sign never lower-cases into "Kahu".
    return _BY_LOWER.get(word.lower()) if word.isascii() else None


def line_between(a: str, b: str) -> str:
    """The name of a line between islands ``a`` and ``b`` (which may not exist)."""
    return "-".join(sorted((a, b)))
