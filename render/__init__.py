"""Board images: a game's view in, PNG bytes out. Pure: no Discord, no I/O but own fonts.

Each game draws its views in its own modules here; this package lists none of them. A game's
registration adds its renderer with ``register_renderer``; a view of a type not known yet
loads the installed games' registrations once (``rules.registry``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.registry import Registry

#: One entry a game: its view type -> the function that draws it.
_RENDERERS: Registry[type, Callable[..., bytes]] = Registry("renderer")


def register_renderer(view_type: type, renderer: Callable[..., bytes]) -> None:
    """Draw views of ``view_type`` with ``renderer`` (again is fine; another one is not)."""
    _RENDERERS.add(view_type, renderer)


def renderer_for(view_type: type) -> Callable[..., bytes]:
    """The function that draws views of ``view_type`` (TypeError when no game has one)."""
    renderer = _RENDERERS.find(view_type)
    if renderer is None:
        raise TypeError(f"no renderer for {view_type.__name__}")
    return renderer


def render(view: Any, **kwargs: Any) -> bytes:
    """PNG bytes of ``view``, drawn by its game's renderer (keyword arguments pass through)."""
    return renderer_for(type(view))(view, **kwargs)
