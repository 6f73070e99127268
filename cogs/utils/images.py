"""The images of a game as one person may see them, rendered off the event loop, with alt text."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord

from cogs.games import adapter_for
from data import GameRecord

if TYPE_CHECKING:
    from cogs.utils.service import GameService


async def board(
    service: GameService, record: GameRecord, seat: int | None, lang: str, name: str = "board.png"
) -> discord.File:
    """The board as ``seat`` may see it (None: anyone else)."""
    adapter = adapter_for(record.game)
    state = service.state_for(record, seat)
    names = record.names()
    png = await asyncio.to_thread(adapter.render, lang, state, seat, names)
    return discord.File(
        io.BytesIO(png), name, description=adapter.alt_text(lang, state, names)[:1000]
    )


async def private(service: GameService, record: GameRecord, seat: int, lang: str) -> discord.File:
    """What only ``seat`` may see (a hand, own hidden pieces)."""
    adapter = adapter_for(record.game)
    state = service.state_for(record, seat)
    png = await asyncio.to_thread(adapter.render_private, lang, state, seat, record.names())
    return discord.File(
        io.BytesIO(png),
        "private.png",
        description=adapter.private_alt_text(lang, state, seat, record.names())[:1000],
    )
