"""What a game says: its name, a turn and an ending in words, alt texts, a series' standing.

The platform (challenges, the move path, series) is common; each game only says what is
specific to it by subclassing ``Words`` with its state type: the abstract methods are what
every game must say, the others have defaults that fit a simple game. The words are
registered with the rest of the game in a ``GamePlugin`` (plugin.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from locales import t
from rules import Event, State

if TYPE_CHECKING:  # the drawing process loads a game's words, and needs nothing of storage
    from data import Result

S = TypeVar("S", bound=State)


class Words(ABC, Generic[S]):
    """The wording of one game, whose positions are ``S``."""

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

    def move_words(self, lang: str, notation: str) -> str:
        """A stored move (canonical notation) as a player of ``lang`` writes it."""
        return notation

    # -- series ----------------------------------------------------------------------------
    def series_text(
        self, lang: str, results: Sequence[Result], names: Sequence[str], length: int
    ) -> str:
        """The standing of a series after the finished games' ``results``."""
        return ""
