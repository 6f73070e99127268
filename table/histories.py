"""Each game's history, kept in memory: replayed from its record once, then followed move by move.

Two caches: the full history of each game (what the player to move sees), and the position
at the start of the turn under way (what everyone else sees, while a turn of several actions
is not yet announced). Both are bounded; a miss replays the record. A finished game's history
goes first when room is needed (it is read once more at most, for its last post and answer),
so that games ending do not push out those still played.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict

from data import GameRecord
from rules import Event, State, get_game
from rules.ended import ended
from rules.history import History

CACHED_GAMES = 512  # histories kept in memory; any other is replayed from its record once


class Histories:
    """The histories of the games played lately, by game id."""

    def __init__(self) -> None:
        # game id -> (version, history), most recently used last. Histories are never
        # changed once cached (a move plays on a clone), so a drawing thread may read one.
        self._histories: OrderedDict[int, tuple[int, History]] = OrderedDict()
        # game id -> (the announced moves, the position after them): what others see
        self._public: OrderedDict[int, tuple[tuple[str, ...], State]] = OrderedDict()

    def history(self, record: GameRecord) -> History:
        """The history of ``record`` (replayed from its moves on a cache miss only)."""
        cached = self._histories.get(record.id)
        # The moves themselves, not the version, say whether the cache holds this record:
        # another process sharing the database may have taken a move back and made another,
        # which leaves the version where it was.
        if cached is not None and cached[0] == record.version and _same_moves(cached[1], record):
            self._histories.move_to_end(record.id, last=record.active)
            return cached[1]
        history = History.replay(
            get_game(record.game), record.players, record.seed, record.options, record.moves
        )
        self.remember(record.id, record.version, history)
        if not record.active:
            self._histories.move_to_end(record.id, last=False)
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
        self.remember_public(record.id, announced, public)
        return public

    def remember(self, game_id: int, version: int, history: History) -> None:
        """Keep ``history`` as game ``game_id``'s at ``version`` (the first to go if it
        is over)."""
        self._histories[game_id] = (version, history)
        while len(self._histories) > CACHED_GAMES:
            self._histories.popitem(last=False)
        self._histories.move_to_end(game_id, last=history.state.turn is not None)

    def remember_public(self, game_id: int, announced: tuple[str, ...], state: State) -> None:
        """Keep ``state`` as what others see of game ``game_id`` after ``announced``."""
        self._public[game_id] = (announced, state)
        self._public.move_to_end(game_id)
        while len(self._public) > CACHED_GAMES:
            self._public.popitem(last=False)

    def forget(self, game_id: int) -> None:
        """Drop a cached position (the record went back: an undo)."""
        self._histories.pop(game_id, None)
        self._public.pop(game_id, None)

    def turn_events(self, record: GameRecord) -> tuple[Event, ...]:
        """The public events of the last turn (one move or several actions), as recorded."""
        if not record.moves or len(record.moves) != record.version:
            return ()  # no move yet, or the last change was a resignation
        return tuple(self.history(record).last_turn_events())

    def mid_turn(self, record: GameRecord) -> bool:
        """Whether the last stored move left the same player to act again (not announced)."""
        if not record.active or not record.moves or len(record.moves) != record.version:
            return False
        return self.history(record).mid_turn()

    def turns_played(self, record: GameRecord) -> int:
        """How many turns have passed from one player to the next so far."""
        history = self.history(record)
        seats = [ply.seat for ply in history.plies] + [history.state.turn]
        return sum(1 for a, b in itertools.pairwise(seats) if a != b)


def _same_moves(history: History, record: GameRecord) -> bool:
    """Whether ``history`` is the history of ``record``'s moves (a few microseconds)."""
    plies = history.plies
    return len(plies) == len(record.moves) and all(
        ply.notation == move for ply, move in zip(plies, record.moves, strict=True)
    )
