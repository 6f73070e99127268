"""Kahuna (Günter Cornett, 1998): the rules of spec/kahuna.md.

Moves (one record entry each; a turn is any number of actions, then one draw):
``Place(line, card)`` "place Elai-Huna with Huna", ``Remove(line, cards)`` "remove Elai-Huna
with Elai+Huna", ``Discard(cards)`` "discard Bari Coco", ``Draw(source)`` "draw deck" /
"draw Coco". Lines are written "Aloa-Bari" (alphabetical), cards by island name.

Events returned by ``apply`` (key: params), all public — a card drawn from the pile or
discarded face down is never named:

- ``kahuna-placed``: seat, line, card — ``seat`` played ``card`` and built on ``line``.
- ``kahuna-removed``: seat, line, owner, cards — ``seat`` played the two ``cards`` (a list) to
  send ``owner``'s bridge on ``line`` back to its supply.
- ``kahuna-discarded``: seat, count — ``seat`` discarded ``count`` cards face down.
- ``kahuna-drew-display``: seat, card — ``seat`` took the face-up ``card`` (ends the turn).
- ``kahuna-drew-pile``: seat — ``seat`` took the top of the draw pile (ends the turn).
- ``kahuna-took``: seat, island, cleared — ``seat`` took control of ``island``; ``cleared`` lists
  the opponent's lines removed from it (possibly empty). Follows ``kahuna-placed``.
- ``kahuna-lost-control``: seat, island — ``seat`` no longer controls ``island`` (after a
  capture cleared its bridges, or a removal).
- ``kahuna-round-scored``: round, points, islands — the end of ``round``: ``points`` scored and
  ``islands`` controlled, lists per seat.
- ``kahuna-round-started``: round — the discard pile was reshuffled and ``round`` laid out.
- ``kahuna-game-over``: winners, reason, scores — ``reason`` is "rounds" (round 3 ended) or
  "no-bridges" (a player had no bridge left on the board); ``winners`` is a list of seats, both
  on a draw; ``scores`` the final totals per seat.

Options: ``deck`` (the 24 cards, top first), ``reshuffles`` (the new piles of rounds 2 and 3,
top first; a round it does not cover is shuffled from the seed), ``forbid_build_on_controlled``
(no building on a line whose far end, the one the card does not name, the opponent controls),
``no_bridges_ends_game``; see spec/records.md.

Error keys: ``move-unreadable`` (text), ``game-over``, ``kahuna-no-such-island`` (name),
``kahuna-no-such-line`` (line), ``kahuna-card-not-on-line`` (card, line),
``kahuna-card-not-in-hand`` (card), ``kahuna-line-taken`` (line), ``kahuna-no-bridges-left``,
``kahuna-build-on-controlled`` (island), ``kahuna-no-opponent-bridge`` (line),
``kahuna-hand-full``, ``kahuna-pile-empty``, ``kahuna-not-in-display`` (card); for records
``record-bad-option`` (option; and round for a ``reshuffles`` order that does not match the
discard pile, raised by the draw that ends the round before).
"""

from __future__ import annotations

from rules.kahuna.board import CARDS, ENDS, ISLANDS, LINES, LINES_OF, TO_CONTROL
from rules.kahuna.game import KAHUNA, Kahuna
from rules.kahuna.moves import DECK, Discard, Draw, KahunaMove, Place, Remove
from rules.kahuna.state import KahunaState

__all__ = [
    "CARDS",
    "DECK",
    "ENDS",
    "ISLANDS",
    "KAHUNA",
    "LINES",
    "LINES_OF",
    "TO_CONTROL",
    "Discard",
    "Draw",
    "Kahuna",
    "KahunaMove",
    "KahunaState",
    "Place",
    "Remove",
]
