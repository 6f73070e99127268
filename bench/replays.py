"""The animated replay of a whole game: how long /replay draws it, and how large it is.

The game is a random one played to its end: a Kahuna game of all its rounds, an Islas game
of all 72 tiles (two players; the first seed whose every tile was placed), a Stonehenge game.
``replay_figures`` (in ``python -m bench``) is the drawing itself, in this process, with its
caches warm as in a running bot: the median of a few draws. ``python -m bench replays`` is
/replay through the bot (bench/replays_bot.py).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from cogs.utils.replays import draw_replay
from rules import get_game
from rules.record import Record

NAMES = ("Ana", "Luis")
ISLAS_TILES = 72


def whole_game(game: str, seed: int = 3, options: dict[str, Any] | None = None) -> Record:
    """A random game played to its end (Islas: one that placed all 72 tiles), the first seed
    from ``seed`` on that does."""
    options = options or {}
    for tried in range(seed, seed + 200):
        rng = random.Random(tried)
        state = get_game(game).new(2, tried, options)
        moves = []
        while state.turn is not None:
            move = rng.choice(state.legal_moves())
            moves.append(state.format(move))
            state.apply(move)
        if game != "islas" or len(state.view(None).tiles) == ISLAS_TILES:
            return Record(game, 2, tried, dict(options), tuple(moves))
    raise RuntimeError(f"no whole {game} game found")


def replay_figures(game: str, repeat: int = 3) -> dict[str, Any]:
    """``replay_ms`` (median) and ``replay_bytes`` of the replay of one whole game."""
    record = whole_game(game)
    drawn = draw_replay(record, NAMES, "en", None)  # warm: fonts, sprites, words
    times = []
    for _ in range(max(1, repeat)):
        started = time.perf_counter()
        # As /replay does: the public record written, then drawn (a GIF).
        drawn = draw_replay(record, NAMES, "en", None)
        times.append((time.perf_counter() - started) * 1000)
    return {"replay_ms": round(statistics.median(times), 1), "replay_bytes": len(drawn.png)}
