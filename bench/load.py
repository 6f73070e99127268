"""`python -m bench load --games N --rate R (--seconds S | --moves-total N) [--db URL]
[--processes P] [--json] [--kill-every S --reminder-seconds R]`:
many games at once, moves on a fixed schedule, through real bot processes.

The loopback Discord and this driver run in this process; the bot runs in ``--processes``
processes of its own (bench/child.py), which split the shards between them. First ``--games``
games are opened as players do (/play, Accept, the opening board), spread over several
servers and mixed as ``--mix`` says (Stonehenge, Kahuna and Islas in turn by default). Then
``/move`` interactions go out at ``--rate`` per second for ``--seconds`` seconds, open loop:
each on its schedule whether or not earlier ones were answered, each to a game with no move
in flight, with a legal move for its position (chosen at random; the driver follows every
game from its seed, read from the database). A game that ends is replaced by a new one
between the same players, as a rematch would be.

Figures: ``/move`` p50 and p99 (from the interaction until the bot's followup, which comes
once the board is posted), moves per second achieved, errors (a move not answered, answered
with an error, or whose board did not arrive: the public board when the turn passed, the
mover's own in the middle of a Kahuna turn), and per bot process its memory (RSS: in all,
the bot's own, its drawing process's, and the two together; the rest is its thinking
workers') and its own CPU time per move (utime + stime of /proc/PID/stat over the run, all
its threads, over the moves of its shards; opening the replacement games is part of that
load), its drawing process (render/painter.py) counted in both and also given apart.
``--moves-total N`` sends N moves in all (N / rate seconds): the memory after 10,000 moves,
say.

``--kill-every S`` SIGKILLs a bot process (each in turn) every S seconds of the run and
starts it again at once on the same shards; moves meanwhile go on (those sent to a server
whose process is down are counted apart, as Discord would refuse them). After the run
bench/load_check.py compares what was stored and posted with what the bot confirmed, and
plays one more move in every game. ``--reminder-seconds R`` makes turn reminders fall due
after R seconds on the first server of each shard, so that timers fire (once each, it
checks) while processes die. ``--due-games N`` adds N games whose timers all fall due
during the run (bench/due.py), and ``--baseline`` runs the same load without them first,
for the ratio of the /move p99s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import logging
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.due import DueGames
from bench.load_check import check
from bench.session import p50_p99
from data import GuildSettings, Store
from games.plugin import plugin_for, plugins
from loopback import FakeChannel, FakeDiscord, FakeGuild, FakeUser, Interaction
from rules import State, get_game

GAMES = tuple(plugin.name for plugin in plugins())
#: Servers per shard: several, so that a shard's games are not all in one guild.
GUILDS_PER_SHARD = 4
#: Games opened at once while setting up (as many players accepting at the same moment).
OPENING_AT_ONCE = 8
#: A move not answered within this long counts as an error (Discord's followups live 15 min;
#: a player would have given up long before).
ANSWER_SECONDS = 10.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
#: With --kill-every: how long a dead process's claim on a timer holds (bot.py's default is
#: a minute), so that the timers it held fire again within the run.
TIMER_LEASE = 3.0


@dataclass
class Server:
    """One fake guild and the channel where its games are challenged."""

    guild: FakeGuild
    channel: FakeChannel
    shard: int


@dataclass
class LiveGame:
    """A game being played: its thread, its players and its position as the bot holds it."""

    server: Server
    game: str
    players: tuple[FakeUser, ...]
    place: FakeChannel
    state: State
    #: the user playing each seat
    seat_users: tuple[FakeUser, ...]
    busy: bool = False
    #: the moves the bot confirmed, in order
    played: list[str] = field(default_factory=list)
    #: a move whose answer never came because its process was killed: stored or not
    doubt: str | None = None


@dataclass
class BotProcess:
    """One bot process and the shards it runs."""

    process: asyncio.subprocess.Process
    shards: list[int]
    cpu_start: float = 0.0
    #: of which its drawing process
    drawing_cpu_start: float = 0.0
    rss_start: int = 0
    #: how many times it was killed: a move sent before a kill may never be answered
    kills: int = 0
    #: killed and not ready again (a move sent now goes nowhere, even before the loopback
    #: notices that the process's connection is gone)
    down: bool = False
    #: CPU time of its killed predecessors, since the mark
    cpu_before: float = 0.0


@dataclass
class Tally:
    """What the run measured."""

    move_ms: list[float] = field(default_factory=list)
    sent: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    error_samples: list[str] = field(default_factory=list)
    skipped: int = 0
    finished: int = 0
    opened: int = 0
    by_shard: Counter[int] = field(default_factory=Counter)
    last_answer: float = 0.0
    #: moves sent to a server whose process was down (Discord would refuse them so)
    refused_while_down: int = 0

    def error(self, kind: str, detail: str) -> None:
        """Count an error of ``kind``; the first few are kept, shortened, to show."""
        self.errors[kind] += 1
        if len(self.error_samples) < 10:
            self.error_samples.append(f"{kind}: {detail}"[:300])


def family(pid: int) -> list[int]:
    """The process and its descendants still running (a bot and its drawing process)."""
    found, i = [pid], 0
    while i < len(found):
        for task in Path(f"/proc/{found[i]}/task").glob("*"):
            with contextlib.suppress(OSError):
                found += [int(c) for c in (task / "children").read_text().split()]
        i += 1
    return found


def cpu_seconds(pid: int, *, drawing: bool = False) -> float:
    """CPU time so far (user + system, all threads) of the process and its descendants
    (``drawing``: of its drawing processes only), those that ended included (a replay's
    child of the drawing process: counted in its parent's once it is waited for)."""
    total = 0
    for member in _drawing(family(pid)) if drawing else family(pid):
        with contextlib.suppress(OSError):  # a child that just ended
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
            # utime, stime, and the same of its children ended and waited for
            total += sum(int(field) for field in fields[11:15])
    return total / CLOCK_TICKS


def rss_bytes(pid: int, *, descendants: bool = True) -> int:
    """The resident memory of the process (and of its descendants, unless told not to)."""
    return sum(_rss(member) for member in (family(pid) if descendants else [pid]))


def _rss(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def drawing_rss_bytes(pid: int) -> int:
    """The resident memory of the drawing processes among the descendants of ``pid``."""
    return sum(_rss(member) for member in _drawing(family(pid)))


def _drawing(pids: list[int]) -> list[int]:
    """The drawing processes (render/paint_worker.py) of ``pids``; the others are the bot
    and its thinking workers (table/thinker.py) with multiprocessing's helper."""
    found = []
    for pid in pids:
        with contextlib.suppress(OSError):
            if b"render.paint_worker" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
    return found


class Load:
    """The fake Discord, its servers and players, the bot processes, and the games."""

    def __init__(self, fake: FakeDiscord, database: str, args: argparse.Namespace) -> None:
        self.fake = fake
        self.database = database
        self.args = args
        self.servers: list[Server] = []
        self.bots: list[BotProcess] = []
        self.games: list[LiveGame] = []
        self.tally = Tally()
        self.rng = random.Random(args.seed)
        self.store: Store | None = None
        self._pending: set[asyncio.Task[Any]] = set()
        #: every game opened, for the check after a run with kills
        self.every_game: list[LiveGame] = []

    # ----- setting up -------------------------------------------------------------------

    def add_servers(self) -> None:
        """A few servers on every shard, interleaved so that games go to every shard in turn."""
        for index in range(GUILDS_PER_SHARD):
            for shard in range(self.args.processes):
                guild = self.fake.add_guild(f"bench {index}.{shard}", shard=shard)
                channel = self.fake.add_channel(guild, "games")
                self.servers.append(Server(guild, channel, shard))

    async def remind_soon(self) -> None:
        """With --reminder-seconds: turn reminders after that long on the first server of
        each shard."""
        if not self.args.reminder_seconds:
            return
        assert self.store is not None
        hours = self.args.reminder_seconds / 3600
        for server in self.servers[: self.args.processes]:
            settings = GuildSettings(reminder_hours=hours)
            await self.store.settings.set_guild(server.guild.id, settings)

    async def start_bots(self) -> None:
        """The bot processes, each with its share of the shards, ready and warmed up."""
        for index in range(self.args.processes):
            self.bots.append(BotProcess(await self.start_bot(index), [index]))

    async def start_bot(self, index: int) -> asyncio.subprocess.Process:
        """Bot process ``index`` (of ``--processes``, its shard), once it is ready."""
        fake, count = self.fake, self.args.processes
        args = [fake.api_url, fake.gateway_url, self.database, "0"]
        if count > 1:
            args += ["--shards", str(index), "--shard-count", str(count)]
        if self.args.kill_every:  # a dead process's timer claims are taken over soon
            args += ["--timer-lease", str(TIMER_LEASE)]
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.child",
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), 120)
        if line.strip() != b"ready":
            raise RuntimeError(f"bot process {index} did not start")
        return process

    async def wake_bots(self) -> None:
        """Have every bot process look at the timers now (bench/child.py)."""
        for bot in self.bots:
            assert bot.process.stdin is not None
            bot.process.stdin.write(b"wake\n")
            await bot.process.stdin.drain()

    async def stop_bots(self) -> None:
        """Close every bot process's standard input (it stops cleanly), or kill it."""
        for bot in self.bots:
            process = bot.process
            if process.returncode is not None:
                continue
            assert process.stdin is not None
            process.stdin.close()
            try:
                await asyncio.wait_for(process.wait(), 20)
            except TimeoutError:
                process.kill()
                await process.wait()

    async def open_game(self, server: Server, game: str, players: tuple[FakeUser, ...]) -> LiveGame:
        """Challenge, accept, wait for the opening board; the position followed from its seed."""
        fake = self.fake
        ana, luis = players
        options = {"opponent": luis, "first": "me"}
        challenge = await fake.slash(ana, server.channel, "play", options, subcommand=game)
        message = (await challenge.done(ANSWER_SECONDS)).message
        if message is None or challenge.errors:
            raise RuntimeError(f"no challenge: {challenge.text or challenge.errors}")
        accept = next(c for c in message.custom_ids if c.endswith(":accept"))
        await (await fake.click(luis, message, accept)).done(ANSWER_SECONDS)
        # The game's thread is opened on the challenge message, with the message's id.
        place = await fake.world.notifier.wait_for(
            lambda: fake.world.channels.get(message.id), ANSWER_SECONDS, "the game's thread"
        )
        await fake.wait_for_message(place, lambda m: bool(m.attachments), ANSWER_SECONDS)
        assert self.store is not None
        record = await self.store.games.latest_in_place(place.id)
        if record is None:
            raise RuntimeError(f"no game stored for thread {place.id}")
        state = get_game(game).new(len(record.seats), record.seed, record.options)
        by_id = {user.id: user for user in players}
        seat_users = tuple(by_id[seat.user_id] for seat in record.seats)
        self.tally.opened += 1
        live = LiveGame(server, game, players, place, state, seat_users)
        self.every_game.append(live)
        return live

    async def open_games(self) -> None:
        """The first ``--games`` games, a few at a time."""
        mix = self.args.mix
        limit = asyncio.Semaphore(OPENING_AT_ONCE)

        async def one(index: int) -> None:
            server = self.servers[index % len(self.servers)]
            players = (
                self.fake.add_user(f"P{2 * index}"),
                self.fake.add_user(f"P{2 * index + 1}"),
            )
            async with limit:
                self.games.append(await self.open_game(server, mix[index % len(mix)], players))

        await asyncio.gather(*(one(index) for index in range(self.args.games)))

    # ----- playing ----------------------------------------------------------------------

    def pick_move(self, game: LiveGame) -> str:
        """A legal move of the player to move (not one the table decides, an Islas skip)."""
        picker = plugin_for(game.game).picker
        moves = [m for m in game.state.legal_moves() if not picker.table_move(m)]
        return game.state.format(self.rng.choice(moves))

    async def move(self, game: LiveGame) -> None:
        """One /move, timed, checked for its board; the game follows it, or is replaced."""
        tally = self.tally
        seat = game.state.turn
        assert seat is not None
        notation = self.pick_move(game)
        before = game.place.last_message_id or 0
        bot = self.bots[game.server.shard]
        kills, down = bot.kills, bot.down
        started = time.perf_counter()
        try:
            ix = await self.fake.slash(
                game.seat_users[seat], game.place, "move", {"move": notation}
            )
        except RuntimeError:  # no process holds this server's shard now
            tally.refused_while_down += 1
            game.busy = False
            return
        try:
            await ix.done(ANSWER_SECONDS)
        except (TimeoutError, AssertionError) as error:
            if bot.kills != kills or down:  # its process was killed: stored or not?
                tally.refused_while_down += down
                game.doubt = notation
                self.games.remove(game)
                return
            tally.error("not answered", str(error))
            game.doubt = notation  # stored or not: the check after kills allows either
            self._drop(game)
            return
        ms = (time.perf_counter() - started) * 1000
        problem = self._problem(ix, game, notation, before)
        if problem is not None:
            tally.error(problem, f"{game.game} {notation!r}: {ix.text[:200]}")
            self._drop(game)
            return
        tally.move_ms.append(ms)
        tally.by_shard[game.server.shard] += 1
        tally.last_answer = time.perf_counter()
        game.played.append(notation)
        if game.state.turn is None:
            tally.finished += 1
            self._drop(game)
        else:
            game.busy = False

    def _problem(self, ix: Interaction, game: LiveGame, notation: str, before: int) -> str | None:
        """Why the answer to a move is not right (None when it is); plays the move if so."""
        if ix.errors or "⚠️" in ix.text or not ix.followups:
            return "error reply"
        seat = game.state.turn
        game.state.play(notation)
        if game.state.turn == seat:  # mid-turn: the mover's own board comes with the answer
            return None if ix.attachments else "no board"
        last = self.fake.world.messages.get(game.place.last_message_id or 0)
        if last is None or last.id <= before or not last.attachments:
            return "no board"
        return None

    def _drop(self, game: LiveGame) -> None:
        """Take ``game`` out of play and open another between the same players."""
        with contextlib.suppress(ValueError):
            self.games.remove(game)
        self._spawn(self._replace(game))

    async def _replace(self, old: LiveGame) -> None:
        try:
            game = await self.open_game(old.server, old.game, old.players)
        except (TimeoutError, RuntimeError, AssertionError, StopIteration) as error:
            self.tally.error("game not opened", str(error))
            return
        self.games.append(game)

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def kill_now_and_then(self, stop: asyncio.Event) -> None:
        """Every ``--kill-every`` seconds until ``stop``, SIGKILL a bot process (each in
        turn) and start it again at once, on the same shards."""
        start = time.perf_counter()
        for n in itertools.count():
            wait = start + (n + 1) * self.args.kill_every - time.perf_counter()
            with contextlib.suppress(TimeoutError):
                if wait > 0:
                    await asyncio.wait_for(stop.wait(), wait)
            if stop.is_set():
                return
            index = n % len(self.bots)
            bot = self.bots[index]
            bot.kills += 1
            bot.down = True
            bot.cpu_before += cpu_seconds(bot.process.pid) - bot.cpu_start
            bot.process.kill()
            await bot.process.wait()
            bot.process = await self.start_bot(index)
            bot.cpu_start = cpu_seconds(bot.process.pid)
            bot.down = False

    async def drive(self) -> float:
        """Send moves on schedule for ``--seconds``; wait for the last answers. The seconds
        from the first move to the last answer."""
        rate, seconds = self.args.rate, self.args.seconds
        stop = asyncio.Event()
        killing = self.args.kill_every and asyncio.ensure_future(self.kill_now_and_then(stop))
        start = time.perf_counter()
        total = int(rate * seconds)
        cursor = 0
        for k in range(total):
            delay = start + k / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            game = None
            for _ in range(len(self.games)):  # round robin over games with no move in flight
                cursor = (cursor + 1) % len(self.games)
                if not self.games[cursor].busy:
                    game = self.games[cursor]
                    break
            if game is None:
                self.tally.skipped += 1
                continue
            game.busy = True
            self.tally.sent += 1
            self._spawn(self.move(game))
        if killing:
            stop.set()  # a restart under way finishes: the process is wanted after
            await killing
        await self.settle()
        return max((self.tally.last_answer or time.perf_counter()) - start, 1e-9)

    async def settle(self) -> None:
        """Wait for the moves in flight and the games being opened to replace those over."""
        while self._pending:
            await asyncio.wait(set(self._pending), timeout=ANSWER_SECONDS * 2)

    # ----- figures ----------------------------------------------------------------------

    def mark(self) -> None:
        """The bot processes' CPU and memory before the moves."""
        for bot in self.bots:
            bot.cpu_start = cpu_seconds(bot.process.pid)
            bot.drawing_cpu_start = cpu_seconds(bot.process.pid, drawing=True)
            bot.rss_start = rss_bytes(bot.process.pid)

    def figures(self, seconds: float, driver_cpu: float) -> dict[str, Any]:
        """The run's figures, as the JSON output has them."""
        tally, args = self.tally, self.args
        answered = len(tally.move_ms)
        processes = []
        for index, bot in enumerate(self.bots):
            pid = bot.process.pid
            moves = sum(n for shard, n in tally.by_shard.items() if shard == index)
            cpu = cpu_seconds(pid) - bot.cpu_start + bot.cpu_before
            # Without kills, its drawing process's share (a killed one's is not known apart).
            drawing = cpu_seconds(pid, drawing=True) - bot.drawing_cpu_start
            processes.append(
                {
                    "pid": pid,
                    "shards": bot.shards,
                    "moves": moves,
                    "rss_mb_before": round(bot.rss_start / 2**20, 1),
                    # the bot, its drawing process and its thinking workers
                    "rss_mb": round(rss_bytes(pid) / 2**20, 1),
                    # the bot's own process
                    "rss_mb_bot": round(rss_bytes(pid, descendants=False) / 2**20, 1),
                    # its drawing process (render/painter.py)
                    "rss_mb_drawing": round(drawing_rss_bytes(pid) / 2**20, 1),
                    # the bot and its drawing process: issue 25's memory figure
                    "rss_mb_bot_and_drawing": round(
                        (rss_bytes(pid, descendants=False) + drawing_rss_bytes(pid)) / 2**20, 1
                    ),
                    "cpu_ms_per_move": round(cpu * 1000 / max(moves, 1), 2),
                    # of which the drawing process (render/painter.py); None after kills
                    "cpu_ms_per_move_drawing": None
                    if bot.kills
                    else round(drawing * 1000 / max(moves, 1), 2),
                }
            )
        errors = sum(tally.errors.values())
        return {
            "games": args.games,
            "mix": dict(Counter(g for g in (args.mix * args.games)[: args.games])),
            "rate": args.rate,
            "seconds": args.seconds,
            "db": "postgresql" if self.database.startswith("postgres") else "sqlite",
            "processes": args.processes,
            "moves_sent": tally.sent,
            "moves_answered": answered,
            "moves_per_second": round(answered / seconds, 2),
            "move_ms": p50_p99(tally.move_ms) if tally.move_ms else None,
            "errors": errors,
            "errors_by_kind": dict(tally.errors),
            "error_samples": tally.error_samples,
            "skipped_no_idle_game": tally.skipped,
            "games_finished": tally.finished,
            "games_opened": tally.opened,
            "bot_processes": processes,
            "driver": {
                "cpu_ms_per_move": round(driver_cpu * 1000 / max(answered, 1), 2),
                "rss_mb": round(rss_bytes(os.getpid(), descendants=False) / 2**20, 1),
            },
            "loadavg": [round(x, 2) for x in os.getloadavg()],
        }


