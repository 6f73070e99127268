"""End-to-end time of /move beside what it cannot avoid: its render, and Discord's round trips.

The real bot runs against the loopback fake Discord (loopback) on a temporary database.
Three figures are taken side by side, one of each per move so that background load weighs
on them alike:

(a) ``move_e2e_ms``: a /move, from the interaction leaving "Discord" until the bot's answer
    is complete (the board stored, rendered, posted, the mover told);
(b) ``moves_render_ms``: the draws of the images that move's answers showed, as long as
    each took in the bot's drawing process (render/painter.py tells its watchers): the
    board posted when the turn passed (with its labels in the game's language, and its alt
    text), and the image of the mover's reply if it has one (their board in the middle of a
    Kahuna turn, the card they drew at its end). So that nothing else passes for a render,
    there must be one draw per image shown, and each image is drawn again afterwards and
    checked to be the very bytes the bot sent;
(c) ``bare_ms``: /bare (bench/bare.py) in the same place, posting an attachment as large as
    the move's main image: the same Discord calls as the move, and nothing of Tablero's.

``overhead_vs_bare`` is (a − b) / c at p50 and at p99: what the pipeline costs, in units of
Discord's round trips.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from bench.session import Game, Table, p50_p99, table
from cogs.utils.images import PRIVATE_NAME, home_of
from render import painter
from render.paint_draws import board, private


async def _same_again(work: Callable[..., tuple[bytes, str]], *args: Any, sent: bytes) -> int:
    """The size of ``work(*args)``, drawn again; it must be the image the bot ``sent``."""
    png, _ = await painter.shared().draw(work, *args)
    if png != sent:
        raise RuntimeError("bench: an image drawn again differs from the one the bot sent")
    return len(png)


async def _images(t: Table, g: Game, game: str, mover: int, before: int) -> tuple[int, int]:
    """How many images the move just played showed (each checked by drawing it again), and
    the size of its main one (the board posted, else the mover's image)."""
    home = home_of(game)
    sizes = []
    posts = [m for m in t.fake.messages(g.place)[before:] if m.attachments]
    for post in posts:  # the turn passed: its board
        sent = post.attachments[0].data
        sizes.append(
            await _same_again(board, game, home, g.state, None, g.lang, g.names, sent=sent)
        )
    answer = t.last_answer
    assert answer is not None
    for attachment in answer.attachments:  # the mover's own image
        work = private if attachment.filename == PRIVATE_NAME else board
        sizes.append(
            await _same_again(
                work, game, home, g.state, mover, g.lang, g.names, sent=attachment.data
            )
        )
    return len(sizes), sizes[0] if sizes else 0


async def _measure(game: str, moves: int) -> dict[str, list[float]]:
    rng = random.Random(1)
    samples: dict[str, list[float]] = {"move": [], "render": [], "bare": [], "bytes": []}
    draws: list[float] = []  # the ms of each draw since the last move began
    watchers = painter.shared().watchers
    watchers.append(draws.append)
    try:
        async with table() as t:
            while len(samples["move"]) < moves:
                g = await t.open_game(game)
                while g.state.turn is not None and len(samples["move"]) < moves:
                    mover, before = g.state.turn, len(t.fake.messages(g.place))
                    notation = g.state.format(rng.choice(g.state.legal_moves()))
                    draws.clear()
                    samples["move"].append(await t.move(g, notation))
                    made = list(draws)
                    shown, size = await _images(t, g, game, mover, before)
                    if len(made) != shown:
                        raise RuntimeError(f"bench: {len(made)} draws for {shown} images shown")
                    samples["render"].append(sum(made))
                    samples["bytes"].append(size)
                    samples["bare"].append(await t.bare(g.place, size))
    finally:
        watchers.remove(draws.append)
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
