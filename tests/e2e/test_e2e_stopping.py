"""A clean stop: moves under way finish, later ones hear "restarting", nothing is half-written,
and the process (SIGTERM, SIGINT) exits 0 with its database closed."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from data.check import check_path
from locales import t
from loopback.records import Interaction
from loopback.timing import WAIT, CpuWait
from rules.record import Record
from table.thinker import Thinker
from tests.e2e import World, accept, boards, challenge, mirror, patient_writes, settled, until
from tests.lockholder import WriteLock

ROOT = Path(__file__).resolve().parents[2]
RESTARTING = {lang: t(lang, "error-restarting") for lang in ("en", "es")}


async def test_a_stop_finishes_the_move_under_way_and_turns_later_ones_away(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = tablero
    patient_writes(monkeypatch)  # Ana's move waits out the others' answers, however slow
    await world.restart()
    assert world.bot is not None
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await settled(world)
    before = len(boards(world, place))
    # Another program holds the write lock, so Ana's move is still under way when the
    # stop begins (it waits for the lock, as it may for a second and a half).
    async with WriteLock(world.database):
        moving = await world.fake.slash(world.ana, place, "move", {"move": "6L"})
        await moving.wait_response()
        stopping = asyncio.create_task(world.bot.close())
        await asyncio.sleep(0.05)
        assert not stopping.done()  # waiting for Ana's move
        later = await world.fake.slash(world.luis, place, "board")
        looking = await world.fake.slash(world.eve, place, "games")
        choices = await world.fake.autocomplete(
            world.luis, place, "move", {"move": "6"}, focused="move"
        )
        await later.done()
        await looking.done()
    await asyncio.wait_for(stopping, WAIT)
    # Ana's move was played and announced before the bot stopped.
    await moving.done()
    assert "6L" in moving.text and RESTARTING["en"] not in moving.text
    assert len(boards(world, place)) == before + 1
    # The others were told, each in their language, and nothing of theirs ran.
    assert later.ephemeral and later.text == RESTARTING["es"]
    assert looking.ephemeral and looking.text == RESTARTING["en"]
    assert choices == []  # typing is answered too: nothing to offer now
    assert world.bot.store.db._conn is None  # the database is closed
    report = await check_path(str(world.database))
    assert report.ok and report.moves == 1


# -- a real process, stopped by a signal while moves arrive ---------------------------------------

#: from the signal to the exit, moves in flight included, on the bot's own account (the
#: time other jobs kept the CPUs from it does not count)
STOP_SECONDS = 5
GAMES = 4


class Mover:
    """Plays one game by /move, each move sent once the previous one was answered."""

    def __init__(
        self, world: World, place: object, rng: random.Random, gone: asyncio.Event
    ) -> None:
        self.world, self.place, self.rng, self.gone = world, place, rng, gone
        self.state = mirror({"first": 0})
        self.sent: list[Interaction] = []
        self.played = self.refused = 0

    async def run(self) -> None:
        world = self.world
        while self.state.turn is not None:
            notation = self.state.format(self.rng.choice(self.state.legal_moves()))
            user = world.ana if self.state.turn == 0 else world.luis
            try:
                ix = await world.fake.slash(user, self.place, "move", {"move": notation})
            except RuntimeError:  # the bot has left the gateway: nobody to ask any more
                return
            self.sent.append(ix)
            answer = asyncio.ensure_future(ix.done())
            ended = asyncio.ensure_future(self.gone.wait())
            await asyncio.wait({answer, ended}, return_when=asyncio.FIRST_COMPLETED)
            ended.cancel()
            if not answer.done():  # sent as the bot left, which has ended: judged by the test
                answer.cancel()
                return
            answer.result()
            if ix.text in RESTARTING.values():
                self.refused += 1
                return
            assert notation in ix.text, ix.text
            self.state.play(notation)
            self.played += 1


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_stops_the_bot_process_cleanly_while_moves_arrive(
    world: World, signum: signal.Signals
) -> None:
    env = {
        **os.environ,
        "DISCORD_TOKEN": "loopback-token",
        "TABLERO_DB": str(world.database),
        "TABLERO_DEV_GUILD": str(world.guild.id),
        "TABLERO_ENV_FILE": str(world.database.parent / "no.env"),
        "TABLERO_LOG_LEVEL": "INFO",
    }
    log = world.database.parent / "bot.log"
    with log.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.botprocess", world.fake.api_url, world.fake.gateway_url],
            env=env,
            stderr=stderr,
        )
    try:
        await world.fake.wait_connected()
        places = []
        for _ in range(GAMES):
            message = await challenge(world, world.ana, world.luis, first="me")
            places.append(await accept(world, world.luis, message))
        gone = asyncio.Event()
        movers = [Mover(world, p, random.Random(n), gone) for n, p in enumerate(places)]
        playing = [asyncio.create_task(m.run()) for m in movers]

        async def under_way() -> bool:
            return sum(m.played for m in movers) >= 2 * GAMES

        await until(under_way, "two moves a game")
        cpu = CpuWait(process.pid)
        before = cpu.seconds()
        process.send_signal(signum)
        signalled, signalled_at = time.monotonic(), asyncio.get_running_loop().time()
        waited = 0.0  # read while the process lives (its pid is not reused before it is reaped)
        while process.poll() is None and time.monotonic() - signalled < WAIT:
            waited = cpu.seconds() - before
            await asyncio.sleep(0.02)
        took = time.monotonic() - signalled - waited
        gone.set()
        await asyncio.wait_for(asyncio.gather(*playing), WAIT)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
    said = log.read_text(errors="replace")
    assert process.returncode == 0, said[-3000:]
    assert took < STOP_SECONDS, f"{took:.1f} s"
    assert "Traceback" not in said, said[-3000:]
    # Every interaction the bot received was answered: played, or told to come back. Only
    # one sent as the gateway closed may have gone unread (Discord would show "did not
    # respond"): after the signal, and never seen by the bot, which logs each it turns away.
    unanswered = [ix for ix in world.fake.interactions if not ix.responded]
    assert len(unanswered) <= GAMES
    for ix in unanswered:
        assert ix.created_at > signalled_at and f"interaction {ix.id} arrived" not in said
    assert sum(m.played for m in movers) >= 2 * GAMES
    # The database: whole, every game replays, and every stored move is the one the mover
    # heard played, and was announced before the stop (nothing left for a recovery).
    report = await check_path(str(world.database))
    assert report.ok, report.faults
    assert report.moves == sum(m.played for m in movers)
    conn = sqlite3.connect(world.database)
    try:
        unposted = conn.execute("SELECT COUNT(*) FROM games WHERE posted_version < version")
        assert unposted.fetchone()[0] == 0
    finally:
        conn.close()
    for mover, place in zip(movers, places, strict=True):
        assert len(boards(world, place)) == 1 + mover.played
    assert not Path(f"{world.database}-wal").exists()  # closed: SQLite folded its log back


def _processes() -> dict[int, tuple[int, str]]:
    """Every running process: pid -> (its parent's pid, its state letter)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            state, ppid = stat[stat.rindex(")") + 2 :].split()[:2]
            found[int(entry.name)] = (int(ppid), state)
    return found


def _tree(root: int) -> set[int]:
    """The pids of ``root``'s descendants."""
    table, tree, grown = _processes(), set(), True
    while grown:
        more = {pid for pid, (ppid, _) in table.items() if ppid in tree | {root}} - tree
        tree |= more
        grown = bool(more)
    return tree


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree in /proc")
async def test_no_process_of_the_bot_outlives_a_sigkill(world: World) -> None:
    """An OOM kill or a crash: the thinking workers and the drawing process end by
    themselves, and nothing of the bot keeps running (or using memory and cores)."""
    env = {
        **os.environ,
        "DISCORD_TOKEN": "loopback-token",
        "TABLERO_DB": str(world.database),
        "TABLERO_DEV_GUILD": str(world.guild.id),
        "TABLERO_ENV_FILE": str(world.database.parent / "no.env"),
    }
    log = world.database.parent / "bot.log"
    with log.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.botprocess", world.fake.api_url, world.fake.gateway_url],
            env=env,
            stderr=stderr,
        )
    try:
        await world.fake.wait_connected(WAIT)
        workers = Thinker().workers
        # Its thinking workers (multiprocessing's) and its drawing process all started.
        deadline = time.monotonic() + WAIT
        while True:
            tree = _tree(process.pid)
            commands = [_command(pid) for pid in tree]
            thinking = [c for c in commands if "spawn_main" in c]
            if len(thinking) == workers and any("paint_worker" in c for c in commands):
                break
            assert time.monotonic() < deadline, commands
            await asyncio.sleep(0.05)
    finally:
        process.kill()
        process.wait()

    def alive() -> set[int]:  # a zombie has ended: only its parent's wait is missing
        running = _processes()
        return {pid for pid in tree if pid in running and running[pid][1] != "Z"}

    deadline = time.monotonic() + WAIT  # a few seconds are plenty; the machine may be busy
    while alive() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not alive(), [_command(pid) for pid in alive()]
    assert "Traceback" not in log.read_text(errors="replace")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree in /proc")
