"""`python -m bench ai [--json] [--games N] [--ms T] [--reference] [GAME…]`: how strong the
computer players are.

Per game, with seats alternated (``ai.arena.match_game``): ``hard`` against a uniformly random
player, ``hard`` against ``normal`` (twice as many games), ``normal`` and ``easy`` against
random; for Islas also a table of three, ``hard`` with two ``normal`` seats; for Stonehenge an
exact-endgame check: open-game positions with up to 8 empty points where the mover can force a
win (by a brute force on the engine, ``bench.endgame``), and how often ``hard``'s move keeps it
forced;
and a wins-now check: open positions where some move wins at once, and how often ``hard``
plays one (and one with the largest margin there is).

``--reference`` plays only ``hard`` against the reference player (``ai.reference``: plain UCT,
1,000 iterations, random play-outs, exploration √2), 50 games a game by default: the
reference thinks long, so that pairing is a run of its own.

Games are independent and seeded each (the game's seed is the pairing's base plus its index),
so they run in a pool of processes, one per core. Think times are measured in the worker
around ``choose_move`` (the budget counts from there too), so a worker waiting for a core
shows in them: run it on a quiet machine.

Shape of --json: {"stonehenge": {"budget_ms": …, "hard_vs_random": PAIRING, "hard_vs_normal":
PAIRING, "normal_vs_random": PAIRING, "easy_vs_random": PAIRING, "endgame": {"positions",
"forced", "kept", "rate", "max_empty", "ok"}, "wins_now": {"positions", "wins_now",
"best_margin", "rate", "ok"}}, "kahuna": {…}, "islas": {…, "hard_at_three": PAIRING},
"errors": …, "elapsed_s": …} where
PAIRING is {"a", "b", "games", "wins", "losses", "draws", "win_rate", "target", "ok",
"margin", "budget_ms", "think_ms": {LEVEL: {"p50", "p99"}}} (think_ms per side, by level;
win_rate counts sole wins, a shared first place is a draw; margin is a's score minus the best
other seat's; budget_ms is hard's in that pairing: the game's, but 600 ms at Islas's table of
three, unless --ms sets one for all). With --reference each game holds only
"hard_vs_reference": PAIRING.
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
from ai.reference import REFERENCE
from bench.endgame import (
    brute_wins,
    endgame_position,
    immediate_wins,
    wins_now_position,
    wins_now_positions,
)
from rules.stonehenge import STONEHENGE

GAMES = ("stonehenge", "kahuna", "islas")
#: hard's think time per move, by game (the bot's default is 2000 ms): about the least that met
#: the targets in trial runs, so that the whole run (some 13,000 moves of Islas alone at this
#: budget, on two workers) fits in under an hour.
BUDGET_MS = {"stonehenge": 150.0, "kahuna": 200.0, "islas": 250.0}
#: Win rates the issues ask for (issue 24: hard against normal, the table of three, and the
#: reference player), by pairing; ``GAME_TARGETS`` where a game's differs.
TARGETS = {
    "hard_vs_random": 0.97,
    "hard_vs_normal": 0.90,
    "normal_vs_random": 0.90,
    "easy_vs_random": 0.50,
    "hard_at_three": 0.60,
    "hard_vs_reference": 0.80,
}
GAME_TARGETS = {("islas", "hard_vs_normal"): 0.85}
WINS_NOW = 20  # open Stonehenge positions where some move wins at once, for the wins-now check
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
#: easy's place in the README's table of levels (it plays at once: a cheap line). Last, so
#: that the other pairings keep their seeds.
EASY = Pairing("easy_vs_random", "easy", RANDOM, 1)
#: At a table of three, two opponents share the pile's luck: hard needs more thinking to come
#: out on top (47% outright at 250 ms, 53% at 600 ms, both over the same 100 games).
ISLAS_THREE = Pairing("hard_at_three", "hard", "normal", 1, players=3, budget_ms=600.0)


#: ``--reference``: hard against plain UCT (``ai.reference``), run apart: the reference is slow.
REFERENCE_PAIRING = Pairing("hard_vs_reference", "hard", REFERENCE, 1)


def pairings(game: str, reference: bool = False) -> tuple[Pairing, ...]:
    if reference:
        return (REFERENCE_PAIRING,)
    return (*PAIRINGS, ISLAS_THREE, EASY) if game == "islas" else (*PAIRINGS, EASY)


def target(game: str, key: str) -> float:
    return GAME_TARGETS.get((game, key), TARGETS[key])


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


def _wins_now(seed: int, ms: float) -> tuple[bool, bool]:
    """Whether hard's move in wins-now position ``seed`` wins at once, and whether it does by
    the largest margin there is (both on the engine)."""
    record = wins_now_position(seed)
    if record is None:
        raise ValueError(f"seed {seed} has no wins-now position")
    state = STONEHENGE.replay(2, record.seed, record.options, record.moves)
    winning = immediate_wins(state)
    move = choose_move(seat_info(record, state.turn or 0), "hard", Budget(ms=ms))
    return move in winning, winning.get(move) == max(winning.values())


# -- the run ---------------------------------------------------------------------------------


def budget(game: str, pairing: Pairing, budgets: dict[str, float], given: bool) -> float:
    """hard's budget in ``pairing``: --ms when given, else the pairing's own or the game's."""
    return budgets[game] if given or pairing.budget_ms is None else pairing.budget_ms


