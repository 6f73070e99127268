"""The games the drawing process draws: each one's drawing and alt texts, by the game's name.

``games.register`` fills it, in the bot's process and in the drawing process alike. A new
drawing process knows no game until it imports the ``home`` of each (the module whose import
registers it): the bot names the homes it knows when it starts one, and each draw names the
home of its game, for a game registered after that. Nothing here imports a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rules import Game


class Pictures(Protocol):
    """A game's images (games.drawing.Drawing is one)."""

    def warm(self) -> None: ...

    def render(self, lang: str, state: Any, seat: int | None, names: Sequence[str]) -> bytes: ...

    def render_private(self, lang: str, state: Any, seat: int, names: Sequence[str]) -> bytes: ...


class AltTexts(Protocol):
    """A game's images in words (games.words.Words is one)."""

    def alt_text(self, lang: str, state: Any, names: Sequence[str]) -> str: ...

    def private_alt_text(self, lang: str, state: Any, seat: int, names: Sequence[str]) -> str: ...


@dataclass(frozen=True)
class GameDrawing:
    """What the drawing process needs of one game."""

    #: plays the sample game whose positions warm the caches up
    engine: Game
    pictures: Pictures
    words: AltTexts
    #: the languages the game's images and alt texts come in (each is warmed up)
    languages: tuple[str, ...]
    #: the module whose import registers the game
    home: str

    @property
    def name(self) -> str:
        """The game's name, that of its engine."""
        return self.engine.name


_DRAWINGS: dict[str, GameDrawing] = {}


def register_drawing(drawing: GameDrawing) -> None:
    """Draw ``drawing``'s game (again is fine; another drawing of that name is not)."""
    known = _DRAWINGS.setdefault(drawing.name, drawing)
    if known != drawing:
        raise ValueError(f"another drawing is already called {drawing.name!r}")


def drawing_of(game: str) -> GameDrawing:
    """The drawing of ``game`` (KeyError for a game nobody registered here)."""
    return _DRAWINGS[game]


def drawings() -> tuple[GameDrawing, ...]:
    """Every game registered here, in the order they registered."""
    return tuple(_DRAWINGS.values())


def homes() -> list[str]:
    """The modules whose import registers every game known here, each once."""
    return list(dict.fromkeys(drawing.home for drawing in _DRAWINGS.values()))
