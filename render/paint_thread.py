"""Draws made in the bot's own threads: when there is no drawing process (the setting says
none, none could start), or it cannot take a draw (its pickle fails, the worker died or
could not load the draw). A background draw's steps are then made all at once."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from render.paint_draws import warm_here
from render.paint_process import Watcher
from render.steps import is_background, to_the_end

T = TypeVar("T")


async def draw(fn: Callable[..., T], args: tuple[Any, ...], watchers: list[Watcher]) -> T:
    """``fn(*args)`` in a thread; its ms told to ``watchers`` unless it is a background draw."""
    result, ms = await asyncio.to_thread(timed_here, fn, args)
    if not is_background(fn):
        for watcher in watchers:
            watcher(ms)
    return result


def timed_here(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, float]:
    """``fn(*args)`` and the ms it took (a background draw's steps all at once)."""
    started = time.perf_counter()
    value = to_the_end(fn(*args)) if is_background(fn) else fn(*args)
    return value, (time.perf_counter() - started) * 1000


_warming = threading.Lock()
_warm_done = False


async def warmed() -> None:
    """Once this process's caches are warm (warmed here, once)."""
    await asyncio.to_thread(_warm_here_once)


def _warm_here_once() -> None:
    global _warm_done
    with _warming:
        if not _warm_done:
            warm_here()
            _warm_done = True
