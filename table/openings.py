"""New games: opened with a fresh seed, their place opened and their opening board posted, and
the next game of a series started when one ends."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from data import GameRecord, Store
from games.plugin import plugin_for
from rules import get_game
from table.turn import Problem


class Openings:
    """The opening half of the table (a part of ``Table``, which provides what is declared)."""

    store: Store

    if TYPE_CHECKING:  # provided by Table

        def lock(self, game_id: int) -> asyncio.Lock: ...
        async def game(self, game_id: int) -> GameRecord: ...
        async def announce(
            self, record: GameRecord, headline: str | None = None
        ) -> Problem | None: ...
        async def _hand_over(self, record: GameRecord) -> Problem | None: ...

    async def open_game(
        self,
        *,
        game: str,
        seats: Sequence[tuple[Any, ...]],
        options: dict[str, Any],
        series_length: int = 1,
        **where: Any,
    ) -> GameRecord:
        """Store a new game with a fresh seed, its options checked by the rules first.

        ``series_length`` over 1 opens a series with it. ``where`` holds the language and
        the places, passed to ``GameStore.create_game``.
        """
        engine = get_game(game)
        options = engine.check_options(len(seats), options)
        seed = random.SystemRandom().randrange(2**62)
        if series_length > 1:  # the first game of a series: the series first
            where["series_id"] = await self.store.games.create_series(game, series_length)
        game_id = await self.store.games.create_game(
            game=game, seats=seats, seed=seed, options=options, **where
        )
        return await self.game(game_id)

    async def start(
        self, record: GameRecord, opener: Callable[[], Awaitable[int]], *, again: bool = False
    ) -> Problem | None:
        """Open a new game's place with ``opener`` (its id) and post its opening board: None
        once it is out, else why not (the game is stored either way; recovery posts it).

        The game's lock is held throughout, so a move made meanwhile waits for the opening
        board and then goes to the game's own place. ``again``: the game may have been
        started meanwhile (a tournament's round, started by whoever gets there first): it
        is read again under the lock, and what is done already is not done twice.
        """
        async with self.lock(record.id):
            if again:
                record = await self.game(record.id)
                if record.posted_version >= 0:
                    return None  # out already
                if record.place_id is not None:  # opened, not posted: post it there
                    return await self._hand_over(record)
            place_id = await opener()
            await self.store.games.set_place(record.id, place_id)
            return await self._hand_over(replace(record, place_id=place_id))

    async def continue_series(self, record: GameRecord) -> None:
        """Start the series' next game (once), the other player starting."""
        series = plugin_for(record.game).series
        if record.series_id is None or series is None:
            return
        length = await self.store.games.series_length(record.series_id)
        games = await self.store.games.in_series(record.series_id)
        if record.series_index + 1 >= length or len(games) > record.series_index + 1:
            return
        opening = games[0]
        first = get_game(opening.game).new(opening.players, opening.seed, opening.options).turn
        options = {**record.options, "first": series.first(record.series_index + 1, first or 0)}
        nxt = await self.open_game(
            game=record.game,
            seats=[(s.user_id, s.name, s.level) for s in record.seats],
            options=options,
            lang=record.lang,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            place_id=record.place_id,
            series_id=record.series_id,
            series_index=record.series_index + 1,
            days_per_move=record.days_per_move,
            control=record.control,
        )
        await self.announce(nxt)
