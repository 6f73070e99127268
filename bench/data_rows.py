"""The rows of a year of a busy bot (``python -m bench data``), made fast and consistent.

Every game row reuses one of the world's random games (bench/data_world.py) with its own
players, server and dates: most finished (by the rules, a resignation, a time-out, an
agreed draw, a few called off), some in play, each with its seats, moves, challenge and the
timers its last turn left. The ratings and the rest are bench/data_ratings.py's.
"""

from __future__ import annotations

import random
from typing import Any

from bench.data_ratings import extras, rate_all
from bench.data_world import (
    AHEAD,
    CHALLENGE_COLUMNS,
    CHANNEL0,
    DAY,
    GAME_COLUMNS,
    GUILD0,
    PLACE0,
    SEAT_COLUMNS,
    TIMER_COLUMNS,
    USER0,
    YEAR,
    Ended,
    Played,
    Sizes,
    Tables,
    World,
    dumps,
    play,
)
from data.results import Ending, Result
from games.plugin import installed


def build(sizes: Sizes, now: float, seed: int = 1) -> Tables:
    """Every row of the database at ``sizes``, as of ``now``."""
    world = World(sizes, now, seed)
    names = [p.name for p in installed()]  # those the check's worker processes know
    played = [play(names[i % len(names)], seed * 100_000 + i) for i in range(sizes.records)]
    tables = Tables()
    _servers(tables, world)
    finished = _finished_games(tables, world, played)
    _active_games(tables, world, played, sizes.finished + 1)
    rate_all(tables, world, finished)
    extras(tables, world)
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
            result=dumps(result.to_json()),
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
