"""``python -m render RECORD.json -o board.png [--seat N]``: draw a record's last position;
``python -m render RECORD.json --animate -o game.gif``: the whole game, animated. A record
may be public (what ``/export`` gives): its unknown parts stay unknown, public views only."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from render import render
from render.animate import animate, notation_headers, replay_frames
from rules import State
from rules.base import RulesError
from rules.record import Record
from rules.replay import game_of


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code (2 for a bad record or seat)."""
    parser = argparse.ArgumentParser(prog="python -m render", description="Render a game record.")
    parser.add_argument("record", help="a record file (JSON), or - for standard input")
    parser.add_argument("-o", "--output", required=True, help="where to write the image")
    parser.add_argument("--seat", type=int, help="draw this seat's private view")
    parser.add_argument(
        "--animate", action="store_true", help="every turn, animated (public views only)"
    )
    args = parser.parse_args(argv)
    if args.animate and args.seat is not None:
        parser.error("--animate shows the public views only: no --seat")
    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text("utf-8")
        record = Record.from_json(json.loads(text))
        game = game_of(record)
        if args.seat is not None and not 0 <= args.seat < record.players:
            parser.error(f"--seat must be between 0 and {record.players - 1}")
        if args.seat is not None and record.public:
            parser.error("a public record holds no hands: no --seat")
        state = game.replay(record.players, record.seed, record.options, record.moves)
    except (OSError, ValueError) as error:  # RulesError is a ValueError
        kind = "record" if isinstance(error, RulesError) else "file"
        print(f"bad {kind}: {error}", file=sys.stderr)
        return 2
    if args.animate:
        return _animate(record, state, Path(args.output))
    view = state.view(args.seat)
    start = time.perf_counter()
    png = render(view)
    cold = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    render(view)
    warm = (time.perf_counter() - start) * 1000
    Path(args.output).write_bytes(png)
    print(f"{args.output}: {len(png)} bytes, {cold:.1f} ms (first in process; again {warm:.1f} ms)")
    return 0


def _animate(record: Record, state: State, output: Path) -> int:
    """Write the record's replay; say its size, frames and time."""
    start = time.perf_counter()
    frames = replay_frames(record)
    names = [f"Player {seat + 1}" for seat in range(record.players)]
    outcome = state.outcome()
    if outcome.finished:
        scores = "–".join(str(score) for score in outcome.scores)
        won = ", ".join(names[seat] for seat in outcome.winners)
        result = f"{won} {'wins' if len(outcome.winners) == 1 else 'share the win'} ({scores})"
    else:
        result = f"not over ({len(record.moves)} moves)"
    fmt = "webp" if output.suffix.lower() == ".webp" else None  # else GIF, as the bot sends
    data = animate(frames, notation_headers(frames, names, result), names, fmt=fmt)
    took = (time.perf_counter() - start) * 1000
    output.write_bytes(data)
    print(f"{output}: {len(data)} bytes, {len(frames)} frames, {took:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
