"""The rows of a year of a busy bot (``python -m bench data``), made fast and consistent.

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

from data.ratings import GLOBAL, MODEL, Rating, human, rate
from data.results import Ending, Result
from games.plugin import plugins
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


def _dumps(value: Any) -> str:
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


def build(sizes: Sizes, now: float, seed: int = 1) -> Tables:
    """Every row of the database at ``sizes``, as of ``now``."""
    world = World(sizes, now, seed)
    names = [p.name for p in plugins()]
    played = [play(names[i % len(names)], seed * 100_000 + i) for i in range(sizes.records)]
    tables = Tables()
    _servers(tables, world)
    finished = _finished_games(tables, world, played)
    _active_games(tables, world, played, sizes.finished + 1)
    _ratings(tables, world, finished)
    _extras(tables, world)
    return tables


def _servers(tables: Tables, world: World) -> None:
    for server in range(world.sizes.servers):
        tables.add("guild_settings", ("guild_id",), (GUILD0 + server,))
        for sid, began, ends, ended in world.seasons.get(server, ()):
            status = "running" if ended is None else "ended"
            tables.add(
                "seasons",
                (
                    "id",
                    "guild_id",
                    "channel_id",
                    "started_at",
                    "ends_at",
                    "weeks",
                    "status",
                    "ended_at",
                ),
                (sid, GUILD0 + server, CHANNEL0 + server, began, ends, 4, status, ended),
            )
            fired = None if ended is None else ended
            tables.add("timers", TIMER_COLUMNS, ("season-end", sid, None, ends, fired))
    for person in range(world.sizes.people):
        if person % 10 == 0:  # a tenth of the people set something; half of them public
            tables.add(
                "user_settings", ("user_id", "public"), (USER0 + person, int(person % 20 == 0))
            )


def _game_row(
    tables: Tables,
    world: World,
    gid: int,
    record: Played,
    plies: int,
    server: int,
    players: tuple[int, int],
    created: float,
    **rest: Any,
) -> None:
    """A game's row, its seats, moves and challenge (``rest``: its other columns)."""
    row = {
        "id": gid,
        "game": record.game,
        "players": 2,
        "seed": record.seed,
        "options": "{}",
        "lang": "en" if gid % 4 else "es",
        "guild_id": GUILD0 + server,
        "channel_id": CHANNEL0 + server,
        "place_id": PLACE0 + gid,
        "message_id": PLACE0 + gid,
        "series_index": 0,
        "created_at": created,
        "days_per_move": 3,
        "rated": 1,
        "undo": 1,
        **rest,
    }
    tables.add("games", GAME_COLUMNS, tuple(row[c] for c in GAME_COLUMNS))
    for seat, user in enumerate(players):
        tables.add("seats", SEAT_COLUMNS, (gid, seat, user, f"p{user - USER0}"))
    tables.moves.append((gid, record, plies, players, created, row["updated_at"]))
    tables.add(
        "challenges",
        CHALLENGE_COLUMNS,
        (
            gid,
            record.game,
            "{}",
            1,
            row["lang"],
            GUILD0 + server,
            CHANNEL0 + server,
            PLACE0 + gid,
            players[0],
            f"p{players[0] - USER0}",
            players[1],
            "accepted",
            created - 600,
            created + DAY,
            gid,
            0,
            2,
        ),
    )
    tables.add(
        "challenge_players",
        ("challenge_id", "user_id", "name", "accepted", "joined_at"),
        (gid, players[1], f"p{players[1] - USER0}", 1, created - 300),
    )


def _ending(rng: random.Random, record: Played) -> tuple[Result, int, int]:
    """How a finished game ended: (result, plies played, its version)."""
    roll = rng.random()
    if roll < 0.86:
        return (
            Result(Ending.RULES, record.winners, record.scores),
            len(record.moves),
            len(record.moves),
        )
    if roll < 0.97:  # resigned or out of time at the cut: the other player wins
        loser = record.turns[record.cut]
        ending = Ending.RESIGN if roll < 0.94 else Ending.TIMEOUT
        result = Result(ending, (1 - loser,), record.cut_scores, loser)
        return result, record.cut, record.cut + 1
    if roll < 0.99:  # agreed to draw at the cut
        return Result(Ending.DRAW, (0, 1), record.cut_scores), record.cut, record.cut + 1
    plies = min(1, len(record.moves) - 1)  # called off in the first turn: not rated
    return Result(Ending.ABORT, (), record.early_scores, 0), plies, plies + 1


@dataclass(frozen=True)
class Ended:
    """What rating a finished game needs."""

    gid: int
    game: str
    server: int
    players: tuple[int, int]
    result: Result
    at: float


def _finished_games(tables: Tables, world: World, played: list[Played]) -> list[Ended]:
    sizes, rng = world.sizes, world.rng
    servers = rng.choices(range(sizes.servers), cum_weights=world.server_weights, k=sizes.finished)
    start = world.now - YEAR
    ended: list[Ended] = []
    for index, server in enumerate(servers):
        gid = index + 1
        record = played[rng.randrange(len(played))]
        players = world.pair(server)
        created = start + (YEAR - 8 * DAY) * index / sizes.finished
        finished = created + rng.uniform(0.1, 7) * DAY
        result, plies, version = _ending(rng, record)
        ended.append(Ended(gid, record.game, server, players, result, finished))
        _game_row(
            tables,
            world,
            gid,
            record,
            plies,
            server,
            players,
            created,
            status="finished",
            version=version,
            posted_version=version,
            result=_dumps(result.to_json()),
            updated_at=finished,
            finished_at=finished,
            turn_started_at=finished,
            finish_seq=None,
        )
        for kind in ("reminder", "deadline"):  # the last turn's timers, long done
            tables.add("timers", TIMER_COLUMNS, (kind, gid, created, finished, finished))
    ended.sort(key=lambda e: (e.at, e.gid))
    seq = {e.gid: n for n, e in enumerate(ended, start=1)}
    columns, rows = tables.rows["games"]
    at = columns.index("finish_seq")
    rows[:] = [(*row[:at], seq[row[0]], *row[at + 1 :]) for row in rows]
    return ended


