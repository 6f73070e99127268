"""Where the bot thinks: worker processes at low priority, at most one a core.

A search is pure computation that would hold the event loop (and, in a thread, the GIL)
for up to its whole budget; in another process it costs the loop nothing, so a bot game
never holds up anyone's move. Turns wait in the pool's queue when every worker is busy;
how long they waited is reported apart from how long they thought.

The workers start with the bot and warm up before its first turn (a fresh interpreter imports
the ai modules and searches a position of each game once): started on demand, the first reply
of a game waited seconds for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.queues import Queue
from typing import Any, TypeVar

from ai.player import computer_games
from ai.players import LEVELS
from ai.turn import Thought, plan_turn
from rules import get_game
from rules.record import Record

log = logging.getLogger(__name__)
T = TypeVar("T")

#: The most a bot may think about one move, in milliseconds (the issue's cap on this machine).
MAX_MS = 2000.0
#: How much lower than the bot's own process the workers run (``os.nice``).
NICENESS = 10
#: The review worker's niceness: the lowest priority there is (and Linux's idle class).
REVIEW_NICENESS = 19
#: The budget of a warming search: enough to run every part of a search once.
WARM_MS = 5.0
#: The longest the bot waits for its workers to be warm before it says it is ready anyway.
WARM_SECONDS = 120.0
#: Seconds between two looks at the workers' warm reports while the bot starts.
WARM_POLL_SECONDS = 0.05

#: Seconds between two looks at whether the bot is still there (where Linux cannot tell).
PARENT_POLL_SECONDS = 1.0
#: prctl's option that has the kernel signal a process when its parent ends (Linux).
PR_SET_PDEATHSIG = 1

#: What a worker reports once warm: its pid and the games it searched.
Warmed = tuple[int, tuple[str, ...]]


def _start_worker(parent: int, ready: Queue[Warmed]) -> None:
    """A worker runs at low priority, and stops when the bot stops it, not on a signal: a
    Ctrl-C reaches the whole process group, and systemd signals every process of the
    service; the bot then stops cleanly and shuts its pool down (bot.py, ``serve``).
    If the bot is gone without stopping it (SIGKILL, OOM, a crash), it ends at once.
    It warms up before its first turn, and says so on ``ready``."""
    os.nice(NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    end_with(parent)
    # Nobody may read ``ready`` again (a pool started after a crash): this process's exit
    # must not wait for its report to be read.
    ready.cancel_join_thread()
    ready.put((os.getpid(), warm_up()))


def _start_reviewer(parent: int, niceness: int, idle: bool) -> None:
    """The review worker runs below everything else (Linux's idle class, else the highest
    niceness): a review waits for any other work of the machine, a bot's turns included."""
    os.nice(niceness)
    if idle:
        with contextlib.suppress(AttributeError, OSError):  # not Linux: the niceness only
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    end_with(parent)


def end_with(parent: int) -> None:
    """End this process when ``parent`` (its parent's pid) ends.

    Nothing else would end it: the pool's queues stay open in the other workers, and a
    search under way runs to its end. On Linux the kernel sends SIGKILL when the parent
    goes (the thread that started this process, in fact: the bot starts its pool from its
    event loop's thread, which lives as long as it); elsewhere a thread looks every second.
    """
    if not _kill_with_parent():
        threading.Thread(target=_watch, args=(parent,), name="parent", daemon=True).start()
    if os.getppid() != parent:  # it ended before the kernel was asked to tell
        os._exit(0)