@contextlib.asynccontextmanager
async def _database(url: str | None) -> AsyncIterator[str]:
    """The database the bots share: ``url`` as given; "postgresql": a throw-away PostgreSQL
    server (pgserver, the test extra's); else a temporary SQLite file."""
    with tempfile.TemporaryDirectory() as tmp:
        if url == "postgresql":
            import pgserver  # only here: the test extra has it

            server = pgserver.get_server(Path(tmp) / "pg", cleanup_mode="stop")
            try:
                yield server.get_uri()
            finally:
                server.cleanup()
        else:
            yield url or str(Path(tmp) / "load.sqlite3")


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """With --baseline: the run without due games, then with them, and the p99s' ratio."""
    if not (args.baseline and args.due_games):
        return await run_once(args)
    base = await run_once(argparse.Namespace(**{**vars(args), "due_games": 0}))
    figures = await run_once(args)
    ms, base_ms = figures["move_ms"], base["move_ms"]
    figures["baseline"] = {
        "move_ms": base_ms,
        "errors": base["errors"],
        "moves_per_second": base["moves_per_second"],
        "loadavg": base["loadavg"],
    }
    if ms and base_ms:
        figures["due"]["move_p99_ratio"] = round(ms["p99"] / max(base_ms["p99"], 1e-9), 2)
    return figures


