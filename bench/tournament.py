"""`python -m bench tournament [--json] [--players N] [--rounds R] [--repeat K]`: tournament maths.

``swiss_pair_1000_s``: seconds to pair one Swiss round of ``--players`` (1,000) players after
``--rounds`` (5) rounds played with random results (a fixed seed; a draw one game in ten), the
best of ``--repeat`` runs (table/pairing.swiss). Goal: at most 1 s.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

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
        # The events part may add here the time to simulate a whole event (its key beside
        # this one, e.g. "event_sim_s"), measured through table/tournaments.py.
    }


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5, help="rounds played before")
    parser.add_argument("--repeat", type=int, default=3, help="timed pairings (best kept)")
    args = parser.parse_args(argv)
    result = figures(args.players, args.rounds, args.repeat)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"swiss: pairing round {args.rounds + 1} of {args.players} players"
        f" {result['swiss_pair_1000_s']:.3f} s"
    )
