"""How a game is shown on Discord: narration, picker steps, images, options.

The platform (challenges, the move pipeline, pickers, series) is common; each game only
says what is specific to it by subclassing ``GameAdapter`` with its state type: the
abstract methods are what every game must say, the others have defaults that fit a simple
game. The adapter is registered with the rest of the game in a ``GamePlugin`` (plugin.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from locales import t
from render import render as draw
from rules import Event, State

if TYPE_CHECKING:  # the drawing process loads adapters, and needs nothing of storage
    from data import Result

S = TypeVar("S", bound=State)


class GameAdapter(ABC, Generic[S]):
    """Discord-facing facts and wording of one game, whose positions are ``S``."""

    #: message key of the game's display name
    title_key: ClassVar[str]
    #: message key of the button that shows a player what only they may see
    private_button_key: ClassVar[str] = "button-mine"
    #: message key introducing a player's own view of the board (/board), when it has secrets
    board_private_key: ClassVar[str] = "board-private"

    def title(self, lang: str) -> str:
        """The game's name in ``lang``."""
        return t(lang, self.title_key)

    def option_summary(self, lang: str, options: dict[str, Any], series: int) -> str:
        """Options of a challenge in words ('' when there is nothing to say)."""
        return ""

    def seat_name(self, lang: str, seat: int) -> str | None:
        """What a seat is called in the game ('light'), or None where seats have no name."""
        return None

    def has_private_view(self, options: dict[str, Any]) -> bool:
        """Whether players have something only they may see (hand, hidden pieces)."""
        return False

    # -- a turn in words -------------------------------------------------------------------
    @abstractmethod
    def narrate(self, lang: str, events: Sequence[Event], names: Sequence[str]) -> str:
        """One line telling what a move did, from its public events."""

    @abstractmethod
    def result(self, lang: str, state: S, names: Sequence[str]) -> str:
        """How a finished game ended (by the rules; resignations are said by the platform)."""

    @abstractmethod
    def alt_text(self, lang: str, state: S, names: Sequence[str]) -> str:
        """A short description of the position for the image's alt text."""

    def private_alt_text(self, lang: str, state: S, seat: int, names: Sequence[str]) -> str:
        """The alt text of ``seat``'s private image (by default that of the position)."""
        return self.alt_text(lang, state, names)

    def private_after_turn(self, lang: str, state: S, seat: int) -> str | None:
        """What only ``seat`` learnt from the turn they just ended (a card drawn), or None."""
        return None

    # -- the guided picker -----------------------------------------------------------------
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
        picker's own words; None: as ``move_words`` tells the notation."""
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

    def move_words(self, lang: str, notation: str) -> str:
        """A stored move (canonical notation) as a player of ``lang`` writes it."""
        return notation

    # -- images ----------------------------------------------------------------------------
    def image_words(self, lang: str, prefix: str, keys: Iterable[str]) -> dict[str, str]:
        """A renderer's label words in ``lang``: message ``{prefix}-{key}`` for each key."""
        return {key: t(lang, f"{prefix}-{key.replace('_', '-')}") for key in keys}

    def image_labels(self, lang: str) -> dict[str, str]:
        """The words the game's images are labelled with, in ``lang`` (the renderer's
        ``labels``; by default none: the renderer's own)."""
        return {}

    def render(self, lang: str, state: S, seat: int | None, names: Sequence[str]) -> bytes:
        """The PNG of what ``seat`` (None: the public) may see. Runs in a worker thread.

        By default the game's registered renderer draws the view, without labels."""
        return draw(state.view(seat))

    def render_private(self, lang: str, state: S, seat: int, names: Sequence[str]) -> bytes:
        """What only ``seat`` may see (/hand and the private button): by default their board."""
        return self.render(lang, state, seat, names)

    # -- series ----------------------------------------------------------------------------
    def series_text(
        self, lang: str, results: Sequence[Result], names: Sequence[str], length: int
    ) -> str:
        """The standing of a series after the finished games' ``results``."""
        return ""

    # -- autocomplete ----------------------------------------------------------------------
    def rank_choices(self, lang: str, state: S, typed: str, moves: list[Any]) -> list[Any]:
        """/move's suggestions for ``typed`` (lower case, letters and digits only): ``moves``
        are the legal moves matching it, best text match first; a game may reorder or drop
        them by what its players mean (default: as they are)."""
        return moves
