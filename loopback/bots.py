"""Starting and stopping real discord.py clients against the active FakeDiscord."""

from __future__ import annotations

import asyncio
import contextlib

import discord

from .fake import FakeDiscord

_RUNNING: dict[discord.Client, tuple[asyncio.Task[None], FakeDiscord | None]] = {}


async def start_bot(
    bot: discord.Client, token: str = "test-token", *, timeout: float = 5.0
) -> asyncio.Task[None]:
    """Run ``bot.start(token)`` in a task and wait until the bot is ready.

    Create bots with a low ``guild_ready_timeout`` (e.g. 0.05) so readiness is quick.
    """
    fake = FakeDiscord.active
    task = asyncio.create_task(bot.start(token), name=f"bot-{id(bot)}")
    _RUNNING[bot] = (task, fake)
    if fake is not None:
        fake.bots[bot] = task
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not bot.is_ready():
        if task.done():
            _forget(bot)
            task.result()
            raise RuntimeError("the bot stopped before becoming ready")
        if loop.time() > deadline:
            await stop_bot(bot)
            raise TimeoutError(f"the bot was not ready after {timeout}s")
        await asyncio.sleep(0.005)
    return task


def _forget(bot: discord.Client) -> tuple[asyncio.Task[None], FakeDiscord | None] | None:
    entry = _RUNNING.pop(bot, None)
    if entry is not None and entry[1] is not None:
        entry[1].bots.pop(bot, None)
    return entry


async def stop_bot(bot: discord.Client, *, timeout: float = 5.0) -> None:
    """Close ``bot`` and wait for its ``start`` task to end (re-raising its error, if any)."""
    entry = _forget(bot)
    await bot.close()
    if entry is None:
        return
    task = entry[0]
    try:
        await asyncio.wait_for(task, timeout)
    except TimeoutError:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        raise
