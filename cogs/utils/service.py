"""The move pipeline shared by every game: find the game, check it, store the move.

Posting is the announcer's (cogs/utils/announcer.py): the service hands it each stored turn
through ``publish`` while the game's lock is held, so boards still go out in ply order.
"""

from __future__ import annotations

import asyncio
import logging
import random
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from cogs.utils.errors import UserError
from data import GameRecord, Result, StaleGame, StorageBusy, Store
from data.db import WRITE_WAIT, write_deadline
from games.plugin import plugin_for
from rules import Event, RulesError, State, get_game
from rules.ended import ended
from rules.history import History

log = logging.getLogger(__name__)

CACHED_GAMES = 512  # histories kept in memory; any other is replayed from its record once


class GameService:
    """Finds games, checks and stores moves, and keeps each game's history; cogs call it and
    stay thin, and the announcer posts what it stores."""

    def __init__(self, store: Store, is_thread: Callable[[int], bool | None]) -> None:
        self.store = store
        #: whether a place is a thread (None when the bot does not know the place)
        self._is_thread = is_thread
        # game id -> (version, history), most recently used last. Histories are never
        # changed once cached (play() clones), so a render in a worker thread can read one.
        self._histories: OrderedDict[int, tuple[int, History]] = OrderedDict()
        # game id -> (the announced moves, the position after them): what others see
        self._public: OrderedDict[int, tuple[tuple[str, ...], State]] = OrderedDict()
        # One lock per game: its moves are stored and announced one at a time, so boards
        # reach the place in ply order (a lock lives as long as someone holds it).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: Posts a stored turn (with the game's lock held) and says why it could not, if it
        #: could not: set by the announcer, so that this module knows nothing of posting.
        #: Its third argument is what ``render_ahead`` started for that turn, if anything.
        self.publish: Callable[
            [GameRecord, str | None, asyncio.Future[Any] | None], Awaitable[Problem | None]
        ] = _nothing_to_post
        #: Starts drawing the public board of a position about to be stored (the
        #: announcer's too): a future that ``publish`` then receives.
        self.render_ahead: Callable[[GameRecord, State], asyncio.Future[Any] | None] = _draw_nothing
        #: Starts drawing what the mover's answer shows of a position about to be stored
        #: (their board mid-turn, what they drew at its end), in their language: None when
        #: it shows no image.
        self.render_mine: Callable[
            [GameRecord, State, int, str, bool], asyncio.Future[Any] | None
        ] = _draw_nothing_mine

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serialises the writes and announcements of one game."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def moving(self) -> bool:
        """Whether some game's move is being stored or announced (a clean stop waits)."""
        return any(lock.locked() for lock in self._locks.values())

    @asynccontextmanager
    async def _turn_to_store(self, game_id: int) -> AsyncIterator[float]:
        """The game's lock for a move, waited for no longer than a write would wait; yields
        when the move's write must give up, so that waiting here counts against it too
        (the player hears "try again" within the same two seconds either way)."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + WRITE_WAIT
        lock = self.lock(game_id)
        try:
            await asyncio.wait_for(lock.acquire(), WRITE_WAIT)
        except TimeoutError:
            raise StorageBusy(str(self.store.db.path)) from None
        try:
            yield give_up
        finally:
            lock.release()

    def history(self, record: GameRecord) -> History:
        """The history of ``record`` (replayed from its moves on a cache miss only)."""
        cached = self._histories.get(record.id)
        # The moves themselves, not the version, say whether the cache holds this record:
        # another process sharing the database may have taken a move back and made another,
        # which leaves the version where it was.
        if cached is not None and cached[0] == record.version and _same_moves(cached[1], record):
            self._histories.move_to_end(record.id)
            return cached[1]
        history = History.replay(
            get_game(record.game), record.players, record.seed, record.options, record.moves
        )
        self._remember(record.id, record.version, history)
        return history

    def state(self, record: GameRecord) -> State:
        """The position of ``record``."""
        return self.history(record).state

    def state_for(self, record: GameRecord, seat: int | None) -> State:
        """The position as ``seat`` may see it (None: anyone else).

        The player in the middle of their turn sees its actions; everyone else sees the
        position at the start of that turn, whatever surface they look through.
        """
        state = self._state_for(record, seat)
        if record.result is None or record.result.by_the_rules:
            return state
        return ended(state, record.result.winners)  # a resignation, a time-out

    def _state_for(self, record: GameRecord, seat: int | None) -> State:
        # A turn is announced when it passes, so the trailing moves of the player still to
        # act are theirs alone, even after a resignation or time-out in the middle of it.
        history = self.history(record)
        state, ply = history.state, history.public_ply()
        if ply == len(record.moves) or (seat is not None and state.turn == seat):
            return state
        announced = tuple(record.moves[:ply])
        cached = self._public.get(record.id)
        if cached is not None and cached[0] == announced:
            self._public.move_to_end(record.id)
            return cached[1]
        # Only on a cache miss (a restart in the middle of a turn): replayed once.
        public = get_game(record.game).replay(
            record.players, record.seed, record.options, announced
        )
        self._remember_public(record.id, announced, public)
        return public

    def _remember_public(self, game_id: int, announced: tuple[str, ...], state: State) -> None:
        self._public[game_id] = (announced, state)
        self._public.move_to_end(game_id)
        while len(self._public) > CACHED_GAMES:
            self._public.popitem(last=False)

    def _remember(self, game_id: int, version: int, history: History) -> None:
        self._histories[game_id] = (version, history)
        self._histories.move_to_end(game_id)
        while len(self._histories) > CACHED_GAMES:
            self._histories.popitem(last=False)

    async def game(self, game_id: int) -> GameRecord:
        """The stored game (UserError when it does not exist)."""
        record = await self.store.games.get(game_id)
        if record is None:
            raise UserError("error-no-game")
        return record

    async def game_here(
        self, channel_id: int | None, user_id: int, *, game_id: int | None = None
    ) -> GameRecord:
        """The game a command in this thread or channel means.

        In a place that hosts games, only its games: the user's game where they are to
        move, else their game, else the only one; several candidates are refused with their
        numbers (``game_id``, from "#12 6L", picks one). A game's own thread means that game
        even once it is over. Only outside game places does "your only active game" apply
        (the caller can tell from ``place_id`` that it was used, and should say so).
        """
        place = channel_id or 0
        active = await self.store.games.active_in_place(place)
        if game_id is not None:
            mine = await self.store.games.active_for_user(user_id)
            chosen = [g for g in (*active, *mine) if g.id == game_id]
            if not chosen:
                raise UserError("error-no-such-game", number=game_id)
            return chosen[0]
        if active:
            return self._choose(active, user_id)
        if await self._own_place(place):
            raise UserError("error-game-over")  # a finished game's thread means that game
        theirs = await self.store.games.active_for_user(user_id)
        if len(theirs) == 1:
            return theirs[0]
        if theirs:
            to_move = [g for g in theirs if self._to_move(g, user_id)]
            if len(to_move) == 1:
                return to_move[0]
        raise UserError("error-no-game-here" if not theirs else "error-which-game")

    def _choose(self, games: list[GameRecord], user_id: int) -> GameRecord:
        """Among a place's active games: the one the user is to move in, theirs, the only."""
        if len(games) == 1:
            return games[0]
        mine = [g for g in games if g.seat_of(user_id) is not None]
        to_move = [g for g in mine if self._to_move(g, user_id)]
        for candidates in (to_move, mine):
            if len(candidates) == 1:
                return candidates[0]
            if candidates:
                numbers = ", ".join(f"#{g.id}" for g in candidates[:3])  # a hint's room
                numbers += " …" if len(candidates) > 3 else ""
                raise UserError("error-several-games-here", games=numbers)
        raise UserError("error-several-games-spectator")

    def _to_move(self, record: GameRecord, user_id: int) -> bool:
        seat = record.seat_of(user_id)
        return seat is not None and self.state(record).turn == seat

    async def _own_place(self, place: int) -> bool:
        """Whether ``place`` is a game's own thread (not a channel that games fell back to)."""
        games, own = await self.store.games.place_use(place)
        if not games:
            return False
        thread = self._is_thread(place)
        return thread if thread is not None else own == games

    async def games_to_move(self, channel_id: int | None, user_id: int) -> list[GameRecord]:
        """The active games of this place in which the user is to move (for autocomplete)."""
        here = await self.store.games.active_in_place(channel_id or 0)
        return [g for g in here if self._to_move(g, user_id)]

    def check_turn(
        self, record: GameRecord, user_id: int, seat: int | None = None
    ) -> tuple[int, State]:
        """The caller's seat and the position, if it is the caller's turn (UserError if not).

        ``seat`` names the seat outright: the bot's, whose seats share its one user id.
        """
        seat = record.seat_of(user_id) if seat is None else seat
        if seat is None:
            raise UserError("error-not-a-player")
        if not record.active:
            raise UserError("error-game-over")
        state = self.state(record)
        if state.turn != seat:
            raise UserError("error-not-your-turn", player=record.names()[state.turn or 0])
        return seat, state

    async def play(
        self,
        record: GameRecord,
        user_id: int,
        text: str,
        *,
        ready: Callable[[], Awaitable[object]] | None = None,
        lang: str | None = None,
        seat: int | None = None,
    ) -> Played:
        """Apply a move given in notation and store it; announce it when it ends the turn.

        Nothing is stored unless the move is legal, and the store refuses it if the game
        moved on meanwhile (two clicks at once: one wins, the other hears the position
        changed). In games whose turn is several actions (Kahuna) each action is stored as
        it is made, and the public message comes once the turn passes. A move is stored
        even if Discord then refuses the board: ``Played.problem`` says why it is not out.

        A legal move's board starts rendering at once, in a worker thread, while ``ready``
        (the caller's answer to Discord that the move is being played) and the write take
        their round trips, side by side; a refused write throws that image away. With
        ``lang``, so does what the mover's own answer shows (``Played.mine``), in that
        language. ``seat``: the bot playing one of its seats (see ``check_turn``).
        """
        seat, history, new = self._apply(record, user_id, text, seat)
        notation = new.plies[-1].notation
        outcome = new.state.outcome()
        result = Result.by_rules(outcome) if outcome.finished else None
        turn_over = new.state.turn != seat
        early = self.render_ahead(record, new.state) if turn_over else None
        mine = None if lang is None else self.render_mine(record, new.state, seat, lang, turn_over)
        # The answer to Discord travels while the move is stored and posted: it only has to
        # be there before the mover's reply, which the caller sends after this returns.
        answering = asyncio.ensure_future(ready()) if ready is not None else None
        try:
            async with self._turn_to_store(record.id) as give_up:
                record = await self._opened(record)
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
                        )
                except StaleGame:
                    raise UserError("error-position-changed") from None
                self._remember(record.id, version, new)
                if not turn_over and new.public_ply() == len(record.moves):
                    # The first action of a turn: what others see is the position before
                    # it, the cached history's own state (never changed): no replay.
                    self._remember_public(record.id, tuple(record.moves), history.state)
                log.info("game %d: ply %d stored", record.id, version)
                stored = record.with_move(notation, version, result, shown=not turn_over)
                problem = None
                if turn_over:
                    problem, early = await self.publish(stored, None, early), None
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
        if await self.store.away.current(user_id) is not None:
            await self.store.away.end(user_id)  # a move says its player is back
        return Played(stored, notation, turn_over, problem, kept)

    def _apply(
        self, record: GameRecord, user_id: int, text: str, seat: int | None
    ) -> tuple[int, History, History]:
        """The caller's seat, the game's history and a copy of it with the move played
        (UserError, and nothing changed, when it is not the caller's turn or not legal)."""
        seat, state = self.check_turn(record, user_id, seat)
        history = self.history(record)
        picker = plugin_for(record.game).picker
        try:
            move = state.parse(picker.expand(state, text))
            if picker.table_move(move):
                raise UserError("error-table-move")
            new = history.clone()
            new.apply(move)
        except RulesError as error:
            raise UserError.from_rules(error) from None
        return seat, history, new

    async def _opened(self, record: GameRecord) -> GameRecord:
        """``record`` once its opening board is out (the game's lock is held)."""
        if record.posted_version >= 0:
            return record
        # Read before the opening board was out: its place may be known by now.
        fresh = await self.game(record.id)
        if fresh.posted_version < 0:  # a move now would be announced before it
            raise UserError("error-game-opening")
        if fresh.version != record.version:
            raise UserError("error-position-changed")
        return fresh

    async def announce(self, record: GameRecord, headline: str | None = None) -> Problem | None:
        """Have the position after a change posted, in the game's order: what happened (or
        ``headline``, after an undo say), the board, who is next. None once it is out."""
        async with self.lock(record.id):
            return await self.publish(record, headline, None)

    def forget(self, game_id: int) -> None:
        """Drop a cached position (the record went back: an undo)."""
        self._histories.pop(game_id, None)

    def turn_events(self, record: GameRecord) -> list[Event]:
        """The public events of the last turn (one move or several actions), as recorded."""
        if not record.moves or len(record.moves) != record.version:
            return []  # no move yet, or the last change was a resignation
        return self.history(record).last_turn_events()

    def last_mover(self, record: GameRecord) -> int | None:
        """The seat that made the last stored move (None before any)."""
        return self.history(record).last_mover

    def mid_turn(self, record: GameRecord) -> bool:
        """Whether the last stored move left the same player to act again (not announced)."""
        if not record.active or not record.moves or len(record.moves) != record.version:
            return False
        return self.history(record).mid_turn()

    async def open_game(
        self,
        *,
        game: str,
        seats: Sequence[tuple[int, str]],
        options: dict[str, Any],
        **where: Any,
    ) -> GameRecord:
        """Store a new game with a fresh seed, its options checked by the rules first.

        ``where`` holds the language and Discord places, passed to ``GameStore.create_game``.
        """
        engine = get_game(game)
        options = engine.check_options(len(seats), options)
        seed = random.SystemRandom().randrange(2**62)
        game_id = await self.store.games.create_game(
            game=game, seats=seats, seed=seed, options=options, **where
        )
        return await self.game(game_id)


