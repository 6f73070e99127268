"""`python -m bench profile GAME [--moves N] [--top K]`: where the time of a /move goes.

Two passes over N /moves each, on the real bot against the loopback Discord (as bench/e2e):

1. Wall clock, instrumented: every awaited store call (by method), every SQLite round trip
   to aiosqlite's thread and every statement kind, every Discord request (by route, the
   loopback's answer included) and every render (as long as it took in the drawing
   process, render/painter.py). Per move.
2. cProfile of the event loop's thread (the bot, discord.py, aiohttp and the loopback server
   all run there; renders run in the drawing process and SQLite in a thread: not in it):
   CPU per move by package (C functions counted with their callers), the waiting time apart, and the
   costliest functions. cProfile slows Python code down (often twice), so read those
   figures as shares rather than as milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import functools
import inspect
import json
import pstats
import random
import statistics
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import aiosqlite.core
import discord.webhook.async_

from bench.restart import long_games
from bench.session import Game, Table, p50_p99, table
from bot import Tablero
from games.plugin import plugins
from render import painter

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ("cogs", "data", "rules", "render", "locales", "bot.py")
#: The child process (bench/child.py) profiles what follows its start into this file.
PROFILE_ENV = "BENCH_CHILD_PROFILE"
IDLE = "waiting (event loop idle: SQLite and render threads, sockets)"
#: Entry points whose time, callees included, says who spent it (they nest: the command's
#: own time includes the discord.py requests it makes, which include aiohttp's client).
ENTRY_POINTS = (
    ("aiohttp/web_protocol.py", "_handle_request", "loopback Discord: serving REST requests"),
    ("loopback/gateway.py", "send", "loopback Discord: sending gateway events"),
    ("discord/gateway.py", "received_message", "discord.py: reading gateway events"),
    ("discord/app_commands/tree.py", "_call", "discord.py: the slash command, handler included"),
    ("cogs/turns.py", "move", "Tablero: the /move handler"),
    ("discord/http.py", "request", "discord.py: REST requests (building, sending, reading)"),
    ("aiohttp/client.py", "_request", "aiohttp client: sending and reading"),
    ("aiosqlite/core.py", "_execute", "aiosqlite: handing statements to its thread"),
)


class Tally:
    """Wall time and count per key."""

    def __init__(self) -> None:
        self.ms: defaultdict[str, float] = defaultdict(float)
        self.count: Counter[str] = Counter()

    def add(self, key: str, started: float) -> None:
        self.ms[key] += (time.perf_counter() - started) * 1000
        self.count[key] += 1

    def wrap_async(self, key: str | Callable[..., str], fn: Callable[..., Any]) -> Any:
        @functools.wraps(fn)
        async def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                self.add(key(*args, **kwargs) if callable(key) else key, started)

        return timed

    def wrap_sync(self, key: str, fn: Callable[..., Any]) -> Any:
        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.add(key, started)

        return timed


@contextlib.contextmanager
def instrumented(bot: Tablero, tally: Tally) -> Iterator[None]:
    """Wrap the store, aiosqlite, discord.py's requests and the renderers; undo after."""
    undo: list[Callable[[], None]] = []

    def patch(owner: Any, name: str, new: Any) -> None:
        own = vars(owner).get(name)  # None: inherited (a method, for an instance)
        setattr(owner, name, new)
        if own is None:
            undo.append(lambda: delattr(owner, name))
        else:
            undo.append(lambda: setattr(owner, name, own))

    for part_name, part in vars(bot.store).items():
        if not type(part).__module__.startswith("data.") or part_name == "db":
            continue
        for name, _ in inspect.getmembers(type(part), inspect.iscoroutinefunction):
            if not name.startswith("_"):
                key = f"store {part_name}.{name}"
                patch(part, name, tally.wrap_async(key, getattr(part, name)))
    conn = aiosqlite.core.Connection
    patch(conn, "_execute", tally.wrap_async("sqlite: round trips to its thread", conn._execute))
    execute = conn.execute

    def counted_execute(self: Any, sql: str, *args: Any, **kwargs: Any) -> Any:
        tally.count[f"sqlite: {sql.split(None, 1)[0].upper()} statements"] += 1
        return execute(self, sql, *args, **kwargs)

    patch(conn, "execute", counted_execute)
    http = bot.http

    def route(route: Any, **kwargs: Any) -> str:
        return f"discord {route.method} {route.path}"

    patch(http, "request", tally.wrap_async(route, http.request))
    # Interaction callbacks and followups go through discord.py's webhook adapter instead.
    webhooks = discord.webhook.async_.AsyncWebhookAdapter

    def webhook_route(self: Any, route: Any, *args: Any, **kwargs: Any) -> str:
        return f"discord {route.method} {route.path}"

    patch(webhooks, "request", tally.wrap_async(webhook_route, webhooks.request))
    watchers = painter.shared().watchers
    key = "render (in the drawing process)"

    def drawn(ms: float) -> None:  # told by the painter's reader thread
        tally.ms[key] += ms
        tally.count[key] += 1

    watchers.append(drawn)
    undo.append(lambda: watchers.remove(drawn))
    try:
        yield
    finally:
        for step in reversed(undo):
            step()


