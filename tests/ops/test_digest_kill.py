"""A daily digest due while its process is SIGKILLed between sending it and noting it: the
process of shard 0 (whose the digests are) is started again, takes the digest over once the
dead one's claim ran out and sends it again with its nonce: the person sees one message,
and the next day's digest is armed once. On both database engines, with real processes."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import time
from datetime import UTC, datetime
from pathlib import Path

from data import PersonSettings, Store
from loopback import FakeDiscord
from loopback.timing import WAIT
from tests.ops.test_multiprocess import BotProcess, Table, _until, fake  # noqa: F401


async def test_a_digest_sent_by_a_process_killed_before_noting_it_shows_once(
    fake: FakeDiscord,  # noqa: F811
    database: str,
    tmp_path: Path,
) -> None:
    table = Table(fake, random.Random(5))
    guild = fake.add_guild("b1", shard=1)  # the game's server is shard 1's; the digest is 0's
    channel = fake.add_channel(guild, "games")
    first = BotProcess(fake, database, 0, tmp_path / "shard0.log")
    second = BotProcess(fake, database, 1, tmp_path / "shard1.log")
    try:
        await second.start()
        game = await table.open(guild, channel, days=3)  # Ana's move
        now = datetime.now(UTC)
        today = now.date().toordinal()
        store = await Store(database).open()
        try:  # Ana's digest at this hour (UTC), due now: the test does not wait for an hour
            await store.settings.set_person(table.ana.id, PersonSettings(digest_hour=now.hour))
            await store.digests.arm(table.ana.id, "en", lambda _last: (today, time.time()))
        finally:
            await store.close()
        with contextlib.suppress(AssertionError):  # it may die before it says it is ready
            await first.start("--die-after-timer", "digest", "--die-at-step", "sent")
        assert await first.exited(WAIT) == -signal.SIGKILL
        ana_dm = fake.dm_channel(table.ana)
        assert table.said(ana_dm, "📰 Your daily digest") == 1  # sent, then killed
        await first.stop()
        await first.start()
        await _until(lambda: fake.world.duplicate_nonces >= 1, "the digest sent again")
        # The takeover is over once it noted the day handled (in the transaction that arms
        # tomorrow's): whatever it sent is in by then.
        await _handled(database, today)
        (digest,) = [m for m in fake.messages(ana_dm) if m.content.startswith("📰")]
        assert "one game waits" in digest.content and f"/{game.place.id}/" in digest.content

        store = await Store(database).open()
        try:
            rows = await store.db.fetchall(
                "SELECT turn_stamp FROM timers WHERE kind = 'digest' AND fired_at IS NULL"
            )
            assert [int(row[0]) for row in rows] == [today + 1]  # tomorrow's, once
            (last,) = await store.db.fetchall("SELECT last_day FROM digests")
            assert int(last[0]) == today
        finally:
            await store.close()
    finally:
        with contextlib.suppress(Exception):
            await first.stop()
        await second.stop()


async def _handled(database: str, day: int) -> None:
    """Wait until the digest of ``day`` is noted as handled (a query of the database the
    bot process writes)."""
    deadline = time.monotonic() + WAIT
    while True:
        store = await Store(database).open()
        try:
            rows = await store.db.fetchall("SELECT last_day FROM digests")
        finally:
            await store.close()
        if rows and rows[0][0] is not None and int(rows[0][0]) >= day:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the digest of day {day} never noted as handled")
        await asyncio.sleep(0.05)
