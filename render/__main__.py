"""``python -m render RECORD.json -o board.png [--seat N]``: draw a record's last position."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from render import render
from rules import get_game
from rules.base import RulesError
from rules.record import Record


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code (2 for a bad record or seat)."""
    parser = argparse.ArgumentParser(prog="python -m render", description="Render a game record.")
    parser.add_argument("record", help="a record file (JSON), or - for standard input")
    parser.add_argument("-o", "--output", required=True, help="where to write the PNG")
    parser.add_argument("--seat", type=int, help="draw this seat's private view")
    args = parser.parse_args(argv)
    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text("utf-8")
        record = Record.from_json(json.loads(text))
        game = get_game(record.game)
        if args.seat is not None and not 0 <= args.seat < record.players:
            parser.error(f"--seat must be between 0 and {record.players - 1}")
        state = game.replay(record.players, record.seed, record.options, record.moves)
    except (OSError, ValueError) as error:  # RulesError is a ValueError
        kind = "record" if isinstance(error, RulesError) else "file"
        print(f"bad {kind}: {error}", file=sys.stderr)
        return 2
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


if __name__ == "__main__":
    sys.exit(main())
