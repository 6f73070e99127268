"""A real bot process SIGKILLed while a player's reminders before their deadline are due:
started again, it sends each once (the one it had sent shows once, by its nonce), in order.

The database is a parameter (conftest's ``database``): SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest_asyncio

from data import PersonSettings, Store
from loopback import FakeDiscord, served
from loopback.timing import WAIT
from tests.ops.test_multiprocess import BotProcess, Table, _until

HOUR = 3600.0
BEFORE = (24.0, 4.0, 1.0)
#: how far the test sets the game's turn back: all three reminders due, the deadline not
LATE = 47.5 * HOUR


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A loopback Discord of one shard (served to the bot's process)."""
    async with served(install=False, shard_count=1) as fake:
        yield fake
    assert not fake.server_errors, fake.server_errors


async def test_a_process_killed_while_reminders_are_due_sends_each_once_in_order(
    fake: FakeDiscord, database: str, tmp_path: Path
) -> None:
    table = Table(fake, random.Random(5))
    guild = fake.add_guild("g0", shard=0)
    channel = fake.add_channel(guild, "games")
    store = await Store(database).open()
    await store.settings.set_person(
        table.ana.id, PersonSettings(dm_turns=True, remind_before=BEFORE)
    )
    await store.close()
    bot = BotProcess(fake, database, 0, tmp_path / "bot.log")
    try:
        await bot.start()
        game = await table.open(guild, channel, days=2)  # Ana's turn: 48 h
        await bot.stop()
        # The turn began 47.5 h ago, as if the bot had been down all that while.
        store = await Store(database).open()
        async with store.db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET turn_started_at = turn_started_at - ? WHERE id = 1", (LATE,)
            )
            await conn.execute(
                "UPDATE timers SET due_at = due_at - ?, turn_stamp = turn_stamp - ?"
                " WHERE ref_id = 1 AND turn_stamp IS NOT NULL",
                (LATE, LATE),
            )
        await store.close()

        # Sends the first and dies: as it starts (the reminders are due by then), so
        # perhaps before it says it is ready.
        with contextlib.suppress(AssertionError):
            await bot.start("--die-after-timer", "before:1440")
        assert await bot.exited(WAIT) == -signal.SIGKILL
        await bot.stop()  # its log closed
        assert table.said(game.place, "⏰") == 1
        await bot.start()  # takes it over once the dead one's lease ran out

        store = await Store(database).open()
        try:

            async def all_done() -> bool:
                rows = await store.db.fetchall(
                    "SELECT COUNT(*) AS n FROM timers"
                    " WHERE kind LIKE 'before:%' AND fired_at IS NULL"
                )
                return int(rows[0]["n"]) == 0

            await _until_async(all_done, "every reminder done")
            rows = await store.db.fetchall("SELECT id, kind FROM timers")
            kinds = {f"timer:{row['id']}": str(row["kind"]) for row in rows}
        finally:
            await store.close()
        await _until(lambda: table.said(game.place, "⏰") == 3, "the three reminders")
        assert fake.world.duplicate_nonces == 2  # the first's post and DM, sent again
        ana_dm = fake.dm_channel(table.ana)
        assert table.said(ana_dm, "⏰") == 3
        nonce_of = {
            message: nonce
            for (place, nonce), message in fake.world.nonces.items()
            if place == game.place.id
        }
        sent = [
            kinds[nonce_of[m.id]] for m in fake.messages(game.place) if m.content.startswith("⏰")
        ]
        assert sent == ["before:1440", "before:240", "before:60"]  # each once, in order
    finally:
        await bot.stop()


async def _until_async(check: Callable[[], Awaitable[bool]], what: str) -> None:
    """Wait until ``check()`` holds (a query of the database the process writes)."""
    deadline = time.monotonic() + WAIT
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.05)