def category(filename: str) -> str:
    """The package a profiled function belongs to."""
    path = Path(filename)
    if path.is_relative_to(ROOT) and "site-packages" not in path.parts:
        top = path.relative_to(ROOT).parts[0]
        return f"tablero {top}" if top in PROJECT else top
    if "site-packages" in path.parts:
        return path.parts[path.parts.index("site-packages") + 1].removesuffix(".py")
    if path.parent.name.startswith("python3"):
        return f"python {path.stem}"
    return f"python {path.parent.name}"


def by_category(stats: pstats.Stats) -> dict[str, float]:
    """Own CPU seconds per package; a C function's time goes to its callers' packages."""
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    totals: defaultdict[str, float] = defaultdict(float)
    for (filename, _, name), (_, _, own, _, callers) in raw.items():
        if filename != "~":
            totals[category(filename)] += own
        elif "epoll" in name or "select" in name:
            totals[IDLE] += own
        else:
            weights = {c: v[2] for c, v in callers.items()} or {("~", 0, ""): own}
            whole = sum(weights.values()) or 1.0
            for caller, weight in weights.items():
                target = "C (no caller)" if caller[0] == "~" else category(caller[0])
                totals[target] += own * weight / whole
    return dict(totals)


async def _moves(
    t: Table, games: list[Game], game: str, n: int, around: Callable[[], Any]
) -> list[float]:
    """``n`` random /moves, each inside the context ``around()`` (opening a game is not)."""
    rng = random.Random(len(games))
    timings = []
    while len(timings) < n:
        if not games or games[-1].state.turn is None:
            games.append(await t.open_game(game))
        g = games[-1]
        notation = g.state.format(rng.choice(g.state.legal_moves()))
        with around():
            timings.append(await t.move(g, notation))
    return timings


@contextlib.contextmanager
def _enabled(profiler: cProfile.Profile) -> Iterator[None]:
    profiler.enable()
    try:
        yield
    finally:
        profiler.disable()


async def _profile(game: str, moves: int) -> tuple[list[float], Tally, list[float], pstats.Stats]:
    games: list[Game] = []
    async with table() as t:
        # The first moves of a process pay for imports and first-time set-ups.
        await _moves(t, games, game, 5, contextlib.nullcontext)
        tally = Tally()
        assert t.bot is not None
        bot = t.bot
        walls = await _moves(t, games, game, moves, lambda: instrumented(bot, tally))
        profiler = cProfile.Profile()
        profiled = await _moves(t, games, game, moves, lambda: _enabled(profiler))
    return walls, tally, profiled, pstats.Stats(profiler)


async def _after_restart(
    game: str, restarts: int, plies: int
) -> tuple[list[float], Tally, pstats.Stats]:
    """The first /move of a long game in a new bot process, profiled there, ``restarts`` times."""
    tally, walls = Tally(), []
    stats = pstats.Stats()
    async with table() as t:
        games = [(g, moves[ply]) for g, moves, ply in await long_games(t, game, restarts, plies)]
        with tempfile.TemporaryDirectory() as tmp:
            for n, (g, notation) in enumerate(games):
                out = Path(tmp) / f"first-{n}.prof"
                await t.stop_bot()
                await t.start_process({PROFILE_ENV: str(out)})
                walls.append(await t.move(g, notation))
                await t.stop_bot()
                stats.add(str(out))
                found = json.loads(Path(f"{out}.json").read_text())
                for key, count in found["count"].items():
                    tally.count[key] += count
                for key, ms in found["ms"].items():
                    tally.ms[key] += ms
    return walls, tally, stats


def _wall_lines(walls: list[float], tally: Tally, moves: int) -> list[str]:
    e2e = p50_p99(walls)
    out = [
        f"1. Wall clock per move (/move end to end: p50 {e2e['p50']} ms, p99 {e2e['p99']} ms,",
        f"   mean {statistics.mean(walls):.1f} ms). Nested: a store call holds SQLite round trips.",
    ]
    for key in sorted(tally.count, key=lambda k: (-tally.ms.get(k, 0), -tally.count[k])):
        ms = tally.ms.get(key)
        timing = f"{ms / moves:7.2f} ms" if ms is not None else " " * 10
        out.append(f"   {timing}  {tally.count[key] / moves:5.1f}×  {key}")
    return out


