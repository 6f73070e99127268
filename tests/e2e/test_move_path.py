"""The path of one move, traced: which of the project's files it runs through (no other than
listed), and that the poster never calls back into the table while it posts what the table
handed it (DESIGN.md: the publisher never asks the table for what the turn carries)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

from tests.e2e import World, move, settled, started, wait_boards

ROOT = Path(__file__).resolve().parents[2]
#: The bot's own code (the loopback Discord and the tests are not the bot).
BOT = {"bot.py", "cogs", "table", "games", "data", "rules", "render", "ai", "locales"}
#: Every project file one Stonehenge /move runs through on the bot's event loop, in the order
#: it first enters them: the gateway's listener, the handler, the table (lookup, check and
#: read, store, hand over), the poster and the drawing, the next turn's clock. A new file on
#: the path fails this test: add it here only if it belongs on the path.
PATH = (
    "cogs/utils/stopping.py",  # every interaction is counted, for a clean stop
    "cogs/turns.py",  # /move
    "table/lookup.py",  # the game of this thread
    "data/game_reads.py",  # the game read whole
    "data/game_record.py",  # as a value
    "data/clock_controls.py",  # the game's time control, read with it
    "data/sqlite.py",
    "rules/text.py",  # names read back clean
    "cogs/utils/i18n.py",  # the mover's language
    "locales/__init__.py",
    "table/table.py",  # checked once, read once, applied, stored
    "table/histories.py",
    "rules/stonehenge.py",
    "games/plugin.py",
    "games/picker.py",
    "rules/history.py",
    "cogs/utils/posting.py",  # the publisher: the board drawn ahead
    "cogs/utils/turn_words.py",  # its words, its panels' clocks (a bank's), time left
    "cogs/utils/images.py",
    "games/words.py",
    "render/painter.py",
    "data/games.py",  # the move stored
    "data/db.py",
    "table/handover.py",  # the stored turn handed over
    "table/turn.py",
    "data/away.py",
    "table/clocks.py",
    "table/reminders.py",  # the next turn's reminders before its deadline
    "cogs/utils/places.py",  # posted where it belongs
    "games/stonehenge/words.py",
    "cogs/utils/items.py",
    "cogs/utils/views.py",
    "data/settings.py",
    "cogs/utils/host.py",  # the timer loop told of the next turn's timers
    "cogs/utils/notices.py",
    "cogs/utils/moves.py",  # the mover's answer
    "cogs/utils/replies.py",
    "cogs/timers.py",
)
#: Where the move is stored and where its board is sent.
CARRIERS = {"data/games.py", "cogs/utils/posting.py"}
#: The files on the call stack at those two points, outermost first: the move's own path from
#: the /move handler to the move stored and the board posted (at most 15, issue 21).
CARRIED = [
    "cogs/turns.py",
    "table/table.py",
    "data/games.py",
    "table/handover.py",
    "cogs/utils/posting.py",
]
#: What runs beside the move on the same loop: the thinking workers' warm-up report, and the
#: timer loop woken by the new turn's timers, which reads its process's shards.
BESIDE = {"table/thinker.py", "bot.py", "data/shards.py"}


def _own(path: str) -> str | None:
    """``path`` relative to the project, if it is the bot's own code."""
    try:
        relative = Path(path).resolve().relative_to(ROOT)
    except ValueError:
        return None
    return str(relative) if relative.parts and relative.parts[0] in BOT else None


def _stack(frame: FrameType | None) -> list[str]:
    """The bot's own files on the stack of ``frame``, outermost first."""
    found: list[str] = []
    while frame is not None:
        own = _own(frame.f_code.co_filename)
        if own is not None and own not in found:
            found.insert(0, own)
        frame = frame.f_back
    return found


def _posting(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs inside the poster's ``publish`` (its callers included)."""
    while frame is not None:
        if frame.f_code.co_name == "publish" and frame.f_code.co_filename.endswith("posting.py"):
            return True
        frame = frame.f_back
    return False


async def test_a_move_runs_through_few_files_and_the_poster_never_calls_back(
    tablero: World,
) -> None:
    world = tablero
    place = await started(world)
    await move(world, world.ana, place, "6L")  # the first move's one-off costs go first
    await move(world, world.luis, place, "5D")
    await settled(world)
    files: dict[str, None] = {}
    back: list[str] = []
    carried: dict[str, None] = {}  # the files on the stack as the move is stored and posted

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        own = _own(frame.f_code.co_filename)
        if own is None:
            return
        files.setdefault(own)
        if frame.f_code.co_name in ("append_move", "_send") and own in CARRIERS:
            carried.update(dict.fromkeys(_stack(frame)))
        # The stored turn's own module (table/turn.py) is the value handed over, not the table.
        if own.startswith("table/") and own != "table/turn.py" and _posting(frame.f_back):
            back.append(f"{own}:{frame.f_code.co_name}")

    sys.setprofile(profile)
    try:
        await move(world, world.ana, place, "4G")
        await wait_boards(world, place, 4)
    finally:
        sys.setprofile(None)
    assert back == []
    # The chain of calls that carries the move from the handler to the store and to the post.
    assert list(carried) == CARRIED, list(carried)
    assert set(files) - BESIDE <= set(PATH), sorted(set(files) - BESIDE - set(PATH))
    # The handler, the table, the store and the post are all on it.
    assert {"cogs/turns.py", "table/table.py", "data/games.py", "cogs/utils/posting.py"} <= set(
        files
    )
