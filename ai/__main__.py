"""``python -m ai move RECORD.json --seat N``, ``python -m ai arena GAME A B --games N`` and
``python -m ai review RECORD.json [--seat N]`` (the figures of the bot's /review)."""

from __future__ import annotations

import argparse
import json
import sys

from ai.arena import RANDOM, match
from ai.player import computer_games
from ai.players import LEVELS, choose_move
from ai.reference import REFERENCE
from ai.review import ReviewBudget, public_review, seat_review
from ai.search import Budget
from ai.seat import seat_info
from rules.base import RulesError
from rules.record import Record


def _budget(args: argparse.Namespace) -> Budget:
    if args.iterations is not None:
        return Budget(iterations=args.iterations)
    return Budget(ms=args.ms)


def _move(args: argparse.Namespace) -> int:
    try:
        with open(args.record, encoding="utf-8") if args.record != "-" else sys.stdin as file:
            record = Record.from_json(json.load(file))
        info = seat_info(record, args.seat)
    except (OSError, ValueError) as error:  # RulesError is a ValueError
        print(json.dumps({"ok": False, "error": str(error)}))
        return 2
    if info.turn != args.seat:
        print(json.dumps({"ok": False, "error": f"seat {args.seat} is not to move"}))
        return 1
    print(choose_move(info, args.level, _budget(args), args.seed))
    return 0


def _arena(args: argparse.Namespace) -> int:
    options = {"hidden": True} if args.hidden else {}
    tally = match(
        args.game, args.a, args.b, args.games, _budget(args), args.seed or 0, args.players, options
    )
    summary = tally.summary()
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"{args.game}: {summary['a']} {summary['wins_a']} - {summary['wins_b']} "
            f"{summary['b']} ({summary['draws']} drawn, {summary['games']} games; "
            f"mean margin {summary['margin_a']:+})"
        )
        for side in ("a", "b"):
            think = summary["think_ms"][side]
            print(f"  {summary[side]}: think p50 {think['p50']} ms, p99 {think['p99']} ms")
    return 0


def _review(args: argparse.Namespace) -> int:
    try:
        with open(args.record, encoding="utf-8") if args.record != "-" else sys.stdin as file:
            record = Record.from_json(json.load(file))
    except (OSError, ValueError) as error:  # RulesError is a ValueError
        print(json.dumps({"ok": False, "error": str(error)}))
        return 2
    budget = ReviewBudget(worlds=args.worlds, search=args.search)
    if args.seat is None:
        review = public_review(record, budget, args.seed or 0)
    else:
        review = seat_review(record, args.seat, budget, args.seed or 0)
    print(json.dumps({"ok": True, **review.to_json()}))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = argparse.ArgumentParser(prog="python -m ai", description="Tablero's computer players.")
    commands = parser.add_subparsers(dest="command", required=True)
    move = commands.add_parser("move", help="print the move a seat would play in a record")
    move.add_argument("record", help="a record (spec/records.md), or - for standard input")
    move.add_argument("--seat", type=int, required=True)
    move.add_argument("--level", choices=LEVELS, default="normal")
    arena = commands.add_parser("arena", help="play two players against each other")
    arena.add_argument("game", choices=computer_games())
    arena.add_argument("a", choices=(*LEVELS, RANDOM, REFERENCE))
    arena.add_argument("b", choices=(*LEVELS, RANDOM, REFERENCE))
    arena.add_argument("--games", type=int, default=10)
    arena.add_argument("--players", type=int, default=2, help="table size")
    arena.add_argument("--hidden", action="store_true", help="the game's option hidden")
    arena.add_argument("--json", action="store_true")
    for sub in (move, arena):
        sub.add_argument("--ms", type=float, default=1000.0, help="think time per move")
        sub.add_argument("--iterations", type=int, help="a fixed budget instead of --ms")
        sub.add_argument("--seed", type=int, help="the player's own random seed")
    review = commands.add_parser("review", help="print the review of a finished game's record")
    review.add_argument("record", help="a record (full or public), or - for standard input")
    review.add_argument("--seat", type=int, help="that seat's own review (a full record)")
    review.add_argument("--worlds", type=int, default=ReviewBudget.worlds, help="per turn")
    review.add_argument("--search", type=int, default=ReviewBudget.search, help="per moment")
    review.add_argument("--seed", type=int, help="the review's random seed (0)")
    args = parser.parse_args(argv)
    commands_run = {"move": _move, "arena": _arena, "review": _review}
    try:
        return commands_run[args.command](args)
    except RulesError as error:
        print(json.dumps({"ok": False, "error": str(error)}))
        return 2


if __name__ == "__main__":
    sys.exit(main())
