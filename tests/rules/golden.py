"""Golden playouts: short hashes of everything the engines said over a few seeded games.

``tests/rules/golden_playouts.json`` was written by the engines before they were made fast
(``python -m tests.rules.golden`` rewrites it, which only a deliberate rules change should need);
``tests/rules/test_golden_playouts.py`` replays the same games and compares. Per ply it keeps one
line of short hashes: the sorted legal moves in notation, the events, the outcome and summary,
and the views of every seat and of the public. Moves are chosen from the sorted notation, so
the order ``legal_moves`` lists them in may change without breaking the file; every few plies
the game goes on from a clone, so ``clone`` is held to the same results.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from rules import get_game
from rules.base import State
from rules.islas import Skip

PATH = Path(__file__).parent / "golden_playouts.json"
#: (game, players, seed, options) of each golden game.
GAMES: tuple[tuple[str, int, int, dict[str, Any]], ...] = (
    ("stonehenge", 2, 1, {}),
    ("stonehenge", 2, 2, {}),
    ("stonehenge", 2, 3, {"hidden": True}),
    ("stonehenge", 2, 4, {"hidden": True}),
    ("kahuna", 2, 1, {}),
    ("kahuna", 2, 2, {}),
    ("kahuna", 2, 3, {"forbid_build_on_controlled": True}),
    ("kahuna", 2, 4, {"no_bridges_ends_game": False}),
    ("islas", 2, 1, {}),
    ("islas", 3, 2, {}),
    ("islas", 5, 3, {}),
)
CLONE_EVERY = 7


def _hash(value: Any) -> str:
    return hashlib.blake2b(repr(value).encode(), digest_size=4).hexdigest()


def _choose(game: str, rng: random.Random, texts: list[str]) -> str:
    """A random legal move; in Kahuna mostly a build, removal or draw (else it only discards)."""
    if game == "kahuna" and rng.random() < 0.85:
        active = [t for t in texts if not t.startswith("discard")]
        if active:
            return rng.choice(active)
    return rng.choice(texts)


def _line(state: State, events: Any) -> str:
    views = [state.view(seat) for seat in (None, *range(state.players))]
    parts = (
        sorted(state.format(m) for m in state.legal_moves()),
        events,
        (state.outcome(), state.turn, state.ply),
        state.summary(),
        views,
    )
    return " ".join(_hash(part) for part in parts)


def playout(game: str, players: int, seed: int, options: dict[str, Any]) -> list[str]:
    """One hashed line per position of a seeded random game (the start included)."""
    rng = random.Random(seed)
    state = get_game(game).new(players, seed, options)
    lines = [_line(state, [])]
    while state.turn is not None:
        if state.ply % CLONE_EVERY == CLONE_EVERY - 1:
            state = state.clone()
        texts = sorted(state.format(m) for m in state.legal_moves())
        if game == "islas" and rng.random() < 0.05:
            events = state.apply(Skip())  # the table voting a turn away
        else:
            events = state.apply(state.parse(_choose(game, rng, texts)))
        lines.append(_line(state, events))
    return lines


def key(game: str, players: int, seed: int, options: dict[str, Any]) -> str:
    """The name of one golden game in the file."""
    return f"{game} players={players} seed={seed} options={json.dumps(options, sort_keys=True)}"


def write() -> None:
    """Rewrite the golden file from the engines as they are now."""
    data = {key(*spec): playout(*spec) for spec in GAMES}
    PATH.parent.mkdir(exist_ok=True)
    PATH.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