def _cpu_lines(stats: pstats.Stats, profiled: list[float], moves: int, top: int) -> list[str]:
    seconds = by_category(stats)
    busy = sum(v for k, v in seconds.items() if k != IDLE) * 1000 / moves
    out = [
        f"2. cProfile of the event loop's thread: {busy:.1f} ms CPU per move",
        f"   (under the profiler /move's p50 was {statistics.median(profiled):.1f} ms)",
    ]
    shown = [(k, v) for k, v in sorted(seconds.items(), key=_neg) if v * 1000 / moves >= 0.05]
    out += [f"   {v * 1000 / moves:7.2f} ms  {k}" for k, v in shown]
    out.append(f"   (and {len(seconds) - len(shown)} more packages under 0.05 ms each)")
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    out += ["", "   Who spent it (callees included; these nest):"]
    for suffix, function, label in ENTRY_POINTS:
        cum = sum(v[3] for f, v in raw.items() if f[0].endswith(suffix) and f[2] == function)
        out.append(f"   {cum * 1000 / moves:7.2f} ms  {label}")
    out += ["", f"   The {top} functions with the most own time (ms and calls per move):"]
    ranked = sorted(raw.items(), key=lambda kv: -kv[1][2])
    shown = [(f, v) for f, v in ranked if not (f[0] == "~" and "epoll" in f[2])][:top]
    for where, (_, calls, own, cum, _) in shown:
        line = f"{own * 1000 / moves:7.2f} own {cum * 1000 / moves:7.2f} cum {calls / moves:6.1f}×"
        out.append(f"   {line}  {_where(where)}")
    out += ["", f"   Tablero's {top} functions with the most time, callees included:"]
    ours = [(f, v) for f, v in raw.items() if category(f[0]).startswith("tablero")]
    for where, (_, calls, _, cum, _) in sorted(ours, key=lambda kv: -kv[1][3])[:top]:
        out.append(f"   {cum * 1000 / moves:7.2f} cum {calls / moves:6.1f}×  {_where(where)}")
    return out


def _neg(item: tuple[str, float]) -> float:
    return -item[1]


def report(game: str, moves: int, top: int) -> str:
    """The profile of ``moves`` /moves of ``game``, as text."""
    walls, tally, profiled, stats = asyncio.run(_profile(game, moves))
    return "\n".join(
        [
            f"{game}: {moves} /moves per pass",
            "",
            *_wall_lines(walls, tally, moves),
            "",
            *_cpu_lines(stats, profiled, moves, top),
        ]
    )


def report_after_restart(game: str, restarts: int, plies: int, top: int) -> str:
    """The profile of the first /move after ``restarts`` restarts (new processes), as text."""
    walls, tally, stats = asyncio.run(_after_restart(game, restarts, plies))
    return "\n".join(
        [
            f"{game}: the first /move after a restart (a new process), {restarts} times,",
            "at the ply bench/restart.py times; the figures are per move.",
            "",
            *_wall_lines(walls, tally, restarts),
            "",
            *_cpu_lines(stats, walls, restarts, top),
        ]
    )


def _where(function: tuple[str, int, str]) -> str:
    filename, line, name = function
    return name if filename == "~" else f"{_short(filename)}:{line} {name}"


def _short(filename: str) -> str:
    path = Path(filename)
    if "site-packages" in path.parts:
        return "/".join(path.parts[path.parts.index("site-packages") + 1 :])
    if path.is_relative_to(ROOT):
        return str(path.relative_to(ROOT))
    return path.name


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments and print the profile."""
    parser = argparse.ArgumentParser(
        prog="python -m bench profile", description=__doc__.splitlines()[0]
    )
    parser.add_argument("game", choices=sorted(plugin.name for plugin in plugins()))
    parser.add_argument("--moves", type=int, default=100, help="/moves per pass")
    parser.add_argument("--top", type=int, default=25, help="functions listed")
    parser.add_argument(
        "--after-restart",
        type=int,
        metavar="N",
        help="profile instead the first /move of a long game after N restarts (new processes)",
    )
    parser.add_argument("--plies", type=int, default=60, help="with --after-restart: game length")
    args = parser.parse_args(argv)
    if args.after_restart:
        print(report_after_restart(args.game, args.after_restart, args.plies, args.top))
    else:
        print(report(args.game, args.moves, args.top))


if __name__ == "__main__":
    main()
