"""Changes to a game other than a move: resigning, running out of time, a skipped turn, undo."""

from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass

from cogs.utils.errors import UserError
from cogs.utils.service import GameService
from data import Ending, GameRecord, Result, StaleGame

log = logging.getLogger(__name__)


async def _finish(service: GameService, record: GameRecord, version: int, result: Result) -> None:
    """End the game (if still at ``version``) and announce how."""
    try:
        await service.store.games.finish(record.id, version, result)
    except StaleGame:
        raise UserError("error-position-changed") from None
    await service.announce(await service.game(record.id))


async def resign(service: GameService, record: GameRecord, user_id: int, version: int) -> None:
    """End the game with the caller's resignation; every other seat wins."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise UserError("error-not-a-player")
    if not record.active:
        raise UserError("error-game-over")
    winners = [s for s in range(record.players) if s != seat]
    outcome = service.state(record).outcome()
    await _finish(service, record, version, Result.forfeit(Ending.RESIGN, outcome, seat, winners))


async def time_out(service: GameService, record: GameRecord, loser: int, claimer: int) -> None:
    """End a game whose player to move ran out of time, won by the claimer."""
    outcome = service.state(record).outcome()
    result = Result.forfeit(Ending.TIMEOUT, outcome, loser, [claimer])
    await _finish(service, record, record.version, result)


#: Turns of each player during which a game may be called off (``abort``).
ABORT_TURNS = 2


def turns_played(service: GameService, record: GameRecord) -> int:
    """How many turns have passed from one player to the next so far."""
    history = service.history(record)
    seats = [ply.seat for ply in history.plies] + [history.state.turn]
    return sum(1 for a, b in itertools.pairwise(seats) if a != b)


async def abort(service: GameService, record: GameRecord, user_id: int) -> None:
    """Call the game off: no winner, not rated; only in each player's first turns."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise UserError("error-not-a-player")
    if not record.active:
        raise UserError("error-game-over")
    if turns_played(service, record) >= ABORT_TURNS * record.players:
        raise UserError("error-abort-late", count=ABORT_TURNS)
    outcome = service.state(record).outcome()
    await _finish(service, record, record.version, Result.aborted(outcome, seat))


async def agree(service: GameService, record: GameRecord) -> None:
    """End the game as its players agreed (two draw; a larger table keeps its scores)."""
    outcome = service.state(record).outcome()
    await _finish(service, record, record.version, Result.agreed(outcome, record.players))


async def moderate(service: GameService, record: GameRecord, reason: str) -> None:
    """End the game as a moderator did, for ``reason``: no winner, not rated."""
    if not record.active:
        raise UserError("error-game-over")
    outcome = service.state(record).outcome()
    await _finish(service, record, record.version, Result.moderated(outcome, reason))


async def skip(service: GameService, record: GameRecord, voter_id: int, move: str) -> None:
    """Play ``move`` (the game's skip) for the player to move, as the table voted, and
    announce it."""
    seat = service.state(record).turn
    assert seat is not None
    try:
        await service.store.games.append_move(
            record.id, record.version, seat=seat, user_id=voter_id, move=move
        )
    except StaleGame:
        raise UserError("error-position-changed") from None
    log.info("game %d: a turn skipped by vote", record.id)
    await service.announce(await service.game(record.id))


@dataclass(frozen=True)
class UndoPlan:
    """What an /undo would take back, and whom it must ask."""

    seat: int  # the caller's
    plies: int  # how many moves go: the caller's last, and the bot's reply to it if any
    unseen: bool  # an action inside the caller's unfinished turn, seen by nobody
    ask: int | None  # the seat whose consent it needs (None: nobody's)


def check_undo(service: GameService, record: GameRecord, user_id: int) -> UndoPlan:
    """What taking back the caller's last move involves (UserError when it may not be).

    Only the caller's own last move, and only one that revealed nothing (a tile or card
    drawn, a hidden druid shown): taking it back would let them play with that knowledge.
    A move inside their own unfinished turn was seen by no one, so it needs no consent.
    Against the bot alone, its reply goes too, and the bot never refuses.
    """
    seat = record.seat_of(user_id)
    if seat is None:
        raise UserError("error-not-a-player")
    if not record.active:
        raise UserError("error-game-over")
    if not record.moves or len(record.moves) != record.version:
        raise UserError("error-undo-nothing")
    history = service.history(record)
    plies = history.plies
    against_bot = all(s.is_bot for s in record.seats if s.seat != seat)
    replies = 0
    while against_bot and replies < len(plies) and record.is_bot(plies[-1 - replies].seat or 0):
        replies += 1
    if replies == len(plies) or plies[-1 - replies].seat != seat:
        raise UserError("error-undo-not-yours")
    taken = plies[-1 - replies :]
    if any(ply.revealed for ply in taken):
        raise UserError("error-undo-revealed")
    unseen = not replies and history.state.turn == seat
    asked = history.state.turn
    # Nobody to ask when only the bot saw the move, or when the bot answered it already.
    needs = not unseen and not replies and asked is not None and not record.is_bot(asked)
    return UndoPlan(seat, len(taken), unseen, asked if needs else None)


async def take_back(
    service: GameService, record: GameRecord, version: int, plies: int = 1
) -> GameRecord:
    """Remove the last ``plies`` moves (the game must still be at ``version``); the record
    as it is now."""
    try:
        # An action of one's own unfinished turn was never shown: nothing to post again.
        announce = plies > 1 or not service.mid_turn(record)
        await service.store.games.take_back(record.id, version, announce=announce, plies=plies)
    except StaleGame:
        raise UserError("error-position-changed") from None
    service.forget(record.id)
    log.info("game %d: %d plies taken back from %d", record.id, plies, version)
    return await service.game(record.id)
