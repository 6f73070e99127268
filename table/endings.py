"""Changes to a game other than a move: resigning, running out of time, a skipped turn, undo."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from data import Ending, GameRecord, Result, StaleGame
from table import clocks
from table.refusal import Refusal

if TYPE_CHECKING:
    from table.table import Table

log = logging.getLogger(__name__)


async def _finish(table: Table, record: GameRecord, version: int, result: Result) -> None:
    """End the game (if still at ``version``) and announce how."""
    try:
        await table.store.games.finish(record.id, version, result)
    except StaleGame:
        raise Refusal("error-position-changed") from None
    await table.announce(await table.game(record.id))


async def resign(table: Table, record: GameRecord, user_id: int, version: int) -> None:
    """End the game with the caller's resignation; every other seat wins."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("error-not-a-player")
    if not record.active:
        raise Refusal("error-game-over")
    winners = [s for s in range(record.players) if s != seat]
    outcome = table.state(record).outcome()
    await _finish(table, record, version, Result.forfeit(Ending.RESIGN, outcome, seat, winners))


async def time_out(table: Table, record: GameRecord, loser: int, claimer: int) -> None:
    """End a game whose player to move ran out of time, won by the claimer."""
    outcome = table.state(record).outcome()
    result = Result.forfeit(Ending.TIMEOUT, outcome, loser, [claimer])
    await _finish(table, record, record.version, result)


#: Turns of each player during which a game may be called off (``abort``).
ABORT_TURNS = 2


async def abort(table: Table, record: GameRecord, user_id: int) -> None:
    """Call the game off: no winner, not rated; only in each player's first turns."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("error-not-a-player")
    if not record.active:
        raise Refusal("error-game-over")
    if table.histories.turns_played(record) >= ABORT_TURNS * record.players:
        raise Refusal("error-abort-late", count=ABORT_TURNS)
    outcome = table.state(record).outcome()
    await _finish(table, record, record.version, Result.aborted(outcome, seat))


async def agree(table: Table, record: GameRecord) -> None:
    """End the game as its players agreed (two draw; a larger table keeps its scores)."""
    outcome = table.state(record).outcome()
    await _finish(table, record, record.version, Result.agreed(outcome, record.players))


async def moderate(
    table: Table, record: GameRecord, reason: str, scored: str = "none", loser: int | None = None
) -> None:
    """End the game as a moderator did, for ``reason``: with no result (no winner, not
    rated), or ``scored`` as a ``"draw"`` or a ``"loss"`` of the player ``loser`` (a user id),
    which count and are rated like any result (a tournament's points come from them)."""
    if not record.active:
        raise Refusal("error-game-over")
    outcome = table.state(record).outcome()
    if scored == "none":
        result = Result.moderated(outcome, reason)
    elif scored == "draw":
        result = Result.scored(outcome, record.players, reason, None)
    else:
        seat = None if loser is None else record.seat_of(loser)
        if loser is None:
            raise Refusal("error-mod-loss-player")
        if seat is None:
            raise Refusal("error-mod-not-playing", number=record.id)
        result = Result.scored(outcome, record.players, reason, seat)
    await _finish(table, record, record.version, result)


async def skip(table: Table, record: GameRecord, voter_id: int, move: str) -> None:
    """Play ``move`` (the game's skip) for the player to move, as the table voted, and
    announce it."""
    seat = table.state(record).turn
    if seat is None:
        raise Refusal("error-game-over")
    # The skipped player's clock ran out: their bank keeps only the increment.
    bank = await clocks.bank_after(table.store, record, seat, table.clock())
    try:
        await table.store.games.append_move(
            record.id, record.version, seat=seat, user_id=voter_id, move=move, bank=bank
        )
    except StaleGame:
        raise Refusal("error-position-changed") from None
    log.info("game %d: a turn skipped by vote", record.id)
    await table.announce(await table.game(record.id))


@dataclass(frozen=True)
class UndoPlan:
    """What an /undo would take back, and whom it must ask."""

    seat: int  # the caller's
    plies: int  # how many moves go: the caller's last, and the bot's reply to it if any
    unseen: bool  # an action inside the caller's unfinished turn, seen by nobody
    ask: int | None  # the seat whose consent it needs (None: nobody's)


def check_undo(table: Table, record: GameRecord, user_id: int) -> UndoPlan:
    """What taking back the caller's last move involves (Refusal when it may not be).

    Only the caller's own last move, and only one that revealed nothing (a tile or card
    drawn, a hidden druid shown): taking it back would let them play with that knowledge.
    A move inside their own unfinished turn was seen by no one, so it needs no consent.
    Against the bot alone, its reply goes too, and the bot never refuses. A game that
    allows no undo (a tournament's, unless it said otherwise) refuses what needs consent.
    """
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("error-not-a-player")
    if not record.active:
        raise Refusal("error-game-over")
    if not record.moves or len(record.moves) != record.version:
        raise Refusal("error-undo-nothing")
    history = table.history(record)
    plies = history.plies
    against_bot = all(s.is_bot for s in record.seats if s.seat != seat)
    replies = 0
    while against_bot and replies < len(plies) and record.is_bot(plies[-1 - replies].seat or 0):
        replies += 1
    if replies == len(plies) or plies[-1 - replies].seat != seat:
        raise Refusal("error-undo-not-yours")
    taken = plies[-1 - replies :]
    if any(ply.revealed for ply in taken):
        raise Refusal("error-undo-revealed")
    unseen = not replies and history.state.turn == seat
    asked = history.state.turn
    # Nobody to ask when only the bot saw the move, or when the bot answered it already.
    needs = not unseen and not replies and asked is not None and not record.is_bot(asked)
    if needs and not record.undo:
        raise Refusal("error-undo-event")  # a rated event's game: no take-backs by consent
    return UndoPlan(seat, len(taken), unseen, asked if needs else None)


async def take_back(table: Table, record: GameRecord, version: int, plies: int = 1) -> GameRecord:
    """Remove the last ``plies`` moves (the game must still be at ``version``); the record
    as it is now."""
    try:
        # An action of one's own unfinished turn was never shown: nothing to post again.
        announce = plies > 1 or not table.histories.mid_turn(record)
        await table.store.games.take_back(record.id, version, announce=announce, plies=plies)
    except StaleGame:
        raise Refusal("error-position-changed") from None
    table.histories.forget(record.id)
    log.info("game %d: %d plies taken back from %d", record.id, plies, version)
    return await table.game(record.id)
