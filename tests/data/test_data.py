"""The persistence layer: migrations, WAL, records, the version check on moves."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from data import ChallengeGone, Ending, RematchOffered, Result, StaleGame, Store
from data import sqlite as sqlite_module
from data.db import Step
from data.migrations import MIGRATIONS
from data.sqlite import SQLiteDatabase
from tests.stores import new_game as _game


@pytest.fixture
async def sqlite_store(tmp_path: Path):
    """A store on SQLite, for what only SQLite has (WAL, PRAGMA synchronous)."""
    s = await Store(tmp_path / "t.sqlite3").open()
    yield s
    await s.close()


async def test_migrates_to_latest(store: Store) -> None:
    assert await store.db.schema_version() == len(MIGRATIONS)
    tables = await store.db.tables()
    assert {"games", "seats", "moves", "challenges", "timers", "ratings"} <= set(tables)
    assert tables["moves"][:4] == ["game_id", "ply", "seat", "user_id"]


async def test_sqlite_uses_wal(sqlite_store: Store) -> None:
    row = await sqlite_store.db.fetchone("PRAGMA journal_mode")
    assert row is not None and row[0] == "wal"


async def test_discord_ids_and_times_keep_every_digit(store: Store) -> None:
    """Snowflakes need 64 bits and times their fractions, on both engines."""
    snowflake, when = 1_234_567_890_123_456_789, 1_764_500_000.123456
    game_id = await _game(store)
    await store.games.mark_posted(game_id, 0, snowflake, turn_started_at=when, timers=[])
    game = await store.games.get(game_id)
    assert game is not None and game.message_id == snowflake and game.turn_started_at == when


async def test_reopen_keeps_data_and_does_not_remigrate(database: str) -> None:
    path = database
    first = await Store(path).open()
    game_id = await _game(first)
    await first.close()
    second = await Store(path).open()
    game = await second.games.get(game_id)
    await second.close()
    assert game is not None and game.names() == ("Ana", "Luis")


async def test_game_is_stored_as_its_record(store: Store) -> None:
    game_id = await _game(store)
    await store.games.append_move(game_id, 0, seat=0, user_id=1, move="6L")
    await store.games.append_move(game_id, 1, seat=1, user_id=2, move="5D")
    game = await store.games.get(game_id)
    assert game is not None
    assert game.to_record() == {
        "game": "stonehenge",
        "players": 2,
        "seed": 7,
        "options": {"first": 0},
        "moves": ["6L", "5D"],
    }
    assert game.version == 2 and game.seat_of(2) == 1 and game.seat_of(99) is None


async def test_append_checks_the_version(store: Store) -> None:
    game_id = await _game(store)
    await store.games.append_move(game_id, 0, seat=0, user_id=1, move="6L")
    with pytest.raises(StaleGame):
        await store.games.append_move(game_id, 0, seat=0, user_id=1, move="5D")
    game = await store.games.get(game_id)
    assert game is not None and game.moves == ("6L",)


async def test_simultaneous_appends_apply_exactly_one(store: Store) -> None:
    game_id = await _game(store)
    results = await asyncio.gather(
        *(
            store.games.append_move(game_id, 0, seat=0, user_id=1, move=m)
            for m in ("6L", "5D", "4A")
        ),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert sum(isinstance(r, StaleGame) for r in results) == 2
    game = await store.games.get(game_id)
    assert game is not None and len(game.moves) == 1


async def test_finished_game_takes_no_more_moves(store: Store) -> None:
    game_id = await _game(store)
    await store.games.finish(game_id, 0, Result(Ending.RESIGN, (1,), (0, 0), loser=0))
    with pytest.raises(StaleGame):
        await store.games.append_move(game_id, 0, seat=0, user_id=1, move="6L")
    game = await store.games.get(game_id)
    assert game is not None and game.status == "finished" and game.result.winners == (1,)


async def test_the_latest_finished_game_of_a_place_behind_a_newer_one(store: Store) -> None:
    first = await _game(store)
    assert await store.games.latest_in_place(30, finished=True) is None
    await store.games.finish(first, 0, Result(Ending.RESIGN, (1,), (0, 0), loser=0))
    rematch = await _game(store)  # the same thread, under way
    latest = await store.games.latest_in_place(30)
    finished = await store.games.latest_in_place(30, finished=True)
    assert latest is not None and latest.id == rematch
    assert finished is not None and finished.id == first


async def test_unposted_lists_games_whose_moves_were_not_announced(store: Store) -> None:
    game_id = await _game(store)
    assert [g.id for g in await store.games.unposted()] == [game_id]
    await store.games.mark_posted(game_id, 0, 555)
    assert await store.games.unposted() == []
    await store.games.append_move(game_id, 0, seat=0, user_id=1, move="6L")
    assert [g.id for g in await store.games.unposted()] == [game_id]


async def _challenge(store: Store, invited: list[tuple[int, str]], most: int = 5, **extra: Any):
    return await store.challenges.create(
        game="islas" if most > 2 else "stonehenge",
        options={},
        series_length=1,
        lang="en",
        guild_id=10,
        channel_id=20,
        challenger_id=1,
        challenger_name="Ana",
        invited=invited,
        max_players=most,
        ttl=60,
        **extra,
    )


async def test_one_open_rematch_per_game_even_when_asked_twice_at_once(store: Store) -> None:
    game_id = await _game(store)
    results = await asyncio.gather(
        *(_challenge(store, [(2, "Luis")], most=2, rematch_of=game_id) for _ in range(3)),
        return_exceptions=True,
    )
    made = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, RematchOffered)]
    assert len(made) == 1 and len(refused) == 2
    assert all(r.challenge.id == made[0].id for r in refused)
    assert made[0].rematch_of == game_id
    await store.challenges.resolve(made[0].id, "declined")
    again = await _challenge(store, [(2, "Luis")], most=2, rematch_of=game_id)
    assert again.id != made[0].id  # a closed offer does not block a new one
    other = await _challenge(store, [(2, "Luis")], most=2)  # not a rematch: no limit
    assert other.rematch_of is None


async def test_accepting_a_challenge_twice_starts_one_game(store: Store) -> None:
    challenge = await _challenge(store, [(2, "Luis")], most=2)
    results = await asyncio.gather(
        _game(store, challenge_id=challenge.id),
        _game(store, challenge_id=challenge.id),
        return_exceptions=True,
    )
    assert sum(isinstance(r, ChallengeGone) for r in results) == 1
    game_ids = [r for r in results if isinstance(r, int)]
    stored = await store.challenges.get(challenge.id)
    assert stored is not None and stored.status == "accepted" and stored.game_id == game_ids[0]
    rows = await store.db.fetchall("SELECT id FROM games")
    assert [r["id"] for r in rows] == game_ids


async def test_challenges_expire_by_the_clock(database: str) -> None:
    now = [1000.0]
    store = await Store(database, clock=lambda: now[0]).open()
    challenge = await store.challenges.create(
        game="stonehenge",
        options={},
        series_length=1,
        lang="es",
        guild_id=None,
        channel_id=20,
        challenger_id=1,
        challenger_name="Ana",
        invited=[],
        max_players=2,
        ttl=60,
    )
    assert await store.challenges.due() == []
    assert await store.challenges.next_expiry() == 1060.0
    now[0] = 1060.0
    assert [c.id for c in await store.challenges.due()] == [challenge.id]
    assert await store.challenges.resolve(challenge.id, "expired")
    assert not await store.challenges.resolve(challenge.id, "declined")
    assert await store.challenges.next_expiry() is None
    await store.close()


async def test_timers_fire_once_in_order(database: str) -> None:
    now = [100.0]
    store = await Store(database, clock=lambda: now[0]).open()
    try:
        late = await store.timers.add("reminder", 7, 200.0, turn_stamp=3.0)
        early = await store.timers.add("deadline", 7, 150.0)
        assert await store.timers.due() == []
        assert await store.timers.next_due() == 150.0
        now[0] = 250.0
        assert [t.id for t in await store.timers.due()] == [early, late]
        assert await store.timers.claim(early, "a", 60)
        assert not await store.timers.claim(early, "b", 60)  # held by a
        assert [t.turn_stamp for t in await store.timers.due()] == [3.0]
    finally:
        await store.close()


async def test_settings_have_defaults_and_persist(store: Store) -> None:
    from data import GuildSettings

    assert not await store.settings.dm_turns(5)
    await store.settings.set_dm_turns(5, True)
    assert await store.settings.dm_turns(5)
    assert (await store.settings.guild(10)).reminder_hours == 24
    await store.settings.set_guild(10, GuildSettings(6, 77, False))
    assert await store.settings.guild(10) == GuildSettings(6, 77, False)
    assert await store.settings.guild(None) == GuildSettings()


async def test_a_persons_settings_have_defaults_persist_whole_and_keep_privacy(
    store: Store,
) -> None:
    from zoneinfo import ZoneInfo

    from data import PersonSettings

    assert await store.settings.person(5) == PersonSettings()
    assert PersonSettings().zone() == ZoneInfo("UTC")
    assert PersonSettings(timezone="Mars/Olympus_Mons").zone() == ZoneInfo("UTC")
    assert PersonSettings(timezone="../../etc/passwd").zone() == ZoneInfo("UTC")
    await store.settings.set_public(5, True)
    mine = PersonSettings(
        dm_turns=True,
        timezone="America/Argentina/Buenos_Aires",
        quiet=(22 * 60 + 30, 7 * 60),  # wraps midnight
        remind_before=(24.0, 4.0, 1.5),
        digest_hour=8,
        heads_up=True,
    )
    await store.settings.set_person(5, mine)
    assert await store.settings.person(5) == mine
    assert mine.zone() == ZoneInfo("America/Argentina/Buenos_Aires")
    assert await store.settings.dm_turns(5) and await store.settings.public(5)
    await store.settings.set_dm_turns(5, False)  # only that one changes
    assert await store.settings.person(5) == PersonSettings(
        False, mine.timezone, mine.quiet, mine.remind_before, 8, True
    )
    await store.settings.set_person(5, PersonSettings())
    assert await store.settings.person(5) == PersonSettings()
    assert await store.settings.public(5)


async def test_a_persons_settings_are_cached_and_forget_cached_drops_them(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from data import PersonSettings

    await store.settings.set_person(5, PersonSettings(timezone="Europe/Madrid"))
    reads: list[str] = []
    fetchone = type(store.db).fetchone

    async def counted(self: Any, sql: str, params: tuple = ()) -> Any:
        reads.append(sql)
        return await fetchone(self, sql, params)

    monkeypatch.setattr(type(store.db), "fetchone", counted)
    for _ in range(3):
        assert (await store.settings.person(5)).timezone == "Europe/Madrid"
        assert not await store.settings.dm_turns(5)  # the same read
    assert len(reads) == 1
    store.settings.forget_cached(5)
    assert (await store.settings.person(5)).timezone == "Europe/Madrid"
    assert len(reads) == 2


async def test_settings_are_read_once_a_while_and_another_process_is_seen_later(
    store: Store, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from data import GuildSettings, settings

    reads: list[str] = []
    fetchone = type(store.db).fetchone

    async def counted(self: Any, sql: str, params: tuple = ()) -> Any:
        reads.append(sql)
        return await fetchone(self, sql, params)

    monkeypatch.setattr(type(store.db), "fetchone", counted)
    for _ in range(3):  # every announced turn reads them
        assert (await store.settings.guild(10)).reminder_hours == 24
        assert not await store.settings.dm_turns(5)
    assert len(reads) == 2
    other = await Store(database).open()  # another bot process
    try:
        await other.settings.set_guild(10, GuildSettings(6, None, True))
        await other.settings.set_dm_turns(5, True)
    finally:
        await other.close()
    monkeypatch.setattr(settings, "SETTINGS_TTL", 0.0)
    store.settings._cache.clear()  # as if the time to live had passed
    assert (await store.settings.guild(10)).reminder_hours == 6
    assert await store.settings.dm_turns(5)


async def test_a_move_is_committed_to_disk_and_its_post_marker_need_not_be(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = sqlite_store

    db = store.db
    assert isinstance(db, SQLiteDatabase)
    used: list[int] = []  # the writer's synchronous setting at each commit
    real = sqlite_module.run_step

    def step(raw: sqlite3.Connection, one: Step) -> sqlite3.Cursor:
        used.append(int(raw.execute("PRAGMA synchronous").fetchone()[0]))
        return real(raw, one)

    monkeypatch.setattr(sqlite_module, "run_step", step)
    game_id = await _game(store)
    await store.games.append_move(game_id, 0, seat=0, user_id=1, move="6L")
    assert set(used) == {2}  # FULL: the move survives a power cut
    used.clear()
    await store.games.mark_posted(game_id, 1, 99, turn_started_at=5.0, timers=[("reminder", 9.0)])
    assert set(used) == {1}  # NORMAL: survives the bot's crash; recovery finds the post
    used.clear()
    await store.games.append_move(game_id, 1, seat=1, user_id=2, move="5D")
    assert set(used) == {2}
    game = await store.games.get(game_id)
    assert game is not None and game.posted_version == 1 and game.moves == ("6L", "5D")


async def test_every_invited_player_accepts_once(store: Store) -> None:
    challenge = await _challenge(store, [(2, "Luis"), (3, "Eve")])
    assert not challenge.is_open and challenge.max_players == 3
    assert [p.user_id for p in challenge.waiting_for] == [2, 3]
    assert await store.challenges.accept(challenge.id, 3, "Eve B.")
    assert not await store.challenges.accept(challenge.id, 3, "Eve B.")  # a double click
    assert not await store.challenges.accept(challenge.id, 9, "Stranger")
    again = await store.challenges.get(challenge.id)
    assert [p.name for p in again.accepted] == ["Eve B."]
    assert [p.user_id for p in again.waiting_for] == [2]


async def test_an_open_table_fills_up_to_its_size(store: Store) -> None:
    challenge = await _challenge(store, [], most=3)
    assert challenge.is_open
    assert await store.challenges.join(challenge.id, 2, "Luis")
    assert not await store.challenges.join(challenge.id, 2, "Luis")  # already seated
    assert await store.challenges.join(challenge.id, 3, "Eve")
    assert not await store.challenges.join(challenge.id, 4, "Late")  # full: 3 with Ana
    assert await store.challenges.leave(challenge.id, 2)
    assert await store.challenges.join(challenge.id, 4, "Late")
    seated = await store.challenges.get(challenge.id)
    assert [p.user_id for p in seated.accepted] == [3, 4]
    await store.challenges.resolve(challenge.id, "cancelled")
    assert not await store.challenges.join(challenge.id, 5, "Closed")


async def test_schema_1_challenges_are_migrated(tmp_path: Path) -> None:
    import aiosqlite

    path = tmp_path / "old.sqlite3"
    async with aiosqlite.connect(path) as conn:
        await conn.executescript(MIGRATIONS[0] + ";PRAGMA user_version=1;")
        await conn.execute(
            "INSERT INTO challenges (game, options, channel_id, challenger_id, challenger_name,"
            " opponent_id, created_at, expires_at) VALUES"
            " ('stonehenge', '{}', 20, 1, 'Ana', 2, 0, 99),"
            " ('stonehenge', '{}', 20, 1, 'Ana', NULL, 0, 99)"
        )
        await conn.commit()
    store = await Store(path).open()
    named, open_one = await store.challenges.get(1), await store.challenges.get(2)
    await store.close()
    assert [p.user_id for p in named.waiting_for] == [2] and not named.is_open
    assert open_one.is_open and open_one.players == ()


async def test_a_host_leaving_hands_the_table_to_the_player_seated_longest(store: Store) -> None:
    table = await _challenge(store, [])
    for uid, name in ((2, "Luis"), (3, "Eve")):
        assert await store.challenges.join(table.id, uid, name)
    host = await store.challenges.hand_over(table.id, 1)
    assert host is not None and (host.user_id, host.name) == (2, "Luis")
    now = await store.challenges.get(table.id)
    assert now.challenger_id == 2 and [p.name for p in now.players] == ["Eve"]
    with pytest.raises(ChallengeGone):
        await store.challenges.hand_over(table.id, 1)  # Ana no longer hosts it
    assert await store.challenges.leave(table.id, 3)
    assert await store.challenges.hand_over(table.id, 2) is None  # nobody left: closed
    assert (await store.challenges.get(table.id)).status == "cancelled"


async def test_unposted_and_bot_games_are_read_for_a_process_s_own_shards(store: Store) -> None:
    from data.shards import Shards, shard_of

    guilds = {shard: (1000 + shard) << 22 for shard in (0, 1)}  # a server on each of 2 shards
    assert [shard_of(g, 2) for g in guilds.values()] == [0, 1]
    made = {}
    for shard, guild in guilds.items():
        made[shard] = await store.games.create_game(
            game="stonehenge",
            seats=[(1, "Ana"), (2, "Tablero · hard", "hard")],
            seed=7,
            options={"first": 0},
            lang="en",
            guild_id=guild,
            channel_id=20,
        )
    for shard in (0, 1):
        mine = Shards(frozenset({shard}), 2)
        assert [g.id for g in await store.games.unposted(mine)] == [made[shard]]
        assert [g.id for g in await store.games.active_with_bots(mine)] == [made[shard]]
    assert len(await store.games.unposted()) == 2


async def test_the_games_played_last_are_read_newest_first_for_a_process_s_shards(
    store: Store,
) -> None:
    from data.shards import Shards

    guilds = {shard: (1000 + shard) << 22 for shard in (0, 1)}  # a server on each of 2 shards
    early, late, other, over = (
        await _game(store, guilds[0]),
        await _game(store, guilds[0]),
        await _game(store, guilds[1]),
        await _game(store, guilds[0]),
    )
    for game_id, started in ((early, 100.0), (late, 300.0), (other, 400.0), (over, 500.0)):
        await store.games.mark_posted(game_id, 0, 1, turn_started_at=started)
    await store.games.finish(over, 0, Result(Ending.RESIGN, (1,), (0, 0), loser=0))
    mine = Shards(frozenset({0}), 2)
    assert [g.id for g in await store.games.recently_played(mine)] == [late, early]
    assert [g.id for g in await store.games.recently_played(mine, limit=1)] == [late]
    assert [g.id for g in await store.games.recently_played()] == [other, late, early]
