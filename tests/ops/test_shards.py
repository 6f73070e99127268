"""Shards: the settings that split them over processes, and a bot that runs only some."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import ROOT, Settings, SettingsError, Tablero
from data.shards import Shards, shard_of
from loopback import FakeDiscord, start_bot, stop_bot
from loopback.timing import WAIT
from tests.e2e import BOT_OPTIONS


def test_without_shard_settings_the_bot_runs_every_shard_discord_recommends() -> None:
    settings = Settings.from_env({})
    assert settings.shard_ids is None and settings.shard_count is None
    assert Settings.from_env({"TABLERO_SHARD_COUNT": "4"}).shard_ids is None  # all four here


@pytest.mark.parametrize(
    ("shards", "count", "ids"),
    [("0,1", "4", (0, 1)), (" 3 ", "4", (3,)), ("0-2,5", "8", (0, 1, 2, 5)), ("1,1", "2", (1,))],
)
def test_shard_settings_name_a_process_shards(shards: str, count: str, ids: tuple) -> None:
    settings = Settings.from_env({"TABLERO_SHARDS": shards, "TABLERO_SHARD_COUNT": count})
    assert settings.shard_ids == ids and settings.shard_count == int(count)


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"TABLERO_SHARDS": "0,1"}, "needs TABLERO_SHARD_COUNT"),
        ({"TABLERO_SHARDS": "4", "TABLERO_SHARD_COUNT": "4"}, "shard 4 does not exist"),
        ({"TABLERO_SHARDS": "0,x", "TABLERO_SHARD_COUNT": "4"}, "such as 0,1 or 0-3"),
        ({"TABLERO_SHARDS": "3-1", "TABLERO_SHARD_COUNT": "4"}, "such as 0,1 or 0-3"),
        ({"TABLERO_SHARDS": "-1", "TABLERO_SHARD_COUNT": "4"}, "such as 0,1 or 0-3"),
        ({"TABLERO_SHARD_COUNT": "0"}, "at least 1"),
        ({"TABLERO_SHARD_COUNT": "two"}, "at least 1"),
    ],
)
def test_impossible_shard_settings_are_refused_plainly(env: dict[str, str], says: str) -> None:
    with pytest.raises(SettingsError, match=says):
        Settings.from_env(env)


def test_the_bot_refuses_impossible_shards_too(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="shard_count"):
        Tablero(tmp_path / "t.sqlite3", shard_ids=[0])
    with pytest.raises(ValueError, match="shard 2 does not exist"):
        Tablero(tmp_path / "t.sqlite3", shard_ids=[2], shard_count=2)


def test_a_guild_belongs_to_the_shard_discord_sends_its_events_to() -> None:
    guild = (123 << 22) | 4567  # created at millisecond 123 of Discord's epoch
    assert shard_of(guild, 4) == 3 and shard_of(guild, 1) == 0
    assert shard_of(None, 4) == 0  # direct messages: shard 0
    assert Shards(frozenset({3}), 4).owns(guild)
    assert not Shards(frozenset({0, 1}), 4).owns(guild)
    assert Shards(frozenset({0}), 4).owns(None) and not Shards(frozenset({1}), 4).owns(None)


def test_owns_guild_follows_the_shards_the_bot_runs(tmp_path: Path) -> None:
    guild = (122 << 22) | 1  # shard 0 of 2, shard 2 of 4
    everything = Tablero(tmp_path / "t.sqlite3")
    assert everything.own_shards is None and everything.owns_guild(guild)
    assert Tablero(tmp_path / "t.sqlite3", shard_count=4).owns_guild(guild)  # all four
    second = Tablero(tmp_path / "t.sqlite3", shard_ids=[1], shard_count=2)
    assert not second.owns_guild(guild) and not second.owns_guild(None)
    first = Tablero(tmp_path / "t.sqlite3", shard_ids=[0], shard_count=2)
    assert first.owns_guild(guild) and first.owns_guild(None)


async def test_a_bot_on_one_shard_sees_and_answers_only_its_servers(
    two_shards: FakeDiscord, tmp_path: Path
) -> None:
    fake = two_shards
    mine, other = fake.add_guild("mine", shard=1), fake.add_guild("other", shard=0)
    channel = fake.add_channel(mine, "games")
    ana = fake.add_user("Ana")
    bot = Tablero(
        tmp_path / "t.sqlite3",
        sync=True,
        guild_ready_timeout=0.05,
        shard_ids=[1],
        shard_count=2,
        **BOT_OPTIONS,
    )
    await start_bot(bot)
    try:
        assert [g.id for g in bot.guilds] == [mine.id]
        assert bot.get_guild(other.id) is None
        rules = await (await fake.slash(ana, channel, "rules", {"game": "stonehenge"})).done()
        assert rules.shard == 1 and "Stonehenge" in rules.text
        with pytest.raises(RuntimeError, match="shard"):  # shard 0 (and DMs) are not here
            await fake.slash(ana, fake.dm_channel(ana), "games")
    finally:
        await stop_bot(bot)


def test_the_bot_exits_with_the_reason_for_impossible_shards(tmp_path: Path) -> None:
    env = {**os.environ, "TABLERO_ENV_FILE": str(tmp_path / "absent.env")}
    env.update(DISCORD_TOKEN="x", TABLERO_SHARDS="2", TABLERO_SHARD_COUNT="2")
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        env=env,
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "TABLERO_SHARDS=2: shard 2 does not exist: 2 shards are numbered 0 to 1."
    )
