"""The table: a move checked once, applied, stored, handed over, and the next turn begun.

``Table(store, publisher, ...)`` takes its storage and its publisher (boardgame.io's
``Master(game, storage, transport)``). One lock per game serialises its writes and posts, so
its boards go out in ply order. Every write of a game goes through here.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from data import GameRecord, Result, StaleGame, Store
from data.db import WRITE_WAIT, write_deadline
from data.shards import Shards
from games.plugin import plugin_for
from rules import InvalidMove, RulesError, State
from rules.history import History
from table import clocks
from table.computer import BotTurns
from table.handover import Events, Handover
from table.histories import Histories
from table.lookup import Lookup
from table.openings import Openings
from table.refusal import Refusal
from table.thinker import Thinker
from table.turn import Played, Publisher

log = logging.getLogger(__name__)


class Table(Lookup, Handover, Openings):
    """Plays, stores and hands over the moves and changes of every game of this process."""

    def __init__(
        self,
        store: Store,
        publisher: Publisher,
        *,
        clock: Callable[[], float],
        is_thread: Callable[[int], bool | None],
        own_shards: Shards | None = None,
        thinker: Thinker | None = None,
        bot_pause: float = 0.0,
    ) -> None:
        super().__init__(store, Histories(), is_thread)
        self.publisher = publisher
        self.clock = clock
        self.own_shards = own_shards
        #: plays the bot's seats (None: the bot plays no game here, a test's table say)
        self.bots = None if thinker is None else BotTurns(self, thinker, bot_pause)
        self.fault = None  # see Handover.fault
        #: the events' side of the table, set by ``Tournaments`` (None: no events here)
        self.tournaments: Events | None = None
        # One lock per game (a lock lives as long as someone holds it).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # -- positions -------------------------------------------------------------------------
    def history(self, record: GameRecord) -> History:
        """The history of ``record``."""
        return self.histories.history(record)

    def state(self, record: GameRecord) -> State:
        """The position of ``record``."""
        return self.histories.state(record)

    def state_for(self, record: GameRecord, seat: int | None) -> State:
        """The position as ``seat`` may see it (None: anyone not playing)."""
        return self.histories.state_for(record, seat)

    # -- locks -----------------------------------------------------------------------------
    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serialises the writes and posts of one game."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def moving(self) -> bool:
        """Whether some game's move is being stored or posted (a clean stop waits)."""
        return any(lock.locked() for lock in self._locks.values())

    @asynccontextmanager
    async def _turn_to_store(self, game_id: int) -> AsyncIterator[float]:
        """The game's lock for a move, waited for no longer than a write would wait; yields
        when the move's write must give up, so that waiting here counts against it too.
        A wait that runs out is the game's own business (another move of it is being
        posted): the player hears that the game is busy, not the database."""
        give_up = asyncio.get_running_loop().time() + WRITE_WAIT
        lock = self.lock(game_id)
        try:
            await asyncio.wait_for(lock.acquire(), WRITE_WAIT)
        except TimeoutError:
            raise Refusal("error-game-busy") from None
        try:
            yield give_up
        finally:
            lock.release()

    # -- a move ----------------------------------------------------------------------------
    def check_turn(
        self, record: GameRecord, user_id: int, seat: int | None = None
    ) -> tuple[int, State]:
        """The caller's seat and the position, if it is the caller's turn (a refusal if not).

        ``seat`` names the seat outright: the bot's, whose seats share its one user id.
        """
        seat = record.seat_of(user_id) if seat is None else seat
        if seat is None:
            raise Refusal("error-not-a-player")
        if not record.active:
            raise Refusal("error-game-over")
        state = self.state(record)
        if state.turn != seat:
            raise Refusal("error-not-your-turn", player=record.names()[state.turn or 0])
        return seat, state

    async def play(
        self,
        record: GameRecord,
        user_id: int,
        move: str | Any,
        *,
        ready: Callable[[], Awaitable[object]] | None = None,
        lang: str | None = None,
        seat: int | None = None,
        checked: tuple[int, State] | None = None,
        by_bot: bool = False,
    ) -> Played:
        """Apply a move (notation, or a move value already read) and store it; hand the turn
        over when it passes.

        Nothing is stored unless the move is legal, and the store refuses it if the game
        moved on meanwhile (two clicks at once: one wins, the other hears the position
        changed). In games whose turn is several actions (Kahuna) each action is stored as
        it is made, and the turn is posted once it passes. A move is stored even if the
        board is then refused: ``Played.problem`` says why it is not out.

        The board starts drawing at once while ``ready`` (the caller's answer that the
        move is being played) and the write take their round trips; a refused write
        throws it away. With ``lang``, so does what the mover's own answer shows.
        ``checked``: what the caller's own ``check_turn`` of ``record`` said (a picker
        checks the turn before it works out the move): not checked twice.
        ``by_bot``: the bot's move (``BotTurns``), for its own seat or one it holds; a
        person's own move at a seat the bot holds ends the hold (their move is theirs).
        """
        seat, history, new = self._apply(record, user_id, move, seat, checked)
        # As the caller read the game: a hold that began since (a moment) stands, and the
        # player takes the seat back with /takeback-seat.
        was_held = record.seats[seat].held_level is not None
        released = was_held and not by_bot
        notation = new.plies[-1].notation
        outcome = new.state.outcome()
        result = Result.by_rules(outcome) if outcome.finished else None
        turn_over = new.state.turn != seat
        publisher = self.publisher
        # A turn's end charges the mover's bank (if the game has one), stored with the move;
        # the board drawn ahead shows the clocks as the next turn begins.
        bank = (
            await clocks.bank_after(self.store, record, seat, self.clock()) if turn_over else None
        )
        ahead = record if bank is None else record.with_bank(seat, bank)
        early = publisher.draw_ahead(ahead, new.state) if turn_over else None
        mine = (
            None if lang is None else publisher.draw_mine(record, new.state, seat, lang, turn_over)
        )
        # The answer to Discord travels while the move is stored and posted: it only has to
        # be there before the mover's reply, which the caller sends after this returns.
        answering = asyncio.ensure_future(ready()) if ready is not None else None
        try:
            async with self._turn_to_store(record.id) as give_up:
                opened = await self._opened(record)
                if opened is not record and bank is not None:  # read again: charge it anew
                    bank = await clocks.bank_after(self.store, opened, seat, self.clock())
                record = opened
                try:
                    with write_deadline(give_up):
                        version = await self.store.games.append_move(
                            record.id,
                            record.version,
                            seat=seat,
                            user_id=user_id,
                            move=notation,
                            result=result,
                            shown=not turn_over,  # mid-turn: nobody else sees it yet
                            held=by_bot and not record.is_bot(seat),
                            release=released,
                            bank=bank,
                        )
                except StaleGame:
                    raise Refusal("error-position-changed") from None
                self.histories.remember(record.id, version, new)
                if not turn_over and new.public_ply() == len(record.moves):
                    # The first action of a turn: what others see is the position before
                    # it, the cached history's own state (never changed): no replay.
                    self.histories.remember_public(record.id, tuple(record.moves), history.state)
                log.info("game %d: ply %d stored", record.id, version)
                stored = record.with_move(
                    notation,
                    version,
                    result,
                    shown=not turn_over,
                    bank=None if bank is None else (seat, bank),
                )
                if released:
                    stored = stored.released(seat, version - 1)
                problem = None
                if turn_over:
                    board, early = early, None  # the post's now, whatever becomes of it
                    problem = await self._hand_over(stored, board=board)
                if released:  # told after the move's board, which says what they played
                    try:
                        await self.tell_seat(stored, seat, held=False)
                    except Exception as error:  # the move stands: recovery tells it later
                        log.warning("game %d: seat %d's return untold (%r)", record.id, seat, error)
            mine, kept = None, mine
        except BaseException:
            if answering is not None:  # the refusal is a followup: the answer must be out
                await asyncio.wait([answering])
            raise
        finally:
            for image in (early, mine):  # the move was refused: its images are never shown
                if image is not None:
                    image.cancel()
        if answering is not None:
            await answering
        if not by_bot and await self.store.away.current(user_id) is not None:
            await self.store.away.end(user_id)  # a move says its player is back
        return Played(stored, notation, turn_over, problem, kept)

    def _apply(
        self,
        record: GameRecord,
        user_id: int,
        move: str | Any,
        seat: int | None,
        checked: tuple[int, State] | None,
    ) -> tuple[int, History, History]:
        """The caller's seat, the game's history and a copy of it with the move played
        (a refusal, and nothing changed, when it is not the caller's turn or not legal)."""
        seat, state = checked or self.check_turn(record, user_id, seat)
        history = self.histories.history(record)
        picker = plugin_for(record.game).picker
        try:
            if isinstance(move, str):
                move = read_typed(state, move, picker.expand(state, move))
            if picker.table_move(move):
                raise Refusal("error-table-move")
            new = history.clone()
            new.apply(move)
        except RulesError as error:
            raise Refusal.from_rules(error) from None
        return seat, history, new

    async def _opened(self, record: GameRecord) -> GameRecord:
        """``record`` once its opening board is out (the game's lock is held)."""
        if record.posted_version >= 0:
            return record
        # Read before the opening board was out: its place may be known by now.
        fresh = await self.game(record.id)
        if fresh.posted_version < 0:  # a move now would be announced before it
            raise Refusal("error-game-opening")
        if fresh.version != record.version:
            raise Refusal("error-position-changed")
        return fresh


def read_typed(state: State, typed: str, expanded: str) -> Any:
    """The move ``typed`` means, read once: as the game's shortcuts spell it out
    (``expanded``), or, when that reads as nothing, as typed (so that the error quotes the
    player's own words)."""
    if expanded == typed:
        return state.parse(typed)
    try:
        return state.parse(expanded)
    except InvalidMove:
        return state.parse(typed)
