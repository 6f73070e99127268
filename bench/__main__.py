"""`python -m bench [--json] [--moves N]`: timings of every game, printed or as one JSON object.

Shape of --json: {"stonehenge": {"playout_ms": …, "render_ms": {"early", "middle", "final"},
"png_bytes": {…same keys…}, "move_e2e_ms": {"p50": …, "p99": …}}}.
"""

from __future__ import annotations

import argparse
import json
import logging
from typing import Any

from bench.e2e import move_e2e
from bench.positions import STAGES, playout_ms, render_figures
from cogs.games import plugins

GAMES = tuple(plugin.name for plugin in plugins())


def figures(game: str, moves: int) -> dict[str, Any]:
    """Every figure of one game."""
    return {
        "playout_ms": round(playout_ms(game), 3),
        **render_figures(game),
        "move_e2e_ms": move_e2e(game, moves),
    }


def main() -> None:
    """Run the benchmarks and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--moves", type=int, default=200, help="/move samples per game")
    parser.add_argument("games", nargs="*", help=f"some of {', '.join(GAMES)} (default: all)")
    args = parser.parse_args()
    unknown = set(args.games) - set(GAMES)
    if unknown:
        parser.error(f"unknown game(s): {', '.join(sorted(unknown))}")
    args.games = args.games or list(GAMES)
    logging.basicConfig(level=logging.WARNING)
    results = {game: figures(game, args.moves) for game in args.games}
    if args.json:
        print(json.dumps(results))
        return
    for game, f in results.items():
        print(f"{game}")
        print(f"  full random playout   {f['playout_ms']:8.3f} ms")
        for stage in STAGES:
            ms, size = f["render_ms"][stage], f["png_bytes"][stage]
            print(f"  render {stage:<7}        {ms:8.2f} ms   {size / 1024:6.1f} KB")
        e2e = f["move_e2e_ms"]
        print(f"  /move end to end      p50 {e2e['p50']:.1f} ms   p99 {e2e['p99']:.1f} ms")
        print(f"                        over {args.moves} moves")


if __name__ == "__main__":
    main()
