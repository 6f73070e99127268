"""`python -m bench ai [--json] [--games N] [--ms T] [GAME…]`: how strong the computer players are.

Per game, with seats alternated (``ai.arena.match_game``): ``hard`` against a uniformly random
player, ``hard`` against ``normal`` (twice as many games) and ``normal`` against random; for
Islas also a table of three, ``hard`` with two ``normal`` seats; for Stonehenge an exact-endgame
check: open-game positions with up to 8 empty points where the mover can force a win (by a
brute force on the engine, ``bench.endgame``), and how often ``hard``'s move keeps it forced.

Games are independent and seeded each (the game's seed is the pairing's base plus its index),
so they run in a pool of processes, one per core. Think times are measured in the worker
around ``choose_move`` (the budget counts from there too), so a worker waiting for a core
shows in them: run it on a quiet machine.

Shape of --json: {"stonehenge": {"budget_ms": …, "hard_vs_random": PAIRING, "hard_vs_normal":
PAIRING, "normal_vs_random": PAIRING, "endgame": {"positions", "forced", "kept", "rate",
"max_empty"}}, "kahuna": {…}, "islas": {…, "hard_at_three": PAIRING}, "errors": …,
"elapsed_s": …} where
PAIRING is {"a", "b", "games", "wins", "losses", "draws", "win_rate", "target", "ok",
"margin", "budget_ms", "think_ms": {LEVEL: {"p50", "p99"}}} (think_ms per side, by level;
win_rate counts sole wins, a shared first place is a draw; margin is a's score minus the best
other seat's; budget_ms is hard's in that pairing: the game's, but 600 ms at Islas's table of
three, unless --ms sets one for all).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from ai import Budget, choose_move, seat_info
from ai.arena import RANDOM, GameResult, Match, match_game
from bench.endgame import brute_wins, endgame_position
from rules.stonehenge import STONEHENGE

GAMES = ("stonehenge", "kahuna", "islas")
#: hard's think time per move, by game (the bot's default is 2000 ms): about the least that met
#: the targets in trial runs, so that the whole run (some 13,000 moves of Islas alone at this
#: budget, on two workers) fits in under an hour.
BUDGET_MS = {"stonehenge": 150.0, "kahuna": 200.0, "islas": 250.0}
#: Win rates the issue asks for.
TARGETS = {
    "hard_vs_random": 0.97,
    "hard_vs_normal": 0.70,
    "normal_vs_random": 0.90,
    "hard_at_three": 0.50,
}
MAX_EMPTY = 8  # the endgame check's positions have 3 to this many empty points
ENDGAME_GREEDY = 0.8  # how those positions are reached: mostly greedy play, some random moves
WORKERS = 2


@dataclass(frozen=True)
class Pairing:
    """One line of the table: ``a`` against ``b`` at a table of ``players``."""

    key: str
    a: str
    b: str
    share: int  # games, in units of --games
    players: int = 2
    #: hard's budget in this pairing when --ms does not set one (None: the game's)
    budget_ms: float | None = None


PAIRINGS = (
    Pairing("hard_vs_random", "hard", RANDOM, 1),
    Pairing("hard_vs_normal", "hard", "normal", 2),
    Pairing("normal_vs_random", "normal", RANDOM, 1),
)
#: At a table of three, two opponents share the pile's luck: hard needs more thinking to come
#: out on top (47% outright at 250 ms, 53% at 600 ms, both over the same 100 games).
ISLAS_THREE = Pairing("hard_at_three", "hard", "normal", 1, players=3, budget_ms=600.0)


def pairings(game: str) -> tuple[Pairing, ...]:
    return (*PAIRINGS, ISLAS_THREE) if game == "islas" else PAIRINGS


# -- work for the pool (module-level functions: they travel to the workers by name) ----------


def _game(game: str, pairing: Pairing, index: int, ms: float, seed: int) -> GameResult | str:
    """One game's result, or the traceback of a player that failed (counted, not fatal: one
    bad position must not lose an hour of games)."""
    try:
        return match_game(
            game, pairing.a, pairing.b, index, Budget(ms=ms), seed, players=pairing.players
        )
    except Exception:
        return f"{game} {pairing.key} game {index}:\n{traceback.format_exc()}"


def _endgame(seed: int, ms: float) -> tuple[bool, bool, bool]:
    """Whether endgame position ``seed`` exists, whether its mover can force a win, and if so
    whether hard's move keeps it forced (both by brute force on the engine)."""
    record = endgame_position(seed, MAX_EMPTY, greedy=ENDGAME_GREEDY)
    if record is None:
        return False, False, False
    state = STONEHENGE.replay(2, record.seed, record.options, record.moves)
    memo: dict[tuple, bool] = {}
    if not brute_wins(state, memo):
        return True, False, False
    seat = state.turn
    state.play(choose_move(seat_info(record, seat), "hard", Budget(ms=ms)))
    return True, True, state.winner == seat or not brute_wins(state, memo)


# -- the run ---------------------------------------------------------------------------------


def budget(game: str, pairing: Pairing, budgets: dict[str, float], given: bool) -> float:
    """hard's budget in ``pairing``: --ms when given, else the pairing's own or the game's."""
    return budgets[game] if given or pairing.budget_ms is None else pairing.budget_ms


