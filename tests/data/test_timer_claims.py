"""Timers shared by several processes: claimed once, taken over after a lease, per shard."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data import Store
from data.shards import Shards
from loopback.timing import WAIT
from tests.stores import new_game as _game

ROOT = Path(__file__).resolve().parents[2]


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def stores(database: str) -> AsyncIterator[tuple[Store, Store, Clock]]:
    """Two stores on one database (two processes' connections), one clock; once on each
    engine."""
    clock = Clock()
    one = await Store(database, clock).open()
    two = await Store(database, clock).open()
    try:
        yield one, two, clock
    finally:
        await one.close()
        await two.close()


async def test_two_processes_racing_for_due_timers_claim_each_once(
    stores: tuple[Store, Store, Clock],
) -> None:
    one, two, clock = stores
    ids = [await one.timers.add("reminder", n, clock.now - 1) for n in range(30)]

    async def claim_all(store: Store, owner: str) -> list[int]:
        won = []
        for timer in await store.timers.due():
            if await store.timers.claim(timer.id, owner, 60):
                won.append(timer.id)
        return won

    first, second = await asyncio.gather(claim_all(one, "one"), claim_all(two, "two"))
    assert sorted(first + second) == ids  # each once, by one or the other
    assert await one.timers.due() == []  # all held now


async def test_a_claim_whose_lease_ran_out_is_taken_over(
    stores: tuple[Store, Store, Clock],
) -> None:
    one, two, clock = stores
    timer = await one.timers.add("reminder", 1, clock.now)
    assert await one.timers.claim(timer, "one", 60)
    assert not await two.timers.claim(timer, "two", 60)  # one holds it
    assert await two.timers.next_due() == clock.now + 60  # look again when the lease ends
    clock.now += 30
    assert await one.timers.renew(timer, "one", 60)  # one is alive and still acting
    clock.now += 59
    assert await two.timers.due() == []
    clock.now += 2  # one died: its lease ran out
    (due,) = await two.timers.due()
    assert due.id == timer and due.claimed_by == "one"  # a takeover, and whose
    assert await two.timers.claim(timer, "two", 60)
    assert not await one.timers.renew(timer, "one", 60)  # one lost it (had it lived)
    await two.timers.done(timer)
    clock.now += 1000
    assert await one.timers.due() == [] and await one.timers.next_due() is None
    assert not await one.timers.claim(timer, "one", 60)  # done is done


async def test_each_process_sees_only_its_shards_timers(
    stores: tuple[Store, Store, Clock],
) -> None:
    one, _, clock = stores
    shard0, shard1 = (500 << 22) | 7, (501 << 22) | 7  # of two shards
    games = {g: await _game(one, g) for g in (shard0, shard1, None)}
    timers = {g: await one.timers.add("reminder", games[g], clock.now + 5) for g in games}
    challenge = await one.challenges.create(
        game="stonehenge",
        options={},
        series_length=1,
        lang="en",
        guild_id=shard1,
        channel_id=1,
        challenger_id=1,
        challenger_name="Ana",
        invited=[(2, "Luis")],
        max_players=2,
        ttl=10,
    )
    clock.now += 20
    first, second = Shards(frozenset({0}), 2), Shards(frozenset({1}), 2)
    mine = {t.id for t in await one.timers.due(first)}
    theirs = {t.id for t in await one.timers.due(second)}
    assert mine == {timers[shard0], timers[None]}  # a server on shard 0, and no server
    assert timers[shard1] in theirs and len(theirs) == 2  # the game and the challenge
    assert {t.ref_id for t in await one.timers.due(second) if t.kind == "challenge"} == {
        challenge.id
    }
    assert mine | theirs == {t.id for t in await one.timers.due()}  # every shard: all
    assert await one.timers.claim(timers[shard0], "one", 60)
    assert await one.timers.claim(timers[None], "one", 60)
    assert await one.timers.next_due(first) == clock.now + 60  # its leases, not shard 1's
    assert await one.timers.next_due(second) == clock.now - 15


async def test_a_postponed_timer_replaces_the_old_one_at_once(
    stores: tuple[Store, Store, Clock],
) -> None:
    one, _, clock = stores
    timer_id = await one.timers.add("deadline", 3, clock.now, turn_stamp=7.0)
    (timer,) = await one.timers.due()
    assert await one.timers.claim(timer.id, "one", 60)
    later = await one.timers.postpone(timer, clock.now + 100)
    assert later != timer_id and await one.timers.next_due() == clock.now + 100
    clock.now += 100
    (again,) = await one.timers.due()
    assert (again.id, again.kind, again.ref_id, again.turn_stamp) == (later, "deadline", 3, 7.0)


CLAIMER = textwrap.dedent(
    """
    import asyncio, sys
    from data import Store

    async def main(path, owner):
        store = await Store(path).open()
        won = []
        for _ in range(3):
            for timer in await store.timers.due():
                if await store.timers.claim(timer.id, owner, 60):
                    won.append(timer.id)
                    await store.timers.done(timer.id)
        await store.close()
        print(" ".join(map(str, won)))

    asyncio.run(main(sys.argv[1], sys.argv[2]))
    """
)


async def test_processes_sharing_a_database_fire_every_timer_once(database: str) -> None:
    store = await Store(database).open()
    ids = [await store.timers.add("reminder", n, 0.0) for n in range(60)]
    await store.close()
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", CLAIMER, database, f"p{n}"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        for n in range(3)
    ]
    won = [int(i) for run in runs for i in run.communicate(timeout=WAIT)[0].split()]
    assert all(run.returncode == 0 for run in runs)
    assert sorted(won) == ids