def _jobs(
    games: list[str], count: int, budgets: dict[str, float], given: bool, reference: bool
) -> Iterator[tuple]:
    """(game, pairing key, function, arguments) of every game to play, the longest first."""
    for game in games:
        for number, pairing in enumerate(pairings(game, reference)):
            seed = 100_000 * (number + 1)
            ms = budget(game, pairing, budgets, given)
            for index in range(count * pairing.share):
                yield game, pairing.key, _game, (game, pairing, index, ms, seed)


def _summary(tally: Match, pairing: Pairing, game: str) -> dict[str, Any]:
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
        "target": target(game, pairing.key),
        "ok": raw["win_rate_a"] >= target(game, pairing.key),
        "margin": raw["margin_a"],
        "think_ms": {
            sides[side]: {"p50": think["p50"], "p99": think["p99"]}
            for side, think in raw["think_ms"].items()
        },
    }


def run(
    games: list[str],
    count: int,
    budgets: dict[str, float],
    endgames: int,
    given: bool = False,
    reference: bool = False,
) -> dict:
    """Every figure of ``bench ai``: ``count`` games a pairing unit, ``endgames`` positions
    tried for the endgame check (those the mover cannot win are skipped), the wins-now
    check; with ``reference``, only hard against the reference player."""
    started = time.perf_counter()
    tallies = {(game, p.key): Match(p.a, p.b) for game in games for p in pairings(game, reference)}
    endgame = {"positions": 0, "forced": 0, "kept": 0}
    now = {"positions": 0, "wins_now": 0, "best_margin": 0}
    errors: list[str] = []
    checks = "stonehenge" in games and not reference
    with ProcessPoolExecutor(WORKERS) as pool:
        futures: dict[Any, Any] = {}
        if checks:
            for seed in range(1, endgames + 1):
                futures[pool.submit(_endgame, seed, budgets["stonehenge"])] = "endgame"
            for record in wins_now_positions(WINS_NOW):
                futures[pool.submit(_wins_now, record.seed, budgets["stonehenge"])] = "now"
        for game, key, function, arguments in _jobs(games, count, budgets, given, reference):
            futures[pool.submit(function, *arguments)] = (game, key)
        for done, future in enumerate(as_completed(futures), 1):
            where = futures[future]
            if where == "endgame":
                found, forced, kept = future.result()
                endgame["positions"] += found
                endgame["forced"] += forced
                endgame["kept"] += kept
            elif where == "now":
                won, best = future.result()
                now["positions"] += 1
                now["wins_now"] += won
                now["best_margin"] += best
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
        for pairing in pairings(game, reference):
            figures[pairing.key] = _summary(tallies[(game, pairing.key)], pairing, game)
            figures[pairing.key]["budget_ms"] = budget(game, pairing, budgets, given)
        if game == "stonehenge" and checks:
            rate = endgame["kept"] / endgame["forced"] if endgame["forced"] else 1.0
            figures["endgame"] = {
                **endgame,
                "rate": round(rate, 3),
                "max_empty": MAX_EMPTY,
                "ok": rate == 1.0,
            }
            rate = now["wins_now"] / now["positions"] if now["positions"] else 1.0
            figures["wins_now"] = {**now, "rate": round(rate, 3), "ok": rate == 1.0}
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
        if "wins_now" in figures:
            w = figures["wins_now"]
            print(
                f"  wins now: hard wins at once in {w['wins_now']} of {w['positions']} positions "
                f"where a move does ({w['best_margin']} by the largest margin)"
            )
    print(f"{results['errors']} games failed; {results['elapsed_s']:.0f} s")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--games",
        type=int,
        help="games a pairing (hard against normal: twice); default 100, 50 with --reference",
    )
    parser.add_argument(
        "--reference",
        action="store_true",
        help="only hard against the reference player (plain UCT, 1,000 iterations)",
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
    count = args.games if args.games is not None else (50 if args.reference else 100)
    results = run(
        games, count, budgets, args.endgames, given=args.ms is not None, reference=args.reference
    )
    if sys.stderr.isatty():
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(results))
    else:
        _print(results)


if __name__ == "__main__":
    main(sys.argv[1:])
