"""A crash at each step of ending a round and pairing the next, then a new process on the same
database: every round paired once, no game started twice, each round's standings shown once.

The crash is injected by the fault hooks (``Handover.fault`` for the last game's own post,
``Tournaments.fault`` for the round's steps). The new process does what the bot does at start:
``Table.recover`` (which recovers the events first), then its timer loop fires what is due.
Discord, shared by both processes, answers a post sent again with a nonce already used with
the first one (the recorder keeps the first of each nonce).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from data import Store
from data.results import Ending, Result
from table.table import Table
from table.tournaments import Tournaments
from tests.postgres import PostgresServer
from tests.publisher import Recorder
from tests.table.test_tournaments import EventRecorder, _end, _event, fire_due

RESIGNED = Result(Ending.RESIGN, (1,), (0, 0), 0)


class Crash(Exception):
    """The process dies here."""


def _process(store: Store, games: Recorder, shown: EventRecorder) -> tuple[Table, Tournaments]:
    """A bot process on ``store``, posting to the Discord both processes share."""
    table = Table(store, games, clock=time.time, is_thread=lambda place: None)
    return table, Tournaments(table, shown)


def _crash_at(step: str, nth: int = 1) -> Callable[[str], Awaitable[None]]:
    seen = Counter[str]()

    async def fault(name: str) -> None:
        seen[name] += 1
        if name == step and seen[name] == nth:
            raise Crash(step)

    return fault


#: (which hook, step, at its nth call): the last game's post recorded (the event not told),
#: round 2 stored, its first game started, the standings of round 1 posted (timer not done).
CRASHES = [
    ("table", "posted", 1),
    ("table", "recorded", 1),
    ("events", "paired", 1),
    ("events", "started", 1),
    ("events", "started", 2),
    ("events", "shown", 1),
]


@pytest.mark.parametrize(("hook", "step", "nth"), CRASHES)
async def test_a_crash_while_a_round_ends_is_recovered_once(
    tmp_path: Path, hook: str, step: str, nth: int
) -> None:
    await _crash_and_recover(str(tmp_path / "t.sqlite3"), hook, step, nth)


@pytest.mark.parametrize(("hook", "step", "nth"), [CRASHES[1], CRASHES[2]])
async def test_a_crash_while_a_round_ends_is_recovered_once_on_postgresql(
    postgres: PostgresServer, hook: str, step: str, nth: int
) -> None:
    await _crash_and_recover(postgres.new_database(), hook, step, nth)


async def _crash_and_recover(path: str, hook: str, step: str, nth: int) -> None:
    games, shown = Recorder(), EventRecorder()
    store = await Store(path).open()
    table, events = _process(store, games, shown)
    event = await _event(events, 5, rounds=2)  # two games and a bye a round
    await events.begin(event.id)
    await fire_due(store, events)
    first = [t for t in await store.tournaments.pairings(event.id, 1) if t.game_id is not None]
    for t in first[:-1]:
        await _end(table, t.game_id or 0, "resign", max(t.players))
    last = first[-1]
    fault = _crash_at(step, nth)
    if hook == "table":
        table.fault = fault
    else:
        events.fault = fault
    with pytest.raises(Crash):
        await _end(table, last.game_id or 0, "resign", max(last.players))
        await fire_due(store, events)  # the standings' post, once round 2 is paired
    await store.close()

    # A new process on the same database.
    store = await Store(path).open()
    try:
        table, events = _process(store, games, shown)
        await table.recover()
        await fire_due(store, events)
        second = await store.tournaments.pairings(event.id, 2)
        assert len(second) == 3 and sum(t.game_id is None for t in second) == 1
        for t in second:
            if t.game_id is not None:
                record = await table.game(t.game_id)
                # in its own thread under the event's channel, as if no crash had happened
                assert record.posted_version >= 0 and record.place_id == 7000 + t.game_id
        posted = shown.rounds[f"event-{event.id}-round-1"]
        assert posted.pairings == second
        # Round 2 ends; the event with it.
        for t in second:
            if t.game_id is not None:
                await _end(table, t.game_id, "resign", max(t.players))
        await fire_due(store, events)
        await table.recover()
        await fire_due(store, events)
        found = await store.tournaments.get(event.id)
        assert found is not None and found.status == "finished" and found.round == 2
        assert shown.rounds[f"event-{event.id}-round-2"].pairings == []
        # Every round paired once, every game started once, each round shown once.
        rows = await store.db.fetchall("SELECT COUNT(*) AS n FROM games")
        assert rows[0]["n"] == 4
        assert len(await store.tournaments.pairings(event.id)) == 6
        assert all(n == 1 for n in Counter(shown.opened).values())
        openings = Counter(turn.record.id for turn in games.turns if turn.record.version == 0)
        assert sorted(openings) == [1, 2, 3, 4] and set(openings.values()) == {1}
        assert sorted(shown.rounds) == [f"event-{event.id}-round-{r}" for r in (0, 1, 2)]
        repeated = [n for n, k in Counter(shown.round_posts).items() if k > 1]
        assert repeated == ([f"event-{event.id}-round-1"] if step == "shown" else [])
    finally:
        await store.close()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
async def test_two_processes_pairing_the_same_round_at_once_pair_it_once(store: Store) -> None:
    games, shown = Recorder(), EventRecorder()
    table, events = _process(store, games, shown)
    event = await _event(events, 6, rounds=3)
    await events.begin(event.id)
    for t in await store.tournaments.pairings(event.id, 1):
        record = await table.game(t.game_id or 0)
        # Ended where no process heard of it (another process, before it could say).
        await store.games.finish(record.id, record.version, RESIGNED)
    _, other = _process(store, games, shown)
    await asyncio.gather(events.recover(), other.recover(), events.recover())
    assert len(await store.tournaments.pairings(event.id, 2)) == 3
    rows = await store.db.fetchall("SELECT COUNT(*) AS n FROM games")
    assert rows[0]["n"] == 6
    assert len(shown.opened) == len(set(shown.opened)) == 6  # each game started once
    found = await store.tournaments.get(event.id)
    assert found is not None and found.round == 2
