"""Two real bot processes on the two shards of a loopback Discord, sharing one database.

Players move in servers of both shards; the process of shard 1 dies by SIGKILL twice (right
after acting on a due reminder, before marking it done; and right after accepting a move)
and is started again each time. Nothing is lost or doubled: every move is stored once and
every board posted once, the reminder and the deadline's notice show once each, direct
messages and /games in them keep working while a process is down, and the games go on.

The database is a parameter (conftest's ``database``): a SQLite file in WAL mode, which works
across processes on one machine, and a real PostgreSQL server.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import pytest_asyncio

from data import GuildSettings, Store
from loopback import FakeChannel, FakeDiscord, FakeGuild, Interaction, served
from loopback.timing import WAIT
from rules import State, get_game

ROOT = Path(__file__).resolve().parents[2]
REMINDER_SECONDS = 3.0  # on the server whose reminder the doomed process fires
LEASE = 1.5  # seconds a timer's claim holds: the restarted process takes it over after it
DAY = 86400.0


class BotProcess:
    """``python -m bench.child`` on some shards of the loopback Discord: a bot process."""

    def __init__(self, fake: FakeDiscord, database: str, shard: int, log: Path) -> None:
        self.fake, self.database, self.shard, self.log = fake, database, shard, log
        self.process: asyncio.subprocess.Process | None = None
        self._log: IO[bytes] | None = None

    async def start(self, *extra: str) -> BotProcess:
        """Start it (with ``extra`` arguments this time) and wait until it is ready."""
        self._log = self.log.open("ab")
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.child",
            self.fake.api_url,
            self.fake.gateway_url,
            self.database,
            "0",  # commands published globally: every server has them
            "--shards",
            str(self.shard),
            "--shard-count",
            str(self.fake.shard_count),
            "--timer-lease",
            str(LEASE),
            *extra,
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=self._log,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), WAIT)
        assert line.strip() == b"ready", self.log.read_text()[-3000:]
        return self

    async def exited(self, timeout: float) -> int:
        """Wait for the process to end by itself; its return code."""
        assert self.process is not None
        return await asyncio.wait_for(self.process.wait(), timeout)

    async def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        assert await self.exited(WAIT) == -signal.SIGKILL

    async def stop(self) -> None:
        """Stop it cleanly (stdin closes), or kill it if it will not."""
        process, self.process = self.process, None
        if process is not None and process.returncode is None:
            assert process.stdin is not None
            process.stdin.close()
            try:
                await asyncio.wait_for(process.wait(), WAIT)
            except TimeoutError:
                process.kill()
                await process.wait()
        if self._log is not None:
            self._log.close()


@dataclass
class Game:
    """A game the test plays: where, the position as the players follow it, what they sent."""

    guild: FakeGuild
    place: FakeChannel
    state: State
    played: list[str] = field(default_factory=list)


class Table:
    """The loopback Discord, its servers and players, and the games played on them."""

    def __init__(self, fake: FakeDiscord, rng: random.Random) -> None:
        self.fake, self.rng = fake, rng
        self.ana, self.luis = fake.add_user("Ana"), fake.add_user("Luis", locale="es-ES")
        self.interactions: list[tuple[FakeGuild | None, Interaction]] = []

    async def send(
        self, guild: FakeGuild | None, ix: Interaction, *, answered: bool = True
    ) -> Interaction:
        """Wait for the bot's answer to ``ix``, sent in ``guild``'s place (None: a DM)."""
        self.interactions.append((guild, ix))
        done = await ix.done()
        assert not answered or not done.errors, done.errors
        return done

    async def open(self, guild: FakeGuild, channel: FakeChannel, days: int | None = None) -> Game:
        """Ana challenges Luis (Ana first), Luis accepts: the game once its board is out."""
        options: dict[str, object] = {"opponent": self.luis, "first": "me"}
        if days is not None:
            options["days"] = days
        ix = self.fake.slash(self.ana, channel, "play", options, subcommand="stonehenge")
        offered = await self.send(guild, await ix)
        assert offered.message is not None, offered.text
        accept = next(c for c in offered.message.custom_ids if c.endswith(":accept"))
        await self.send(guild, await self.fake.click(self.luis, offered.message, accept))
        place = await self.fake.world.notifier.wait_for(
            lambda: next(iter(self.fake.threads(channel)[-1:]), None), WAIT, "the game's thread"
        )
        await self.fake.wait_for_message(place, lambda m: bool(m.attachments))
        return Game(guild, place, get_game("stonehenge").new(2, 0, {"first": 0}))

    async def move(self, game: Game) -> Interaction:
        """The player to move makes a random legal move with /move; its answer."""
        state = game.state
        notation = state.format(self.rng.choice(state.legal_moves()))
        player = self.ana if state.turn == 0 else self.luis
        ix = await self.send(
            game.guild, await self.fake.slash(player, game.place, "move", {"move": notation})
        )
        assert ix.ephemeral and "⚠" not in ix.text, ix.text
        state.apply(state.parse(notation))
        game.played.append(notation)
        return ix

    def boards(self, game: Game) -> int:
        return sum(bool(m.attachments) for m in self.fake.messages(game.place))

    def said(self, channel: FakeChannel, start: str) -> int:
        return sum(m.content.startswith(start) for m in self.fake.messages(channel))


async def _until(check: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Wait until ``check()`` holds (what the processes do is not the loopback's to tell)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.05)


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A loopback Discord that recommends two shards (served to other processes)."""
    async with served(install=False, shard_count=2) as fake:
        yield fake
    assert not fake.server_errors, fake.server_errors


