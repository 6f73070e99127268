"""The contract every game engine follows (see DESIGN.md, "Rules layer contract").

Engines are pure: no Discord, no asyncio, no I/O. A state is rebuilt from
``game.new(players, seed, options)`` plus the recorded moves, so randomness comes only
from a generator seeded inside the state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

Move = TypeVar("Move")


class RulesError(ValueError):
    """A move or record the rules refuse; carries a message key, never an English sentence.

    ``key`` names a message in ``locales/`` and ``params`` fills it, so the bot can answer
    in the user's language. ``str(error)`` is a plain technical form for logs and the CLI.
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        detail = ", ".join(f"{k}={v}" for k, v in sorted(params.items()))
        super().__init__(f"{key}({detail})" if detail else key)


class InvalidMove(RulesError):
    """The text is not a move in the game's notation."""


class IllegalMove(RulesError):
    """A well-formed move that the rules do not allow now."""


class AmbiguousMove(RulesError):
    """The text matches several legal moves."""


class InvalidRecord(RulesError):
    """A record or option set that the game cannot start from."""


@dataclass(frozen=True)
class Event:
    """Something that happened, for narration: ``key`` is a message id, ``params`` fill it.

    Events are public: an engine never puts a secret (a hidden value, a card drawn from
    the pile) into one. Params whose name is ``seat`` or ends in ``_seat`` hold seat
    numbers that the bot turns into player names.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """Where a game stands: finished or not, points per seat, the winning seats."""

    finished: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()


class State(ABC, Generic[Move]):
    """One position of a game; ``apply`` changes it in place, like python-chess's ``push``."""

    game: ClassVar[Game]
    players: int
    ply: int
    #: View fields that mean "what the player to move does now", and their values once the
    #: game is over, for a game ended by the table (a resignation: see rules/ended.py).
    ended_view: ClassVar[Mapping[str, Any]] = {}

    @property
    @abstractmethod
    def turn(self) -> int | None:
        """The seat to move, or None when the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every move the player to move may make now, without duplicates."""

    @abstractmethod
    def apply(self, move: Move) -> list[Event]:
        """Play a legal move (IllegalMove otherwise) and return the public events it caused."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Finished or not, scores so far, winners when finished."""

    @abstractmethod
    def view(self, seat: int | None = None) -> Any:
        """What ``seat`` may see (None: a spectator); secrets of others are stripped."""

    @abstractmethod
    def parse(self, text: str) -> Move:
        """Read a move in the game's notation (InvalidMove / IllegalMove / AmbiguousMove)."""

    @abstractmethod
    def format(self, move: Move) -> str:
        """The canonical notation of ``move``."""

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """The game-specific ``summary`` object of ``python -m rules replay``."""

    @abstractmethod
    def clone(self) -> State[Move]:
        """An independent copy."""

    def play(self, text: str) -> list[Event]:
        """Parse and apply a move given in notation."""
        return self.apply(self.parse(text))

    def move_reveals(self, move: Move) -> bool:
        """Whether playing ``move`` makes hidden information public (blocks undo)."""
        return False


class Game(ABC):
    """Facts about one game, declared once, and the way to start it."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: option name -> default value; records may only use these (plus ``first``).
    option_defaults: ClassVar[Mapping[str, Any]]

    def check_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Validate a record's options and fill in defaults (InvalidRecord on anything odd)."""
        if not self.min_players <= players <= self.max_players:
            raise InvalidRecord("record-bad-players", game=self.name, players=players)
        known = {"first", *self.option_defaults}
        unknown = sorted(set(options) - known)
        if unknown:
            raise InvalidRecord("record-unknown-option", option=unknown[0])
        checked = {**self.option_defaults, **options}
        first = checked.get("first")
        if first is not None and (
            not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players
        ):
            raise InvalidRecord("record-bad-option", option="first")
        return checked

    @abstractmethod
    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """A fresh game; ``seed`` drives every random choice the options do not fix."""

    def replay(
        self,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None,
        moves: Sequence[str],
    ) -> State:
        """Rebuild a position from a record's moves (the first bad move raises)."""
        state = self.new(players, seed, options)
        for text in moves:
            state.play(text)
        return state
