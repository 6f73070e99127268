"""Ending a game by agreement: a draw offered by one player and answered by every other.

At two players an agreement is a draw; at a larger table the game ends with the scores as
they stand. An offer lapses once its maker moves again (the position it was made in is
gone); the bot plays every game out, so it is never offered one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from data import GameRecord, Offer, OfferExists
from table import endings
from table.refusal import Refusal

if TYPE_CHECKING:
    from table.table import Table


def _movers(table: Table, record: GameRecord) -> list[int | None]:
    return [ply.seat for ply in table.history(record).plies]


async def offer(table: Table, record: GameRecord, user_id: int) -> Offer:
    """Store the caller's offer to end the game by agreement (a refusal when they may not)."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("error-not-a-player")
    if not record.active:
        raise Refusal("error-game-over")
    if record.has_bots:
        raise Refusal("error-draw-bot")  # the bot plays every game out
    offers = table.store.offers
    known = await offers.get(record.id)
    stale = known if known is not None and known.lapsed(_movers(table, record)) else None
    if known is not None and stale is None:
        if known.by_seat != seat:
            raise Refusal("error-draw-pending", player=record.names()[known.by_seat])
        raise Refusal("error-draw-declined" if known.declined else "error-draw-offered")
    try:
        return await offers.make(record.id, seat, len(record.moves), replacing=stale)
    except OfferExists:
        raise Refusal("error-draw-offered") from None


@dataclass(frozen=True)
class Answer:
    """What an answer to an offer did: ``offer`` as it stands, and how it ended if it did."""

    seat: int
    offer: Offer
    #: "declined", "agreed", or None while others have still to answer
    ended: str | None = None


async def answer(
    table: Table, record: GameRecord, user_id: int, ply: int, by: int, yes: bool
) -> Answer:
    """The caller's answer to the offer ``by`` made at ``ply``; the game ends by agreement
    once every other player said yes (a refusal when the offer is not theirs to answer)."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal("error-not-a-player")
    if seat == by:
        raise Refusal("error-draw-own")
    offers = table.store.offers
    known = await offers.get(record.id)
    mine = known is not None and (known.ply, known.by_seat) == (ply, by)
    if not record.active or known is None or not mine or known.declined:
        raise Refusal("error-draw-closed")
    if known.lapsed(_movers(table, record)):
        raise Refusal("error-draw-lapsed", player=record.names()[by])
    if not yes:
        declined = await offers.decline(known)
        return Answer(seat, known, "declined" if declined else None)
    accepted = await offers.accept(known, seat)
    if accepted is None:
        raise Refusal("error-draw-closed")
    if len(accepted.accepted) < record.players - 1:  # a larger table: others still to say
        return Answer(seat, accepted)
    return Answer(seat, accepted, "agreed")


async def agree(table: Table, record: GameRecord, offer: Offer) -> None:
    """End the game as everyone agreed to ``offer``, and close it."""
    await endings.agree(table, record)
    await table.store.offers.close(offer)
