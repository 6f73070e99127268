"""`python -m bench bots [--json] [--moves N] [--tables N] [GAME]`: a person's /move while the
bot thinks in other games.

Two runs of the same human moves (Ana against Luis, through /move on the loopback Discord):
first with no bot game, then while ``--tables`` games of the bot against itself (``hard``,
at the bot's full budget, no pause) keep its worker processes busy. The bot's searches run
in those processes at low priority, so a person's /move should barely notice them:
``ratio_p99`` is the second p99 over the first (the issue's target: at most 1.5). The bot's
turns meanwhile are reported too: their think time in a worker, and apart from it the time
they waited in the queue for a free worker.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import time
from typing import Any

from bench.session import Table, p50_p99, table
from cogs.utils.thinker import MAX_MS


async def _human_moves(t: Table, game: str, moves: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    samples: list[float] = []
    while len(samples) < moves:
        g = await t.open_game(game)
        while g.state.turn is not None and len(samples) < moves:
            samples.append(await t.move(g, g.state.format(rng.choice(g.state.legal_moves()))))
    return samples


async def _bot_tables(t: Table, tables: int) -> list[int]:
    """Games of the bot against itself, at ``hard``: ids of the games opened."""
    assert t.bot is not None
    channel = t.bot.get_channel(t.channel.id)
    computer = t.bot.get_cog("Computer")
    games = ("stonehenge", "kahuna", "islas")
    ids = []
    for index in range(tables):
        record = await computer.open_table(channel, games[index % 3], ["hard", "hard"])
        ids.append(record.id)
    return ids


async def _run(game: str, moves: int, tables: int) -> dict[str, Any]:
    async with table() as t:
        assert t.bot is not None
        t.bot.bot_pause = 0.0  # the bot games think back to back: the most load they can make
        alone = await _human_moves(t, game, moves, 1)
        ids = await _bot_tables(t, tables)
        await asyncio.sleep(1.0)  # the workers have started and are searching
        started = time.perf_counter()
        busy = await _human_moves(t, game, moves, 2)
        seconds = time.perf_counter() - started
        bot_moves = 0
        for game_id in ids:
            record = await t.bot.store.games.get(game_id)
            bot_moves += len(record.moves) if record is not None else 0
        timings = list(t.bot.get_cog("Computer").timings)
    first, second = p50_p99(alone), p50_p99(busy)
    turns = {
        "turns": len(timings),
        "think_ms": p50_p99([x.think_ms for x in timings]) if timings else None,
        "queue_wait_ms": p50_p99([x.wait_ms for x in timings]) if timings else None,
    }
    return {
        "game": game,
        "moves": moves,
        "bot_tables": tables,
        "bot_ms": MAX_MS,
        "move_ms_alone": first,
        "move_ms_with_bots": second,
        "ratio_p50": round(second["p50"] / first["p50"], 2),
        "ratio_p99": round(second["p99"] / first["p99"], 2),
        "bot_moves_meanwhile": bot_moves,
        "bot_turns": turns,
        "seconds_with_bots": round(seconds, 1),
    }


def main(argv: list[str]) -> None:
    """Run and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m bench bots", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--moves", type=int, default=200, help="human /move samples per run")
    parser.add_argument("--tables", type=int, default=10, help="bot games thinking meanwhile")
    parser.add_argument("game", nargs="?", default="stonehenge", help="the humans' game")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    figures = asyncio.run(_run(args.game, args.moves, args.tables))
    if args.json:
        print(json.dumps(figures))
        return
    alone, busy = figures["move_ms_alone"], figures["move_ms_with_bots"]
    print(f"/move ({args.game}), {args.moves} moves a run")
    print(f"  no bot game         p50 {alone['p50']:7.1f} ms   p99 {alone['p99']:7.1f} ms")
    print(
        f"  {args.tables} bot games thinking p50 {busy['p50']:7.1f} ms   p99 {busy['p99']:7.1f} ms"
    )
    print(
        f"  ratio               p50 {figures['ratio_p50']:7.2f}"
        f"      p99 {figures['ratio_p99']:7.2f}"
    )
    print(f"  the bot played {figures['bot_moves_meanwhile']} moves meanwhile")
    turns = figures["bot_turns"]
    if turns["turns"]:
        think, wait = turns["think_ms"], turns["queue_wait_ms"]
        print(
            f"  its turns: think p50 {think['p50']:.0f} ms, p99 {think['p99']:.0f} ms;"
            f" queue wait p50 {wait['p50']:.0f} ms, p99 {wait['p99']:.0f} ms"
        )
