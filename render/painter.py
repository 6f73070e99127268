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
next draw starts a new worker. ``TABLERO_RENDER_PROCESSES=0`` draws in threads only.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import itertools
import logging
import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from render import paint_worker
from render.drawings import homes
from render.paint_worker import WARMED, frame, read_frame, timed_here, write_all

log = logging.getLogger(__name__)

T = TypeVar("T")
#: The setting that turns the drawing process off ("0": draw in the bot's threads).
PROCESSES_ENV = "TABLERO_RENDER_PROCESSES"


class WorkerGone(Exception):
    """The drawing process ended before answering."""


class NotLoaded(Exception):
    """The drawing process could not load a draw (its function or game does not import there)."""


#: Told the ms of each draw, as it took in the process that made it (in the reader thread).
Watcher = Callable[[float], None]


class _Worker:
    """One drawing process, and the draws it owes (by number: the loop and future of each)."""

    def __init__(self, watchers: list[Watcher]) -> None:
        self._watchers = watchers
        # The worker imports what the bot imports: the same paths, the tests' games included.
        paths = [p for p in sys.path if p and os.path.isdir(p)]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
        self.process = subprocess.Popen(
            # the modules registering the games known now: the worker warms each up
            [sys.executable, "-m", paint_worker.__name__, *homes()],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        if self.process.stdin is None or self.process.stdout is None:  # both asked as PIPE
            raise RuntimeError("the drawing process has no pipes")
        self._into = self.process.stdin.fileno()
        self._from = self.process.stdout.fileno()
        #: job -> the loop and future of its answer, and whether it is a draw (to tell the
        #: watchers of: a warm-up's answer is not one)
        self._owed: dict[int, tuple[asyncio.AbstractEventLoop, asyncio.Future[Any], bool]] = {}
        self._lock = threading.Lock()
        self._numbers = itertools.count(1)
        self.alive = True
        self._reader = threading.Thread(target=self._read, name="painter", daemon=True)
        self._reader.start()

    def send(self, fn: Any, args: tuple[Any, ...]) -> asyncio.Future[Any]:
        """Ask for ``fn(*args)``: a future of its answer (pickle errors raise here; WorkerGone
        when the worker is no more)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        job = next(self._numbers)
        data = frame(job, (fn, args))
        with self._lock:
            if not self.alive:
                raise WorkerGone
            self._owed[job] = (loop, future, fn != WARMED)
            try:
                write_all(self._into, data)
            except OSError:
                del self._owed[job]
                self.alive = False
                raise WorkerGone from None
        return future

    def owed(self) -> int:
        """How many draws the worker has not answered yet."""
        return len(self._owed)

    def _read(self) -> None:
        try:
            while (answer := _read_or_none(self._from)) is not None:
                job, body = answer
                with self._lock:
                    owed = self._owed.pop(job, None)
                if owed is not None:
                    loop, future, drawn = owed
                    _settle_soon(loop, future, body, self._watchers if drawn else [])
        except Exception:  # a garbled answer: this worker cannot be trusted with more
            log.exception("the drawing process answered something unreadable")
            self.process.kill()
        with self._lock:
            self.alive = False
            owed_now, self._owed = list(self._owed.values()), {}
        for loop, future, _ in owed_now:
            _call_soon(loop, _set_exception, future, WorkerGone())

    def close(self, timeout: float = 5.0) -> None:
        """End the worker (its input closes; draws under way are finished first)."""
        with self._lock:
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


def _settle_soon(
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
        _call_soon(loop, _set_result, future, value)
    elif ok is None:  # the worker could not load the draw: the bot's own process can
        _call_soon(loop, _set_exception, future, NotLoaded(repr(value)))
    else:
        _call_soon(loop, _set_exception, future, value)


def _call_soon(loop: asyncio.AbstractEventLoop, fn: Callable[..., None], *args: Any) -> None:
    # RuntimeError: that event loop is closed, and nobody waits for the draw any more.
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(fn, *args)


def _set_result(future: asyncio.Future[Any], value: Any) -> None:
    if not future.done():  # cancelled meanwhile: a refused move's board
        future.set_result(value)


def _set_exception(future: asyncio.Future[Any], error: BaseException) -> None:
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
        none or it cannot take this draw."""
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
        result, ms = await asyncio.to_thread(timed_here, fn, args)
        for watcher in self.watchers:
            watcher(ms)
        return result

    def processes_alive(self) -> list[subprocess.Popen[bytes]]:
        """The drawing processes running now (for tests, and bench's memory figures)."""
        return [worker.process for worker in self._live()]

    async def warmed(self) -> None:
        """Once every worker's caches are warm (in threads: warmed here, once)."""
        if self.processes == 0:
            await asyncio.to_thread(_warm_here_once)
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


_warmed_here = threading.Lock()
_warm_done = False


def _warm_here_once() -> None:
    global _warm_done
    with _warmed_here:
        if not _warm_done:
            paint_worker.warm_here()
            _warm_done = True


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
