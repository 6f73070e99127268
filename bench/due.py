"""`python -m bench load --due-games N`: N games whose timers all fall due during the run.

The games are stored straight into the database (one transaction, as a tournament's round
stores its games), not opened through /play: opening thousands through the loopback would
take longer than the run. Each has its own thread (made in the fake before the bots start,
so that the bots know it as they know a server's active threads) in a server of its own
per shard ("due"), and one timer, a reminder, a reminder its player chose an hour before
the deadline ("before:60") or the deadline, in turn; each game's turn is dated so that the
timer is due then, as the bot would have set it. The timers are spread evenly over the
run's seconds from its start; the bots are told to look at the timers (a line "wake" to
bench/child.py) when they are stored.

Figures (``due`` in the JSON): timers fired, fired per second (from the first due time to
the last post), the delay from due to post p50/p99/max (the post's time is its snowflake
id's), timers fired twice (a second post in the game's thread, or a second send Discord
answered with the first by its nonce), timers missing (no post once the last was due a
while), and the /move figures of the same run's players meanwhile.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from bench.session import p50_p99
from data import GuildSettings, Store
from data.game_record import NewGame
from data.settings import PersonSettings
from loopback import FakeDiscord, FakeUser
from loopback.ids import DISCORD_EPOCH_MS

#: The kinds of timer the due games have, in turn.
KINDS = ("reminder", "before:60", "deadline")
#: The due servers' reminder time (hours after a turn starts) and days per move.
REMINDER_HOURS = 12.0
DAY = 86400.0
#: How many people play the due games (each plays many; all ask for a reminder an hour
#: before their deadline).
PLAYERS = 100
GAMES = ("stonehenge", "kahuna")
#: Public thread (Discord's channel type).
PUBLIC_THREAD = 11
#: How long after the last due time a timer with no post counts as missing.
GRACE_SECONDS = 120.0
THREAD_TYPE = PUBLIC_THREAD


@dataclass
class DueGame:
    """A stored game whose one timer falls due during the run."""

    place: Any
    guild_id: int
    channel_id: int
    kind: str
    #: seconds after the run's start
    offset: float
    game_id: int = 0
    timer_id: int = 0
    due_at: float = 0.0


@dataclass
class DueGames:
    """The due games of a run: set up in the fake, stored, and checked after the run."""

    fake: FakeDiscord
    count: int
    processes: int
    seconds: float
    games: list[DueGame] = field(default_factory=list)
    players: list[FakeUser] = field(default_factory=list)

    def add_places(self) -> None:
        """A due server per shard, its channel, a thread per game (before the bots start)."""
        if not self.count:
            return
        servers = []
        for shard in range(self.processes):
            guild = self.fake.add_guild(f"due {shard}", shard=shard)
            servers.append((guild, self.fake.add_channel(guild, "due")))
        self.players = [self.fake.add_user(f"D{i}") for i in range(PLAYERS)]
        world = self.fake.world
        for i in range(self.count):
            guild, channel = servers[i % len(servers)]
            thread = world.add_thread(channel, f"due {i}", world.bot.id, THREAD_TYPE)
            offset = self.seconds * (i + 1) / (self.count + 1)  # evenly over the run
            self.games.append(DueGame(thread, guild.id, channel.id, KINDS[i % 3], offset))

    async def store(self, store: Store, start: float) -> None:
        """Store the games and their timers, due ``offset`` seconds after ``start``."""
        if not self.count:
            return
        for guild_id in {g.guild_id for g in self.games}:
            await store.settings.set_guild(guild_id, GuildSettings(reminder_hours=REMINDER_HOURS))
        for user in self.players:
            await store.settings.set_person(user.id, PersonSettings(remind_before=(1.0,)))
        async with store.db.transaction() as conn:
            for i, due in enumerate(self.games):
                due.due_at = start + due.offset
                started = (
                    due.due_at
                    - {
                        "reminder": REMINDER_HOURS * 3600,
                        "before:60": DAY - 3600,
                        "deadline": DAY,
                    }[due.kind]
                )
                a, b = self.players[i % PLAYERS], self.players[(i + 1) % PLAYERS]
                new = NewGame(
                    game=GAMES[i % len(GAMES)],
                    seats=((a.id, a.name), (b.id, b.name)),
                    seed=i,
                    options={},
                    lang="en",
                    guild_id=due.guild_id,
                    channel_id=due.channel_id,
                    place_id=due.place.id,
                    days_per_move=1,
                )
                due.game_id = await store.games.insert_game(conn, new)
                # Its opening board is out (as if posted), its turn dated for the timer.
                await conn.execute(
                    "UPDATE games SET posted_version = version, turn_started_at = ? WHERE id = ?",
                    (started, due.game_id),
                )
                cur = await conn.execute(
                    "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES (?, ?, ?, ?)"
                    " RETURNING id",
                    (due.kind, due.game_id, started, due.due_at),
                )
                due.timer_id = int((await cur.fetchall())[0][0])

    async def shift(self, store: Store, start: float) -> None:
        """Date the stored timers (and their games' turns, alike) from ``start``: stored a
        while before with any start, they fall due only now."""
        if not self.games:
            return
        delta = start - min(g.due_at - g.offset for g in self.games)
        ids = [g.game_id for g in self.games]
        async with store.db.transaction() as conn:
            for chunk in range(0, len(ids), 500):
                part = ids[chunk : chunk + 500]
                marks = ", ".join("?" * len(part))
                await conn.execute(
                    f"UPDATE games SET turn_started_at = turn_started_at + ? WHERE id IN ({marks})",
                    (delta, *part),
                )
                await conn.execute(
                    "UPDATE timers SET due_at = due_at + ?, turn_stamp = turn_stamp + ?"
                    " WHERE fired_at IS NULL AND kind IN ('reminder', 'before:60', 'deadline')"
                    f" AND ref_id IN ({marks})",
                    (delta, delta, *part),
                )
        for due in self.games:
            due.due_at += delta

    async def settle(self) -> None:
        """Wait until every due game's thread has its post, or the grace after the last
        due time has run out."""
        if not self.games:
            return
        until = max(g.due_at for g in self.games) + GRACE_SECONDS
        while time.time() < until:
            if all(self.fake.messages(g.place) for g in self.games):
                return
            await asyncio.sleep(0.5)

    def figures(self, move_ms: list[float]) -> dict[str, Any]:
        """The due timers' figures (see the module)."""
        delays: list[float] = []
        twice = missing = 0
        fired: dict[str, int] = dict.fromkeys(KINDS, 0)
        first_post = last_post = 0.0
        for due in self.games:
            posts = self.fake.messages(due.place)  # only the bot posts there
            if not posts:
                missing += 1
                continue
            twice += len(posts) > 1
            fired[due.kind] += 1
            sent = ((posts[0].id >> 22) + DISCORD_EPOCH_MS) / 1000
            delays.append((sent - due.due_at) * 1000)
            last_post = max(last_post, sent)
            first_post = min(first_post or sent, sent)
        first_due = min((g.due_at for g in self.games), default=0.0)
        span = max(last_post - first_due, 1e-9)
        delay = p50_p99(delays) if delays else None
        return {
            "games": self.count,
            "by_kind": {k: sum(g.kind == k for g in self.games) for k in KINDS},
            "fired": len(delays),
            "fired_by_kind": fired,
            "fired_per_second": round(len(delays) / span, 2) if delays else 0.0,
            "delay_ms": delay and {**delay, "max": round(max(delays), 2)},
            "fired_twice": twice,
            "sent_again_same_nonce": self.fake.world.duplicate_nonces,
            "missing": missing,
            "move_ms": p50_p99(move_ms) if move_ms else None,
        }
