"""The bot as a player: it plays its seats' turns by itself, like anyone, only without a clock.

When a board that leaves a bot seat to move is out, the announcer dispatches ``bot_turn``;
after a start, every game waiting for the bot is taken up again (``games_recovered``), by the
process whose shards hold the game's server (only it, so each turn is played once). The
turn is planned in a worker process (``Thinker``), then played through the same service as a
person's /move, after a short natural pause, so it is stored, checked and announced alike.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.utils import places
from cogs.utils.bot_seats import bot_seats
from cogs.utils.errors import UserError
from cogs.utils.images import home_of
from cogs.utils.thinker import Timing
from data import GameRecord, StorageBusy
from data.errors import worth_logging
from games.plugin import plugin_for
from locales import t

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)

ATTEMPTS = 3  # a turn overtaken by a change (an undo, say) is thought out again, this often
BUSY_RETRY = 5.0  # seconds before trying again when another program holds the database
TIMINGS_KEPT = 1000  # turns whose wait and think times are kept
RETRY_AFTER_ERROR = 60.0  # seconds before a turn that failed unexpectedly is tried again


def bot_to_move(record: GameRecord, turn: int | None) -> int | None:
    """The bot seat that is to move in ``record`` (None when it is a person's turn, or over)."""
    if not record.active or turn is None or not record.is_bot(turn):
        return None
    return turn


class Computer(commands.Cog):
    """Plays the bot's seats."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.service = bot.service
        #: game id -> the task playing the bot's turn there (one at a time per game)
        self._turns: dict[int, asyncio.Task[None]] = {}
        #: games to look at again when their task ends (asked while it ran)
        self._again: set[int] = set()
        #: the last turns' costs (waiting for a worker, thinking in it), for bench and logs
        self.timings: deque[Timing] = deque(maxlen=TIMINGS_KEPT)

    async def cog_unload(self) -> None:
        """Stop thinking."""
        for task in self._turns.values():
            task.cancel()

    @commands.Cog.listener()
    async def on_bot_turn(self, game_id: int) -> None:
        """A board is out and the bot is to move in that game."""
        self.take_up(game_id)

    @commands.Cog.listener()
    async def on_games_recovered(self) -> None:
        """After a start: every game of this process's shards still waiting for the bot
        goes on (the other shards' processes take up theirs)."""
        while True:
            try:
                games = await self.service.store.games.active_with_bots(self.bot.own_shards)
                break
            except StorageBusy as busy:
                if worth_logging(busy):
                    log.warning("bot games: the database is busy; looking again shortly")
                await asyncio.sleep(BUSY_RETRY)
        for record in games:
            if bot_to_move(record, self.service.state(record).turn) is not None:
                self.take_up(record.id)

    async def open_table(
        self, channel: discord.TextChannel, game: str, levels: Sequence[str], lang: str = "en"
    ) -> GameRecord:
        """A game of the bot against itself, one seat per level, in a new thread of
        ``channel``: to watch it play (``tasks.py demo`` shows one of each game)."""
        title = plugin_for(game).words.title(lang)
        message = await channel.send(t(lang, "bot-table-opening", game=title))
        record = await self.service.open_game(
            game=game,
            seats=bot_seats(self.bot.user, lang, levels),
            options={},
            lang=lang,
            guild_id=channel.guild.id,
            channel_id=channel.id,
        )

        async def opener() -> discord.abc.Messageable:
            name = places.thread_name(record)
            return await places.open_place(self.bot, channel.guild.id, channel, message, name)

        await self.bot.announcer.start(record, opener)
        return record

    def take_up(self, game_id: int) -> None:
        """Play the bot's turn in ``game_id``: one at a time; asked while one is under way
        (the next seat is the bot's too), the game is looked at again once it is done."""
        task = self._turns.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self._turns[game_id] = asyncio.create_task(self._turn(game_id), name=f"bot-{game_id}")

    async def _turn(self, game_id: int) -> None:
        loop = asyncio.get_running_loop()
        began = loop.time()
        try:
            for _ in range(ATTEMPTS):
                if await self._play(game_id, began):
                    return
        except asyncio.CancelledError:
            raise
        except StorageBusy as busy:
            if worth_logging(busy):
                log.warning("game %d: the bot's move waits, the database is busy", game_id)
            loop.call_later(BUSY_RETRY, self.take_up, game_id)
        except Exception:  # a game must not wait for good on one failure: later, again
            log.exception("game %d: the bot could not play its turn", game_id)
            loop.call_later(RETRY_AFTER_ERROR, self.take_up, game_id)
        finally:
            if self._turns.get(game_id) is asyncio.current_task():
                del self._turns[game_id]
                if game_id in self._again and not self.bot.is_closed():
                    self._again.discard(game_id)
                    self.take_up(game_id)

    async def _play(self, game_id: int, began: float) -> bool:
        """Think out and play the bot's turn; False when the game changed meanwhile."""
        record = await self.service.game(game_id)
        if not self.bot.owns_guild(record.guild_id):
            return True  # another process's server: that one plays the bot's turns there
        seat = bot_to_move(record, self.service.state(record).turn)
        if seat is None or record.posted_version < record.version:
            return True  # not the bot's turn (any more), or its board is not out yet
        level = record.seats[seat].level
        assert level is not None
        home = home_of(record.game)  # a plugin game's player is unknown to a fresh worker
        thought, timing = await self.bot.thinker.think(record.record, seat, level, home)
        self.timings.append(timing)
        log.info(
            "game %d: the bot (%s) thought %.0f ms after %.0f ms in the queue",
            game_id,
            level,
            timing.think_ms,
            timing.wait_ms,
        )
        # A person takes a moment too: a reply that lands at once reads like a glitch.
        elapsed = asyncio.get_running_loop().time() - began
        await asyncio.sleep(max(0.0, self.bot.bot_pause - elapsed))
        for move in thought.moves:
            try:
                played = await self.service.play(record, record.user_of(seat), move, seat=seat)
            except UserError as error:
                now = await self.service.game(game_id)
                if now.version != record.version:  # an undo or the end came first: look again
                    log.info("game %d: the bot's move was overtaken (%s)", game_id, error.key)
                    return False
                # A player that picks a move the rules refuse is a bug; the game must not
                # stall on it: a legal move instead (the mover's own moves, nothing secret).
                log.error("game %d: the bot's move was refused (%s)", game_id, error.key)
                state = self.service.state(record)
                fallback = state.format(random.choice(state.legal_moves()))
                played = await self.service.play(record, record.user_of(seat), fallback, seat=seat)
                return played.turn_over  # if not, the rest of the turn is thought out again
            record = played.record
        return True


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(Computer(bot))
