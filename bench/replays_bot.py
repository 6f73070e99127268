"""`python -m bench replays [--json] [--at-once N] [--moves N]`: /replay through the bot.

The bot runs in a process of its own (bench/child.py, with its drawing process) against the
loopback Discord, on a temporary SQLite database holding finished 72-tile Islas games between
Ana and Luis (random legal moves, stored as the bot stores them). Its replays are kept beside
the database, as a bot's are by default. Figures, each from /replay leaving "Discord" until
the bot's post of the replay arrived:

- ``cold_ms``: one game's replay, never drawn before; ``bytes`` its size;
- ``cached_ms``: the same again (read back);
- ``at_once``: ``--at-once`` other games' replays asked at the same moment: when each was
  posted (``finish_ms``, in the order they were asked), the last (``last_ms``), and the CPU
  time the bot's process and its drawing process took, per replay (``cpu_ms_each``);
- ``same_at_once``: one more game's replay asked ``--at-once`` times at the same moment
  (drawn once): when the last was posted;
- ``memory_mb``: the bot's process and its drawing process (RSS) before the first replay and
  after those at once;
- ``live_move_ms``: a /move in an Islas game (from the interaction until the bot's answer,
  its board posted), p50 and max of ``--moves`` moves while nothing else runs
  (``quiet``), and of the moves played while ``--at-once`` more replays are being drawn
  (``during``): a live board must not wait behind them;
- ``drawn``: the games replayed, and the replays the bot kept (one file each: the game asked
  twice was drawn once).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.load import cpu_seconds, family, rss_bytes
from bench.replays import whole_game
from bench.session import Table, p50_p99
from data import Result, Store
from loopback import FakeChannel, served
from rules import State, get_game

OPTIONS = {"first": 0}


async def store_finished(store: Store, t: Table, seed: int) -> int:
    """A finished 72-tile Islas game between Ana and Luis, stored move by move; its number."""
    record = whole_game("islas", seed, OPTIONS)
    ana, luis = t.users
    game_id = await store.games.create_game(
        game="islas",
        seats=[(ana.id, ana.name), (luis.id, luis.name)],
        seed=record.seed,
        options=dict(record.options),
        lang="en",
        guild_id=t.guild_id,
        channel_id=t.channel.id,
        place_id=t.channel.id,
    )
    state = get_game("islas").new(2, record.seed, record.options)
    for version, text in enumerate(record.moves):
        seat = state.turn
        assert seat is not None
        state.play(text)
        result = Result.by_rules(state.outcome()) if state.turn is None else None
        user = t.users[seat].id
        await store.games.append_move(
            game_id, version, seat=seat, user_id=user, move=text, result=result, shown=True
        )
    return game_id


async def replay_ms(t: Table, game_id: int, started: float | None = None) -> tuple[float, int]:
    """/replay of game ``game_id``: ms until its post arrived (from ``started``), its bytes."""
    started = time.perf_counter() if started is None else started
    ix = await t.fake.slash(t.users[0], t.channel, "replay", {"game": game_id})
    done = await ix.done()
    ms = (time.perf_counter() - started) * 1000
    posts = [m for m in done.messages if m.attachments]
    if not posts:
        raise RuntimeError(f"bench: no replay posted for game {game_id}: {done.text!r}")
    return ms, len(posts[0].attachments[0].data)


def memory_mb(pid: int) -> dict[str, float]:
    """RSS of the bot's process and of its drawing process, in MB."""
    drawing = 0
    for member in family(pid)[1:]:
        with contextlib.suppress(OSError):
            if b"render.paint_worker" in Path(f"/proc/{member}/cmdline").read_bytes():
                drawing += rss_bytes(member, descendants=False)
    bot = rss_bytes(pid, descendants=False)
    return {"bot": round(bot / 2**20, 1), "drawing": round(drawing / 2**20, 1)}


async def open_islas(t: Table, store: Store) -> tuple[FakeChannel, State]:
    """A new Islas game between Ana and Luis, opened as players do: its thread, its position."""
    ana, luis = t.users
    options = {"opponent": luis, "first": "me"}
    ix = await t.fake.slash(ana, t.channel, "play", options, subcommand="islas")
    message = (await ix.done()).message
    assert message is not None
    accept = next(c for c in message.custom_ids if c.endswith(":accept"))
    await (await t.fake.click(luis, message, accept)).done()
    place = t.fake.threads(t.channel)[-1]
    await t.fake.wait_for_message(place, lambda m: bool(m.attachments))
    record = await store.games.latest_in_place(place.id)
    assert record is not None
    return place, get_game("islas").new(2, record.seed, record.options)


