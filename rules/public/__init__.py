"""Public records (spec/records.md, "The public record"): a game as the table saw it.

``public_record`` writes one from a full record: no seed, no option that fixes hidden order,
each move as it was announced, ``?`` for every hidden part never revealed, and the cards or
tiles turned face up for everyone (``shown``). A seat's own public record adds what that seat
saw: its own hidden parts, and the actions of its turn under way when the game ended.
``public_game`` replays one, leaving what was never revealed unknown: nothing is guessed.

How a game writes and reads its public records is its own (its ``Publisher``, in its own
module here), made known by its registration with ``register_publisher``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules import get_game
from rules.base import Game, InvalidRecord, State
from rules.history import History
from rules.public.common import UNKNOWN, Publisher
from rules.record import Record
from rules.registry import Registry

#: Options that fix what the seed would otherwise decide in secret.
HIDDEN_ORDER = ("deck", "reshuffles")

#: game name -> how it writes and reads its public records
_PUBLISHERS: Registry[str, Publisher] = Registry("publisher")


def register_publisher(game: str, publisher: Publisher) -> Publisher:
    """Give ``game`` its public records (again is fine; another publisher for it is not)."""
    return _PUBLISHERS.add(game, publisher)


def has_public_records(game: str) -> bool:
    """Whether ``game`` has public records (a game without secrets may need none)."""
    return game in _PUBLISHERS


def _publisher(game: str) -> Publisher:
    found = _PUBLISHERS.find(game)
    if found is None:
        raise InvalidRecord("record-public-unsupported", game=game)
    return found


def public_record(record: Record, seat: int | None = None) -> Record:
    """The public record of the full ``record`` as ``seat`` saw it (None: anyone)."""
    if record.public:
        raise InvalidRecord("record-public")
    publisher = _publisher(record.game)
    game = get_game(record.game)
    history = History.replay(game, record.players, record.seed, record.options, record.moves)
    kept = len(record.moves)
    if seat is None or history.state.turn != seat:  # a turn under way was never announced
        kept = history.public_ply()
    moves, shown = publisher.moves(replace(record, moves=record.moves[:kept]), seat)
    first = game.new(record.players, record.seed, record.options).turn
    options = {k: v for k, v in record.options.items() if k not in HIDDEN_ORDER}
    return replace(
        record,
        seed=0,
        options={**options, "first": first},
        moves=tuple(moves),
        public=True,
        seat=seat,
        shown=tuple(shown),
    )


class PublicGame(Game):
    """A game replayed from a public record (the seed it is given is not read)."""

    def __init__(self, base: Game, publisher: Publisher, shown: tuple[str, ...]) -> None:
        # The base game's facts, on this instance (one public game a record).
        self.name = base.name  # type: ignore[misc]
        self.option_defaults = base.option_defaults  # type: ignore[misc]
        self.min_players, self.max_players = base.min_players, base.max_players  # type: ignore[misc]
        self.base, self.publisher, self.shown = base, publisher, shown

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        options = dict(options or {})
        hidden = sorted(set(options) & set(HIDDEN_ORDER))
        if hidden:
            raise InvalidRecord("record-bad-option", option=hidden[0])
        first = options.get("first")
        if not (isinstance(first, int) and not isinstance(first, bool) and 0 <= first < players):
            # No seed to draw it from: a public record says who started.
            raise InvalidRecord("record-bad-option", option="first")
        return self.publisher.state(players, options, self.shown)


def public_game(record: Record) -> Game:
    """The engine that replays the public ``record``."""
    return PublicGame(get_game(record.game), _publisher(record.game), record.shown)


__all__ = [
    "UNKNOWN",
    "Publisher",
    "has_public_records",
    "public_game",
    "public_record",
    "register_publisher",
]