def _active_games(tables: Tables, world: World, played: list[Played], first: int) -> None:
    rng = world.rng
    servers = rng.choices(
        range(world.sizes.servers), cum_weights=world.server_weights, k=world.sizes.active
    )
    for index, server in enumerate(servers):
        gid = first + index
        record = played[rng.randrange(len(played))]
        plies = rng.randint(1, len(record.moves) - 1)
        players = world.pair(server)
        created = world.now - rng.uniform(0.5, 20) * DAY
        turn = world.now - rng.uniform(0, 0.5) * DAY
        _game_row(
            tables,
            world,
            gid,
            record,
            plies,
            server,
            players,
            created,
            status="active",
            version=plies,
            posted_version=plies,
            result=None,
            updated_at=turn,
            finished_at=None,
            turn_started_at=turn,
            finish_seq=None,
        )
        for kind, days in (("reminder", 1), ("deadline", 3)):  # far ahead: none fires
            tables.add("timers", TIMER_COLUMNS, (kind, gid, turn, turn + AHEAD + days * DAY, None))


def _ratings(tables: Tables, world: World, ended: list[Ended]) -> None:
    """Rate every finished game in the order they ended, as rate_finished does."""
    known: dict[tuple[str, int, str], Rating] = {}
    for e in ended:
        tables.add("rated_games", ("game_id", "at"), (e.gid, e.at))
        if not e.result.rated:
            continue
        scopes = {GLOBAL, GUILD0 + e.server}
        season = world.season_at(e.server, e.at)
        if season is not None:
            scopes.add(-season)
        for scope in sorted(scopes, reverse=True):
            before = []
            for seat, user in enumerate(e.players):
                key = (e.game, scope, human(user))
                before.append((seat, known.get(key) or _fresh(*key)))
            for new in rate(e.result, before, []):
                known[(new.game, new.scope, new.player)] = new
                tables.add(
                    "rating_history",
                    HISTORY_COLUMNS,
                    (e.gid, new.game, new.scope, new.player, new.mu, new.sigma, e.at),
                )
    last = {(r[1], r[2], r[3]): r[6] for r in tables.rows.get("rating_history", ((), []))[1]}
    for key, r in known.items():
        tables.add(
            "ratings",
            RATING_COLUMNS,
            (r.game, r.scope, r.player, r.mu, r.sigma, r.games, last[key]),
        )


def _fresh(game: str, scope: int, player: str) -> Rating:
    start = MODEL.rating()
    return Rating(game, scope, player, start.mu, start.sigma, 0)


def _extras(tables: Tables, world: World) -> None:
    """Open challenges (waiting, due far ahead) and finished tournaments of the large servers."""
    sizes, rng = world.sizes, world.rng
    first = sizes.finished + sizes.active + 1
    for index in range(max(1, round(sizes.people / 100))):
        cid, server = first + index, index % sizes.servers
        challenger = world.members[server][0]
        tables.add(
            "challenges",
            CHALLENGE_COLUMNS,
            (
                cid,
                "stonehenge",
                "{}",
                1,
                "en",
                GUILD0 + server,
                CHANNEL0 + server,
                None,
                challenger,
                f"p{challenger - USER0}",
                None,
                "open",
                world.now,
                world.now + AHEAD,
                None,
                1,
                2,
            ),
        )
        tables.add("timers", TIMER_COLUMNS, ("challenge", cid, None, world.now + AHEAD, None))
    events = itertools.count(1)
    for server in range(max(1, sizes.servers // 10)):
        for _ in range(4):
            eid = next(events)
            tables.add(
                "tournaments",
                (
                    "id",
                    "guild_id",
                    "channel_id",
                    "name",
                    "game",
                    "options",
                    "format",
                    "rounds",
                    "min_players",
                    "max_players",
                    "rated",
                    "lang",
                    "status",
                    "round",
                    "created_by",
                    "created_at",
                    "finished_at",
                ),
                (
                    eid,
                    GUILD0 + server,
                    CHANNEL0 + server,
                    f"Cup {eid}",
                    "stonehenge",
                    "{}",
                    "swiss",
                    3,
                    4,
                    64,
                    1,
                    "en",
                    "finished",
                    3,
                    world.members[server][0],
                    world.now - 30 * DAY,
                    world.now - 20 * DAY,
                ),
            )
            for user in rng.sample(world.members[server], min(8, len(world.members[server]))):
                tables.add(
                    "entrants",
                    ("tournament_id", "user_id", "name", "joined_at"),
                    (eid, user, f"p{user - USER0}", world.now - 30 * DAY),
                )


def move_rows(tables: Tables) -> Iterator[tuple[Any, ...]]:
    """Every game's moves, in MOVE_COLUMNS, game after game."""
    for gid, record, plies, players, created, last in tables.moves:
        step = (last - created) / max(plies, 1)
        for ply in range(plies):
            seat = record.turns[ply]
            yield (gid, ply, seat, players[seat], record.moves[ply], created + step * (ply + 1))
