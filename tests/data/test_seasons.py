"""Seasons on both engines: one running per server (the database decides), its end timer,
and its own ladder per game: every rated game that ends while it runs, rated fresh."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from data import Ending, Result, SeasonRunning, Store
from data.errors import INTEGRITY
from data.ratings import GLOBAL, human
from data.seasons import WEEK
from data.shards import Shards

GUILD, OTHER = 10, 20 << 22  # two servers on different shards of two
START = 1_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest_asyncio.fixture
async def timed(database: str) -> AsyncIterator[tuple[Store, Clock]]:
    """An open store on each engine, with a clock the test moves."""
    clock = Clock()
    opened = await Store(database, clock).open()
    try:
        yield opened, clock
    finally:
        await opened.close()


async def _game(store: Store, winner: int = 0, guild: int = GUILD) -> int:
    """A Stonehenge game between Ana (1) and Luis (2) on ``guild``, won by seat ``winner``."""
    game_id = await store.games.create_game(
        game="stonehenge",
        seats=[(1, "Ana"), (2, "Luis")],
        seed=1,
        options={},
        lang="en",
        guild_id=guild,
        channel_id=20,
    )
    scores = (5, 3) if winner == 0 else (3, 5)
    await store.games.finish(game_id, 0, Result(Ending.RULES, (winner,), scores))
    return game_id


async def _ladder(store: Store, scope: int) -> list[tuple]:
    rows = await store.db.fetchall(
        "SELECT game, player, mu, sigma, games FROM ratings WHERE scope = ? ORDER BY player",
        (scope,),
    )
    return [tuple(row) for row in rows]


async def test_a_season_is_stored_with_its_end_timer(timed: tuple[Store, Clock]) -> None:
    store, clock = timed
    season = await store.seasons.start(GUILD, 55, 2)
    assert (season.guild_id, season.channel_id, season.weeks) == (GUILD, 55, 2)
    assert season.running and season.started_at == START
    assert season.ends_at == START + 2 * WEEK and season.scope == -season.id
    assert await store.seasons.get(season.id) == season
    assert await store.seasons.running(GUILD) == season
    assert await store.seasons.running(OTHER) is None
    assert await store.seasons.current(GUILD, START + WEEK) == season
    assert await store.seasons.current(GUILD, START - 1) is None
    assert await store.seasons.current(GUILD, season.ends_at) is None
    timers = await store.db.fetchall("SELECT kind, ref_id, due_at FROM timers")
    assert [tuple(t) for t in timers] == [("season-end", season.id, season.ends_at)]
    # Its end timer belongs to its server's shard (shards join the season for its server).
    clock.now = season.ends_at
    assert [t.ref_id for t in await store.timers.due(Shards(frozenset({0}), 2))] == [season.id]
    assert await store.timers.due(Shards(frozenset({1}), 2)) == []


async def test_an_early_end_brings_the_end_timer_forward(timed: tuple[Store, Clock]) -> None:
    store, clock = timed
    season = await store.seasons.start(GUILD, 55, 4)
    clock.now += WEEK
    assert await store.seasons.end(season.id, clock.now)
    assert not await store.seasons.end(season.id, clock.now)  # once
    ended = await store.seasons.get(season.id)
    assert ended is not None and not ended.running and ended.ended_at == clock.now
    assert await store.seasons.running(GUILD) is None
    assert [t.ref_id for t in await store.timers.due()] == [season.id]  # due now
    assert await store.seasons.current(GUILD, clock.now - 1) == ended
    assert await store.seasons.current(GUILD, clock.now) is None
    again = await store.seasons.start(GUILD, 56, 1)  # a new one may start at once
    assert [s.id for s in await store.seasons.of_guild(GUILD)] == [season.id, again.id]
    assert await store.seasons.of_guild(OTHER) == []


async def test_seasons_started_at_once_start_one(timed: tuple[Store, Clock]) -> None:
    store, _ = timed

    async def start(channel: int) -> str:
        try:
            await store.seasons.start(GUILD, channel, 1)
            return "started"
        except SeasonRunning as running:
            assert running.season.guild_id == GUILD and running.season.running
            return "refused"

    done = await asyncio.gather(*(start(100 + i) for i in range(6)))
    assert sorted(done) == ["refused"] * 5 + ["started"]
    assert len(await store.seasons.of_guild(GUILD)) == 1
    assert (await store.seasons.start(OTHER, 1, 1)).guild_id == OTHER  # each server its own


async def test_the_database_itself_refuses_a_second_running_season(
    timed: tuple[Store, Clock],
) -> None:
    store, _ = timed
    await store.seasons.start(GUILD, 55, 1)
    with pytest.raises(INTEGRITY):
        async with store.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO seasons (guild_id, channel_id, started_at, ends_at, weeks, status)"
                " VALUES (?, 1, 0, 1, 1, 'running')",
                (GUILD,),
            )


async def test_games_that_end_in_a_season_are_rated_fresh_on_its_ladder(
    timed: tuple[Store, Clock],
) -> None:
    store, clock = timed
    await _game(store, winner=0)  # before the season: on the server's ladder only
    season = await store.seasons.start(GUILD, 55, 1)
    clock.now += 60
    first = await _game(store, winner=1)
    await _game(store, winner=1, guild=OTHER)  # another server's game: not this season's
    clock.now += 60
    await _game(store, winner=1)
    clock.now = season.ends_at  # over by its clock, though its timer has not fired yet
    await _game(store, winner=0)
    ladder = await store.ratings.leaderboard("stonehenge", season.scope)
    assert [(place, r.player, r.games) for place, r in ladder] == [
        (1, human(2), 2),
        (2, human(1), 2),
    ]
    # Fresh: the season's first game moved its players from the start, not from their
    # server ratings (which already held a game).
    server = await store.ratings.get("stonehenge", GUILD, human(1))
    assert server is not None and server.games == 4
    moved = await store.ratings.changes(first, season.scope)
    assert sorted(before for _, before in moved) == [1000, 1000]
    # A rebuild gives the same season ladder, and the global and server ones as before.
    live = [await _ladder(store, scope) for scope in (season.scope, GUILD, GLOBAL)]
    await store.ratings.rerate()
    assert [await _ladder(store, scope) for scope in (season.scope, GUILD, GLOBAL)] == live


async def test_a_game_after_an_early_end_is_not_on_the_season_ladder(
    timed: tuple[Store, Clock],
) -> None:
    store, clock = timed
    season = await store.seasons.start(GUILD, 55, 3)
    clock.now += 60
    await _game(store)
    clock.now += 60
    await store.seasons.end(season.id, clock.now)
    await _game(store)
    assert [r.games for _, r in await store.ratings.leaderboard("stonehenge", season.scope)] == [
        1,
        1,
    ]
    await store.ratings.rerate()
    assert await store.ratings.count("stonehenge", season.scope) == 2
    assert (await store.ratings.get("stonehenge", season.scope, human(1))).games == 1