async def run_once(args: argparse.Namespace) -> dict[str, Any]:
    """Set up, drive, measure, stop."""
    # Thousands of boards: their sizes are enough. One shard a bot process.
    fake = FakeDiscord(keep_files=False, shard_count=args.processes)
    await fake.start()
    try:
        async with _database(args.db) as database:
            load = Load(fake, database, args)
            load.add_servers()
            due = DueGames(fake, args.due_games, args.processes, args.seconds)
            due.add_places()
            try:
                load.store = await Store(database).open()
                await load.remind_soon()
                await load.start_bots()
                await load.open_games()
                await due.store(load.store, time.time() + 86400)
                load.mark()
                await due.shift(load.store, time.time())
                await load.wake_bots()
                driver = time.process_time()
                seconds = await load.drive()
                figures = load.figures(seconds, time.process_time() - driver)
                if args.due_games:
                    await due.settle()
                    figures["due"] = due.figures(load.tally.move_ms)
                if args.kill_every:
                    settle = TIMER_LEASE + args.reminder_seconds + 5
                    figures["kills"] = await check(load, settle)
                return figures
            finally:
                if load.store is not None:
                    await load.store.close()
                await load.stop_bots()
    finally:
        await fake.close()


def _mix(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = set(names) - set(GAMES)
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"games are among {', '.join(GAMES)}")
    return names