async def test_where_the_kernel_cannot_tell_a_worker_sees_its_bot_gone_itself() -> None:
    """The fallback of systems without Linux's parent-death signal: a watching thread."""
    worker = (
        "import os, sys, time\n"
        "from table import thinker\n"
        "thinker._kill_with_parent = lambda: False\n"
        "thinker.end_with(os.getppid())\n"
        "print(os.getpid(), flush=True)\n"
        "time.sleep(600)\n"
    )
    bot = (
        "import subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, '-c', {worker!r}])\n"
        "time.sleep(600)\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", bot], cwd=ROOT, stdout=subprocess.PIPE, env=os.environ
    )
    try:
        assert process.stdout is not None
        pid = int(await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), WAIT))
    finally:
        process.kill()
        process.wait()
    deadline = time.monotonic() + WAIT
    while _processes().get(pid, (0, "Z"))[1] != "Z" and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert _processes().get(pid, (0, "Z"))[1] == "Z", _command(pid)


async def test_the_bot_s_thinking_workers_leave_stopping_to_the_bot() -> None:
    """Ctrl-C signals the whole process group: the workers carry on until the bot, which
    stops cleanly, shuts them down (no worker dies mid-search, no traceback of theirs)."""
    thinker = Thinker(50, workers=1)
    record = Record(game="stonehenge", players=2, seed=1)
    try:
        await thinker.think(record, 0, "easy")
        pool = thinker._pool
        assert pool is not None
        for pid in list(pool._processes):
            os.kill(pid, signal.SIGINT)
            os.kill(pid, signal.SIGTERM)
        await asyncio.sleep(0.2)
        await thinker.think(record, 0, "easy")
        assert thinker._pool is pool  # the same workers: none died of the signals
    finally:
        thinker.close()
