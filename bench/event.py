"""A whole simulated event through the real bot, and people's /move meanwhile.

The bot runs in a process of its own (bench/child.py, as ``bench load`` runs it) against the
loopback Discord served here. A moderator announces a Swiss with /tournament create, the
fake players join with the announcement's Join button, /tournament start pairs round 1;
each round's games are played to their end in their threads by computer players (``ai``,
``hard`` at a small budget, thinking in a worker process of this bench so that the loopback
never waits for them), each move sent with /move as the seat's user, at ``rate`` moves a
second over the whole event (open loop: a game whose move is due waits for its slot). The
bot pairs each round when its last game ends, opens the games' threads and posts the
standings picture with the next round's tables.

Meanwhile Ana and Luis play their own game (Stonehenge, in another channel) at a steady
pace (``bench.load``'s /move, checked for its board; a game over is replaced by a new one):
first alone (``human_moves`` moves), then all through the event. Figures: their /move
p50/p99 alone and during the event and the ratio of the p99s (the issue's goal: at most
1.2), and apart those of their moves sent between a round's end and the next round's post
(``at_round_change``: pairing, games started, standings drawn) and those sent while the
rounds' games were played (``in_play``: the event's moves alone); the
event's wall time, moves, rounds, the time from a round's last game ending (its last /move
sent) to the next round's tables posted (``round_gap_s``; the final standings apart), how
long that last /move waited for its answer (the bot starts the next round before it
answers), and the bot's CPU over the event (its drawing process included).

Stonehenge: two players (a Swiss), some 16 moves a game (Islas 71, Kahuna 110: the event's
384 games stay minutes, not hours), no hidden cards, every move passes the turn.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai.turn import plan_turn
from bench.load import ANSWER_SECONDS, LiveGame, Load, cpu_seconds
from bench.session import p50_p99, percentile
from data import Store
from loopback import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from loopback.perms import MANAGE_GUILD
from loopback.timing import WAIT
from rules import State, get_game

GAME = "stonehenge"
#: The bot's answer to a move it could not store (``error-storage-busy``): nothing changed.
BUSY = "storage is busy"
#: How long a round's post may take after its last game before the bench gives up.
POST_SECONDS = 10 * WAIT


@dataclass
class Board:
    """One game of the event: its thread, its seats' users, its position followed."""

    place: FakeChannel
    record: dict[str, Any]
    state: State
    seat_users: tuple[FakeUser, ...]
    played: list[str] = field(default_factory=list)


