"""Background draws (a replay) made in children forked from the drawing process.

A replay is more than half a second of drawing. Made in steps between the live boards, in the
drawing process itself, eight asked at once took the one core that process has: the last was
done after eight replays' time, and every frame's images went through the worker's heap. A
child forked from the warm worker starts at once with every cache warm, and:

- several run at once, on the cores the bot leaves free (the last of eight replays is done
  after eight replays' CPU divided by the free cores; each child's CPU is 10-20% more than
  the same replay made in the worker, which had earlier replays' caches: measured on a
  loaded two-core machine);
- each runs at a lower priority (``NICENESS``): the worker's live boards and the bot's own
  loop take a core before a replay, so a live board never waits for one;
- its memory goes back whole to the system when it ends: a replay leaves nothing behind in
  the worker (no frames, no fragmented heap, no sprites of a map size used once).

At most ``MAX_CHILDREN`` run at once, the others waiting their turn, first asked first
started. A child's answer comes back on a pipe of its own, read by a thread of the worker that
hands it to the worker's loop as a ``Finished`` request. Where there is no fork (not POSIX) or
it fails, the worker makes the draw in steps itself (render/steps.py).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, NoReturn

from render.paint_process import PROTOCOL, sent
from render.painter import write_all
from render.steps import to_the_end

#: Children drawing at once (more wait their turn): one a core, at most four. More than the
#: cores only shares them out finer, each child slower (measured with four on two cores:
#: about a third more CPU a replay, for the last of eight done no sooner).
MAX_CHILDREN = max(1, min(4, os.cpu_count() or 1))
#: How much nicer than the worker a child is (Linux: 10 gives it about a tenth of a core
#: that a live draw wants).
NICENESS = 10

Draw = Callable[..., Generator[Any, Any, Any]]


@dataclass(frozen=True)
class Finished:
    """A child's answer to background draw ``job``: the pickled answer (render/steps.Answer)."""

    job: int
    body: bytes


def can_fork() -> bool:
    """Whether background draws can be made in forked children here."""
    return hasattr(os, "fork")


class Forks:
    """The background draws made in children: those running and those waiting to start."""

    def __init__(self, requests: queue.SimpleQueue[Any], keep_closed: tuple[int, ...]) -> None:
        #: where each child's answer is put (the worker's own requests)
        self._requests = requests
        #: the worker's descriptors a child must not hold (its answers to the bot: the bot
        #: sees the worker end when they close, which a child would delay)
        self._keep_closed = keep_closed
        self._running: set[int] = set()
        self._waiting: deque[tuple[int, Draw, tuple[Any, ...]]] = deque()

    def busy(self) -> bool:
        """Whether a background draw is running or waiting."""
        return bool(self._running or self._waiting)

    def add(self, job: int, fn: Draw, args: tuple[Any, ...]) -> bool:
        """Draw ``fn(*args)`` in a child, now or once one ends (False: it cannot fork)."""
        if len(self._running) >= MAX_CHILDREN:
            self._waiting.append((job, fn, args))
            return True
        return self._start(job, fn, args)

    def done(self, job: int) -> list[tuple[int, Draw, tuple[Any, ...]]]:
        """Job ``job``'s child has answered: the next waiting draw starts. The draws that
        could not be forked after all (to be drawn in steps)."""
        self._running.discard(job)
        unforked = []
        while self._waiting and len(self._running) < MAX_CHILDREN:
            waiting = self._waiting.popleft()
            if not self._start(*waiting):
                unforked.append(waiting)
        return unforked

    def _start(self, job: int, fn: Draw, args: tuple[Any, ...]) -> bool:
        reading, writing = os.pipe()
        try:
            pid = os.fork()
        except OSError:  # no memory for another process: drawn in steps instead
            os.close(reading)
            os.close(writing)
            return False
        if pid == 0:
            os.close(reading)
            _child(fn, args, writing, self._keep_closed)
        os.close(writing)
        self._running.add(job)
        threading.Thread(
            target=self._await, args=(job, pid, reading), name=f"replay {job}", daemon=True
        ).start()
        return True

    def _await(self, job: int, pid: int, reading: int) -> None:
        parts = []
        with contextlib.suppress(OSError):
            while part := os.read(reading, 1 << 20):
                parts.append(part)
        os.close(reading)
        _, status = os.waitpid(pid, 0)
        body = b"".join(parts)
        if not body or status != 0:  # killed (out of memory?) before it could answer
            failure = RuntimeError(f"drawing failed: its process ended ({status})")
            body = pickle.dumps((False, failure, 0.0), PROTOCOL)
        self._requests.put(Finished(job, body))


def _child(fn: Draw, args: tuple[Any, ...], answer: int, keep_closed: tuple[int, ...]) -> NoReturn:
    """The child: the whole draw, its answer written on ``answer``, and the end (no cleanup
    of the worker's: its threads, buffers and exit handlers are the worker's alone)."""
    status = 1
    try:
        for fd in keep_closed:
            with contextlib.suppress(OSError):
                os.close(fd)
        with contextlib.suppress(OSError):
            os.nice(NICENESS)
        started = time.perf_counter()
        try:
            value = to_the_end(fn(*args))
            result = (True, value, (time.perf_counter() - started) * 1000)
        except Exception as error:
            result = (False, error, 0.0)
        write_all(answer, pickle.dumps(sent(result), PROTOCOL))
        status = 0
    finally:
        os._exit(status)
