"""How a finished game ended: a small frozen value, stored as the JSON object it always was."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules import Outcome


class Ending(StrEnum):
    """Why a game is over (the stored ``reason``)."""

    RULES = "rules"  #: the rules ended it: scores and winners are the rules'
    RESIGN = "resign"  #: a player gave up; every other seat wins
    TIMEOUT = "timeout"  #: a player let their time run out and the claimer wins
    ABORT = "abort"  #: called off in its first turns: no winner, not rated
    DRAW = "draw"  #: ended by agreement: two players draw; a larger table keeps its scores
    MODERATOR = "moderator"  #: ended by a moderator, with a reason: no winner, not rated
    #: scored by a moderator, with a reason, as lost by one seat; every other seat wins
    FORFEIT = "forfeit"


#: Endings that count for no one: not rated, left out of records and statistics.
UNCOUNTED = (Ending.ABORT, Ending.MODERATOR)
#: The stored field naming the seat that lost by an ending other than the rules.
_LOSER_FIELD = {
    Ending.RESIGN: "resigned",
    Ending.TIMEOUT: "timed_out",
    Ending.ABORT: "aborted_by",
    Ending.FORFEIT: "forfeited",
}


@dataclass(frozen=True)
class Result:
    """The end of a game: how, who won, the scores then, and who forfeited (if anyone)."""

    ending: Ending
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    #: the seat whose act ended the game: it resigned, ran out of time or aborted (None
    #: when the rules or an agreement ended it)
    loser: int | None = None
    #: a moderator's reason for ending the game (their words, shortened)
    note: str | None = None

    @classmethod
    def by_rules(cls, outcome: Outcome) -> Result:
        """The rules' own ending of a finished position."""
        return cls(Ending.RULES, tuple(outcome.winners), tuple(outcome.scores))

    @classmethod
    def forfeit(
        cls, ending: Ending, outcome: Outcome, loser: int, winners: Iterable[int]
    ) -> Result:
        """A game ended by ``loser`` (resigned, out of time), won by ``winners``; the scores
        are those of the position when it happened."""
        return cls(ending, tuple(winners), tuple(outcome.scores), loser)

    @classmethod
    def aborted(cls, outcome: Outcome, by: int) -> Result:
        """A game called off by ``by`` in its first turns: nobody wins."""
        return cls(Ending.ABORT, (), tuple(outcome.scores), by)

    @classmethod
    def agreed(cls, outcome: Outcome, players: int) -> Result:
        """A game the players agreed to end: two players draw; at a larger table the
        scores stand and whoever leads wins (ties shared)."""
        scores = tuple(outcome.scores)
        if players == 2:
            return cls(Ending.DRAW, tuple(range(players)), scores)
        best = max(scores, default=0)
        return cls(Ending.DRAW, tuple(s for s in range(players) if scores[s] == best), scores)

    @classmethod
    def moderated(cls, outcome: Outcome, reason: str) -> Result:
        """A game a moderator ended, for ``reason``: nobody wins."""
        return cls(Ending.MODERATOR, (), tuple(outcome.scores), None, reason)

    @classmethod
    def scored(cls, outcome: Outcome, players: int, reason: str, loser: int | None) -> Result:
        """A game a moderator ended, for ``reason``, and scored: lost by ``loser`` (every
        other seat wins), or, with no loser, drawn by every seat. Counted and rated."""
        scores = tuple(outcome.scores)
        if loser is None:
            return cls(Ending.DRAW, tuple(range(players)), scores, None, reason)
        winners = tuple(s for s in range(players) if s != loser)
        return cls(Ending.FORFEIT, winners, scores, loser, reason)

    @property
    def rated(self) -> bool:
        """Whether ratings and records count the game (not when called off or ended by a
        moderator)."""
        return self.ending not in UNCOUNTED

    @property
    def by_the_rules(self) -> bool:
        """Whether the position itself is over (not a resignation or a time-out)."""
        return self.ending is Ending.RULES

    def to_json(self) -> dict[str, Any]:
        """The stored object: ``{"reason", "winners", "scores"}`` plus the loser's field."""
        stored: dict[str, Any] = {
            "reason": self.ending.value,
            "winners": list(self.winners),
            "scores": list(self.scores),
        }
        if self.loser is not None:
            stored[_LOSER_FIELD[self.ending]] = self.loser
        if self.note is not None:
            stored["note"] = self.note
        return stored

    @classmethod
    def from_json(cls, stored: Mapping[str, Any]) -> Result:
        """A stored result (older rows without a reason were ended by the rules)."""
        ending = Ending(stored.get("reason", Ending.RULES))
        field = _LOSER_FIELD.get(ending)
        return cls(
            ending,
            tuple(stored.get("winners", ())),
            tuple(stored.get("scores", ())),
            None if field is None else stored.get(field),
            stored.get("note"),
        )
