"""The real bot on a temporary database against the loopback Discord, and two players.

Shared by the end-to-end figures, the restart figures and the profile: ``Table`` opens
games through /play and Accept like players do, and plays moves through /move.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass, field
from pathlib import Path

from bench.bare import add_bare
from bot import Tablero
from loopback import FakeChannel, FakeDiscord, Interaction, served
from loopback.bots import start_bot, stop_bot
from rules import State, get_game

#: How long the bot gets to finish what a measured command left running (its timers loop
#: waking up, gateway events) before the next sample starts: that work is no sample's.
SETTLE_SECONDS = 0.01


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def p50_p99(values: list[float], digits: int = 2) -> dict[str, float]:
    """{"p50", "p99"} of ``values``, rounded."""
    return {
        "p50": round(statistics.median(values), digits),
        "p99": round(percentile(values, 0.99), digits),
    }


@dataclass
class Game:
    """A game opened through the bot: its thread, and the position followed move by move."""

    game_id: int
    place: FakeChannel
    state: State
    #: notations played so far through /move
    played: list[str] = field(default_factory=list)
    #: the game's language and its players' names, as its boards show them
    lang: str = "en"
    names: tuple[str, ...] = ()


class Table:
    """A fake Discord with one guild, one channel and two players, and Tablero on it."""

    def __init__(self, fake: FakeDiscord, database: Path) -> None:
        self.fake = fake
        self.database = database
        guild = fake.add_guild("bench")
        self.guild_id = guild.id
        self.channel = fake.add_channel(guild, "games")
        self.users = [fake.add_user("Ana"), fake.add_user("Luis")]
        self.bot: Tablero | None = None
        #: the answer to the last /move, once complete
        self.last_answer: Interaction | None = None
        #: the bot's process, when it runs in one of its own (start_process)
        self.process: asyncio.subprocess.Process | None = None

    async def start_bot(self) -> Tablero:
        """A new Tablero on the database (with the bench's /bare), ready and warmed up."""
        bot = Tablero(self.database, dev_guild=self.guild_id, guild_ready_timeout=0.05)
        add_bare(bot)
        await start_bot(bot)
        # Recovery and the renderers' warm-up run once the bot is ready; a player's first
        # command comes later than that, so measurements start after them.
        recovery = getattr(bot, "recovery", None)
        if recovery is not None:
            await asyncio.wait_for(asyncio.shield(recovery), 60)
        self.bot = bot
        return bot

    async def start_process(self, env: dict[str, str] | None = None) -> None:
        """Tablero in a new process (bench/child.py) on the database, ready and warmed up;
        ``env``: more environment variables for it."""
        fake = self.fake
        args = (fake.api_url, fake.gateway_url, str(self.database), str(self.guild_id))
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.child",
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, **(env or {})},
        )
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), 60)
        if line.strip() != b"ready":
            await self.stop_bot()
            raise RuntimeError("the bot's process did not start")

    async def stop_bot(self) -> None:
        """Stop the running bot, in this process or its own (the database file is kept)."""
        if self.bot is not None:
            await stop_bot(self.bot)
            self.bot = None
        if self.process is not None:
            process, self.process = self.process, None
            assert process.stdin is not None
            process.stdin.close()
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()

    async def open_game(self, game: str) -> Game:
        """Challenge, accept, wait for the opening board; the position as the bot holds it."""
        assert self.bot is not None
        ana, luis = self.users
        options = {"opponent": luis, "first": "me"}
        challenge = await self.fake.slash(ana, self.channel, "play", options, subcommand=game)
        message = (await challenge.done()).message
        assert message is not None
        accept = next(c for c in message.custom_ids if c.endswith(":accept"))
        await (await self.fake.click(luis, message, accept)).done()
        place = self.fake.threads(self.channel)[-1]
        await self.fake.wait_for_message(place, lambda m: bool(m.attachments))
        record = await self.bot.store.games.latest_in_place(place.id)
        assert record is not None
        # Follow the real game (its seed deals the secret cards) to pick legal moves.
        state = get_game(game).new(len(record.seats), record.seed, record.options)
        return Game(record.id, place, state, lang=record.lang, names=tuple(record.names()))

    async def move(self, game: Game, notation: str) -> float:
        """Play ``notation`` by the player to move; the ms until the bot finished answering."""
        seat = game.state.turn
        assert seat is not None
        player = self.users[seat]
        ms, self.last_answer = await self.answered(
            self.fake.slash(player, game.place, "move", {"move": notation})
        )
        game.state.play(notation)
        game.played.append(notation)
        return ms

    async def bare(self, place: FakeChannel, size: int) -> float:
        """The bench's /bare (defer, one post of ``size`` bytes, done): ms until answered."""
        return await self.timed(self.fake.slash(self.users[0], place, "bare", {"size": size}))

    @classmethod
    async def timed(cls, sending: Awaitable[Interaction]) -> float:
        """ms from sending an interaction until the bot's answer is complete (for a deferred
        command: its first followup), then a short settle."""
        return (await cls.answered(sending))[0]

    @staticmethod
    async def answered(sending: Awaitable[Interaction]) -> tuple[float, Interaction]:
        """``timed``, and the interaction answered."""
        started = time.perf_counter()
        ix = await sending
        done = await ix.done()
        ms = (time.perf_counter() - started) * 1000
        if done.errors or "⚠️" in done.text:
            raise RuntimeError(f"the bot did not do {ix!r}: {done.text or done.errors}")
        await asyncio.sleep(SETTLE_SECONDS)
        return ms, done


@contextlib.asynccontextmanager
async def table() -> AsyncIterator[Table]:
    """A running Table on a temporary database; everything is stopped and removed after."""
    async with served() as fake:
        with tempfile.TemporaryDirectory() as tmp:
            t = Table(fake, Path(tmp) / "bench.sqlite3")
            await t.start_bot()
            try:
                yield t
            finally:
                await t.stop_bot()
