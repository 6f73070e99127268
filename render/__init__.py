"""Board images: a game's view in, PNG bytes out. Pure: no Discord, no I/O but own fonts.

The games of this package are drawn from the start; a game drawn elsewhere (a plugin)
adds its renderer with ``register_renderer``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from render.islas import render_islas
from render.kahuna import render_kahuna
from render.stonehenge import render_stonehenge
from rules.islas_view import IslasView
from rules.kahuna_view import KahunaView
from rules.stonehenge_view import StonehengeView

# One entry a game: its view type -> the function that draws it.
RENDERERS: dict[type, Callable[..., bytes]] = {
    StonehengeView: render_stonehenge,
    KahunaView: render_kahuna,
    IslasView: render_islas,
}


def register_renderer(view_type: type, renderer: Callable[..., bytes]) -> None:
    """Draw views of ``view_type`` with ``renderer`` (again is fine; another one is not)."""
    known = RENDERERS.setdefault(view_type, renderer)
    if known is not renderer:
        raise ValueError(f"{view_type.__name__} already has a renderer")


def render(view: Any, **kwargs: Any) -> bytes:
    """PNG bytes of ``view``, drawn by its game's renderer (keyword arguments pass through)."""
    renderer = RENDERERS.get(type(view))
    if renderer is None:
        raise TypeError(f"no renderer for {type(view).__name__}")
    return renderer(view, **kwargs)
