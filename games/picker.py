"""How a move is picked: the guided picker's steps, typed shortcuts, autocomplete entries.

Each game maps its legal moves to short paths of tokens and says what each step asks, by
subclassing ``Picker`` with its state type (cogs/utils/picker.py walks the paths). The
abstract methods are what every game must say; the others fit a simple game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar

from rules import State

S = TypeVar("S", bound=State)


class Picker(ABC, Generic[S]):
    """The picker's steps and the typed move's helpers of one game, whose positions are ``S``."""

    @abstractmethod
    def move_path(self, state: S, move: Any) -> tuple[str, ...]:
        """The picker's tokens leading to ``move`` (short, no ':' or '.')."""

    def token_label(self, lang: str, state: S, path: tuple[str, ...], token: str) -> str:
        """The button text of ``token`` after ``path``."""
        return token

    @abstractmethod
    def prompt(self, lang: str, state: S, path: tuple[str, ...]) -> str:
        """What the picker asks after ``path``."""

    def picked_words(self, lang: str, state: S, path: tuple[str, ...]) -> str | None:
        """A move the picker completed (``path``, in ``state`` before it), told back in the
        picker's own words; None: as the words' ``move_words`` tells the notation."""
        return None

    def picker_image(self, lang: str, state: S, path: tuple[str, ...]) -> bytes | None:
        """An image to show with the picker's step after ``path`` (None: no image)."""
        return None

    def picker_alt_text(self, lang: str, state: S, path: tuple[str, ...]) -> str:
        """The alt text of ``picker_image`` after ``path``: what it shows, in words."""
        return ""

    def table_move(self, move: Any) -> bool:
        """Whether ``move`` is decided by the table, not played by a player (an Islas skip)."""
        return False

    def expand(self, state: S, text: str) -> str:
        """Typed text with the game's shortcuts spelled out in notation (default: unchanged)."""
        return text

    def choice_name(self, lang: str, state: S, move: Any) -> str:
        """An autocomplete entry for ``move`` (at most 100 characters)."""
        return state.format(move)

    # -- autocomplete ----------------------------------------------------------------------
    def rank_choices(self, lang: str, state: S, typed: str, moves: list[Any]) -> list[Any]:
        """/move's suggestions for ``typed`` (lower case, letters and digits only): ``moves``
        are the legal moves matching it, best text match first; a game may reorder or drop
        them by what its players mean (default: as they are)."""
        return moves
