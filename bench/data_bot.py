"""The bot itself on the big database: how soon a new process is ready, and players' commands
through the loopback Discord, as a player sees them (Discord's round trips included).

The loopback Discord is given the very servers, channels, game threads and people of some
games of the database (their ids are Discord ids of the future: bench/data_rows.py), so the
commands run in real places by real players: a bot process (bench/child.py) starts on the
database, and once it is ready each command is sent, in turn, as a player of a random one
of those games, and timed until its answer is complete.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bench.session import Table
from data import GameRecord, Store
from loopback import FakeChannel, FakeDiscord, FakeGuild, FakeRole, FakeUser, perms, served
from loopback.ids import iso_now
from loopback.models import PUBLIC_THREAD, TEXT_CHANNEL
from rules import get_game

GAMES_SAMPLED = 24  #: games whose places and players the loopback Discord is given
ROLE0 = 8 * 10**18  #: ids of the bot's roles on those servers (no game's id comes near)


@dataclass
class Place:
    """A game of the database, in the loopback Discord: its thread and its players."""

    game_id: int
    guild: FakeGuild
    channel: FakeChannel
    thread: FakeChannel
    players: list[FakeUser]
    seasons: int  #: how many seasons its server has had


class Places:
    """The loopback Discord's copy of some servers, channels, threads and people."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.world = fake.world
        self.roles = iter(range(ROLE0, ROLE0 + 10**6))
        self.active: list[Place] = []
        self.finished: list[Place] = []

    def guild(self, gid: int) -> FakeGuild:
        world = self.world
        if gid in world.guilds:
            return world.guilds[gid]
        guild = FakeGuild(gid, f"server {gid % 10**6}", next(self.roles), joined_at=iso_now())
        everyone = FakeRole(gid, gid, "@everyone", perms.EVERYONE_DEFAULT)
        bot_role = FakeRole(next(self.roles), gid, world.bot.name, perms.BOT_ROLE_DEFAULT, 1, True)
        bot_role.member_ids.add(world.bot.id)
        guild.roles += [everyone, bot_role]
        world.bot_role[gid] = bot_role
        world.roles.update({everyone.id: everyone, bot_role.id: bot_role})
        world.guilds[gid] = guild
        return guild

    def channel(self, cid: int, guild: FakeGuild) -> FakeChannel:
        if cid not in self.world.channels:
            self.world.channels[cid] = FakeChannel(cid, "games", TEXT_CHANNEL, guild.id)
        return self.world.channels[cid]

    def thread(self, tid: int, parent: FakeChannel) -> FakeChannel:
        if tid not in self.world.channels:
            owner = self.world.bot.id
            self.world.add_thread(parent, f"game {tid % 10**6}", owner, PUBLIC_THREAD, tid)
        return self.world.channels[tid]

    def user(self, uid: int, name: str) -> FakeUser:
        if uid not in self.world.users:
            self.world.users[uid] = FakeUser(uid, name)
        return self.world.users[uid]

    async def add(self, store: Store, rng: random.Random) -> None:
        """Some games in play and some finished, drawn at random, with everything of theirs."""
        db = store.db
        for status, into in (("active", self.active), ("finished", self.finished)):
            rows = await db.fetchall(
                "SELECT id FROM games WHERE status = ? AND place_id IS NOT NULL", (status,)
            )
            for row in rng.sample(list(rows), min(GAMES_SAMPLED // 2, len(rows))):
                record = await store.games.get(int(row["id"]))
                if record is None or record.guild_id is None or record.place_id is None:
                    continue
                guild = self.guild(record.guild_id)
                channel = self.channel(record.channel_id, guild)
                seasons = len(await store.seasons.of_guild(record.guild_id))
                into.append(
                    Place(
                        record.id,
                        guild,
                        channel,
                        self.thread(record.place_id, channel),
                        [self.user(s.user_id, s.name) for s in record.seats],
                        seasons,
                    )
                )


async def _start(fake: FakeDiscord, target: str) -> tuple[Table, float]:
    """A bot process on ``target`` (its commands published globally); seconds until ready."""
    table = Table(fake, target)  # type: ignore[arg-type]  # passed on as it is
    args = (fake.api_url, fake.gateway_url, target, "0")
    started = time.perf_counter()
    table.process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.child",
        *args,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env=dict(os.environ),
    )
    assert table.process.stdout is not None
    line = await asyncio.wait_for(table.process.stdout.readline(), 300)
    if line.strip() != b"ready":
        await table.stop_bot()
        raise RuntimeError("bench data: the bot's process did not start")
    return table, time.perf_counter() - started


Command = Callable[[], Awaitable[float]]


class Players:
    """The commands players send, each as a player of a random game of ``places``."""

    def __init__(self, fake: FakeDiscord, places: Places, store: Store, seed: int = 1) -> None:
        self.fake, self.places, self.store = fake, places, store
        self.rng = random.Random(seed)
        #: what went wrong (a command not answered in time, an answer refused)
        self.errors: list[str] = []

    def _any(self) -> tuple[Place, FakeUser]:
        place = self.rng.choice(self.places.active + self.places.finished)
        return place, self.rng.choice(place.players)

    def _game(self) -> str:
        return self.rng.choice(("kahuna", "islas", "stonehenge"))

    async def _timed(self, sending: Awaitable[Any]) -> float:
        """ms until answered; a command not answered in Discord's 3 s (or refused) counts as
        an error, at the time it took to fail."""
        started = time.perf_counter()
        try:
            return await Table.timed(sending)
        except (AssertionError, RuntimeError, TimeoutError) as error:
            self.errors.append(str(error)[:200])
            return (time.perf_counter() - started) * 1000

    async def move(self) -> float:
        """A legal move by the player to move, in a game in play (the bot's own path)."""
        place = self.rng.choice(self.places.active)
        record = await self.store.games.get(place.game_id)
        if record is None or not record.active:
            self.places.active.remove(place)
            return await self.move()
        state = _state(record)
        seat = state.turn
        assert seat is not None
        notation = state.format(self.rng.choice(state.legal_moves()))
        after = state.clone()
        after.play(notation)
        if after.turn is None:  # the last move: the game leaves the games in play after it
            self.places.active.remove(place)
        user = next(u for u in place.players if u.id == record.user_of(seat))
        slash = self.fake.slash(user, place.thread, "move", {"move": notation})
        return await self._timed(slash)

    async def board(self) -> float:
        place, user = self._any()
        return await self._timed(self.fake.slash(user, place.thread, "board"))

    async def games(self) -> float:
        place, user = self._any()
        return await self._timed(self.fake.slash(user, place.channel, "games"))

    def leaderboard(self, scope: str) -> Command:
        async def run() -> float:
            place, user = self._any()
            options: dict[str, Any] = {"game": self._game()}
            with_seasons = [p for p in self.places.active + self.places.finished if p.seasons]
            if scope == "season" and with_seasons:
                place = self.rng.choice(with_seasons)
                user = self.rng.choice(place.players)
                options["season"] = self.rng.randint(1, place.seasons)
            else:
                options["scope"] = "server" if scope == "season" else scope
            return await self._timed(self.fake.slash(user, place.channel, "leaderboard", options))

        return run

    async def profile(self) -> float:
        place, user = self._any()
        return await self._timed(self.fake.slash(user, place.channel, "profile"))

    async def history(self) -> float:
        place, user = self._any()
        return await self._timed(self.fake.slash(user, place.channel, "history"))

    async def stats(self) -> float:
        place, user = self._any()
        options = {"game": self._game()}
        return await self._timed(self.fake.slash(user, place.channel, "stats", options))

    async def move_autocomplete(self) -> float:
        place = self.rng.choice(self.places.active)
        user = self.rng.choice(place.players)
        started = time.perf_counter()
        await self.fake.autocomplete(user, place.thread, "move", {"move": ""}, focused="move")
        return (time.perf_counter() - started) * 1000

    def commands(self) -> dict[str, Command]:
        """Each command by name."""
        return {
            "/games": self.games,
            "/board": self.board,
            "/move": self.move,
            "/leaderboard server": self.leaderboard("server"),
            "/leaderboard global": self.leaderboard("global"),
            "/leaderboard season": self.leaderboard("season"),
            "/profile": self.profile,
            "/history": self.history,
            "/stats": self.stats,
            "autocomplete /move": self.move_autocomplete,
        }


def _state(record: GameRecord) -> Any:
    state = get_game(record.game).new(record.players, record.seed, record.options)
    for notation in record.moves:
        state.play(notation)
    return state


async def bot_figures(target: str, samples: int, seed: int = 1) -> dict[str, Any]:
    """Seconds until a bot process on ``target`` is ready, and ms of each command through it
    (``samples`` of each, in turn)."""
    rng = random.Random(seed)
    store = await Store(target).open()  # the bench's own reads: moves, who is to move
    try:
        async with served(install=False) as fake:
            places = Places(fake)
            await places.add(store, rng)
            table, ready = await _start(fake, target)
            try:
                players = Players(fake, places, store, seed)
                commands = players.commands()
                found: dict[str, list[float]] = {name: [] for name in commands}
                errors: dict[str, int] = {}
                for _ in range(samples):
                    for name, run in commands.items():
                        if name in ("/move", "autocomplete /move") and not places.active:
                            continue
                        before = len(players.errors)
                        found[name].append(await run())
                        if len(players.errors) > before:
                            errors[name] = errors.get(name, 0) + 1
            finally:
                await table.stop_bot()
    finally:
        await store.close()
    return {
        "ready_s": round(ready, 2),
        "commands": found,
        "errors": errors,
        "error_samples": players.errors[:5],
    }
