"""The drawing process (``python -m render.paint_worker HOME…``, started by render/painter.py).

It reads draws on its standard input and answers on its standard output, each message a frame:
a header giving the length of a pickled body and the number of the draw it is for. An answer
is (ok, the drawing or the error, the ms the draw itself took); ok is None for a draw this
process could not even load (its function or game does not import here). It starts by importing
the modules named on its command line, which register the games it draws (render/drawings.py).
Draws are answered in the order they arrive; while none is waiting, the renderers' caches are
warmed one position at a time. The process ends when its input closes (the bot stopped, or died), or
when an answer finds nobody to read it (the bot died during that draw): quietly, either way.
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
import random
import signal
import struct
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from render.drawings import GameDrawing, drawing_of, drawings
from rules import State

log = logging.getLogger(__name__)

#: A frame's header: the length of its pickled body, and the number of the draw it is for.
HEADER = struct.Struct("!IQ")
PROTOCOL = pickle.HIGHEST_PROTOCOL
#: The request answered once the worker's caches are warm (instead of a function to call).
WARMED = "warmed"
#: Seconds between two returns of freed memory to the system, made while no draw waits.
TRIM_SECONDS = 30.0


# -- the draws ---------------------------------------------------------------------------


def _drawing(game: str, home: str) -> GameDrawing:
    """The drawing of ``game``, whose plugin registers itself when ``home`` is imported (a
    new process knows the games registered when it started only)."""
    try:
        return drawing_of(game)
    except KeyError:
        importlib.import_module(home)
        return drawing_of(game)


def board(
    game: str, home: str, state: State, seat: int | None, lang: str, names: Sequence[str]
) -> tuple[bytes, str]:
    """The PNG of ``state`` as ``seat`` may see it (None: anyone else), and its alt text."""
    drawing = _drawing(game, home)
    png = drawing.pictures.render(lang, state, seat, names)
    return png, drawing.words.alt_text(lang, state, names)[:1000]


def private(
    game: str, home: str, state: State, seat: int, lang: str, names: Sequence[str]
) -> tuple[bytes, str]:
    """What only ``seat`` may see (a hand, their hidden pieces), and its alt text."""
    drawing = _drawing(game, home)
    png = drawing.pictures.render_private(lang, state, seat, names)
    return png, drawing.words.private_alt_text(lang, state, seat, names)[:1000]


def warm_steps() -> Iterator[Callable[[], object]]:
    """Draws of positions of a whole game of each, in each language, publicly and privately.

    The renderers cache their static parts (layers, sprites, tiles, labels), many of which
    only appear later in a game; drawing them before the first player waits makes the first
    board after a restart as quick as the others. A step is one draw, so that the worker can
    answer a player's draw between two of them.
    """
    rng = random.Random(0)
    for drawing in drawings():
        pictures, words = drawing.pictures, drawing.words
        yield pictures.warm
        players = drawing.engine.min_players
        names = [f"P{seat}" for seat in range(players)]
        state = drawing.engine.new(players, 0, {})
        positions = [state.clone()]
        while state.turn is not None:
            state.apply(rng.choice(state.legal_moves()))
            positions.append(state.clone())
        for lang in drawing.languages:
            for position in positions[:: max(1, len(positions) // 4)] + positions[-1:]:
                yield _step(pictures.render, lang, position, None, names)
                yield _step(words.alt_text, lang, position, names)
            for seat in range(players):
                yield _step(pictures.render_private, lang, positions[-1], seat, names)


def _step(fn: Callable[..., object], *args: Any) -> Callable[[], object]:
    return lambda: fn(*args)


def warm_here() -> None:
    """Every warming step, in this process (the bot's, when it draws in threads)."""
    for step in warm_steps():
        step()


# -- frames ------------------------------------------------------------------------------


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


def frame(job: int, message: object) -> bytes:
    """``message`` pickled, behind the header giving its length and its draw's number."""
    body = pickle.dumps(message, PROTOCOL)
    return HEADER.pack(len(body), job) + body


def write_all(fd: int, data: bytes) -> None:
    """All of ``data`` to a blocking ``fd``."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


# -- the process -------------------------------------------------------------------------


def serve(into: int = 0, out: int = 1) -> None:
    """Draw what arrives on ``into`` and answer on ``out`` until ``into`` closes."""
    requests: queue.SimpleQueue[tuple[int, bytes] | None] = queue.SimpleQueue()

    def read() -> None:  # drained at once: the bot's writes never wait for a draw to end
        while True:
            request = read_frame(into)
            requests.put(request)
            if request is None:
                return

    threading.Thread(target=read, name="requests", daemon=True).start()
    steps: Iterator[Callable[[], object]] | None = warm_steps()
    waiting: list[int] = []  # WARMED requests, answered once the caches are warm
    trimmed = 0.0
    while True:
        if steps is not None:
            try:
                request = requests.get_nowait()
            except queue.Empty:
                steps = _warm_once_more(steps, out, waiting)
                continue
        else:
            if requests.empty() and time.monotonic() - trimmed > TRIM_SECONDS:
                trim_memory()
                trimmed = time.monotonic()
            request = requests.get()
        if request is None:
            return
        job, body = request
        try:
            fn, args = pickle.loads(body)
        except Exception as error:  # a function or game this process cannot import
            write_all(out, frame(job, (None, _sendable(error), 0.0)))
            continue
        try:
            if fn == WARMED:
                if steps is None:
                    write_all(out, frame(job, (True, None, 0.0)))
                else:
                    waiting.append(job)
                continue
            started = time.perf_counter()
            value = fn(*args)
            answer: tuple[bool, Any, float] = (True, value, _ms_since(started))
        except Exception as error:
            answer = (False, _sendable(error), 0.0)
        write_all(out, frame(job, answer))


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
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to do
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def timed_here(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, float]:
    """``fn(*args)`` and the ms it took (a draw in a thread of the bot's own process)."""
    started = time.perf_counter()
    return fn(*args), _ms_since(started)


def _sendable(error: Exception) -> Exception:
    """``error`` if it pickles, else a RuntimeError naming its type only."""
    try:
        pickle.dumps(error, PROTOCOL)
    except Exception:
        return RuntimeError(f"drawing failed: {type(error).__name__}")
    return error


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