class Event:
    """The event's guild, moderator and players, and the games of its rounds played."""

    def __init__(self, fake: FakeDiscord, load: Load, args: argparse.Namespace) -> None:
        self.fake, self.load, self.args = fake, load, args
        guild = fake.add_guild("event")
        self.channel = fake.add_channel(guild, "events")
        self.moderator = fake.add_user("Moderator")
        fake.add_role(guild, "admins", MANAGE_GUILD).member_ids.add(self.moderator.id)
        self.players = [fake.add_user(f"Player{n}") for n in range(1, args.players + 1)]
        self.users = {u.id: u for u in self.players}
        self.pool = ProcessPoolExecutor(1)  # the computer players think here, off the loop
        self.moves = 0
        self.retried = 0  #: moves sent again, refused with the storage busy
        self._next_slot = 0.0
        #: (when a round's last game ended, when the next round's tables were posted)
        self.changes: list[tuple[float, float]] = []
        #: ms until the last move of each round was answered
        self.last_moves: list[float] = []

    async def _tournament(self, sub: str, **options: Any) -> str:
        ix = await self.fake.slash(
            self.moderator, self.channel, "tournament", options, subcommand=sub
        )
        done = await ix.done(ANSWER_SECONDS)
        if done.errors or "⚠️" in done.text:
            raise RuntimeError(f"/tournament {sub}: {done.text or done.errors}")
        return done.text

    async def sign_up(self) -> int:
        """Announce the event and have every player press Join: the event's number."""
        rounds, players = self.args.rounds, self.args.players
        options = {"format": "swiss", "name": "Bench Cup", "rounds": rounds, "max": players}
        await self._tournament(f"create {GAME}", **options)
        message = await self.fake.wait_for_message(self.channel, lambda m: bool(m.custom_ids))
        join = next(c for c in message.custom_ids if c.endswith(":join"))
        for user in self.players:
            done = await (await self.fake.click(user, message, join)).done(ANSWER_SECONDS)
            if done.errors or "⚠️" in done.text:
                raise RuntimeError(f"{user.name} could not join: {done.text or done.errors}")
        return int(join.split(":")[1])

    def post(self, text: str, after: FakeMessage | None) -> asyncio.Task[tuple[FakeMessage, float]]:
        """The channel's next message saying ``text`` and when it came, watched from now."""

        async def watch() -> tuple[FakeMessage, float]:
            found = await self.fake.wait_for_message(
                self.channel, lambda m: text in m.content, POST_SECONDS, after=after
            )
            return found, time.perf_counter()

        return asyncio.ensure_future(watch())

    async def run(self) -> int:
        """Sign up, start, play every round; the rounds played."""
        number = await self.sign_up()
        posted = self.post("**Round 1:**", None)
        await self._tournament("start")
        message, _ = await posted
        store = self.load.store
        assert store is not None
        played = 0
        while True:
            played += 1
            upcoming = f"**Round {played + 1}:**" if played < self.args.rounds else "is over after"
            posted = self.post(upcoming, message)
            boards = [
                await self.board(p.game_id)
                for p in await store.tournaments.pairings(number, played)
                if p.game_id is not None
            ]
            ends = await asyncio.gather(*(self.play(board) for board in boards))
            message, when = await posted
            # The round's last game ended when its last move was made (sent): the bot pairs
            # the next round before it answers that move.
            sent, answered = max(ends, default=(when, when))
            self.changes.append((sent, when))
            self.last_moves.append((answered - sent) * 1000)
            if played == self.args.rounds:
                return played

    async def board(self, game_id: int) -> Board:
        """A game of the round, once its opening board is out in its thread."""
        store = self.load.store
        assert store is not None
        record = await store.games.get(game_id)
        if record is None or record.place_id is None:
            raise RuntimeError(f"game {game_id} was not started")
        place = self.fake.world.channels[record.place_id]
        await self.fake.wait_for_message(place, lambda m: bool(m.attachments), ANSWER_SECONDS)
        state = get_game(record.game).new(len(record.seats), record.seed, record.options)
        seats = tuple(self.users[s.user_id] for s in record.seats)
        return Board(place, record.to_record(), state, seats)

    async def pace(self) -> None:
        """Wait for the next of the event's move slots (``rate`` a second)."""
        now = time.perf_counter()
        slot = self._next_slot = max(now, self._next_slot + 1 / self.args.rate)
        if slot > now:
            await asyncio.sleep(slot - now)

    async def play(self, board: Board) -> tuple[float, float]:
        """Play ``board`` to its end: when its last move was sent, and answered."""
        loop = asyncio.get_running_loop()
        sent = answered = time.perf_counter()
        while board.state.turn is not None:
            seat = board.state.turn
            record = {**board.record, "moves": list(board.played)}
            thought = await loop.run_in_executor(
                self.pool, plan_turn, record, seat, "hard", self.args.ms
            )
            for notation in thought.moves:
                sent, answered = await self.move(board, seat, notation)
                board.state.play(notation)
                board.played.append(notation)
                self.moves += 1
        return sent, answered

    async def move(self, board: Board, seat: int, notation: str) -> tuple[float, float]:
        """/move as the seat's user, in its slot: when it was sent, and answered. A move the
        bot refused with nothing changed (its storage busy) is sent again, as a player would."""
        user = board.seat_users[seat]
        while True:
            await self.pace()
            sent = time.perf_counter()
            ix = await self.fake.slash(user, board.place, "move", {"move": notation})
            done = await ix.done(POST_SECONDS)
            if BUSY in done.text:
                self.retried += 1
                continue
            if done.errors or "⚠️" in done.text:
                raise RuntimeError(f"/move {notation}: {done.text or done.errors}")
            return sent, time.perf_counter()


