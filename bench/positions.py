"""Pure timings of a game: random playouts, and render time and size at three positions."""

from __future__ import annotations

import io
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from bench.svg_reference import svg_drawing
from render import render
from rules import State, get_game

STAGES = ("early", "middle", "final")
#: Plies of the early and middle positions where the default (2, half way) says little:
#: Islas is measured at 10 and 40 tiles on the map (the start tile is one of them).
STAGE_PLIES: dict[str, tuple[int, int]] = {"islas": (9, 39)}


def random_game(game: str, seed: int, players: int = 2) -> list[State]:
    """Every position of one game played with random legal moves (the first one included)."""
    rng = random.Random(seed)
    state = get_game(game).new(players, seed, {})
    positions = [state.clone()]
    while state.turn is not None:
        state.apply(rng.choice(state.legal_moves()))
        positions.append(state.clone())
    return positions


def playout_ms(game: str, games: int = 200) -> float:
    """Mean time of one full random playout (legal moves generated every turn), in ms."""
    rng = random.Random(1)
    engine = get_game(game)
    started = time.perf_counter()
    for seed in range(games):
        state = engine.new(2, seed, {})
        while state.turn is not None:
            state.apply(rng.choice(state.legal_moves()))
    return (time.perf_counter() - started) * 1000 / games


def clone_ms(game: str, games: int = 5, repeat: int = 200) -> float:
    """Mean time of ``State.clone()`` over every position of a few random games, in ms.

    Search clones a position at every step; not yet a line of ``python -m bench``.
    """
    positions = [state for seed in range(games) for state in random_game(game, seed)]
    started = time.perf_counter()
    for state in positions:
        for _ in range(repeat):
            state.clone()
    return (time.perf_counter() - started) * 1000 / (len(positions) * repeat)


def _median_ms(work: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def render_figures(game: str, seed: int = 3, repeat: int = 30) -> dict[str, Any]:
    """Median render time (ms) and PNG size (bytes) of the public view early, middle, final,
    and the common SVG way's time for a board as wide (``bench.svg_reference``)."""
    positions = random_game(game, seed)
    early, middle = STAGE_PLIES.get(game, (2, len(positions) // 2))
    picks = {"early": positions[early], "middle": positions[middle], "final": positions[-1]}
    render(picks["early"].view(None))  # warm the caches of static layers, as a running bot has
    figures: dict[str, dict[str, float]] = {"render_ms": {}, "png_bytes": {}}
    for stage, state in picks.items():
        view = state.view(None)
        figures["render_ms"][stage] = round(_median_ms(lambda v=view: render(v), repeat), 2)
        figures["png_bytes"][stage] = len(render(view))
    return {
        **figures,
        **_svg_figures(figures["render_ms"], render(picks["final"].view(None)), repeat),
    }


def _svg_figures(render_ms: dict[str, float], png: bytes, repeat: int) -> dict[str, Any]:
    """The common SVG way's median ms for a board as wide as ``png`` (one of ours), and how
    many times faster our slowest stage (``render_ms``) is; None without its packages."""
    width = Image.open(io.BytesIO(png)).width
    draw = svg_drawing(width)
    ms = None if draw is None else _median_ms(draw, min(repeat, 20))
    return {
        "svg_reference_ms": None if ms is None else round(ms, 2),
        "svg_reference_width": width,
        "times_faster_than_svg": None if ms is None else round(ms / max(render_ms.values()), 1),
    }