@dataclass(frozen=True)
class Problem:
    """A board Discord refused to take: where, and the permissions the bot lacks there."""

    channel_id: int
    missing: tuple[str, ...]


@dataclass(frozen=True)
class Played:
    """A stored move: the game after it, its notation, and whether the turn passed."""

    record: GameRecord
    notation: str
    turn_over: bool
    #: why the board is not out yet (Discord refused it), or None when it was posted
    problem: Problem | None = None
    #: what the mover's answer shows, being drawn (see ``GameService.play``'s ``lang``)
    mine: asyncio.Future[Any] | None = None


async def _nothing_to_post(
    record: GameRecord, headline: str | None, early: asyncio.Future[Any] | None
) -> Problem | None:
    return None


def _draw_nothing(record: GameRecord, state: State) -> asyncio.Future[Any] | None:
    return None


def _draw_nothing_mine(
    record: GameRecord, state: State, seat: int, lang: str, turn_over: bool
) -> asyncio.Future[Any] | None:
    return None


def _same_moves(history: History, record: GameRecord) -> bool:
    """Whether ``history`` is the history of ``record``'s moves (a few microseconds)."""
    plies = history.plies
    return len(plies) == len(record.moves) and all(
        ply.notation == move for ply, move in zip(plies, record.moves, strict=True)
    )
