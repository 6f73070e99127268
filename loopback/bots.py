"""Starting and stopping real discord.py clients against the active FakeDiscord."""

from __future__ import annotations

from .fake import start_bot, stop_bot

__all__ = ["start_bot", "stop_bot"]
