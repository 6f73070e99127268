"""Which game a command means: by number, by the place it was run in, by whose turn it is."""

from __future__ import annotations

from collections.abc import Callable

from data import GameRecord, Store
from table.histories import Histories
from table.refusal import Refusal


class Lookup:
    """Finds stored games for the commands of a place (a thread, a channel) and a person."""

    def __init__(
        self, store: Store, histories: Histories, is_thread: Callable[[int], bool | None]
    ) -> None:
        self.store = store
        self.histories = histories
        #: whether a place is a thread (None when nobody knows the place)
        self._is_thread = is_thread

    async def game(self, game_id: int) -> GameRecord:
        """The stored game (a refusal when it does not exist)."""
        record = await self.store.games.get(game_id)
        if record is None:
            raise Refusal("error-no-game")
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
                raise Refusal("error-no-such-game", number=game_id)
            return chosen[0]
        if active:
            return self._choose(active, user_id)
        if await self._own_place(place):
            raise Refusal("error-game-over")  # a finished game's thread means that game
        theirs = await self.store.games.active_for_user(user_id)
        if len(theirs) == 1:
            return theirs[0]
        if theirs:
            to_move = [g for g in theirs if self._to_move(g, user_id)]
            if len(to_move) == 1:
                return to_move[0]
        raise Refusal("error-no-game-here" if not theirs else "error-which-game")

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
                raise Refusal("error-several-games-here", games=numbers)
        raise Refusal("error-several-games-spectator")

    def _to_move(self, record: GameRecord, user_id: int) -> bool:
        seat = record.seat_of(user_id)
        return seat is not None and self.histories.state(record).turn == seat

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
