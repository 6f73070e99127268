"""How a game looks: its boards, public and private, drawn from a seat's view.

A ``Drawing`` names the type of the game's views and the function that draws one; by default
a board is that function's picture of the seat's view, without labels. A game whose images
carry words or show a private part otherwise (a hand) subclasses it. The drawing process
(render/paint_worker.py) calls it through its registration (render/drawings.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from locales import t
from rules import State

S = TypeVar("S", bound=State)


def image_words(lang: str, prefix: str, keys: Iterable[str]) -> dict[str, str]:
    """A renderer's label words in ``lang``: message ``{prefix}-{key}`` for each key."""
    return {key: t(lang, f"{prefix}-{key.replace('_', '-')}") for key in keys}


class Drawing(Generic[S]):
    """The images of one game, whose positions are ``S``."""

    def __init__(self, view_type: type, draw: Callable[..., bytes]) -> None:
        #: the type of the game's views, which ``draw(view, **labels)`` makes a PNG of
        self.view_type = view_type
        self.draw = draw

    def warm(self) -> None:
        """Build every sprite the game may need (the drawing process does it at start-up)."""

    def image_labels(self, lang: str) -> dict[str, str]:
        """The words the game's images are labelled with, in ``lang`` (the renderer's
        ``labels``, from ``image_words``; by default none: the renderer's own)."""
        return {}

    def render(self, lang: str, state: S, seat: int | None, names: Sequence[str]) -> bytes:
        """The PNG of what ``seat`` (None: the public) may see. Runs in the drawing process.

        By default the game's drawing function draws the view, without labels."""
        return self.draw(state.view(seat))

    def render_private(self, lang: str, state: S, seat: int, names: Sequence[str]) -> bytes:
        """What only ``seat`` may see (/hand and the private button): by default their board."""
        return self.render(lang, state, seat, names)
