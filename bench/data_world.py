"""The world of ``python -m bench data``: its sizes, its servers and people, the random games
its rows reuse, and the tables the rows go in (bench/data_rows.py makes the rows).

A few thousand distinct games are played by the rules engines with random legal moves; each
of the many game rows reuses one of them (its seed and moves: it replays) with its own
players, server and dates. Servers differ in size and people in how much they play (both
drawn from a power law), as on a real bot: a few large servers and keen players, many
small ones. Every finished game is rated as ``data.ratings.rate_finished`` would rate it,
in the order the games ended (server, across servers and the server's season), so the
ratings rows are those a ``python -m data rerate`` would rebuild.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from data.results import Result
from rules import get_game

DAY = 86400.0
WEEK = 7 * DAY
YEAR = 365 * DAY
#: Timers and challenges that wait fall due this long after the build (none fires during
#: a run of the bench, even on a cached database some weeks old).
AHEAD = 180 * DAY
#: Where the ids of servers, their channels, people and games' threads start: Discord ids of
#: the future (a snowflake holds its time), so that the loopback Discord can be given these
#: very ids, after any it hands out itself.
GUILD0, CHANNEL0, USER0, PLACE0 = (n * 10**18 for n in (3, 4, 5, 6))


@dataclass(frozen=True)
class Sizes:
    """How much of everything a scale gives (1: the issue's year of a busy bot)."""

    servers: int
    people: int
    finished: int
    active: int
    records: int  #: distinct random games the rows reuse

    @classmethod
    def at(cls, scale: float) -> Sizes:
        """The sizes at ``scale``; never so few that a command has nothing to read."""
        return cls(
            servers=max(1, round(1000 * scale)),
            people=max(4, round(50_000 * scale)),
            finished=max(12, round(200_000 * scale)),
            active=max(4, round(5000 * scale)),
            records=max(6, min(3000, round(200_000 * scale / 50))),
        )


@dataclass(frozen=True)
class Played:
    """One distinct random game: its seed, moves, who moved at each ply, how it ended, and
    the scores and turn at a ply where it may be cut short (a resignation)."""

    game: str
    seed: int
    moves: tuple[str, ...]
    turns: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    cut: int
    cut_scores: tuple[int, ...]
    early_scores: tuple[int, ...]


def play(game: str, seed: int) -> Played:
    """A random game of ``game`` for two, from the rules engine."""
    rng = random.Random(seed)
    state = get_game(game).new(2, seed, {})
    moves: list[str] = []
    turns: list[int] = []
    scores: dict[int, tuple[int, ...]] = {}
    while state.turn is not None:
        turns.append(state.turn)
        scores[len(moves)] = tuple(state.outcome().scores)
        notation = state.format(rng.choice(state.legal_moves()))
        state.play(notation)
        moves.append(notation)
    outcome = state.outcome()
    cut = rng.randint(len(moves) // 3, len(moves) - 1)
    return Played(
        game,
        seed,
        tuple(moves),
        tuple(turns),
        tuple(outcome.scores),
        tuple(outcome.winners),
        cut,
        scores[cut],
        scores[min(1, len(moves) - 1)],
    )


def _power_law(n: int, exponent: float) -> list[float]:
    """Cumulative weights of ``n`` ranks, the k-th weighing k ** -exponent."""
    return list(itertools.accumulate((k + 1) ** -exponent for k in range(n)))


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@dataclass
class Tables:
    """Every table's rows, by table: (columns, rows)."""

    rows: dict[str, tuple[tuple[str, ...], list[tuple[Any, ...]]]] = field(default_factory=dict)
    #: each game's moves, made as they are written (millions of rows: never all at once):
    #: (game id, its random game, plies, players, created, last move at)
    moves: list[tuple[int, Played, int, tuple[int, int], float, float]] = field(
        default_factory=list
    )

    def add(self, table: str, columns: tuple[str, ...], row: tuple[Any, ...]) -> None:
        """One more row of ``table``."""
        self.rows.setdefault(table, (columns, []))[1].append(row)

    def count(self, table: str) -> int:
        """How many rows ``table`` has."""
        if table == "moves":
            return sum(plies for _, _, plies, *_ in self.moves)
        return len(self.rows.get(table, ((), []))[1])


GAME_COLUMNS = (
    "id",
    "game",
    "players",
    "seed",
    "options",
    "lang",
    "status",
    "version",
    "posted_version",
    "result",
    "guild_id",
    "channel_id",
    "place_id",
    "message_id",
    "series_index",
    "created_at",
    "updated_at",
    "finished_at",
    "turn_started_at",
    "days_per_move",
    "finish_seq",
    "rated",
    "undo",
)
SEAT_COLUMNS = ("game_id", "seat", "user_id", "name")
MOVE_COLUMNS = ("game_id", "ply", "seat", "user_id", "move", "at")
TIMER_COLUMNS = ("kind", "ref_id", "turn_stamp", "due_at", "fired_at")
RATING_COLUMNS = ("game", "scope", "player", "mu", "sigma", "games", "updated_at")
HISTORY_COLUMNS = ("game_id", "game", "scope", "player", "mu", "sigma", "at")
CHALLENGE_COLUMNS = (
    "id",
    "game",
    "options",
    "series_length",
    "lang",
    "guild_id",
    "channel_id",
    "message_id",
    "challenger_id",
    "challenger_name",
    "opponent_id",
    "status",
    "created_at",
    "expires_at",
    "game_id",
    "is_open",
    "max_players",
)


class World:
    """Servers, people and who plays where; ``build`` makes every row from them."""

    def __init__(self, sizes: Sizes, now: float, seed: int = 1) -> None:
        self.sizes = sizes
        self.now = now
        self.rng = random.Random(seed)
        self.server_weights = _power_law(sizes.servers, 0.8)
        self.members: list[list[int]] = [[] for _ in range(sizes.servers)]
        homes = self.rng.choices(
            range(sizes.servers), cum_weights=self.server_weights, k=sizes.people
        )
        for person, home in enumerate(homes):
            self.members[home].append(USER0 + person)
        spare = itertools.count()
        for members in self.members:  # a server with games has two people at least (some
            while len(members) < 2:  # people are members of two servers)
                other = USER0 + next(spare) % sizes.people
                if other not in members:
                    members.append(other)
        self.member_weights = {len(m): _power_law(len(m), 0.7) for m in self.members}
        # A few servers run seasons (the largest): four weeks, one every eight, the last
        # one running now.
        self.seasons: dict[int, list[tuple[int, float, float, float | None]]] = {}
        ids = itertools.count(1)
        for server in range(max(1, sizes.servers // 10)):
            runs = []
            for start in range(-48, 1, 8):
                began = now + start * WEEK - WEEK
                ended = None if start == 0 else began + 4 * WEEK
                runs.append((next(ids), began, began + 4 * WEEK, ended))
            self.seasons[server] = runs

    def pair(self, server: int) -> tuple[int, int]:
        """Two different people of ``server``, the keener ones likelier."""
        members = self.members[server]
        weights = self.member_weights[len(members)]
        while True:
            a, b = self.rng.choices(members, cum_weights=weights, k=2)
            if a != b:
                return a, b

    def season_at(self, server: int, at: float) -> int | None:
        """The season a game of ``server`` ending at ``at`` counts in (data.seasons)."""
        found = [
            sid
            for sid, began, ends, ended in self.seasons.get(server, ())
            if began < at < (ended if ended is not None else ends)
        ]
        return max(found) if found else None


@dataclass(frozen=True)
class Ended:
    """What rating a finished game needs."""

    gid: int
    game: str
    server: int
    players: tuple[int, int]
    result: Result
    at: float


def move_rows(tables: Tables) -> Iterator[tuple[Any, ...]]:
    """Every game's moves, in MOVE_COLUMNS, game after game."""
    for gid, record, plies, players, created, last in tables.moves:
        step = (last - created) / max(plies, 1)
        for ply in range(plies):
            seat = record.turns[ply]
            yield (gid, ply, seat, players[seat], record.moves[ply], created + step * (ply + 1))
