"""`python -m data copy SQLITE_PATH postgresql://…`: everything moves up, and replays the same."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from data import GuildSettings, Store
from data.__main__ import main
from data.copy import table_order
from tests.movewriter import BUILT_IN, fill, new_game, play_one, writing
from tests.postgres import PostgresServer


async def _server_of_every_kind(path: Path) -> None:
    """Games of all three kinds (some over, so rated), a series, challenges with their
    players, timers, settings of a user and a server, time away, an offer of a draw."""
    rng = random.Random(11)
    store = await Store(str(path)).open()
    try:
        await fill(store, rng)
        for name in BUILT_IN:  # finished games: ratings and their history
            game = await new_game(store, name, rng.randrange(2**32))
            while game[1].turn is not None:
                game = await play_one(store, game, rng)
        await store.games.create_series("stonehenge", 3)
        for invited in ([(101, "Luis")], []):
            await store.challenges.create(
                game="kahuna",
                options={},
                series_length=1,
                lang="es",
                guild_id=1,
                channel_id=1,
                challenger_id=100,
                challenger_name="Ana",
                invited=invited,
                max_players=2,
                ttl=3600,
            )
        await store.timers.add("reminder", 1, 2_000_000_000.0, turn_stamp=1.0)
        await store.settings.set_guild(1, GuildSettings(reminder_hours=12, threads=False))
        await store.settings.set_dm_turns(100, True)
        await store.settings.set_public(101, True)
        await store.away.start(100, 3)
        await store.offers.make(1, 0, 8, replacing=None)
    finally:
        await store.close()


def _counts(path: Path) -> dict[str, int]:
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in table_order()}
    finally:
        conn.close()


async def test_copy_moves_everything_up_and_every_game_replays_the_same(
    postgres: PostgresServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "server.sqlite3"
    await _server_of_every_kind(source)
    counts = _counts(source)
    assert all(counts[t] for t in ("games", "seats", "moves", "challenges", "challenge_players"))
    assert all(counts[t] for t in ("timers", "guild_settings", "user_settings", "ratings"))
    assert all(counts[t] for t in ("rating_history", "rated_games", "away", "offers", "series"))
    url = postgres.new_database()
    assert await asyncio.to_thread(main, ["copy", str(source), url]) == 0
    said = capsys.readouterr().out
    assert "12 games (4 islas, 4 kahuna, 4 stonehenge)" in said
    assert "each replayed to the same position" in said and f"moves {counts['moves']}" in said
    # On PostgreSQL: the same rows, every game checks, and new rows follow the copied ones.
    store = await Store(url).open()
    try:
        for table, count in counts.items():
            row = await store.db.fetchone(f"SELECT COUNT(*) AS n FROM {table}")
            assert row["n"] == count, table
        assert (await store.settings.guild(1)).reminder_hours == 12
        game = await new_game(store, "islas", 5)
        assert game[0] == counts["games"] + 1
    finally:
        await store.close()
    assert await asyncio.to_thread(main, ["check", url]) == 0


async def test_copy_refuses_a_destination_with_data_unless_told(
    postgres: PostgresServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "server.sqlite3"
    store = await Store(str(source)).open()
    try:
        await fill(store, random.Random(2), games=1, plies=3)
    finally:
        await store.close()
    url = postgres.new_database()
    assert await asyncio.to_thread(main, ["copy", str(source), url]) == 0
    capsys.readouterr()
    assert await asyncio.to_thread(main, ["copy", str(source), url]) == 1
    said = capsys.readouterr().err
    assert "Nothing was copied" in said and "--replace" in said
    assert await asyncio.to_thread(main, ["copy", str(source), url, "--replace"]) == 0
    assert "3 games" in capsys.readouterr().out
    assert await asyncio.to_thread(main, ["copy", str(source), str(tmp_path / "x")]) == 2
    missing = str(tmp_path / "none.sqlite3")
    assert await asyncio.to_thread(main, ["copy", missing, url]) == 4
    assert "no database" in capsys.readouterr().err


async def test_copy_of_a_database_being_written_is_one_moment_of_it(
    postgres: PostgresServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "live.sqlite3"
    await _server_of_every_kind(source)
    async with writing(source) as writer:
        url = postgres.new_database()
        assert await asyncio.to_thread(main, ["copy", str(source), url]) == 0
        assert writer.returncode is None  # it wrote all along
    assert "each replayed to the same position" in capsys.readouterr().out
    assert await asyncio.to_thread(main, ["check", url]) == 0
