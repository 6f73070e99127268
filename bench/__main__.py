"""`python -m bench [--json] [--moves N] [--restarts N] [GAME…]`: timings of every game.

`python -m bench profile GAME` shows where /move's time goes instead (bench/profile.py);
`python -m bench bots` times a person's /move while the bot thinks in ten games (bench/bots.py);
`python -m bench ai` how strong the computer players are (bench/ai.py); `python -m bench
review` how long a post-game review takes and what it costs people's /move (bench/review.py);
`python -m bench load` how many games and moves a second the bot keeps up with
(bench/load.py); `python -m bench tournament` how long a Swiss round of 1,000 players takes to
pair (bench/tournament.py), and a whole Swiss of 64 played through the bot while people's
/move is timed (bench/event.py); `python -m bench replays` how long /replay takes, alone,
again, eight at once, and what a live /move waits meanwhile (bench/replays_bot.py).
`python -m bench data` every command on a year of data against an empty database (bench/data.py).

Shape of --json: {"stonehenge": {"playout_ms": …, "render_ms": {"early", "middle", "final"},
"png_bytes": {…same keys…}, "move_e2e_ms": {"p50": …, "p99": …}, "moves_render_ms": {p50, p99},
"bare_ms": {p50, p99}, "moves_png_bytes": {"p50", "max"}, "overhead_vs_bare": {p50, p99},
"restart_first_move_ms": {"first_after_restart_ms", "warm_ms", "ratio", "plies", "restarts"},
"restart_new_process_ms": {…same keys…}, "replay_ms": …, "replay_bytes": …, "svg_reference_ms": …,
"svg_reference_width": …, "times_faster_than_svg": …}}: bench/e2e.py
says what (a), (b) and (c) are, bench/restart.py how a restart is measured (a new Tablero in
this process, or a new process), bench/replays.py which game /replay draws.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from typing import Any

from bench.e2e import move_figures
from bench.positions import STAGES, playout_ms, render_figures
from bench.replays import replay_figures
from bench.restart import restart_figures
from games.plugin import plugins

GAMES = tuple(plugin.name for plugin in plugins())
#: The per-move figures of the text output, in order.
LINES = (
    ("move_e2e_ms", "/move end to end"),
    ("moves_render_ms", "render of its board"),
    ("bare_ms", "/bare, same Discord"),
)


def figures(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """Every figure of one game."""
    return {
        "playout_ms": round(playout_ms(game, args.playouts), 3),
        **render_figures(game, repeat=args.render_repeat),
        **move_figures(game, args.moves),
        "restart_first_move_ms": restart_figures(game, args.restarts, args.restart_plies),
        "restart_new_process_ms": restart_figures(
            game, args.restarts, args.restart_plies, process=True
        ),
        **replay_figures(game, repeat=min(3, args.render_repeat)),
    }


def main(argv: list[str] | None = None) -> None:
    """Run the benchmarks and print them."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["profile"]:
        from bench.profile import main as profile

        profile(argv[1:])
        return
    if argv[:1] == ["bots"]:
        from bench.bots import main as bots

        bots(argv[1:])
        return
    if argv[:1] == ["load"]:
        from bench.load import main as load

        load(argv[1:])
        return
    if argv[:1] == ["tournament"]:
        from bench.tournament import main as tournament

        tournament(argv[1:])
        return
    if argv[:1] == ["review"]:
        from bench.review import main as review

        review(argv[1:])
        return
    if argv[:1] == ["data"]:
        from bench.data import main as data

        data(argv[1:])
        return
    if argv[:1] == ["ai"]:
        from bench.ai import main as ai

        ai(argv[1:])
        return
    if argv[:1] == ["replays"]:
        from bench.replays_bot import main as replays

        replays(argv[1:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--moves", type=int, default=200, help="/move samples per game")
    parser.add_argument("--playouts", type=int, default=200, help="random playouts per game")
    parser.add_argument("--render-repeat", type=int, default=30, help="renders per stage")
    parser.add_argument("--restarts", type=int, default=5, help="restarts timed per game")
    parser.add_argument(
        "--restart-plies", type=int, default=60, help="moves of a game before a restart"
    )
    parser.add_argument("games", nargs="*", help=f"some of {', '.join(GAMES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = set(args.games) - set(GAMES)
    if unknown:
        parser.error(f"unknown game(s): {', '.join(sorted(unknown))}")
    args.games = args.games or list(GAMES)
    logging.basicConfig(level=logging.WARNING)
    results = {game: figures(game, args) for game in args.games}
    if args.json:
        print(json.dumps(results))
        return
    for game, f in results.items():
        print(f"{game}")
        print(f"  full random playout   {f['playout_ms']:8.3f} ms")
        for stage in STAGES:
            ms, size = f["render_ms"][stage], f["png_bytes"][stage]
            print(f"  render {stage:<7}        {ms:8.2f} ms   {size / 1024:6.1f} KB")
        if f["svg_reference_ms"] is not None:
            print(
                f"  python-chess SVG + cairosvg {f['svg_reference_ms']:.1f} ms at"
                f" {f['svg_reference_width']} px: ours {f['times_faster_than_svg']}× faster"
            )
        for key, label in LINES:
            p = f[key]
            print(f"  {label:<21} p50 {p['p50']:6.1f} ms   p99 {p['p99']:6.1f} ms")
        ratio = f["overhead_vs_bare"]
        print(f"  overhead_vs_bare      p50 {ratio['p50']:6.2f}      p99 {ratio['p99']:6.2f}")
        print(f"                        over {args.moves} moves")
        for key, how in (
            ("restart_first_move_ms", "instance"),
            ("restart_new_process_ms", "process"),
        ):
            r = f[key]
            print(
                f"  first /move after a restart (new {how}) {r['first_after_restart_ms']:.1f} ms,"
                f" warm {r['warm_ms']:.1f} ms: ratio {r['ratio']:.2f} (ply {r['plies']}, "
                f"{r['restarts']} restarts)"
            )
        size = f["replay_bytes"] / 1024
        print(f"  /replay of a whole game {f['replay_ms']:8.1f} ms   {size:6.1f} KB")


if __name__ == "__main__":
    main()
