"""Pytest fixtures for the fake Discord.

Enable them in a conftest or test module with::

    pytest_plugins = ["loopback.pytest_plugin"]

Fixtures: ``fake_discord`` (a started and installed :class:`FakeDiscord`, closed afterwards,
which also stops bots started with :func:`start_bot` and fails the test if the fake itself hit
an internal error). Helpers: ``start_bot(bot, token="test-token")`` and ``stop_bot(bot)``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .bots import start_bot, stop_bot
from .fake import FakeDiscord, served

__all__ = ["fake_discord", "start_bot", "stop_bot"]


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started, installed FakeDiscord; closed (bots stopped, URLs restored) afterwards."""
    async with served() as fake:
        yield fake
    assert not fake.server_errors, "fake discord internal errors:\n" + "\n".join(fake.server_errors)
