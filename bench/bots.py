"""`python -m bench bots [--json] [--moves N] [--tables N] [GAME]`: a person's /move while the
bot thinks in other games.

Two runs of the same human moves (Ana against Luis, through /move on the loopback Discord):
first with no bot game, then while ``--tables`` games of the bot against itself (``hard``,
at the bot's full budget, no pause) keep its worker processes busy. The bot's searches run
in those processes at low priority, so a person's /move should barely notice them:
``ratio_p99`` is the second p99 over the first (the issue's target: at most 1.5). The bot's
turns meanwhile are reported too: their think time in a worker, and apart from it the time
they waited in the queue for a free worker.

Before both runs, right after the bot started (as after a restart), Ana plays ``--replies``
moves of a Stonehenge game against the bot (``normal``, its real pause): the time from her
/move to the bot's reply on the board, the first reply beside the later ones.
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
from table.thinker import MAX_MS

#: How long a reply of the bot may take before the bench gives up (a budget, and a pause).
REPLY_SECONDS = 60


async def _human_moves(t: Table, game: str, moves: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    samples: list[float] = []
    while len(samples) < moves:
        g = await t.open_game(game)
        while g.state.turn is not None and len(samples) < moves:
            samples.append(await t.move(g, g.state.format(rng.choice(g.state.legal_moves()))))
    return samples


async def _bot_replies(t: Table, replies: int, seed: int) -> list[float]:
    """ms from Ana's /move to the bot's reply on the board, for the first ``replies``
    replies of a new Stonehenge game against the bot."""
    assert t.bot is not None
    fake, ana, rng = t.fake, t.users[0], random.Random(seed)
    options = {"opponent": fake.bot_user, "first": "me"}
    await (await fake.slash(ana, t.channel, "play", options, subcommand="stonehenge")).done()
    # The game starts at once, in a thread of the channel that holds its board.
    await fake.wait_for_message(t.channel, lambda _: bool(fake.threads(t.channel)), REPLY_SECONDS)
    place = fake.threads(t.channel)[-1]
    await fake.wait_for_message(place, lambda m: bool(m.attachments), REPLY_SECONDS)
    record = await t.bot.store.games.latest_in_place(place.id)
    assert record is not None
    said = f"**{record.seats[1].name}** played"  # how the bot's board begins (in English)
    samples: list[float] = []
    while len(samples) < replies and record.active:
        state = t.bot.table.state(record)
        before = fake.messages(place)[-1]
        started = time.perf_counter()
        ix = await fake.slash(
            ana, place, "move", {"move": state.format(rng.choice(state.legal_moves()))}
        )
        await ix.done()
        await fake.wait_for_message(
            place,
            lambda m: bool(m.attachments) and m.content.startswith(said),
            REPLY_SECONDS,
            after=before,
        )
        samples.append((time.perf_counter() - started) * 1000)
        record = await t.bot.store.games.get(record.id)
        assert record is not None
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


async def _run(game: str, moves: int, tables: int, replies: int) -> dict[str, Any]:
    async with table() as t:
        assert t.bot is not None
        first_reply, *later_replies = await _bot_replies(t, replies, 3)
        assert t.bot.table.bots is not None
        t.bot.table.bots.pause = 0.0  # the bot games think back to back: the most load
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
        timings = list(t.bot.table.bots.timings)
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
        "bot_first_reply_ms": round(first_reply, 1),
        "bot_later_replies_ms": p50_p99(later_replies) if later_replies else None,
    }


def main(argv: list[str]) -> None:
    """Run and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m bench bots", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--moves", type=int, default=200, help="human /move samples per run")
    parser.add_argument("--tables", type=int, default=10, help="bot games thinking meanwhile")
    parser.add_argument(
        "--replies", type=int, default=6, help="the bot's replies timed after its start"
    )
    parser.add_argument("game", nargs="?", default="stonehenge", help="the humans' game")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    figures = asyncio.run(_run(args.game, args.moves, args.tables, max(1, args.replies)))
    if args.json:
        print(json.dumps(figures))
        return
    alone, busy = figures["move_ms_alone"], figures["move_ms_with_bots"]
    later = figures["bot_later_replies_ms"]
    print("the bot's replies in a new game, right after it started (its pause included)")
    print(f"  first reply         {figures['bot_first_reply_ms']:7.1f} ms", end="")
    print(f"   later p50 {later['p50']:7.1f} ms   p99 {later['p99']:7.1f} ms" if later else "")
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
