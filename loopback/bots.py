"""Starting and stopping real discord.py clients against the active FakeDiscord."""

from __future__ import annotations

import asyncio

import discord

from .fake import FakeDiscord, start_bot, stop_bot
from .timing import WAIT

__all__ = ["caught_up", "start_bot", "stop_bot", "without_identify_pause"]


def without_identify_pause(bot: discord.Client) -> discord.Client:
    """Let a sharded ``bot`` identify all its shards at once: discord.py waits 5 s before each
    shard but the first, for Discord's identify rate limit, which the loopback does not have."""

    async def no_pause(shard_id: int | None, *, initial: bool = False) -> None:
        return None

    bot.before_identify_hook = no_pause  # type: ignore[method-assign]
    return bot


async def caught_up(bot: discord.Client, timeout: float = WAIT) -> None:
    """Wait until ``bot`` (running in this process) has handled every gateway event the
    active fake has sent it so far: its cache then knows, say, a permission overwrite just
    made. (discord.py notes an event's sequence number and updates its cache in one go.)"""
    fake = FakeDiscord.active
    if fake is None:
        raise RuntimeError("no fake discord is active")
    sent = {s.session_id: s.seq for s in fake.gateway.sessions}

    def behind() -> bool:
        if isinstance(bot, discord.AutoShardedClient):
            sockets = [shard._parent.ws for shard in bot.shards.values()]
        else:
            sockets = [bot.ws]
        return any(ws is None or (ws.sequence or 0) < sent.get(ws.session_id, 0) for ws in sockets)

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while behind():  # polled: discord.py tells nobody when it has read a frame
        if loop.time() > deadline:
            raise TimeoutError(f"the bot had not read every gateway event after {timeout}s")
        await asyncio.sleep(0.005)