def _jobs(games: list[str], count: int, budgets: dict[str, float], given: bool) -> Iterator[tuple]:
    """(game, pairing key, function, arguments) of every game to play, the longest first."""
    for game in games:
        for number, pairing in enumerate(pairings(game)):
            seed = 100_000 * (number + 1)
            ms = budget(game, pairing, budgets, given)
            for index in range(count * pairing.share):
                yield game, pairing.key, _game, (game, pairing, index, ms, seed)


def _summary(tally: Match, pairing: Pairing) -> dict[str, Any]:
    raw = tally.summary()
    sides = {"a": pairing.a, "b": pairing.b}
    return {
        "a": pairing.a,
        "b": pairing.b,
        "games": raw["games"],
        "wins": raw["wins_a"],
        "losses": raw["wins_b"],
        "draws": raw["draws"],
        "win_rate": raw["win_rate_a"],
        "target": TARGETS[pairing.key],
        "ok": raw["win_rate_a"] >= TARGETS[pairing.key],
        "margin": raw["margin_a"],
        "think_ms": {
            sides[side]: {"p50": think["p50"], "p99": think["p99"]}
            for side, think in raw["think_ms"].items()
        },
    }


def run(
    games: list[str], count: int, budgets: dict[str, float], endgames: int, given: bool = False
) -> dict:
    """Every figure of ``bench ai``: ``count`` games a pairing unit, ``endgames`` positions
    tried for the endgame check (those the mover cannot win are skipped)."""
    started = time.perf_counter()
    tallies = {(game, p.key): Match(p.a, p.b) for game in games for p in pairings(game)}
    endgame = {"positions": 0, "forced": 0, "kept": 0}
    errors: list[str] = []
    with ProcessPoolExecutor(WORKERS) as pool:
        futures = {}
        if "stonehenge" in games:
            for seed in range(1, endgames + 1):
                futures[pool.submit(_endgame, seed, budgets["stonehenge"])] = None
        for game, key, function, arguments in _jobs(games, count, budgets, given):
            futures[pool.submit(function, *arguments)] = (game, key)
        for done, future in enumerate(as_completed(futures), 1):
            where = futures[future]
            if where is None:
                found, forced, kept = future.result()
                endgame["positions"] += found
                endgame["forced"] += forced
                endgame["kept"] += kept
            elif isinstance(result := future.result(), str):
                errors.append(result)
                print(result, file=sys.stderr)
            else:
                tallies[where].add(result)
            if sys.stderr.isatty():
                print(f"\r{done}/{len(futures)}", end="", file=sys.stderr, flush=True)
    results: dict[str, Any] = {}
    for game in games:
        figures: dict[str, Any] = {"budget_ms": budgets[game]}
        for pairing in pairings(game):
            figures[pairing.key] = _summary(tallies[(game, pairing.key)], pairing)
            figures[pairing.key]["budget_ms"] = budget(game, pairing, budgets, given)
        if game == "stonehenge":
            rate = endgame["kept"] / endgame["forced"] if endgame["forced"] else 1.0
            figures["endgame"] = {
                **endgame,
                "rate": round(rate, 3),
                "max_empty": MAX_EMPTY,
                "ok": rate == 1.0,
            }
        results[game] = figures
    results["errors"] = len(errors)
    results["elapsed_s"] = round(time.perf_counter() - started, 1)
    return results


def _print(results: dict[str, Any]) -> None:
    for game in GAMES:
        if game not in results:
            continue
        figures = results[game]
        print(f"{game} (hard thinks {figures['budget_ms']:.0f} ms a move)")
        for key, value in figures.items():
            if not isinstance(value, dict) or "win_rate" not in value:
                continue
            think = "; ".join(
                f"{level} p50 {t['p50']:.0f} p99 {t['p99']:.0f} ms"
                for level, t in value["think_ms"].items()
            )
            verdict = "ok" if value["ok"] else f"BELOW {value['target']:.0%}"
            if value["budget_ms"] != figures["budget_ms"]:
                think += f" (hard at {value['budget_ms']:.0f} ms here)"
            print(
                f"  {key:<17} {value['win_rate']:6.1%} of {value['games']:>3} "
                f"({value['draws']} drawn, margin {value['margin']:+.1f}) {verdict:<10} {think}"
            )
        if "endgame" in figures:
            e = figures["endgame"]
            print(
                f"  endgame (≤{e['max_empty']} empty) hard keeps the forced win in "
                f"{e['kept']} of {e['forced']} ({e['positions']} positions tried)"
            )
    print(f"{results['errors']} games failed; {results['elapsed_s']:.0f} s")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--games", type=int, default=100, help="games a pairing (hard against normal: twice)"
    )
    parser.add_argument("--ms", type=float, help="hard's budget in every game (default: by game)")
    parser.add_argument(
        "--endgames", type=int, default=300, help="Stonehenge endgame positions tried"
    )
    parser.add_argument(
        "which", nargs="*", metavar="GAME", help=f"some of {', '.join(GAMES)} (default: all)"
    )
    args = parser.parse_args(argv)
    unknown = set(args.which) - set(GAMES)
    if unknown:
        parser.error(f"unknown game(s): {', '.join(sorted(unknown))}")
    games = [game for game in GAMES if game in args.which] if args.which else list(GAMES)
    budgets = {game: args.ms if args.ms is not None else BUDGET_MS[game] for game in games}
    results = run(games, args.games, budgets, args.endgames, given=args.ms is not None)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(results))
    else:
        _print(results)


if __name__ == "__main__":
    main(sys.argv[1:])
