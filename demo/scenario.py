"""The demo's script: the real bot on the loopback Discord, a newcomer's first moves, then
the bot playing one whole game of each against itself.

Nothing here needs a token or the network: ``loopback.FakeDiscord`` listens on 127.0.0.1 and
the real discord.py client inside :class:`bot.Tablero` talks to it as it would to Discord.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ai import Budget, choose_move, seat_info
from bot import Tablero
from data import GameRecord
from loopback import FakeChannel, FakeDiscord, FakeUser, start_bot, stop_bot

#: (game, one level per seat) of each table the bot plays against itself
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("stonehenge", ("normal", "hard")),
    ("kahuna", ("normal", "hard")),
    ("islas", ("normal", "hard", "normal")),
)
POLL = 0.1  # seconds between looks at the database while waiting for the bot
STALL = 10.0  # seconds a bot turn may go without a move before the demo calls it a bug
ANA_MS = 50.0  # how long the newcomer "thinks" (her moves are chosen by the `normal` player)


@dataclass
class Script:
    """What the demo does; the defaults are ``python3 tasks.py demo``'s."""

    bot_ms: float = 300.0  # the bot's budget per move
    newcomer_moves: int = 2  # Ana's /moves against the bot (0: no newcomer at all)
    tables: Sequence[tuple[str, Sequence[str]]] = TABLES
    timeout: float = 600.0  # seconds for the whole run
    progress: Callable[[str], None] | None = None  # told what happens (None: silent)


@dataclass
class Run:
    """The loopback Discord once the demo is over, and where everything happened."""

    fake: FakeDiscord
    channel: FakeChannel
    newcomer: FakeUser
    records: list[GameRecord] = field(default_factory=list)


class Demo:
    """One run of the script against a fresh loopback Discord and database."""

    def __init__(self, fake: FakeDiscord, bot: Tablero, channel: FakeChannel, script: Script):
        self.fake = fake
        self.bot = bot
        self.channel = channel
        self.script = script
        self.ana = fake.add_user("Ana", locale="en-US")

    def say(self, line: str) -> None:
        if self.script.progress is not None:
            self.script.progress(line)

    async def record(self, game_id: int) -> GameRecord:
        record = await self.bot.store.games.get(game_id)
        assert record is not None, game_id
        return record

    async def settled(self, game_id: int, seat: int | None = None) -> GameRecord:
        """The game once its board is out and it is ``seat``'s turn or over (None: over).

        A bot turn that nobody takes up within :data:`STALL` seconds is a bug: the demo
        stops and says so rather than show a game that waits for good.
        """
        loop = asyncio.get_running_loop()
        seen, since = -1, loop.time()
        while True:
            record = await self.record(game_id)
            turn = self.bot.table.state(record).turn
            if record.version != seen:
                seen, since = record.version, loop.time()
            if record.posted_version == record.version:
                if not record.active or (seat is not None and turn == seat):
                    return record
                if turn is not None and record.is_bot(turn) and loop.time() - since > STALL:
                    raise RuntimeError(f"game {game_id}: the bot's turn was never taken up")
            await asyncio.sleep(POLL)

    async def newcomer(self) -> GameRecord | None:
        """Ana plays the bot: /play stonehenge opponent:@Tablero level:easy, then a few /moves."""
        if self.script.newcomer_moves <= 0:
            return None
        self.say("Ana types /play stonehenge opponent:@Tablero level:easy")
        args = {"opponent": self.fake.bot_user, "level": "easy"}
        ix = await self.fake.slash(self.ana, self.channel, "play", args, subcommand="stonehenge")
        await ix.done(timeout=30)
        game_id = await self._newest_game()
        record = await self.record(game_id)
        seat = record.seat_of(self.ana.id)
        assert seat is not None
        for _ in range(self.script.newcomer_moves):
            record = await self.settled(game_id, seat)
            if not record.active:
                break
            move = choose_move(seat_info(record.record, seat), "normal", Budget(ms=ANA_MS))
            place = self.fake.world.channels[record.place_id or self.channel.id]
            self.say(f"Ana types /move {move}")
            ix = await self.fake.slash(self.ana, place, "move", {"move": move})
            await ix.done(timeout=30)
        return await self.settled(game_id, seat)

    async def _newest_game(self) -> int:
        for _ in range(int(30 / POLL)):
            row = await self.bot.store.db.fetchall("SELECT max(id) FROM games", ())
            if row and row[0][0] is not None:
                return int(row[0][0])
            await asyncio.sleep(POLL)
        raise TimeoutError("the bot never started Ana's game")

    async def table(self, game: str, levels: Sequence[str]) -> GameRecord:
        """One whole game of the bot against itself, in a thread of the channel."""
        channel = self.bot.get_channel(self.channel.id)
        computer = self.bot.get_cog("Computer")
        record = await computer.open_table(channel, game, list(levels))
        self.say(f"{game}: {' against '.join(levels)} (game {record.id}) started")
        record = await self.settled(record.id)
        self.say(f"{game}: over after {len(record.moves)} moves")
        return record


async def run(script: Script | None = None) -> Run:
    """Play the script; the returned loopback Discord holds the whole conversation."""
    script = script or Script()
    with tempfile.TemporaryDirectory(prefix="tablero-demo-") as tmp:
        fake = FakeDiscord()
        async with fake:
            guild = fake.add_guild("Tablero demo")
            channel = fake.add_channel(guild, "board-games")
            bot = Tablero(
                Path(tmp) / "demo.sqlite3",
                dev_guild=guild.id,
                guild_ready_timeout=0.05,
                bot_ms=script.bot_ms,
                bot_pause=0.0,
            )
            await start_bot(bot, timeout=30)
            demo = Demo(fake, bot, channel, script)
            result = Run(fake, channel, demo.ana)
            try:
                async with asyncio.timeout(script.timeout):
                    first = await demo.newcomer()
                    tables = [demo.table(game, levels) for game, levels in script.tables]
                    played = await asyncio.gather(*tables)
                result.records = [r for r in (first, *played) if r is not None]
            finally:
                await stop_bot(bot)
    return result
