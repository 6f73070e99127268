"""`python -m bench tournament [--json] [--players N] [--rounds R] [--repeat K]`: tournament maths,
and a whole event through the bot ([--event-players N] [--event-rounds R] [--no-event] …).

``swiss_pair_1000_s``: seconds to pair one Swiss round of ``--players`` (1,000) players after
``--rounds`` (5) rounds played with random results (a fixed seed; a draw one game in ten), the
best of ``--repeat`` runs (table/pairing.swiss). Goal: at most 1 s.

``event`` (unless ``--no-event``): a Swiss of ``--event-players`` (64) over ``--event-rounds``
(6) played through the loopback Discord by the real bot and computer players, with Ana and
Luis's /move timed alone and during it (bench/event.py says how, and what each figure is):
{"game", "format", "players", "rounds", "ai": {"level", "ms"}, "event_rate", "wall_s",
"moves", "moves_retried_busy", "round_gap_s": {"p50", "max"}, "final_post_s",
"round_last_move_ms": {"p50", "max"}, "bot_cpu_s", "bot_cpu_share",
"human_rate", "human_moves": {"alone", "during"}, "human_move_ms_alone": {"p50", "p99"},
"human_move_ms_during": {…}, "human_move_ms_at_round_change": {…} or null,
"human_move_ms_in_play": {…} or null, "ratio_p99"
(goal: at most 1.2), "human_errors", "loadavg"}.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import time
from typing import Any

from bench.event import add_arguments, event_figures, from_arguments
from table.pairing import Played, swiss, two_player_points


def played_swiss(players: list[int], rounds: int, seed: int = 22) -> list[Played]:
    """``rounds`` Swiss rounds of ``players``, paired by table/pairing.py, random results."""
    rng = random.Random(seed)
    history: list[Played] = []
    for number in range(1, rounds + 1):
        for table in swiss(players, history):
            if len(table) == 1:
                history.append(Played(number, table, (1.0,)))
                continue
            ranks = rng.choice(((1, 2), (2, 1), (1, 2), (2, 1), (1, 1)))
            history.append(Played(number, table, two_player_points(ranks)))
    return history


def figures(players: int, rounds: int, repeat: int) -> dict[str, Any]:
    field = list(range(1_000_001, 1_000_001 + players))
    history = played_swiss(field, rounds)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        swiss(field, history)
        times.append(time.perf_counter() - start)
    return {
        "swiss_pair_1000_s": round(min(times), 3),
        "players": players,
        "rounds_before": rounds,
    }


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5, help="rounds played before")
    parser.add_argument("--repeat", type=int, default=3, help="timed pairings (best kept)")
    add_arguments(parser)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    result = figures(args.players, args.rounds, args.repeat)
    if not args.no_event:
        result["event"] = event_figures(from_arguments(args))
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"swiss: pairing round {args.rounds + 1} of {args.players} players"
        f" {result['swiss_pair_1000_s']:.3f} s"
    )
    if "event" in result:
        print(event_text(result["event"]))


def event_text(e: dict[str, Any]) -> str:
    """The event's figures in words."""
    alone, during = e["human_move_ms_alone"], e["human_move_ms_during"]
    gap = e["round_gap_s"] or {"p50": float("nan"), "max": float("nan")}
    lines = [
        f"event: {e['players']} players x {e['rounds']} rounds of {e['game']} (Swiss), "
        f"{e['moves']} moves at {e['event_rate']:g}/s by {e['ai']['level']} at "
        f"{e['ai']['ms']:g} ms, {e['wall_s']:.1f} s",
        f"  last game of a round to the next round posted: p50 {gap['p50']:.2f} s,"
        f" max {gap['max']:.2f} s; the final standings {e['final_post_s']:.2f} s",
        f"  the last move of a round answered in p50 {e['round_last_move_ms']['p50']:.0f} ms,"
        f" max {e['round_last_move_ms']['max']:.0f} ms (the next round is started first)",
        f"  bot CPU {e['bot_cpu_s']:.1f} s ({e['bot_cpu_share']:.0%} of a core)",
        f"  Ana and Luis's /move alone   p50 {alone['p50']:7.1f} ms  p99 {alone['p99']:7.1f} ms",
        f"                 during event p50 {during['p50']:7.1f} ms  p99 {during['p99']:7.1f} ms",
        f"    at round changes {_ms(e['human_move_ms_at_round_change'])};"
        f" in play {_ms(e['human_move_ms_in_play'])}",
        f"  ratio of the p99s {e['ratio_p99']:.2f} (goal: at most 1.2)",
    ]
    return "\n".join(lines)


def _ms(figure: dict[str, float] | None) -> str:
    return "none" if figure is None else f"p50 {figure['p50']:.1f} ms  p99 {figure['p99']:.1f} ms"
