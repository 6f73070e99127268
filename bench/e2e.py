"""End-to-end time of /move beside what it cannot avoid: its render, and Discord's round trips.

The real bot runs against the loopback fake Discord (loopback) on a temporary database.
Three figures are taken side by side, one of each per move so that background load weighs
on them alike:

(a) ``move_e2e_ms``: a /move, from the interaction leaving "Discord" until the bot's answer
    is complete (the board stored, rendered, posted, the mover told);
(b) ``moves_render_ms``: the render of the public view of the position that move reached,
    timed in this process as bench/positions does;
(c) ``bare_ms``: /bare (bench/bare.py) in the same place, posting an attachment as large as
    that board: the same Discord calls as the move, and nothing of Tablero's.

``overhead_vs_bare`` is (a − b) / c at p50 and at p99: what the pipeline costs, in units of
Discord's round trips.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from bench.session import p50_p99, table
from render import render


def _render_ms(view: Any) -> tuple[float, int]:
    started = time.perf_counter()
    png = render(view)
    return (time.perf_counter() - started) * 1000, len(png)


async def _measure(game: str, moves: int) -> dict[str, list[float]]:
    rng = random.Random(1)
    samples: dict[str, list[float]] = {"move": [], "render": [], "bare": [], "bytes": []}
    async with table() as t:
        while len(samples["move"]) < moves:
            g = await t.open_game(game)
            while g.state.turn is not None and len(samples["move"]) < moves:
                notation = g.state.format(rng.choice(g.state.legal_moves()))
                samples["move"].append(await t.move(g, notation))
                ms, size = _render_ms(g.state.view(None))
                samples["render"].append(ms)
                samples["bytes"].append(size)
                samples["bare"].append(await t.bare(g.place, size))
    return samples


def overhead(move: dict[str, float], render_ms: dict[str, float], bare: dict[str, float]) -> Any:
    """(a − b) / c at p50 and p99."""
    return {q: round((move[q] - render_ms[q]) / bare[q], 2) for q in ("p50", "p99")}


def move_figures(game: str, moves: int = 200) -> dict[str, Any]:
    """(a), (b), (c) and overhead_vs_bare over ``moves`` moves (p50 and p99, in ms)."""
    samples = asyncio.run(_measure(game, moves))
    move, render_ms, bare = (p50_p99(samples[k]) for k in ("move", "render", "bare"))
    sizes = samples["bytes"]
    return {
        "move_e2e_ms": move,
        "moves_render_ms": render_ms,
        "bare_ms": bare,
        "moves_png_bytes": {"p50": int(sorted(sizes)[len(sizes) // 2]), "max": int(max(sizes))},
        "overhead_vs_bare": overhead(move, render_ms, bare),
    }