def _kill_with_parent() -> bool:
    """Whether the kernel will SIGKILL this process when its parent ends (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:  # an orphan is given another parent
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(0)


def warm_up() -> tuple[str, ...]:
    """One tiny search of each game at each level (the games searched): what a first turn
    would load and build (modules imported on use, tables, caches) is there before it."""
    games = []
    for game in computer_games():  # the installed games (their entry point), not plugins
        try:
            record = Record(game=game, players=2, seed=0)
            seat = get_game(game).new(2, 0, record.options).turn
            if seat is None:
                continue
            for level in LEVELS:
                plan_turn(record.to_json(), seat, level, WARM_MS)
        except Exception:  # a cold game costs its first turn some time, not the worker
            log.exception("warming the search of %s failed", game)
            continue
        games.append(game)
    return tuple(games)


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
        # spawn, not fork: forking a process that runs an event loop and threads copies
        # their locks in whatever state they are; a fresh interpreter imports no Discord.
        self._context = multiprocessing.get_context("spawn")
        self._ready: Queue[Warmed] | None = None
        #: the workers that said they are warm: pid -> the games they searched
        self.warm: dict[int, tuple[str, ...]] = {}
        self.closed = False
        #: one more process, for post-game reviews: one at a time, at the lowest priority,
        #: started with the first review (a bot that reviews nothing never starts it)
        self._reviews: ProcessPoolExecutor | None = None
        #: the review worker's niceness, and whether it runs in Linux's idle class (tests on a
        #: machine busy with other work run it at the bot workers' priority instead: in the
        #: idle class it would get no time at all there)
        self.review_niceness = REVIEW_NICENESS
        self.review_idle = True

    def start(self) -> None:
        """Start every worker now (each warms up at once), not with the first turns."""
        self._executor()

    def _executor(self) -> ProcessPoolExecutor:
        if self.closed:
            raise RuntimeError("the bot's thinking workers were stopped")
        if self._pool is None:
            if self._ready is None:
                self._ready = self._context.Queue()
            pool = ProcessPoolExecutor(
                self.workers,
                mp_context=self._context,
                initializer=_start_worker,
                initargs=(os.getpid(), self._ready),
            )
            # The pool starts a worker for each job that finds none idle: one job each.
            for _ in range(self.workers):
                pool.submit(os.getpid)
            self._pool = pool
        return self._pool

    def processes(self) -> list[int]:
        """The pids of the workers running now."""
        if self._pool is None:
            return []
        # The executor's own table of its workers: it has no public way to list them.
        return [pid for pid, p in self._pool._processes.items() if p.is_alive()]

    async def warmed(self, timeout: float = WARM_SECONDS) -> None:
        """Once every worker is warm (started now if need be); after ``timeout`` seconds,
        a warning, and the bot goes on (a cold worker only makes a slower first reply)."""
        if self.closed:
            return
        self.start()
        ready = self._ready
        if ready is None:
            return
        deadline = time.monotonic() + timeout
        while not set(self.processes()) <= self.warm.keys():
            left = deadline - time.monotonic()
            if left <= 0:
                log.warning("the bot's thinking workers were not warm after %.0f s", timeout)
                return
            # Looked at from the loop, not waited on in a thread: a thread blocked in get()
            # would outlive a stop (the loop's close waits for it), and a worker that died
            # meanwhile is no longer waited for at the next look.
            try:
                pid, games = ready.get_nowait()
            except queue.Empty:
                await asyncio.sleep(WARM_POLL_SECONDS)
                continue
            self.warm[pid] = games

    async def think(
        self, record: Record, seat: int, level: str, home: str | None = None
    ) -> tuple[Thought, Timing]:
        """The moves of ``seat``'s turn in ``record`` at ``level`` (a worker died: tried once
        more in a fresh pool). ``home`` is the module whose import registers the game, for a
        worker that knows the built-in games only (a plugin's, as the drawing process does)."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            submitted = time.perf_counter()
            try:
                thought = await loop.run_in_executor(
                    self._executor(), plan_turn, record.to_json(), seat, level, self.ms, home
                )
            except BrokenProcessPool:
                if self.closed:  # the bot stops: no fresh pool
                    raise
                log.warning("a worker of the bot died (attempt %d): a fresh pool", attempt)
                self._stop_pool()
                if attempt == 2:
                    raise
                continue
            total = (time.perf_counter() - submitted) * 1000
            return thought, Timing(max(0.0, total - thought.think_ms), thought.think_ms)
        raise AssertionError("unreachable")

    async def review(self, job: Callable[..., T], *args: Any) -> T:
        """Run ``job(*args)`` (a module-level function: it goes to another process) in the
        review worker, after the reviews asked before it (a worker died: tried once more)."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            if self.closed:
                raise RuntimeError("the bot's thinking workers were stopped")
            if self._reviews is None:
                self._reviews = ProcessPoolExecutor(
                    1,
                    mp_context=self._context,
                    initializer=_start_reviewer,
                    initargs=(os.getpid(), self.review_niceness, self.review_idle),
                )
            try:
                return await loop.run_in_executor(self._reviews, job, *args)
            except BrokenProcessPool:
                log.warning("the review worker died (attempt %d): a fresh one", attempt)
                self._stop_reviews()
                if attempt == 2 or self.closed:
                    raise
        raise AssertionError("unreachable")

    def _stop_reviews(self) -> None:
        if self._reviews is not None:
            pool, self._reviews = self._reviews, None
            workers = list(pool._processes.values())
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in workers:
                worker.kill()

    def close(self) -> None:
        """Stop the workers now: a search under way is of no use any more (the bot plans
        that turn again when it starts), and a worker still starting up would hold up the
        bot's exit (the interpreter waits for a pool's workers before it ends)."""
        self.closed = True
        self._stop_pool()
        self._stop_reviews()

    def _stop_pool(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            workers = list(pool._processes.values())
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in workers:
                worker.kill()
