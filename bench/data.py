"""`python -m bench data [--json] [--engine sqlite|postgresql|both] [--scale F]`: every command
as fast with a year of games as with none.

A database of a busy bot's year (at --scale 1: 1,000 servers, 50,000 people, 200,000
finished games made by random playouts and rated, 5,000 games in play, seasons, events,
challenges; bench/data_rows.py) is built once per schema and scale and kept
(bench/data_build.py). Then, on each engine, on a copy of it and on an empty database
(--scale 0's few rows), the bench times:

- each command as its handler asks the store (bench/data_probe.py): p50 and p99 in ms on
  the big database and on the empty one, and the ratio of the p99s;
- the queries of a bot's start (recovery, warm-up, timers), once each, in ms;
- a bot process started on each (bench/child.py, against the loopback Discord given the
  places and people of some of the games; bench/data_bot.py): seconds from its start until
  it is ready (migrated, recovered, warmed up) for a player, then players' commands sent to
  it and timed until answered (p50, p99, on the empty database, ratio);
- ``python -m data check`` on the big database: seconds, and whether it found it whole.

Shape of --json: {"scale", "rows": {table: count}, "goals": {…}, "loadavg",
"<engine>": {"build_s" (null: kept from before), "commands": {name: {"p50", "p99",
"empty_p50", "empty_p99", "ratio_p99"}}, "bot_commands": {…the same…}, "startup_ms":
{query: ms}, "ready_s": {"big", "empty"}, "check": {"s", "ok", "games", "moves"} or null}}.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.data_bot import bot_figures
from bench.data_build import Built, cache_root
from bench.data_probe import startup_queries, timed_commands
from bench.session import p50_p99
from data import Store

ENGINES = ("sqlite", "postgresql")
GOALS = {"command_p99_ms": 50, "ratio_p99": 1.5, "ready_s": 10, "check_s": 300}
EMPTY_SCALE = 0.0


async def _commands(target: str, samples: int) -> tuple[dict[str, list[float]], dict[str, float]]:
    started = time.perf_counter()
    store = await Store(target).open()  # checks, migrates, rates what was never rated
    opened = round((time.perf_counter() - started) * 1000, 2)
    try:
        startup = {"store.open": opened, **await startup_queries(store)}
        return await timed_commands(store, samples), startup
    finally:
        await store.close()


def _check(target: str) -> dict[str, Any]:
    """``python -m data check`` on ``target``: seconds, verdict, games replayed."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "data", "check", target], capture_output=True, text=True
    )
    seconds = time.perf_counter() - started
    found = re.search(r"(\d+) games, (\d+) moves checked", done.stdout)
    return {
        "s": round(seconds, 1),
        "ok": done.returncode == 0,
        "games": int(found[1]) if found else 0,
        "moves": int(found[2]) if found else 0,
    }


def _beside(big: dict[str, list[float]], empty: dict[str, list[float]]) -> dict[str, Any]:
    """p50 and p99 of each command on the big database and on the empty one, and the ratio
    of the p99s."""
    found = {}
    for name, ms in big.items():
        if not ms or not empty.get(name):
            continue
        full, bare = p50_p99(ms), p50_p99(empty[name])
        found[name] = {
            **full,
            "empty_p50": bare["p50"],
            "empty_p99": bare["p99"],
            "ratio_p99": round(full["p99"] / max(bare["p99"], 1e-3), 2),
        }
    return found