async def live_moves(
    t: Table, place: FakeChannel, state: State, count: int, until: asyncio.Future[Any] | None
) -> list[float]:
    """ms of each /move (until its board is posted and the mover answered): ``count`` moves,
    or (``until`` given) one, then as many as are played before ``until`` is done."""
    rng, times = random.Random(7), []
    while state.turn is not None:
        if len(times) >= count if until is None else times and until.done():
            break
        notation = state.format(rng.choice(state.legal_moves()))
        started = time.perf_counter()
        ix = await t.fake.slash(t.users[state.turn], place, "move", {"move": notation})
        await ix.done()
        times.append((time.perf_counter() - started) * 1000)
        state.play(notation)
    return times


async def measure(at_once: int, moves: int) -> dict[str, Any]:
    """Every figure (see the module's docstring)."""
    async with served() as fake:
        with tempfile.TemporaryDirectory() as tmp:
            t = Table(fake, Path(tmp) / "bench.sqlite3")
            store = await Store(t.database).open()
            try:
                ids = [await store_finished(store, t, 3 + i * 7) for i in range(2 + 2 * at_once)]
                await t.start_process()
                try:
                    return await _figures(t, store, ids, at_once, moves)
                finally:
                    await t.stop_bot()
            finally:
                await store.close()


async def _figures(
    t: Table, store: Store, ids: list[int], at_once: int, moves: int
) -> dict[str, Any]:
    assert t.process is not None
    pid = t.process.pid
    place, state = await open_islas(t, store)
    quiet = await live_moves(t, place, state, moves, None)
    before = memory_mb(pid)
    cold, size = await replay_ms(t, ids[0])
    cached, _ = await replay_ms(t, ids[0])
    started, cpu = time.perf_counter(), cpu_seconds(pid)
    finished = await asyncio.gather(*(replay_ms(t, g, started) for g in ids[1 : 1 + at_once]))
    cpu = cpu_seconds(pid) - cpu
    after = memory_mb(pid)
    # One game asked by as many at once: drawn once, posted to each.
    started = time.perf_counter()
    same = await asyncio.gather(*(replay_ms(t, ids[-1], started) for _ in range(at_once)))
    # Live moves while as many replays again are drawn.
    place, state = await open_islas(t, store)
    drawing = asyncio.gather(*(replay_ms(t, g) for g in ids[1 + at_once : 1 + 2 * at_once]))
    during = await live_moves(t, place, state, moves, drawing)
    await drawing
    finish = [round(ms, 1) for ms, _ in finished]
    kept = Path(f"{t.database}.replays")  # the bot keeps them beside its database
    return {
        "cold_ms": round(cold, 1),
        "cached_ms": round(cached, 1),
        "bytes": size,
        "at_once": {
            "count": at_once,
            "finish_ms": finish,
            "last_ms": max(finish),
            # CPU of the bot and its drawing process per replay: steadier than the times
            "cpu_ms_each": round(cpu * 1000 / at_once, 1),
        },
        "same_at_once": {"count": at_once, "last_ms": round(max(ms for ms, _ in same), 1)},
        "memory_mb": {"before": before, "after": after},
        "live_move_ms": {
            "quiet": {**p50_p99(quiet, 1), "max": round(max(quiet), 1), "moves": len(quiet)},
            "during": {**p50_p99(during, 1), "max": round(max(during), 1), "moves": len(during)},
        },
        # every game replayed was drawn once and kept: one file each
        "drawn": {"games": len(ids), "kept_files": len(list(kept.glob("*.replay")))},
    }


def main(argv: list[str]) -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(prog="python -m bench replays", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--at-once", type=int, default=8, help="replays asked at once")
    parser.add_argument("--moves", type=int, default=20, help="live moves timed, quiet")
    args = parser.parse_args(argv)
    figures = asyncio.run(measure(args.at_once, args.moves))
    if args.json:
        print(json.dumps(figures))
        return
    n = figures["at_once"]
    live = figures["live_move_ms"]
    memory = figures["memory_mb"]
    print("/replay of a 72-tile Islas game (bot in its own process, loopback Discord)")
    print(f"  cold    {figures['cold_ms']:8.1f} ms   {figures['bytes'] / 1024:6.1f} KB")
    print(f"  cached  {figures['cached_ms']:8.1f} ms")
    print(f"  {n['count']} at once: last {n['last_ms']:.1f} ms; each {n['finish_ms']}")
    print(f"  CPU per replay (bot + drawing process) {n['cpu_ms_each']:.0f} ms")
    same = figures["same_at_once"]
    print(f"  one game asked {same['count']} times at once: last {same['last_ms']:.1f} ms")
    print(
        f"  memory  bot {memory['before']['bot']:.0f} -> {memory['after']['bot']:.0f} MB,"
        f" drawing process {memory['before']['drawing']:.0f} -> {memory['after']['drawing']:.0f}"
        " MB"
    )
    for key, label in (("quiet", "alone"), ("during", f"during {n['count']} replays")):
        p = live[key]
        print(
            f"  live /move {label:<20} p50 {p['p50']:6.1f} ms  p99 {p['p99']:6.1f} ms"
            f"  max {p['max']:6.1f} ms  ({p['moves']} moves)"
        )