class People:
    """Ana and Luis's /move at ``rate`` a second, each sample with the time it was sent."""

    def __init__(self, load: Load, rate: float) -> None:
        self.load, self.rate = load, rate
        self.samples: list[tuple[float, float]] = []
        self._tasks: set[asyncio.Task[None]] = set()

    async def _one(self, game: LiveGame) -> None:
        sent, before = time.perf_counter(), len(self.load.tally.move_ms)
        await self.load.move(game)
        if len(self.load.tally.move_ms) > before:  # one game: one move in flight at most
            self.samples.append((sent, self.load.tally.move_ms[-1]))

    async def play(self, stop: asyncio.Event | None = None, moves: int = 0) -> None:
        """Send moves on schedule until ``stop`` is set or ``moves`` were answered."""
        start, k = time.perf_counter(), 0
        while not (stop and stop.is_set()) and not (moves and len(self.samples) >= moves):
            delay = start + k / self.rate - time.perf_counter()
            k += 1
            if delay > 0:
                await asyncio.sleep(delay)
            game = next((g for g in self.load.games if not g.busy), None)
            if game is None:  # the last one's answer, or a new game, is still on its way
                continue
            game.busy = True
            task = asyncio.ensure_future(self._one(game))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        while self._tasks:
            await asyncio.wait(set(self._tasks))

    def between(self, start: float, end: float) -> list[float]:
        return [ms for sent, ms in self.samples if start <= sent <= end]


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    fake = FakeDiscord(keep_files=False)
    await fake.start()
    tmp = tempfile.TemporaryDirectory()
    database = str(Path(tmp.name) / "event.sqlite3")
    knobs = dict(processes=1, kill_every=0.0, reminder_seconds=0.0, games=1, mix=[GAME], seed=1)
    load = Load(fake, database, argparse.Namespace(**knobs))
    load.add_servers()
    event = Event(fake, load, args)
    try:
        load.store = await Store(database).open()
        await load.start_bots()
        ana, luis = fake.add_user("Ana"), fake.add_user("Luis")
        load.games.append(await load.open_game(load.servers[0], GAME, (ana, luis)))
        people = People(load, args.human_rate)
        await people.play(moves=args.human_moves)
        alone = [ms for _, ms in people.samples]
        pid = load.bots[0].process.pid
        cpu, started = cpu_seconds(pid), time.perf_counter()
        stop = asyncio.Event()
        meanwhile = asyncio.ensure_future(people.play(stop))
        try:
            rounds = await event.run()
        finally:
            stop.set()
            await meanwhile
            await load.settle()  # a game being opened for them
        wall, cpu = time.perf_counter() - started, cpu_seconds(pid) - cpu
        during = people.between(started, started + wall)
        at_change = [ms for end, post in event.changes for ms in people.between(end, post)]
        in_play = [
            ms
            for sent, ms in people.samples
            if started <= sent <= started + wall
            and not any(end <= sent <= post for end, post in event.changes)
        ]
        errors = sum(load.tally.errors.values())
    finally:
        event.pool.shutdown(cancel_futures=True)
        if load.store is not None:
            await load.store.close()
        await load.stop_bots()
        await fake.close()
        tmp.cleanup()
    gaps = [post - end for end, post in event.changes[:-1]]
    first, second = p50_p99(alone), p50_p99(during)
    return {
        "game": GAME,
        "format": "swiss",
        "players": args.players,
        "rounds": rounds,
        "ai": {"level": "hard", "ms": args.ms},
        "event_rate": args.rate,
        "wall_s": round(wall, 1),
        "moves": event.moves,
        "moves_retried_busy": event.retried,
        "round_gap_s": {"p50": round(percentile(gaps, 0.5), 2), "max": round(max(gaps), 2)}
        if gaps
        else None,
        "final_post_s": round(event.changes[-1][1] - event.changes[-1][0], 2),
        "round_last_move_ms": {
            "p50": round(percentile(event.last_moves, 0.5), 1),
            "max": round(max(event.last_moves), 1),
        },
        "bot_cpu_s": round(cpu, 1),
        "bot_cpu_share": round(cpu / wall, 2),
        "human_rate": args.human_rate,
        "human_moves": {"alone": len(alone), "during": len(during)},
        "human_move_ms_alone": first,
        "human_move_ms_during": second,
        "human_move_ms_at_round_change": p50_p99(at_change) if at_change else None,
        "human_move_ms_in_play": p50_p99(in_play) if in_play else None,
        "ratio_p99": round(second["p99"] / first["p99"], 2),
        "human_errors": errors,
        "loadavg": [round(x, 2) for x in os.getloadavg()],
    }


def event_figures(args: argparse.Namespace) -> dict[str, Any]:
    """The figures of one simulated event (``args``: players, rounds, rate, ms, human_rate,
    human_moves)."""
    return asyncio.run(_run(args))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The event's flags on ``bench tournament``'s command line."""
    add = parser.add_argument
    add("--no-event", action="store_true", help="no simulated event (the pairing figure only)")
    add("--event-players", type=int, default=64, dest="event_players")
    add("--event-rounds", type=int, default=6, dest="event_rounds")
    add("--event-rate", type=float, default=5.0, help="the event's /move a second, in all")
    add("--event-ms", type=float, default=20.0, help="the computer players' budget a move")
    add("--human-rate", type=float, default=4.0, help="Ana and Luis's /move a second")
    add("--human-moves", type=int, default=400, help="their moves timed before the event")


def from_arguments(args: argparse.Namespace) -> argparse.Namespace:
    """``event_figures``' arguments out of ``bench tournament``'s."""
    return argparse.Namespace(
        players=args.event_players,
        rounds=args.event_rounds,
        rate=args.event_rate,
        ms=args.event_ms,
        human_rate=args.human_rate,
        human_moves=args.human_moves,
    )