async def _engine(
    engine: str, big: Built, empty: Built, args: argparse.Namespace, work: Path
) -> dict[str, Any]:
    async with big.copy(engine, work) as target:
        samples, startup = await _commands(target, args.samples)
        bot = await bot_figures(target, args.bot_samples)
        # Last: the check replays the moves the commands added too (legal ones).
        check = await asyncio.to_thread(_check, target) if args.check else None
    async with empty.copy(engine, work) as target:
        empty_samples, _ = await _commands(target, args.samples)
        empty_bot = await bot_figures(target, args.bot_samples)
    ready = {"big": bot["ready_s"], "empty": empty_bot["ready_s"]}
    commands = _beside(samples, empty_samples)
    bot_commands = _beside(bot["commands"], empty_bot["commands"])
    for name, figures in bot_commands.items():  # not answered within Discord's 3 s, refused
        figures["errors"] = bot["errors"].get(name, 0)
        figures["empty_errors"] = empty_bot["errors"].get(name, 0)
    figures: dict[str, Any] = {
        "build_s": big.build_s.get(engine),
        "commands": commands,
        "bot_commands": bot_commands,
        "startup_ms": startup,
        "ready_s": ready,
        "check": check,
        "bot_error_samples": bot["error_samples"] + empty_bot["error_samples"],
    }
    return figures


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Build (or reuse) the databases, then time everything on each engine."""
    engines = ENGINES if args.engine == "both" else (args.engine,)
    root = cache_root(args.cache)
    big, empty = Built(root, args.scale), Built(root, EMPTY_SCALE)
    try:
        big.ensure(engines)
        empty.ensure(engines)
        results: dict[str, Any] = {
            "scale": args.scale,
            "rows": big.facts()["rows"],
            "goals": GOALS,
        }
        with tempfile.TemporaryDirectory() as tmp:
            for engine in engines:
                results[engine] = asyncio.run(_engine(engine, big, empty, args, Path(tmp)))
        results["loadavg"] = [round(x, 2) for x in os.getloadavg()]
        return results
    finally:
        big.stop()
        empty.stop()


def _text(f: dict[str, Any]) -> str:
    rows = f["rows"]
    lines = [
        f"scale {f['scale']:g}: {rows['guild_settings']} servers, {rows['games']} games"
        f" ({rows['moves']} moves), {rows['ratings']} ratings; load average {f['loadavg']}"
    ]
    for engine in ENGINES:
        if engine not in f:
            continue
        e = f[engine]
        lines.append(f"{engine}" + (f" (built in {e['build_s']} s)" if e["build_s"] else ""))
        for key, title in (("commands", "store calls"), ("bot_commands", "through the bot")):
            lines.append(
                f"  {title + ', ms':<28} {'p50':>7} {'p99':>7}   empty p50/p99   ratio p99"
            )
            for name, c in e[key].items():
                over = " *" if c["p99"] > GOALS["command_p99_ms"] else ""
                if c.get("errors"):
                    over += f" ({c['errors']} not answered in time)"
                lines.append(
                    f"  {name:<28} {c['p50']:7.2f} {c['p99']:7.2f}   {c['empty_p50']:6.2f}"
                    f" {c['empty_p99']:6.2f}   {c['ratio_p99']:8.2f}{over}"
                )
        slowest = sorted(e["startup_ms"].items(), key=lambda kv: -kv[1])[:4]
        lines.append("  start-up queries (ms): " + ", ".join(f"{k} {v}" for k, v in slowest))
        r = e["ready_s"]
        lines.append(f"  bot ready in {r['big']} s (empty database: {r['empty']} s)")
        if e["check"]:
            c = e["check"]
            verdict = "OK" if c["ok"] else "FAILED"
            lines.append(f"  data check {c['s']} s: {verdict}, {c['games']} games")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    """Parse the arguments, run, print the figures."""
    parser = argparse.ArgumentParser(
        prog="python -m bench data", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--engine", choices=(*ENGINES, "both"), default="both")
    parser.add_argument("--scale", type=float, default=1.0, help="1: the year of a busy bot")
    parser.add_argument("--samples", type=int, default=200, help="runs of each command")
    parser.add_argument(
        "--bot-samples", type=int, default=50, help="runs of each command through the bot"
    )
    parser.add_argument(
        "--cache",
        help="where builds are kept (default: TABLERO_BENCH_CACHE,"
        " else ~/.cache/tablero/bench-data)",
    )
    parser.add_argument(
        "--no-check", dest="check", action="store_false", help="skip python -m data check"
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    figures = run(args)
    print(json.dumps(figures) if args.json else _text(figures))
