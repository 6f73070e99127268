"""The images of a game as one person may see them, rendered off the event loop, with alt text."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs.utils.metrics import RENDER_SECONDS
from data import GameRecord
from games.plugin import plugin_for
from render import paint_draws, painter
from rules import State

if TYPE_CHECKING:
    from table.table import Table


#: The file name of a private image (a hand, one's own hidden pieces).
PRIVATE_NAME = "private.png"


@dataclass(frozen=True)
class Drawn:
    """A board drawn, with its alt text: what a post attaches."""

    png: bytes
    alt: str

    def file(self, name: str) -> discord.File:
        """The attachment, called ``name``."""
        return discord.File(io.BytesIO(self.png), name, description=self.alt)


async def draw(
    record: GameRecord,
    state: State,
    seat: int | None,
    lang: str,
    names: Sequence[str] | None = None,
) -> Drawn:
    """``state`` of ``record``'s game as ``seat`` may see it (None: anyone else), drawn and
    described in the drawing process (render/painter.py): the event loop goes on. ``names``:
    the panels' names (a post's carry each clock), else the players' own."""
    view = "public" if seat is None else "seat"
    game, names = record.game, tuple(names or record.names())
    drawn = await _timed(
        game, view, paint_draws.board, game, home_of(game), state, seat, lang, names
    )
    return Drawn(*drawn)


async def warm(record: GameRecord, state: State) -> None:
    """Draw the public board of ``state`` in the drawing process and throw it away: the
    sprites its size needs are then drawn (not counted as a board a player waited for)."""
    game = record.game
    await painter.shared().draw(
        paint_draws.board, game, home_of(game), state, None, record.lang, record.names()
    )


def home_of(game: str) -> str:
    """The module whose import registers ``game`` (for a drawing process that lacks it)."""
    return plugin_for(game).home


async def board(
    table: Table,
    record: GameRecord,
    seat: int | None,
    lang: str,
    name: str = "board.png",
    names: Sequence[str] | None = None,
) -> discord.File:
    """The board as ``seat`` may see it (None: anyone else); ``names`` as in ``draw``."""
    drawn = await draw(record, table.state_for(record, seat), seat, lang, names)
    return drawn.file(name)


def mine_ahead(
    record: GameRecord, state: State, seat: int, lang: str, turn_over: bool
) -> asyncio.Future[Drawn] | None:
    """Start drawing what the mover's answer shows after their move to ``state``: their own
    board mid-turn; at the end of a turn what only they learnt, if anything (a card drawn)."""
    if not turn_over:
        return asyncio.ensure_future(draw(record, state, seat, lang))
    if plugin_for(record.game).words.private_after_turn(lang, state, seat) is None:
        return None
    return asyncio.ensure_future(_private(record, state, seat, lang))


async def _private(record: GameRecord, state: State, seat: int, lang: str) -> Drawn:
    game, names = record.game, record.names()
    drawn = await _timed(
        game, "private", paint_draws.private, game, home_of(game), state, seat, lang, names
    )
    return Drawn(*drawn)


async def private(table: Table, record: GameRecord, seat: int, lang: str) -> discord.File:
    """What only ``seat`` may see (a hand, own hidden pieces)."""
    drawn = await _private(record, table.state_for(record, seat), seat, lang)
    return drawn.file(PRIVATE_NAME)


async def _timed(game: str, view: str, draw: Callable[..., Any], *args: Any) -> Any:
    """``draw(*args)`` in the drawing process (render/painter.py), as a person waits for a
    board, counting how long (tablero_render_seconds)."""
    started = time.perf_counter()
    try:
        return await painter.shared().draw(draw, *args)
    finally:
        RENDER_SECONDS.labels(game, view).observe(time.perf_counter() - started)
