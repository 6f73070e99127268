"""`python -m bench review [--json] [--moves N] [--reviews N]`: post-game reviews, and a
person's /move while they are computed.

First a whole two-player Islas game (72 tiles) is played through /move on the loopback
Discord, and /review is asked in its thread: ``review_seconds`` is the time from the command
to the review's post (computed in the bot's review worker, stored, drawn; the issue's target:
within 2 minutes). Then two runs of the same human moves (Ana against Luis, Stonehenge):
first with no review under way, then while ``--reviews`` reviews of that Islas game are
computed afresh in the review worker (one at a time, at the lowest priority). ``ratio_p99``
is the second p99 over the first (the issue's target: at most 1.2). ``review_cpu_seconds``:
the processor time of each of those reviews in the worker (computing and drawing), steadier
than wall time on a busy machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import time
from typing import Any

from bench.session import Game, Table, p50_p99, table
from games.plugin import plugin_for
from games.review import review_job
from table.reviews import SEED

#: How long the review of the bench's game may take before the bench gives up.
REVIEW_SECONDS = 600


async def _islas_game(t: Table, seed: int) -> Game:
    """A whole Islas game through /move, by players who pick among the first placements
    the rules list (a map like people's)."""
    game = await t.open_game("islas")
    rng = random.Random(seed)
    while game.state.turn is not None:
        moves = game.state.legal_moves()
        await t.move(game, game.state.format(rng.choice(moves[: max(1, len(moves) // 4)])))
    return game


async def _review_seconds(t: Table, game: Game) -> float:
    """Seconds from /review in the game's thread to its post."""
    started = time.perf_counter()
    ix = await t.fake.slash(t.users[0], game.place, "review", {})
    done = await ix.done(timeout=REVIEW_SECONDS)
    if done.errors or not done.attachments:
        raise RuntimeError(f"no review: {done.text or done.errors}")
    return time.perf_counter() - started


async def _human_moves(t: Table, moves: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    samples: list[float] = []
    while len(samples) < moves:
        g = await t.open_game("stonehenge")
        while g.state.turn is not None and len(samples) < moves:
            samples.append(await t.move(g, g.state.format(rng.choice(g.state.legal_moves()))))
    return samples


async def _run(moves: int, reviews: int) -> dict[str, Any]:
    async with table() as t:
        assert t.bot is not None and t.bot.table.reviews is not None
        game = await _islas_game(t, 7)
        record = await t.bot.store.games.get(game.game_id)
        assert record is not None
        seconds = await _review_seconds(t, game)
        alone = await _human_moves(t, moves, 1)
        budget = t.bot.table.reviews.budget.to_json()
        args = (record.record.to_json(), None, None, budget, SEED, "en", list(record.names()))
        started = time.perf_counter()
        running = [
            asyncio.ensure_future(t.bot.thinker.review(review_job, *args, plugin_for("islas").home))
            for _ in range(reviews)
        ]
        await asyncio.sleep(1.0)  # the review worker has started and is computing
        busy = await _human_moves(t, moves, 2)
        done_meanwhile = sum(task.done() for task in running)
        drawn = await asyncio.gather(*running)
        all_reviews = time.perf_counter() - started
    first, second = p50_p99(alone), p50_p99(busy)
    return {
        "review_game": {"game": "islas", "players": 2, "plies": len(record.moves)},
        "review_seconds": round(seconds, 1),
        "review_budget": budget,
        "moves": moves,
        "reviews": reviews,
        "move_ms_alone": first,
        "move_ms_with_reviews": second,
        "ratio_p50": round(second["p50"] / first["p50"], 2),
        "ratio_p99": round(second["p99"] / first["p99"], 2),
        "reviews_done_while_timed": done_meanwhile,
        "seconds_for_all_reviews": round(all_reviews, 1),
        "review_cpu_seconds": p50_p99([d.cpu_seconds for d in drawn]),
    }


def main(argv: list[str]) -> None:
    """Run and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m bench review", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--moves", type=int, default=200, help="human /move samples per run")
    parser.add_argument("--reviews", type=int, default=5, help="reviews computed meanwhile")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    figures = asyncio.run(_run(args.moves, args.reviews))
    if args.json:
        print(json.dumps(figures))
        return
    alone, busy = figures["move_ms_alone"], figures["move_ms_with_reviews"]
    print(
        f"review of a 72-tile Islas game ({figures['review_game']['plies']} moves):"
        f" posted in {figures['review_seconds']} s"
    )
    print(f"/move (stonehenge), {args.moves} moves a run")
    print(f"  no review           p50 {alone['p50']:7.1f} ms   p99 {alone['p99']:7.1f} ms")
    print(
        f"  {args.reviews} reviews running  p50 {busy['p50']:7.1f} ms   p99 {busy['p99']:7.1f} ms"
    )
    print(
        f"  ratio               p50 {figures['ratio_p50']:7.2f}"
        f"      p99 {figures['ratio_p99']:7.2f}"
    )
    cpu = figures["review_cpu_seconds"]
    print(f"  a review's processor time p50 {cpu['p50']} s, p99 {cpu['p99']} s")
    print(
        f"  {figures['reviews_done_while_timed']} reviews finished while timed;"
        f" all {args.reviews} in {figures['seconds_for_all_reviews']} s"
    )
