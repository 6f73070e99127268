"""``python -m rules replay RECORD.json`` (or ``-`` for standard input): see spec/records.md."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rules.base import InvalidRecord
from rules.replay import exit_code, replay


def _load(path: str) -> Any:
    """The decoded JSON of ``path`` or of standard input (InvalidRecord when unreadable)."""
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except OSError as error:
        raise InvalidRecord("record-unreadable", path=path, reason=error.strerror) from None
    except ValueError:  # not UTF-8, not JSON, or an integer too long to read
        raise InvalidRecord("record-bad-json", path=path) from None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = argparse.ArgumentParser(prog="python -m rules", description="Tablero rules engines.")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="replay a game record, print the result")
    replay_parser.add_argument("record", help="a record file (JSON), or - for standard input")
    args = parser.parse_args(argv)
    try:
        result = replay(_load(args.record))
    except InvalidRecord as error:
        result = {"ok": False, "error": str(error)}
    print(json.dumps(result))
    return exit_code(result)


if __name__ == "__main__":
    sys.exit(main())
