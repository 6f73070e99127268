"""The ratings of a year of games, rated as the bot rates them, and the rest of its rows.

Every finished game is rated as ``data.ratings.rate_finished`` would rate it, in the order
the games ended: on its server, across servers, and on its server's season when one ran,
so the ratings rows are those a ``python -m data rerate`` would rebuild. Then the open
challenges waiting and the events the large servers held.
"""

from __future__ import annotations

import itertools

from bench.data_world import (
    AHEAD,
    CHALLENGE_COLUMNS,
    CHANNEL0,
    DAY,
    GUILD0,
    HISTORY_COLUMNS,
    RATING_COLUMNS,
    TIMER_COLUMNS,
    USER0,
    Ended,
    Tables,
    World,
)
from data.ratings import GLOBAL, MODEL, Rating, human, rate


def rate_all(tables: Tables, world: World, ended: list[Ended]) -> None:
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


def extras(tables: Tables, world: World) -> None:
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
