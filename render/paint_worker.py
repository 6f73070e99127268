"""The drawing process (``python -m render.paint_worker HOME…``, started by render/painter.py).

It reads draws on its standard input and answers on its standard output, each message a frame
(render/paint_process.py). An answer is (ok, the drawing or the error, the ms the draw itself
took); ok is None for a draw this process could not even load (its function or game does not
import here). It starts by importing the modules named on its command line, which register
the games it draws (render/drawings.py); what it draws is in render/paint_draws.py and, for a
replay, games/replays.py.

Live draws (a board, a hand) are answered in the order they arrive, each as soon as the draw
before it is done. A draw marked ``background`` (a replay: more than half a second of work) is
made in a child forked from this process (render/paint_forks.py), at a lower priority, several
at once on the free cores; this process goes on drawing the live boards meanwhile. Without a
fork it is made here in steps (one frame each) between them: before each step every live draw
that has arrived is made, so a live board waits for one step at most, never for a whole
replay, and the replays under way take turns a step each. While nothing waits, the
renderers' caches are warmed one position at a time.
The process ends when its input closes (the bot stopped, or died; the background draws under
way are finished first), or when an answer finds nobody to read it (the bot died during that
draw): quietly, either way.
Like painter.py, it imports nothing of Discord, nor of a game but through its registration.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import importlib
import logging
import os
import pickle
import queue
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from render.paint_draws import warm_steps
from render.paint_forks import Finished, Forks, can_fork
from render.paint_process import HEADER, WARMED, read_frame, sendable, sent
from render.painter import frame, write_all
from render.steps import Answer, Background, is_background

log = logging.getLogger(__name__)

#: Seconds between two returns of freed memory to the system, made while no draw waits: the
#: boards of one second at 50 moves a second leave 17-21 MB free in the heap (an Islas board's
#: pictures are 10 MB), given back in 1.5 ms of CPU.
TRIM_SECONDS = 2.0


# -- the process -------------------------------------------------------------------------


def serve(into: int = 0, out: int = 1) -> None:
    """Draw what arrives on ``into`` and answer on ``out`` until ``into`` closes."""
    requests: queue.SimpleQueue[Request] = queue.SimpleQueue()

    def read() -> None:  # drained at once: the bot's writes never wait for a draw to end
        while True:
            request = read_frame(into)
            requests.put(request)
            if request is None:
                return

    threading.Thread(target=read, name="requests", daemon=True).start()
    run(requests, out, warm_steps(), Forks(requests, (out,)) if can_fork() else None)


#: A draw asked (its number and pickled body), a forked child's answer, or the end (None).
Request = tuple[int, bytes] | Finished | None


def run(
    requests: queue.SimpleQueue[Request],
    out: int,
    steps: Iterator[Callable[[], object]] | None,
    forks: Forks | None = None,
) -> None:
    """Answer ``requests`` on ``out`` until a None arrives, warming up with ``steps`` (None:
    warm already) while nothing waits. Background draws go to ``forks`` (render/
    paint_forks.py); without (or where a fork fails), they are made here in steps, taking
    turns a step each (round robin: eight asked at once end together, a short one first).
    Before anything else is done (a step of a background draw, of the warming), every
    request that has arrived is taken: live draws first."""
    waiting: list[int] = []  # WARMED requests, answered once the caches are warm
    later: deque[Background] = deque()  # background draws made here, taking turns
    trimmed = 0.0
    closed = False
    while True:
        idle = steps is None and not later
        if closed and idle and not (forks and forks.busy()):
            return
        if idle and requests.empty() and time.monotonic() - trimmed > TRIM_SECONDS:
            trim_memory()
            trimmed = time.monotonic()
        try:
            request = requests.get_nowait() if closed or not idle else requests.get()
        except queue.Empty:
            if closed and forks and forks.busy() and not later and steps is None:
                request = requests.get()  # only children's answers are still to come
            elif later:
                answer = later[0].step()
                if answer is None:
                    later.rotate(-1)
                else:
                    write_all(out, frame(later.popleft().job, sent(answer)))
                    trimmed = 0.0  # a replay's images freed: given back once idle
                continue
            else:
                if steps is not None:
                    steps = _warm_once_more(steps, out, waiting)
                continue
        if request is None:  # the bot is gone or stopping: what is under way is finished
            closed, steps = True, None
            continue
        if isinstance(request, Finished):
            write_all(out, HEADER.pack(len(request.body), request.job) + request.body)
            if forks is not None:
                later.extend(Background(job, fn, args) for job, fn, args in forks.done(request.job))
            continue
        job, body = request
        try:
            fn, args = pickle.loads(body)
        except Exception as error:  # a function or game this process cannot import
            write_all(out, frame(job, (None, sendable(error), 0.0)))
            continue
        if fn == WARMED:
            if steps is None:
                write_all(out, frame(job, (True, None, 0.0)))
            else:
                waiting.append(job)
            continue
        if is_background(fn):
            if forks is None or not forks.add(job, fn, args):
                later.append(Background(job, fn, args))
            continue
        try:
            started = time.perf_counter()
            value = fn(*args)
            answer: Answer = (True, value, _ms_since(started))
        except Exception as error:
            answer = (False, error, 0.0)
        write_all(out, frame(job, sent(answer)))


def _warm_once_more(
    steps: Iterator[Callable[[], object]], out: int, waiting: list[int]
) -> Iterator[Callable[[], object]] | None:
    """One warming draw; None once there is none left (and those waiting are told)."""
    step = next(steps, None)
    if step is not None:
        try:
            step()
        except Exception:  # a cache left cold costs a few ms later, not a board
            log.exception("warming a renderer failed")
        return steps
    gc.freeze()  # what is cached now lives as long as the worker: the collector skips it
    for job in waiting:
        write_all(out, frame(job, (True, None, 0.0)))
    waiting.clear()
    return None


def trim_memory() -> None:
    """Give the memory of freed images back to the system, which glibc keeps otherwise (after
    warming up, 11 MB of 171; after 900 boards more, 14 MB of 203)."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _libc() -> Any:
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to do
        libc = ctypes.CDLL("libc.so.6")
        return libc if hasattr(libc, "malloc_trim") else None
    return None


_LIBC = _libc()


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def load(homes: Sequence[str]) -> None:
    """Import ``homes``, which register the games to draw (one that fails is only logged:
    its draws are made in the bot's process)."""
    for home in homes:
        try:
            importlib.import_module(home)
        except Exception:
            log.exception("the games of %s could not be loaded", home)


def main() -> None:
    """The process: answers go to a copy of standard output, which itself goes to standard
    error, so that a stray print cannot corrupt them."""
    # A Ctrl-C or a service manager's SIGTERM reaches every process of the group; the bot
    # then stops cleanly, its draws under way included, and closes this worker's input.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    logging.basicConfig(level=logging.WARNING, format="paint worker: %(levelname)s %(message)s")
    out = os.dup(1)
    os.dup2(2, 1)
    load(sys.argv[1:])
    try:
        serve(0, out)
    except BrokenPipeError:  # the bot died (SIGKILL, a crash) while this draw was made
        return


if __name__ == "__main__":
    main()
