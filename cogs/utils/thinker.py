"""Where the bot thinks: worker processes at low priority, at most one a core.

A search is pure computation that would hold the event loop (and, in a thread, the GIL)
for up to its whole budget; in another process it costs the loop nothing, so a bot game
never holds up anyone's move. Turns wait in the pool's queue when every worker is busy;
how long they waited is reported apart from how long they thought.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from ai.turn import Thought, plan_turn
from rules.record import Record

log = logging.getLogger(__name__)

#: The most a bot may think about one move, in milliseconds (the issue's cap on this machine).
MAX_MS = 2000.0
#: How much lower than the bot's own process the workers run (``os.nice``).
NICENESS = 10


def _start_worker() -> None:
    """A worker runs at low priority, and stops when the bot stops it, not on a signal: a
    Ctrl-C reaches the whole process group, and systemd signals every process of the
    service; the bot then stops cleanly and shuts its pool down (bot.py, ``serve``)."""
    os.nice(NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


@dataclass(frozen=True)
class Timing:
    """What a turn cost: time waiting for a free worker, and time thinking in it."""

    wait_ms: float
    think_ms: float


class Thinker:
    """A pool of worker processes that plan the bot's turns."""

    def __init__(self, ms: float = MAX_MS, workers: int | None = None) -> None:
        self.ms = min(ms, MAX_MS)
        self.workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: forking a process that runs an event loop and threads copies
            # their locks in whatever state they are; a fresh interpreter imports rules/ai only.
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
            )
        return self._pool

    async def think(self, record: Record, seat: int, level: str) -> tuple[Thought, Timing]:
        """The moves of ``seat``'s turn in ``record`` at ``level`` (a worker died: tried once
        more in a fresh pool)."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            submitted = time.perf_counter()
            try:
                thought = await loop.run_in_executor(
                    self._executor(), plan_turn, record.to_json(), seat, level, self.ms
                )
            except BrokenProcessPool:
                log.warning("a worker of the bot died (attempt %d): a fresh pool", attempt)
                self.close()
                if attempt == 2:
                    raise
                continue
            total = (time.perf_counter() - submitted) * 1000
            return thought, Timing(max(0.0, total - thought.think_ms), thought.think_ms)
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the workers (a search under way finishes on its own, unawaited)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
