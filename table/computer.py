"""The bot as a player: it plays its seats' turns by itself, like anyone, only without a clock.

When a board that leaves a bot seat to move is out, the table asks for its turn
(``BotTurns.take_up``); after a start, every game waiting for the bot is taken up again
(``resume``), by the process whose shards hold the game's server (only it, so each turn is
played once). The turn is planned in a worker process (``Thinker``), then played through the
table like a person's move, after a short natural pause, so it is checked, stored and posted
alike.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import deque
from typing import Any, Protocol

from data import GameRecord, StorageBusy, Store
from data.errors import worth_logging
from data.shards import Shards
from games.plugin import plugin_for
from rules import State
from table.refusal import Refusal
from table.thinker import Thinker, Timing
from table.turn import Played

log = logging.getLogger(__name__)

ATTEMPTS = 3  # a turn overtaken by a change (an undo, say) is thought out again, this often
BUSY_RETRY = 5.0  # seconds before trying again when another program holds the database
TIMINGS_KEPT = 1000  # turns whose wait and think times are kept
RETRY_AFTER_ERROR = 60.0  # seconds before a turn that failed unexpectedly is tried again


def bot_to_move(record: GameRecord, turn: int | None) -> int | None:
    """The seat the bot is to move for in ``record``: its own, or a person's it holds (None
    when it is a person's turn, or over)."""
    if not record.active or turn is None or not record.bot_moves(turn):
        return None
    return turn


class Plays(Protocol):
    """What the bot's seats need of the table: its games, and a move played like anyone's."""

    store: Store
    own_shards: Shards | None

    async def game(self, game_id: int) -> GameRecord: ...

    def state(self, record: GameRecord) -> State: ...

    async def play(
        self,
        record: GameRecord,
        user_id: int,
        move: str | Any,
        *,
        seat: int | None = None,
        by_bot: bool = False,
    ) -> Played: ...


class BotTurns:
    """Plays the bot's seats of the games of this process's shards."""

    def __init__(self, table: Plays, thinker: Thinker, pause: float) -> None:
        self.table = table
        self.thinker = thinker
        #: the least time, in seconds, between a board and the bot's reply to it
        self.pause = pause
        #: game id -> the task playing the bot's turn there (one at a time per game)
        self._turns: dict[int, asyncio.Task[None]] = {}
        #: games to look at again when their task ends (asked while it ran)
        self._again: set[int] = set()
        #: the last turns' costs (waiting for a worker, thinking in it), for bench and logs
        self.timings: deque[Timing] = deque(maxlen=TIMINGS_KEPT)
        self._closed = False

    def close(self) -> None:
        """Stop thinking: no turn is taken up any more."""
        self._closed = True
        for task in self._turns.values():
            task.cancel()

    async def resume(self) -> None:
        """After a start: every game of this process's shards still waiting for the bot
        goes on (the other shards' processes take up theirs)."""
        store = self.table.store
        while True:
            try:
                games = await store.games.active_with_bots(self.table.own_shards)
                break
            except StorageBusy as busy:
                if worth_logging(busy):
                    log.warning("bot games: the database is busy; looking again shortly")
                await asyncio.sleep(BUSY_RETRY)
        for record in games:
            if bot_to_move(record, self.table.state(record).turn) is not None:
                self.take_up(record.id)

    def take_up(self, game_id: int) -> None:
        """Play the bot's turn in ``game_id``: one at a time; asked while one is under way
        (the next seat is the bot's too), the game is looked at again once it is done."""
        if self._closed:
            return
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
                if game_id in self._again and not self._closed:
                    self._again.discard(game_id)
                    self.take_up(game_id)

    async def _play(self, game_id: int, began: float) -> bool:
        """Think out and play the bot's turn; False when the game changed meanwhile."""
        table = self.table
        record = await table.game(game_id)
        shards = table.own_shards
        if shards is not None and not shards.owns(record.guild_id):
            return True  # another process's server: that one plays the bot's turns there
        seat = bot_to_move(record, table.state(record).turn)
        if seat is None or record.posted_version < record.version:
            return True  # not the bot's turn (any more), or its board is not out yet
        # A bot seat always has its level; a seat it holds, the level it was asked to hold at.
        level = record.seats[seat].level or record.seats[seat].held_level or "normal"
        home = plugin_for(record.game).home  # for a fresh worker
        thought, timing = await self.thinker.think(record.record, seat, level, home)
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
        await asyncio.sleep(max(0.0, self.pause - elapsed))
        for move in thought.moves:
            try:
                played = await table.play(
                    record, record.user_of(seat), move, seat=seat, by_bot=True
                )
            except Refusal as refusal:
                now = await table.game(game_id)
                # An undo, the end or a seat's player taking it back came first: look again.
                if now.version != record.version or bot_to_move(now, seat) is None:
                    log.info("game %d: the bot's move was overtaken (%s)", game_id, refusal.key)
                    return False
                # A player that picks a move the rules refuse is a bug; the game must not
                # stall on it: a legal move instead (the mover's own moves, nothing secret).
                log.error("game %d: the bot's move was refused (%s)", game_id, refusal.key)
                state = table.state(record)
                fallback = random.choice(state.legal_moves())
                played = await table.play(
                    record, record.user_of(seat), fallback, seat=seat, by_bot=True
                )
                return played.turn_over  # if not, the rest of the turn is thought out again
            record = played.record
        return True
