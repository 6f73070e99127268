"""Where boards are drawn: a process beside the bot's, so that a render never holds its loop.

A board is 10-15 ms of Pillow and Python work, most of it holding the interpreter lock. In a
worker thread it took turns with the event loop: the Discord requests and database round
trips a move makes while its board is drawn stretched the render by as much (2-3 ms a move
on the bench machine), and every other player's command waited for the render's turns. In
a process of its own (render/paint_worker.py) the render runs on another core.

A draw is written to the worker's standard input from the event loop's own thread: it leaves
at once, with no hand-off to a thread that would first wait for the interpreter lock. One
reader thread settles the draws as the worker's answers come back, whatever event loop
asked (the tests run several, one after another, with one worker).

Nothing a player sees depends on the worker: if it dies, the draws it owed are made in
threads, as are the draws it cannot be sent (a plugin's state that does not pickle), and the
next draw starts a new worker. ``TABLERO_RENDER_PROCESSES=0`` draws in threads only
(render/paint_thread.py).

This module is what the event loop runs of a draw, and all it runs: the worker is started and
its answers read by render/paint_process.py (off the loop); the worker's own modules
(render/paint_worker.py, render/steps.py, ...) are never run on the loop.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import pickle
import subprocess
import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from render import paint_thread
from render.paint_process import (
    HEADER,
    MARK,
    PROTOCOL,
    WARMED,
    Connection,
    NotLoaded,
    Watcher,
    WorkerGone,
)

log = logging.getLogger(__name__)

T = TypeVar("T")
#: The setting that turns the drawing process off ("0": draw in the bot's threads).
PROCESSES_ENV = "TABLERO_RENDER_PROCESSES"


def frame(job: int, message: object) -> bytes:
    """``message`` pickled, behind the header giving its length and its draw's number."""
    body = pickle.dumps(message, PROTOCOL)
    return HEADER.pack(len(body), job) + body


def write_all(fd: int, data: bytes) -> None:
    """All of ``data`` to a blocking ``fd``."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def is_background(fn: object) -> bool:
    """Whether ``fn`` is a background draw (render/steps.py marks them)."""
    return getattr(fn, MARK, False) is True


class _Worker(Connection):
    """One drawing process (render/paint_process.py starts it and reads its answers): what
    the event loop does with it, sending a draw, is here, on this module's side."""

    def send(self, fn: Any, args: tuple[Any, ...]) -> asyncio.Future[Any]:
        """Ask for ``fn(*args)``: a future of its answer (pickle errors raise here; WorkerGone
        when the worker is no more)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        job = next(self.numbers)
        data = frame(job, (fn, args))
        with self.lock:
            if not self.alive:
                raise WorkerGone
            # Told to the watchers: draws of boards, not a warm-up or a background draw.
            self.owing[job] = (loop, future, fn != WARMED and not is_background(fn))
            try:
                write_all(self.into, data)
            except OSError:
                del self.owing[job]
                self.alive = False
                raise WorkerGone from None
        return future

    def owed(self) -> int:
        """How many draws the worker has not answered yet."""
        return len(self.owing)

    def done(self, future: asyncio.Future[Any], value: Any) -> None:
        if not future.done():  # cancelled meanwhile: a refused move's board
            future.set_result(value)

    def failed(self, future: asyncio.Future[Any], error: BaseException) -> None:
        if not future.done():
            future.set_exception(error)


class Painter:
    """Draws in worker processes (``processes`` of them; 0: in threads of this process)."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self._workers: list[_Worker] = []
        #: told how long each draw took where it was made (bench/e2e.py's figure b)
        self.watchers: list[Watcher] = []
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start the workers now rather than with the first draw (they warm up meanwhile)."""
        for _ in range(self.processes - len(self._live())):
            worker = _Worker(self.watchers)
            with self._lock:
                self._workers.append(worker)

    async def draw(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` (a module-level function) in a worker, or in a thread when there is
        none or it cannot take this draw. A background draw (render/steps.py: a replay) is
        made in steps between the live draws, which never wait for it to end."""
        worker = self._worker()
        if worker is None:
            return await self._in_thread(fn, args)
        try:
            future = worker.send(fn, args)
        except WorkerGone:
            return await self._in_thread(fn, args)
        except Exception as error:
            log.warning("drawing in a thread: a draw could not be sent (%s)", type(error).__name__)
            return await self._in_thread(fn, args)
        try:
            result: T = await future
        except WorkerGone:
            log.warning("the drawing process ended: drawing in a thread, and starting another")
            return await self._in_thread(fn, args)
        except NotLoaded as error:
            log.warning(
                "drawing in a thread: the drawing process could not load a draw (%s)", error
            )
            return await self._in_thread(fn, args)
        return result

    async def _in_thread(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        return await paint_thread.draw(fn, args, self.watchers)

    def processes_alive(self) -> list[subprocess.Popen[bytes]]:
        """The drawing processes running now (for tests, and bench's memory figures)."""
        return [worker.process for worker in self._live()]

    async def warmed(self) -> None:
        """Once every worker's caches are warm (in threads: warmed here, once)."""
        if self.processes == 0:
            await paint_thread.warmed()
            return
        self.start()
        answers = []
        for worker in self._live():
            try:
                answers.append(worker.send(WARMED, ()))
            except WorkerGone:
                continue
        for answer in answers:
            try:
                await answer
            except WorkerGone:
                log.warning("a drawing process ended while warming up")

    def _live(self) -> list[_Worker]:
        with self._lock:
            self._workers = [w for w in self._workers if w.alive]
            return list(self._workers)

    def _worker(self) -> _Worker | None:
        """The live worker with the fewest draws owed (one started if none is live)."""
        if self.processes == 0:
            return None
        live = self._live()
        if len(live) < self.processes:
            try:
                self.start()
            except OSError as error:
                log.warning("no drawing process could start (%s): drawing in threads", error)
                return None
            live = self._live()
        return min(live, key=_Worker.owed, default=None)

    def close(self) -> None:
        """End every worker, once their draws under way are answered."""
        with self._lock:
            workers, self._workers = self._workers, []
        for worker in workers:
            worker.close()


def processes_setting(env: Mapping[str, str]) -> int:
    """How many drawing processes ``env`` asks for (one unless TABLERO_RENDER_PROCESSES says
    otherwise; ValueError for a value that is not a count)."""
    raw = env.get(PROCESSES_ENV, "").strip()
    if not raw:
        return 1
    if not raw.isdigit() or int(raw) > 8:
        raise ValueError(f"{PROCESSES_ENV} must be a number from 0 to 8, not {raw!r}")
    return int(raw)


_shared: Painter | None = None


def shared() -> Painter:
    """The process's painter: one for every bot in it (its workers outlive a bot's restart).
    Unless ``configure`` said otherwise, as many processes as TABLERO_RENDER_PROCESSES says."""
    global _shared
    if _shared is None:
        _shared = Painter(processes_setting(os.environ))
        atexit.register(_shared.close)
    return _shared


def configure(processes: int) -> None:
    """Have the process's painter keep ``processes`` drawing processes (before it draws)."""
    shared().processes = processes
