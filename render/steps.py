"""Background draws: long draws (a replay) made in steps, between the live ones.

A background draw is a generator function marked with ``background``: the drawing process
(render/paint_worker.py) makes one of its steps at a time and, before each, every live draw
that has arrived, so that a board never waits behind a whole replay; its answer is what the
generator returns. In a thread (no drawing process) its steps are made all at once.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Generator
from typing import Any, TypeVar

from render.paint_process import MARK

#: A draw's answer: (ok, the value or the error, the ms the draw took).
Answer = tuple[bool, Any, float]

F = TypeVar("F", bound=Callable[..., Any])


def background(fn: F) -> F:
    """Mark ``fn``, a generator function, as a background draw: each step it yields is made
    between live draws, and its answer is what it returns (a replay: a frame a step)."""
    if not inspect.isgeneratorfunction(fn):
        raise TypeError(f"{fn.__qualname__} is not a generator function: it has no steps")
    setattr(fn, MARK, True)
    return fn


def is_background(fn: object) -> bool:
    """Whether ``fn`` is a background draw."""
    return getattr(fn, MARK, False) is True


def to_the_end(steps: Generator[Any, Any, Any]) -> Any:
    """Every step of a background draw at once: its answer."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class Background:
    """A background draw asked as ``job``: its steps, made one at a time, and their ms."""

    def __init__(self, job: int, fn: Callable[..., Generator[Any, Any, Any]], args: tuple) -> None:
        self.job, self.ms = job, 0.0
        self._fn, self._args = fn, args
        self._steps: Generator[Any, Any, Any] | None = None

    def step(self) -> Answer | None:
        """One more step (the first starts the generator); the answer once there is one:
        what the draw returned, or the error it raised."""
        started = time.perf_counter()
        try:
            if self._steps is None:
                self._steps = self._fn(*self._args)
            next(self._steps)
        except StopIteration as done:
            return (True, done.value, self.ms + _ms_since(started))
        except Exception as error:
            return (False, error, 0.0)
        self.ms += _ms_since(started)
        return None


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000
