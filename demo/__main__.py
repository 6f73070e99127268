"""``python3 tasks.py demo`` (or ``python -m demo``): watch Tablero play, no token needed.

Runs the real bot against the loopback Discord: Ana's first moves against the bot, then the
bot playing one whole game of each against itself; writes ``demo/index.html``.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import html
import sys
import time
from pathlib import Path

from demo.conversation import names, places
from demo.page import Page, write_page
from demo.scenario import Run, Script, run

OUT = Path(__file__).resolve().parent


def intro(script: Script, result: Run, seconds: float) -> str:
    """The page's opening paragraphs: what the reader is looking at."""
    tables = "; ".join(
        f"{game.capitalize()} ({' vs '.join(levels)})" for game, levels in script.tables
    )
    when = dt.datetime.now(dt.UTC).strftime("%-d %B %Y %H:%M UTC")
    return (
        "<p>Everything below really happened: the Tablero bot (the same code as "
        "<code>python3 tasks.py bot</code>) ran against a <em>loopback Discord</em> on this "
        "computer, with no token and no network. Ana, a newcomer, types a few commands; then "
        f"the bot plays one whole game of each against itself: {html.escape(tables)}.</p>"
        "<p>Each game lives in a thread of <b>#board-games</b>. Replies marked "
        "“Only Ana can see this” are the ephemeral answers only she sees on Discord.</p>"
        f"<p><small>Written by <code>python3 tasks.py demo</code> on {when} in {seconds:.0f} s; "
        f"the bot thought {script.bot_ms:.0f} ms per move.</small></p>"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m demo", description=__doc__.split("\n")[0])
    parser.add_argument("--ms", type=float, default=Script.bot_ms, help="the bot's budget a move")
    parser.add_argument("--out", type=Path, default=OUT, help="folder of index.html")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    script = Script(bot_ms=args.ms, progress=None if args.quiet else print)
    began = time.monotonic()
    result = asyncio.run(run(script))
    seconds = time.monotonic() - began
    world = result.fake.world
    page: Page = write_page(
        places(world), args.out, names(world), intro=intro(script, result, seconds)
    )
    where = "inside the page" if page.inline else f"in {page.path.parent / 'images'}"
    print(
        f"Wrote {page.path} ({page.size / 1e6:.1f} MB, {page.images} images {where}) "
        f"in {time.monotonic() - began:.0f} s."
    )
    print(f"Open it in a browser: file://{page.path}")
    return 0


if __name__ == "__main__":  # the bot's thinking workers import this module again: run once
    sys.exit(main())