def main(argv: list[str]) -> None:
    """Parse the arguments, run, print the figures."""
    parser = argparse.ArgumentParser(
        prog="python -m bench load", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=100, help="games at once")
    parser.add_argument("--rate", type=float, default=20.0, help="/moves sent per second")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long moves are sent")
    parser.add_argument(
        "--moves-total",
        type=int,
        default=0,
        metavar="N",
        help="send N /moves in all (at --rate: N / rate seconds, instead of --seconds), for"
        " the memory after so many moves",
    )
    parser.add_argument(
        "--db",
        help="a SQLite path or a postgresql:// URL; postgresql: a throw-away local server"
        " (default: a temporary SQLite file)",
    )
    parser.add_argument("--processes", type=int, default=1, help="bot processes (shards split)")
    parser.add_argument(
        "--mix", type=_mix, default=list(GAMES), help="games, comma-separated, opened in turn"
    )
    parser.add_argument("--seed", type=int, default=1, help="the driver's choice of moves")
    parser.add_argument(
        "--kill-every",
        type=float,
        default=0.0,
        metavar="S",
        help="SIGKILL a bot process (each in turn) every S seconds and start it again at once"
        " (kills come every S seconds of the run, however long a start takes);"
        " then check that no move was lost or doubled and that every game goes on",
    )
    parser.add_argument(
        "--reminder-seconds",
        type=float,
        default=0.0,
        metavar="R",
        help="turn reminders after R seconds on the first server of each shard (a quarter of"
        " the games), to check that each fires once",
    )
    parser.add_argument(
        "--due-games",
        type=int,
        default=0,
        metavar="N",
        help="N more games, stored directly, whose timers (reminders, reminders an hour"
        " before the deadline, deadlines) fall due evenly over the run",
    )
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="with --due-games: the same run without them first, for the /move p99 ratio",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.moves_total:
        args.seconds = args.moves_total / args.rate
    logging.basicConfig(level=logging.WARNING)
    figures = asyncio.run(run(args))
    if args.json:
        print(json.dumps(figures))
        return
    print(_text(figures))


