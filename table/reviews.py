"""Post-game reviews (issue 24): computed in the bot's review worker, stored once per game and
view, drawn again in the asker's language whenever asked.

The worker (``Thinker.review``) runs one review at a time, below every other process of the
machine, with a budget per turn (``ReviewBudget``), so a review never holds up a game. The
figures are stored by the first review of a game and view (public, or a seat's own): the next
/review of it reads them, and only draws.
"""

from __future__ import annotations

import asyncio
import weakref

from ai.player import has_computer
from ai.review import ReviewBudget
from data import GameRecord, Store
from games.plugin import plugin_for
from games.review import ReviewDrawn, review_job
from table.refusal import Refusal
from table.thinker import Thinker

#: The seed of every review (a review is the same whoever asks, and whenever).
SEED = 0


class Reviews:
    """Reviews of finished games: read from the store, or computed and stored."""

    def __init__(self, store: Store, thinker: Thinker, budget: ReviewBudget | None = None):
        self.store = store
        self.thinker = thinker
        self.budget = budget or ReviewBudget()
        #: one computation of a game's view at a time (two /review at once: one computes)
        self._locks: weakref.WeakValueDictionary[tuple[int, int | None], asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    async def review(self, record: GameRecord, seat: int | None, lang: str) -> ReviewDrawn:
        """The review of the finished ``record`` for ``seat`` (None: the public one), drawn
        in ``lang``; computed and stored the first time."""
        if record.active:
            raise Refusal("records-unfinished", number=record.id)
        if seat is not None and not has_computer(record.game):  # no seat's view to read
            raise Refusal("review-unavailable")
        key = (record.id, seat)
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        async with lock:
            stored = await self.store.reviews.get(record.id, seat)
            drawn = await self.thinker.review(
                review_job,
                record.record.to_json(),
                seat,
                stored,
                self.budget.to_json(),
                SEED,
                lang,
                list(record.names()),
                plugin_for(record.game).home,
            )
            if stored is None:
                await self.store.reviews.put(record.id, seat, drawn.figures)
        return drawn

    async def key_turns(self, game_id: int) -> tuple[int, ...]:
        """The turns of the game's public review's key moments (none before it exists)."""
        figures = await self.store.reviews.get(game_id, None)
        if figures is None:
            return ()
        return tuple(sorted({moment["turn"] for moment in figures["moments"]}))
