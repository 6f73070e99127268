"""Wake-ups for tests waiting on the fake's state."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class Notifier:
    """Lets coroutines wait until a condition over the fake's state becomes true."""

    def __init__(self) -> None:
        self._waiters: set[asyncio.Future[None]] = set()

    def notify(self) -> None:
        """Wake every waiter so it re-checks its condition."""
        for fut in self._waiters:
            if not fut.done():
                fut.set_result(None)
        self._waiters.clear()

    async def wait_for(self, check: Callable[[], T | None], timeout: float, what: str) -> T:
        """Return ``check()`` as soon as it is not ``None``; ``TimeoutError`` after ``timeout``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result is not None:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"fake discord: timed out after {timeout}s waiting for {what}"
                    " (LOOPBACK_WAIT sets the default limit)"
                )
            fut: asyncio.Future[None] = loop.create_future()
            self._waiters.add(fut)
            try:
                await asyncio.wait({fut}, timeout=remaining)
            finally:
                self._waiters.discard(fut)
