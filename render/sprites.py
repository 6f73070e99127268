"""Sprites: smooth shapes drawn supersampled and shrunk, kept by the bytes they hold, pasted
by their centre or by their visible pieces; and the paths they are drawn along."""

from __future__ import annotations

import functools
import itertools
import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import ParamSpec, TypeVar

from PIL import Image, ImageDraw

from render.boxes import Box
from render.colours import RGB
from render.pieces import paste_cut, visible_boxes

SUPERSAMPLE = 4  # sprites are drawn this much larger, then shrunk: smooth edges for free
P = ParamSpec("P")
T = TypeVar("T")


def image_bytes(value: object) -> int:
    """The pixel memory of an image, or of the images in a tuple (Pillow keeps 4 bytes a
    pixel for RGB and RGBA, 1 for L)."""
    if isinstance(value, Image.Image):
        return value.width * value.height * (1 if value.mode in ("L", "1", "P") else 4)
    if isinstance(value, tuple):
        return sum(image_bytes(item) for item in value)
    return 0


def image_cache(max_bytes: int) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """``functools.lru_cache`` for functions that draw images, bounded by the bytes of the
    images kept rather than by their number (sprites of many sizes differ a hundredfold in
    size): the least recently used go first. Thread-safe (renders run in worker threads);
    ``cache_clear()`` as lru_cache's, ``cache_bytes()`` what is held."""

    def wrap(fn: Callable[P, T]) -> Callable[P, T]:
        found: OrderedDict[Hashable, tuple[T, int]] = OrderedDict()
        held = [0]
        lock = threading.Lock()

        @functools.wraps(fn)
        def cached(*args: P.args, **kwargs: P.kwargs) -> T:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            with lock:
                hit = found.get(key)
                if hit is not None:
                    found.move_to_end(key)
                    return hit[0]
            value = fn(*args, **kwargs)  # drawn outside the lock: two may draw it at once
            size = image_bytes(value)
            with lock:
                if key not in found:
                    found[key] = (value, size)
                    held[0] += size
                while held[0] > max_bytes and len(found) > 1:
                    _, (_, dropped) = found.popitem(last=False)
                    held[0] -= dropped
            return value

        def cache_clear() -> None:
            with lock:
                found.clear()
                held[0] = 0

        cached.cache_clear = cache_clear  # type: ignore[attr-defined]
        cached.cache_bytes = lambda: held[0]  # type: ignore[attr-defined]
        return cached

    return wrap


def shrink(big: Image.Image, factor: int = SUPERSAMPLE) -> Image.Image:
    """Downsample a supersampled drawing to its final size (box filter: plain antialiasing)."""
    return big.reduce(factor)


def disc_sprite(
    diameter: int,
    fill: RGB,
    edge: RGB,
    edge_width: float,
    *,
    ring: RGB | None = None,
    ring_width: float = 0,
    dashed: bool = False,
) -> Image.Image:
    """A smooth RGBA disc: ``fill`` with an ``edge``, optionally inside a ``ring`` (highlight)."""
    k = SUPERSAMPLE
    pad = ring_width
    size = round(diameter + 2 * pad)
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    if ring is not None:
        draw.ellipse((0, 0, size * k - 1, size * k - 1), fill=ring)
    o = pad * k
    box = (o, o, o + diameter * k - 1, o + diameter * k - 1)
    draw.ellipse(box, fill=edge)
    e = edge_width * k
    draw.ellipse((box[0] + e, box[1] + e, box[2] - e, box[3] - e), fill=fill)
    if dashed:  # a dashed inner circle: "only you can see this value"
        r = diameter * k / 2 - e * 2.2
        c = o + diameter * k / 2
        for start in range(0, 360, 30):
            draw.arc(
                (c - r, c - r, c + r, c + r), start, start + 15, fill=edge, width=round(e * 0.8)
            )
    return shrink(big, k)


def polygon_sprite(
    size: tuple[int, int], points: Sequence[tuple[float, float]], fill: RGB, edge: RGB, width: float
) -> Image.Image:
    """A smooth RGBA polygon given in final-pixel coordinates inside ``size``."""
    k = SUPERSAMPLE
    big = Image.new("RGBA", (size[0] * k, size[1] * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.polygon(
        [(x * k, y * k) for x, y in points], fill=fill, outline=edge, width=round(width * k)
    )
    return shrink(big, k)


def paste_centered(base: Image.Image, sprite: Image.Image, center: tuple[float, float]) -> Box:
    """Alpha-paste a cached ``sprite`` so that its centre lands on ``center`` (render.pieces:
    the plain paste's pixels, quicker); the box it covers."""
    x = round(center[0] - sprite.width / 2)
    y = round(center[1] - sprite.height / 2)
    paste_cut(base, sprite, (x, y))
    return (x, y, x + sprite.width, y + sprite.height)


def paste_sparse(base: Image.Image, sprite: Image.Image, at: tuple[int, int]) -> list[Box]:
    """Alpha-paste a cached, mostly transparent ``sprite`` (a band along a path, a ring) at ``at``.

    The same pixels as ``base.paste(sprite, at, sprite)`` (render.pieces); returns the boxes
    of its visible pieces, all it may have changed, which for a diagonal bridge or a ring
    round an island is a small part of its box.
    """
    paste_cut(base, sprite, at)
    return visible_boxes(sprite, at)


def along(
    path: Sequence[tuple[float, float]], every: float, start: float = 0.0
) -> list[tuple[tuple[float, float], float]]:
    """Points every ``every`` units of arc along a polyline, each with its direction there.

    Planks on a bridge, dots on a sea lane: anything spaced evenly along a drawn path.
    """
    out: list[tuple[tuple[float, float], float]] = []
    walked, target = 0.0, start
    for p, q in itertools.pairwise(path):
        step = math.dist(p, q)
        while step > 0 and walked + step >= target:
            t = (target - walked) / step
            point = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
            out.append((point, math.atan2(q[1] - p[1], q[0] - p[0])))
            target += every
        walked += step
    return out


def band(path: Sequence[tuple[float, float]], width: float) -> list[tuple[float, float]]:
    """The outline of a band ``width`` wide along a polyline (flat ends).

    Pillow's wide ``line`` leaves slivers between short segments; a polygon has none.
    """
    half = width / 2
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    for i, (x, y) in enumerate(path):
        a = path[max(i - 1, 0)]
        b = path[min(i + 1, len(path) - 1)]
        angle = math.atan2(b[1] - a[1], b[0] - a[0])
        nx, ny = -math.sin(angle) * half, math.cos(angle) * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return left + right[::-1]
