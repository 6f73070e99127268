"""The images of a game as one person may see them, rendered off the event loop, with alt text."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs.games import adapter_for
from cogs.games.base import GameAdapter
from cogs.utils.metrics import timed_render
from data import GameRecord
from rules import State

if TYPE_CHECKING:
    from cogs.utils.service import GameService


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


async def draw(record: GameRecord, state: State, seat: int | None, lang: str) -> Drawn:
    """``state`` of ``record``'s game as ``seat`` may see it (None: anyone else), drawn and
    described in a worker thread: the event loop goes on meanwhile."""
    adapter = adapter_for(record.game)
    view = "public" if seat is None else "seat"
    return await timed_render(record.game, view, _draw, adapter, state, seat, lang, record.names())


def _draw(
    adapter: GameAdapter[Any], state: State, seat: int | None, lang: str, names: Sequence[str]
) -> Drawn:
    png = adapter.render(lang, state, seat, names)
    return Drawn(png, adapter.alt_text(lang, state, names)[:1000])


async def board(
    service: GameService, record: GameRecord, seat: int | None, lang: str, name: str = "board.png"
) -> discord.File:
    """The board as ``seat`` may see it (None: anyone else)."""
    drawn = await draw(record, service.state_for(record, seat), seat, lang)
    return drawn.file(name)


def mine_ahead(
    record: GameRecord, state: State, seat: int, lang: str, turn_over: bool
) -> asyncio.Future[Drawn] | None:
    """Start drawing what the mover's answer shows after their move to ``state``: their own
    board mid-turn; at the end of a turn what only they learnt, if anything (a card drawn)."""
    if not turn_over:
        return asyncio.ensure_future(draw(record, state, seat, lang))
    adapter = adapter_for(record.game)
    if adapter.private_after_turn(lang, state, seat) is None:
        return None
    names = record.names()
    drawing = timed_render(record.game, "private", _draw_private, adapter, state, seat, lang, names)
    return asyncio.ensure_future(drawing)


def _draw_private(
    adapter: GameAdapter[Any], state: State, seat: int, lang: str, names: Sequence[str]
) -> Drawn:
    png = adapter.render_private(lang, state, seat, names)
    return Drawn(png, adapter.private_alt_text(lang, state, seat, names)[:1000])


async def private(service: GameService, record: GameRecord, seat: int, lang: str) -> discord.File:
    """What only ``seat`` may see (a hand, own hidden pieces)."""
    adapter = adapter_for(record.game)
    state = service.state_for(record, seat)
    names = record.names()
    drawn = await timed_render(
        record.game, "private", _draw_private, adapter, state, seat, lang, names
    )
    return drawn.file(PRIVATE_NAME)
