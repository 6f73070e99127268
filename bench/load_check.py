"""After a load run whose bot processes were killed: was anything lost or done twice?

Each game's stored moves are set beside the moves the bot confirmed to the driver: a
confirmed move missing is lost; a stored move beyond them is explained only by a move whose
answer never came (its process died: stored or not, either is right). Each thread's boards
are read back: a position posted twice is doubled, a turn that passed with no board of its
position is missing. Reminders are counted per turn (between two boards): more than one is
doubled; a timer still unfired well after it fell due was dropped. Last, every game that
is not over gets one more move, which must be answered with its board.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections import Counter
from typing import Any, Protocol

from games.plugin import plugin_for
from rules import get_game


class LiveGame(Protocol):
    """What the check reads of a game of the run (bench.load.LiveGame is one)."""

    game: str
    place: Any
    seat_users: tuple[Any, ...]
    played: list[str]
    doubt: str | None


class Load(Protocol):
    """What the check reads of the run (bench.load.Load is one): protocols, so that the run,
    which calls the check, and the check are not a circle."""

    fake: Any
    store: Any
    tally: Any
    bots: list[Any]
    every_game: list[Any]


#: A board's file name: game id, version (the moves stored), and the post before it.
BOARD = re.compile(r"game-(\d+)-(\d+)-\d+\.png")
REMINDER = "⏰"
#: A timer due longer ago than this and still not fired counts as dropped.
OVERDUE_SECONDS = 5.0


def announced_versions(game: str, record: Any) -> set[int]:
    """The versions of a record that were posted: the opening, and each move after which
    the turn passed or the game ended (a turn's earlier actions are the mover's alone)."""
    state = get_game(game).new(len(record.seats), record.seed, record.options)
    versions = {0}
    for version, notation in enumerate(record.moves, start=1):
        before = state.turn
        state.play(notation)
        if state.turn != before or state.turn is None:
            versions.add(version)
    return versions


def read_thread(load: Load, game: LiveGame) -> tuple[Counter[int], int, int]:
    """The thread's boards by version, and its turns reminded twice or more, and reminders."""
    boards: Counter[int] = Counter()
    names: Counter[str] = Counter()
    per_turn: Counter[int] = Counter()
    turn = 0
    for message in load.fake.messages(game.place):
        found = [BOARD.fullmatch(a.filename) for a in message.attachments]
        found = [match for match in found if match is not None]
        for match in found:
            names[match.group(0)] += 1
            boards[int(match.group(2))] += 1
        if found:
            turn += 1
        elif message.content.startswith(REMINDER):
            per_turn[turn] += 1
    twice = sum(1 for count in per_turn.values() if count > 1)
    return boards, twice, sum(per_turn.values())


async def check(load: Load, settle: float) -> dict[str, Any]:
    """The figures of the check, once the processes had ``settle`` seconds to catch up."""
    await asyncio.sleep(settle)
    store = load.store
    assert store is not None
    lost = unexplained = doubled_boards = missing_boards = 0
    reminded_twice = reminders = 0
    to_continue: list[tuple[LiveGame, Any]] = []
    for game in load.every_game:
        record = await store.games.latest_in_place(game.place.id)
        if record is None:
            lost += len(game.played)
            continue
        stored, confirmed = list(record.moves), game.played
        pairs = zip(stored, confirmed, strict=False)
        same = next((i for i, (a, b) in enumerate(pairs) if a != b), None)
        kept = min(len(stored), len(confirmed)) if same is None else same
        lost += len(confirmed) - kept
        extra = stored[len(confirmed) :] if kept == len(confirmed) else stored[kept:]
        if extra and extra != [game.doubt]:
            unexplained += len(extra)
        boards, twice, count = read_thread(load, game)
        doubled_boards += sum(n - 1 for n in boards.values() if n > 1)
        missing_boards += len(announced_versions(game.game, record) - set(boards))
        reminded_twice += twice
        reminders += count
        if record.active:
            to_continue.append((game, record))
    overdue = await store.db.fetchall(
        "SELECT id FROM timers WHERE fired_at IS NULL AND due_at <= ?",
        (time.time() - OVERDUE_SECONDS,),
    )
    went_on = await _go_on(load, to_continue)
    return {
        "kills": sum(bot.kills for bot in load.bots),
        "moves_confirmed": sum(len(g.played) for g in load.every_game),
        "moves_in_doubt": sum(1 for g in load.every_game if g.doubt is not None),
        "refused_while_down": load.tally.refused_while_down,
        "moves_lost": lost,
        "moves_unexplained": unexplained,
        "boards_doubled": doubled_boards,
        "boards_missing": missing_boards,
        "reminders": reminders,
        "turns_reminded_twice": reminded_twice,
        "timers_overdue": len(overdue),
        "games_to_continue": len(to_continue),
        "games_continued": went_on,
    }


async def _go_on(load: Load, games: list[tuple[LiveGame, Any]]) -> int:
    """One more move in each game, from its stored position: how many were answered."""
    rng, limit = random.Random(0), asyncio.Semaphore(8)

    async def one(game: LiveGame, record: Any) -> bool:
        state = get_game(game.game).replay(
            len(record.seats), record.seed, record.options, record.moves
        )
        picker = plugin_for(game.game).picker
        moves = [m for m in state.legal_moves() if not picker.table_move(m)]
        seat, notation = state.turn, state.format(rng.choice(moves))
        assert seat is not None
        async with limit:
            try:
                user = game.seat_users[seat]
                ix = await load.fake.slash(user, game.place, "move", {"move": notation})
                await ix.done(10)
            except (RuntimeError, TimeoutError, AssertionError):
                return False
        return not ix.errors and "⚠️" not in ix.text and bool(ix.followups)

    done = await asyncio.gather(*(one(game, record) for game, record in games))
    return sum(done)
