"""Starting and stopping real discord.py clients against the active FakeDiscord."""

from __future__ import annotations

import discord

from .fake import start_bot, stop_bot

__all__ = ["start_bot", "stop_bot", "without_identify_pause"]


def without_identify_pause(bot: discord.Client) -> discord.Client:
    """Let a sharded ``bot`` identify all its shards at once: discord.py waits 5 s before each
    shard but the first, for Discord's identify rate limit, which the loopback does not have."""

    async def no_pause(shard_id: int | None, *, initial: bool = False) -> None:
        return None

    bot.before_identify_hook = no_pause  # type: ignore[method-assign]
    return bot
