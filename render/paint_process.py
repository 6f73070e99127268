"""The drawing process seen from the bot, off its event loop: starting it, reading its answers.

render/painter.py sends the draws, from the event loop; everything here runs elsewhere: the
process is started once (then when one dies), and its answers are read and settled by one
thread, whatever event loop asked. A message either way is a frame: a header giving the
length of a pickled body and the number of the draw it is for (render/paint_worker.py reads
the draws with ``read_frame`` too). An answer is (ok, the drawing or the error, the ms the
draw itself took); ok is None for a draw the process could not even load.

This module imports nothing of the project but render/drawings.py (which games are known):
render/painter.py, render/steps.py and the worker import it, never the other way round.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import pickle
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

from render.drawings import homes

log = logging.getLogger(__name__)

#: A frame's header: the length of its pickled body, and the number of the draw it is for.
HEADER = struct.Struct("!IQ")
PROTOCOL = pickle.HIGHEST_PROTOCOL
#: The request answered once the worker's caches are warm (instead of a function to call).
WARMED = "warmed"
#: The attribute that marks a function as a background draw (render/steps.py).
MARK = "tablero_background_draw"
#: The module run as the drawing process.
WORKER = "render.paint_worker"

#: Told the ms of each draw, as it took in the process that made it (in the reader thread).
Watcher = Callable[[float], None]


class WorkerGone(Exception):
    """The drawing process ended before answering."""


class NotLoaded(Exception):
    """The drawing process could not load a draw (its function or game does not import there)."""


def _read_exactly(fd: int, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        part = os.read(fd, left)
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def read_frame(fd: int) -> tuple[int, bytes] | None:
    """The next frame on a blocking ``fd``: its draw's number and its body (None: the end)."""
    header = _read_exactly(fd, HEADER.size)
    if header is None:
        return None
    size, job = HEADER.unpack(header)
    body = _read_exactly(fd, size)
    return None if body is None else (job, body)


def sent(answer: tuple[Any, Any, float]) -> tuple[Any, Any, float]:
    """``answer`` as it can be sent: an error that does not pickle named by its type only."""
    ok, value, ms = answer
    return answer if ok else (ok, sendable(value), ms)


def sendable(error: Exception) -> Exception:
    """``error`` if it pickles, else a RuntimeError naming its type only."""
    try:
        pickle.dumps(error, PROTOCOL)
    except Exception:
        return RuntimeError(f"drawing failed: {type(error).__name__}")
    return error


class Connection:
    """One drawing process, and the draws it owes (by number: the loop and future of each,
    and whether its time is told to the watchers). render/painter.py sends the draws."""

    def __init__(self, watchers: list[Watcher]) -> None:
        self._watchers = watchers
        # The worker imports what the bot imports: the same paths, the tests' games included.
        paths = [p for p in sys.path if p and os.path.isdir(p)]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
        # Two malloc arenas at most (its threads read, its main thread draws): freed images
        # are reused by the next draws rather than kept in an arena of their own (bench
        # load, 3,000 moves at 50/s: the drawing process at 201 MB, 210-214 without).
        env.setdefault("MALLOC_ARENA_MAX", "2")
        self.process = subprocess.Popen(
            # the modules registering the games known now: the worker warms each up
            [sys.executable, "-m", WORKER, *homes()],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        if self.process.stdin is None or self.process.stdout is None:  # both asked as PIPE
            raise RuntimeError("the drawing process has no pipes")
        self.into = self.process.stdin.fileno()
        self._from = self.process.stdout.fileno()
        #: job -> the loop and future of its answer, and whether it is a draw to tell the
        #: watchers of (a warm-up's or a background draw's answer is not one)
        self.owing: dict[int, tuple[asyncio.AbstractEventLoop, asyncio.Future[Any], bool]] = {}
        self.lock = threading.Lock()
        self.numbers = itertools.count(1)
        self.alive = True
        self._reader = threading.Thread(target=self._read, name="painter", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            while (answer := _read_or_none(self._from)) is not None:
                job, body = answer
                with self.lock:
                    owed = self.owing.pop(job, None)
                if owed is not None:
                    loop, future, drawn = owed
                    self._settle_soon(loop, future, body, self._watchers if drawn else [])
        except Exception:  # a garbled answer: this worker cannot be trusted with more
            log.exception("the drawing process answered something unreadable")
            self.process.kill()
        with self.lock:
            self.alive = False
            owed_now, self.owing = list(self.owing.values()), {}
        for loop, future, _ in owed_now:
            _call_soon(loop, self.failed, future, WorkerGone())

    def _settle_soon(
        self,
        loop: asyncio.AbstractEventLoop,
        future: asyncio.Future[Any],
        body: bytes,
        watchers: list[Watcher],
    ) -> None:
        try:
            ok, value, ms = pickle.loads(body)
        except Exception as error:
            ok, value, ms = False, error, 0.0
        if ok:
            for watcher in watchers:
                watcher(ms)
            _call_soon(loop, self.done, future, value)
        elif ok is None:  # the worker could not load the draw: the bot's own process can
            _call_soon(loop, self.failed, future, NotLoaded(repr(value)))
        else:
            _call_soon(loop, self.failed, future, value)

    # Both called on the event loop that asked: render/painter.py gives them.
    def done(self, future: asyncio.Future[Any], value: Any) -> None:
        """Settle ``future`` with ``value`` (unless given up meanwhile)."""
        raise NotImplementedError

    def failed(self, future: asyncio.Future[Any], error: BaseException) -> None:
        """Settle ``future`` with ``error`` (unless given up meanwhile)."""
        raise NotImplementedError

    def close(self, timeout: float = 5.0) -> None:
        """End the worker (its input closes; draws under way are finished first)."""
        with self.lock:
            self.alive = False
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._reader.join(timeout)


def _read_or_none(fd: int) -> tuple[int, bytes] | None:
    try:
        return read_frame(fd)
    except OSError:
        return None


def _call_soon(loop: asyncio.AbstractEventLoop, fn: Callable[..., None], *args: Any) -> None:
    # RuntimeError: that event loop is closed, and nobody waits for the draw any more.
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(fn, *args)