def _text(f: dict[str, Any]) -> str:
    mix = ", ".join(f"{n} {game}" for game, n in f["mix"].items())
    ms = f["move_ms"] or {"p50": float("nan"), "p99": float("nan")}
    lines = [
        f"{f['games']} games ({mix}) on {f['db']}, {f['processes']} bot process(es);"
        f" {f['rate']:g} /move a second for {f['seconds']:g} s",
        f"  /move          p50 {ms['p50']:7.1f} ms   p99 {ms['p99']:7.1f} ms",
        f"  achieved       {f['moves_per_second']:.1f} moves/s"
        f" ({f['moves_answered']} of {f['moves_sent']} answered, {f['errors']} errors,"
        f" {f['skipped_no_idle_game']} skipped)",
        f"  games          {f['games_finished']} finished, {f['games_opened']} opened in all",
    ]
    for p in f["bot_processes"]:
        lines.append(
            f"  bot pid {p['pid']} shards {p['shards']}: {p['rss_mb']:.0f} MB"
            f" (from {p['rss_mb_before']:.0f}; bot {p['rss_mb_bot']:.0f} + drawing process"
            f" {p['rss_mb_drawing']:.0f} = {p['rss_mb_bot_and_drawing']:.0f}; the rest thinking"
            " workers),"
            f" {p['cpu_ms_per_move']:.1f} ms CPU per move"
            f" (drawing process {p['cpu_ms_per_move_drawing']}) over {p['moves']} moves"
        )
    d = f["driver"]
    lines.append(
        f"  driver + loopback: {d['cpu_ms_per_move']:.1f} ms CPU per move, {d['rss_mb']:.0f} MB"
    )
    lines.append(f"  load average {f['loadavg']}")
    if "kills" in f:
        k = f["kills"]
        lines.append(
            f"  {k['kills']} kills: {k['moves_lost']} moves lost, {k['moves_unexplained']}"
            f" unexplained, {k['boards_doubled']} boards doubled, {k['boards_missing']} missing;"
            f" {k['moves_in_doubt']} in doubt, {k['refused_while_down']} refused while down"
        )
        lines.append(
            f"  reminders {k['reminders']} ({k['turns_reminded_twice']} turns twice),"
            f" {k['timers_overdue']} timers overdue; {k['games_continued']} of"
            f" {k['games_to_continue']} games went on"
        )
    if "due" in f:
        d, ms = f["due"], f["due"]["delay_ms"] or {"p50": 0.0, "p99": 0.0, "max": 0.0}
        lines.append(
            f"  due timers     {d['fired']} of {d['games']} fired, {d['fired_per_second']:.1f}/s;"
            f" delay p50 {ms['p50'] / 1000:.1f} s p99 {ms['p99'] / 1000:.1f} s"
            f" max {ms['max'] / 1000:.1f} s; {d['fired_twice']} twice, {d['missing']} missing"
        )
        if "baseline" in f and f["baseline"]["move_ms"]:
            lines.append(
                f"  without them   /move p99 {f['baseline']['move_ms']['p99']:.1f} ms"
                f" (ratio {d.get('move_p99_ratio', float('nan')):.2f})"
            )
    for sample in f["error_samples"]:
        lines.append(f"  error: {sample}")
    return "\n".join(lines)