async def test_two_processes_on_two_shards_lose_nothing_when_one_is_killed(
    fake: FakeDiscord, database: str, tmp_path: Path
) -> None:
    database_url = database  # a SQLite path or a postgresql:// URL, shared by the processes
    table = Table(fake, random.Random(12))
    servers = {name: fake.add_guild(name, shard=int(name[-1])) for name in ("a0", "a1", "b1")}
    channels = {name: fake.add_channel(guild, "games") for name, guild in servers.items()}
    store = await Store(database_url).open()
    hours = REMINDER_SECONDS / 3600
    await store.settings.set_guild(servers["b1"].id, GuildSettings(reminder_hours=hours))
    await store.close()
    first = BotProcess(fake, database_url, 0, tmp_path / "shard0.log")
    second = BotProcess(fake, database_url, 1, tmp_path / "shard1.log")
    try:
        await asyncio.gather(first.start(), second.start("--die-after-timer", "reminder"))
        ana_dm, luis_dm = fake.dm_channel(table.ana), fake.dm_channel(table.luis)
        await table.send(None, await fake.slash(table.ana, ana_dm, "notify", {"on": True}))

        # Both shards at work: a game on each, moves on each.
        games = {name: await table.open(servers[name], channels[name]) for name in ("a0", "a1")}
        for _ in range(3):
            for game in games.values():
                await table.move(game)

        # Shard 1's process fires the reminder of a new game on b1 and dies before marking
        # it done; shard 0's goes on meanwhile.
        games["b1"] = await table.open(servers["b1"], channels["b1"], days=1)
        assert await second.exited(REMINDER_SECONDS + WAIT) == -signal.SIGKILL
        assert table.said(games["b1"].place, "⏰") == 1  # it had sent it
        await table.move(games["a0"])
        games_list = await table.send(None, await fake.slash(table.luis, luis_dm, "games"))
        for game in games.values():  # every server's games, whichever process runs them
            assert str(game.place.id) in games_list.text, games_list.text
        profile = await table.send(None, await fake.slash(table.luis, luis_dm, "profile"))
        assert profile.text.startswith("Luis — perfil"), profile.text  # in his Spanish

        # Started again: it takes the reminder over once the dead one's lease ran out and
        # sends it again, with its nonce: Discord shows the first message instead.
        await second.stop()
        await second.start()
        await _until(lambda: fake.world.duplicate_nonces >= 2, "the reminder sent again")
        assert table.said(games["b1"].place, "⏰") == 1
        assert table.said(ana_dm, "⏰") == 1

        # Killed right after accepting a move on a1; its board may or may not be out.
        for _ in range(2):
            await table.move(games["a1"])
        await second.kill()
        await table.move(games["a0"])

        # While it is down, b1's turn runs out of time (a day passes for that game).
        store = await Store(database_url).open()
        record = await store.games.get(3)  # b1's game is the third
        assert record is not None and record.guild_id == servers["b1"].id
        # Reminders there after a day, from now on: the test counts the one that fired.
        await store.settings.set_guild(servers["b1"].id, GuildSettings(reminder_hours=24))
        async with store.db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET turn_started_at = turn_started_at - ? WHERE id = ?",
                (DAY, record.id),
            )
            await conn.execute(
                "UPDATE timers SET due_at = due_at - ?, turn_stamp = turn_stamp - ?"
                " WHERE ref_id = ? AND kind = 'deadline'",
                (DAY, DAY, record.id),
            )
        await store.close()
        await second.stop()
        await second.start()
        await _until(lambda: table.said(games["b1"].place, "⌛") == 1, "the deadline's notice")

        # Every game goes on, on both shards.
        for game in games.values():
            await table.move(game)
            await table.move(game)
        for game in games.values():
            await _until(lambda game=game: table.boards(game) == 1 + len(game.played), "boards")
        await asyncio.sleep(1.0)  # anything doubled would show by now

        store = await Store(database_url).open()
        try:
            for number, game in enumerate(games.values(), start=1):
                record = await store.games.get(number)
                assert record is not None and record.guild_id == game.guild.id
                assert list(record.moves) == game.played  # none lost, none twice
                assert record.posted_version == record.version
                assert table.boards(game) == 1 + len(game.played)  # each board once
            assert table.said(games["b1"].place, "⏰") == 1
            assert table.said(games["b1"].place, "⌛") == 1
            assert table.said(ana_dm, "⏰") == 1
            left = await store.db.fetchall(
                "SELECT id, kind FROM timers WHERE fired_at IS NULL AND due_at <= ?",
                (time.time(),),
            )
            assert [tuple(row) for row in left] == []  # every due timer fired, and is done
        finally:
            await store.close()
        for guild, ix in table.interactions:  # Discord's routing: a server's shard, DMs 0
            assert ix.shard == fake.shard_of(guild), ix
    finally:
        with contextlib.suppress(Exception):
            await second.stop()
        await first.stop()
