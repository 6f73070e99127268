"""Digests of 50 seeded random Islas games, written before the engine was made faster.

Each game is played as ``bench.positions.playout_ms`` plays it: ``rng.choice`` over
``legal_moves()`` in the order the engine lists them, so the order is held fixed too (search and
the bench depend on it). One hash per game covers every legal-move list, every event and the
final outcome. ``python -m tests.rules.islas.playout_digests`` rewrites
``playout_digests.json``; only a deliberate rules change should need that.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from rules.islas import ISLAS, format_move

PATH = Path(__file__).parent / "playout_digests.json"
GAMES = 50


def digest(seed: int) -> str:
    """The hash of one random game: seat count 2 to 5 by seed."""
    rng = random.Random(seed)
    state = ISLAS.new(2 + seed % 4, seed, {})
    hashed = hashlib.blake2b(digest_size=8)
    while state.turn is not None:
        moves = state.legal_moves()
        hashed.update(repr([format_move(m) for m in moves]).encode())
        events = state.apply(rng.choice(moves))
        hashed.update(repr(events).encode())
    hashed.update(repr((state.outcome(), state.summary())).encode())
    return hashed.hexdigest()


def write() -> None:
    """Rewrite the digests from the engine as it is now."""
    digests = {str(seed): digest(seed) for seed in range(GAMES)}
    PATH.write_text(json.dumps(digests, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
