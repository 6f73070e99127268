"""The drawing process (render/painter.py): the same images as a thread draws, in another
process; a worker that dies, a draw it cannot be sent, a draw given up, an error, several event
loops, and the setting that turns it off."""

from __future__ import annotations

import asyncio
import logging
import operator
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bench.positions import random_game
from bot import Settings, SettingsError
from loopback.timing import WAIT
from render import paint_draws
from render.painter import Painter, processes_setting
from rules.ended import ended
from tests.e2e import until

NAMES = ("Ana", "Luis")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def painter() -> Painter:
    drawing = Painter(1)
    yield drawing
    drawing.close()


@pytest.mark.parametrize("game", ["stonehenge", "kahuna", "islas"])
async def test_the_worker_draws_the_same_images_as_a_thread(painter: Painter, game: str) -> None:
    positions = random_game(game, 3)
    state = positions[len(positions) // 2]
    home = "games"
    for args in ((state, None, "es", NAMES), (state, 1, "en", NAMES)):
        assert await painter.draw(paint_draws.board, game, home, *args) == paint_draws.board(
            game, home, *args
        )
    mine = await painter.draw(paint_draws.private, game, home, state, 0, "en", NAMES)
    assert mine == paint_draws.private(game, home, state, 0, "en", NAMES)
    assert await painter.draw(os.getpid) not in (os.getpid(), None)  # another process


async def test_a_game_registered_elsewhere_is_drawn_by_the_worker(painter: Painter) -> None:
    from tests.toy.game import TICTACTOE

    state = TICTACTOE.new(2, 1, {})
    home = "tests.toy"
    drawn = await painter.draw(paint_draws.board, "tictactoe", home, state, None, "en", NAMES)
    assert drawn == paint_draws.board("tictactoe", home, state, None, "en", NAMES)


async def test_a_worker_knows_the_games_registered_before_it_started(painter: Painter) -> None:
    """The bot names the homes of its games when it starts a worker: the toy's draws need not
    name a home the worker could import (and it warms the toy up with the others)."""
    from tests.toy.game import TICTACTOE

    state = TICTACTOE.new(2, 1, {})
    nowhere = "tests.toy.no_such_module"
    drawn = await painter.draw(paint_draws.board, "tictactoe", nowhere, state, None, "en", NAMES)
    assert drawn == paint_draws.board("tictactoe", "tests.toy", state, None, "en", NAMES)


@pytest.mark.parametrize("game", ["stonehenge", "kahuna", "islas", "tictactoe"])
async def test_a_game_ended_by_its_players_is_drawn_by_the_worker(
    painter: Painter, game: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A resignation, an abort, a draw agreed: the final board goes to the process too."""
    if game == "tictactoe":
        from tests.toy.game import TICTACTOE

        state, home = TICTACTOE.new(2, 1, {}), "tests.toy"
    else:
        positions = random_game(game, 5)
        state, home = positions[len(positions) // 2], "games"
    for winners in ([1], [0, 1]):
        over = ended(state, winners)
        again = pickle.loads(pickle.dumps(over, pickle.HIGHEST_PROTOCOL))
        assert type(again) is type(over) and again.turn is None
        assert again.outcome() == over.outcome() and again.view(None) == over.view(None)
        with caplog.at_level(logging.WARNING, logger="render.painter"):
            drawn = await painter.draw(paint_draws.board, game, home, over, None, "en", NAMES)
        assert drawn == paint_draws.board(game, home, over, None, "en", NAMES)
    assert caplog.records == []  # not sent to a thread


async def test_a_worker_whose_bot_is_killed_mid_draw_ends_quietly(tmp_path: Path) -> None:
    """SIGKILL of the bot while a board is drawn: the worker cannot answer, and ends without
    a traceback on the bot's standard error."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    bot = textwrap.dedent(f"""
        import asyncio, os, pathlib
        from render.painter import Painter

        async def main():
            painter = Painter(1)
            await painter.draw(os.getpid)
            waiting = asyncio.ensure_future(painter.draw(pathlib.Path({str(pipe)!r}).read_bytes))
            await asyncio.sleep(0)  # the draw is written to the worker
            print("drawing", flush=True)
            await waiting

        asyncio.run(main())
    """)
    process = subprocess.Popen(
        [sys.executable, "-c", bot],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None
    assert await asyncio.to_thread(process.stdout.readline) == b"drawing\n"
    process.kill()
    await asyncio.to_thread(process.wait)
    # The worker's draw ends now; its answer has nobody to go to.
    await asyncio.wait_for(asyncio.to_thread(pipe.write_bytes, b"board"), 30)
    # Its standard error is the bot's: the end of the file means the worker ended too.
    _, said = await asyncio.wait_for(asyncio.to_thread(process.communicate), 60)
    assert b"Traceback" not in said and b"Error" not in said, said.decode()


async def test_a_draw_owed_by_a_worker_that_dies_is_made_in_a_thread(
    painter: Painter, tmp_path: Path
) -> None:
    first = await painter.draw(os.getpid)
    # A draw that waits on a named pipe until the test writes to it: still owed at the kill.
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    drawing = asyncio.ensure_future(painter.draw(pipe.read_bytes))

    async def owed() -> bool:
        return sum(w.owed() for w in painter._live()) == 1

    await until(owed, "the draw to be sent to the worker")
    (worker,) = painter.processes_alive()
    os.kill(worker.pid, signal.SIGKILL)
    await asyncio.to_thread(worker.wait)
    # The worker is gone: the only reader left to open the pipe is the thread redrawing.
    await asyncio.to_thread(pipe.write_bytes, b"board")
    assert await asyncio.wait_for(drawing, WAIT) == b"board"
    again = await painter.draw(os.getpid)
    assert again not in (first, os.getpid())  # a new worker took over


async def test_a_draw_that_cannot_be_sent_is_made_in_a_thread(painter: Painter) -> None:
    assert await painter.draw(lambda: 41 + 1) == 42  # a lambda does not pickle


async def test_a_draw_the_worker_cannot_load_is_made_here(
    painter: Painter, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await painter.draw(os.getpid)  # the worker started without tmp_path on its path
    (tmp_path / "only_here.py").write_text("import os\n\ndef where():\n    return os.getpid()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import only_here  # type: ignore[import-not-found]

    assert await painter.draw(only_here.where) == os.getpid()
    assert await painter.draw(operator.add, 1, 2) == 3  # and the worker goes on


async def test_an_error_while_drawing_reaches_the_caller(painter: Painter) -> None:
    with pytest.raises(ZeroDivisionError):
        await painter.draw(operator.truediv, 1, 0)
    assert await painter.draw(operator.add, 1, 2) == 3  # and the worker goes on


async def test_a_draw_given_up_leaves_the_next_answers_in_place(painter: Painter) -> None:
    slow = asyncio.ensure_future(painter.draw(time.sleep, 0.2))
    quick = asyncio.ensure_future(painter.draw(operator.add, 20, 22))
    await asyncio.sleep(0.01)
    slow.cancel()
    assert await quick == 42
    assert await painter.draw(operator.mul, 6, 7) == 42


async def test_the_worker_stays_for_a_ctrl_c_and_ends_when_closed() -> None:
    painter = Painter(1)
    await painter.draw(os.getpid)
    (worker,) = painter.processes_alive()
    os.kill(worker.pid, signal.SIGINT)  # the bot stops cleanly first, its draws included
    assert await painter.draw(operator.add, 1, 1) == 2
    painter.close()
    assert worker.wait(5) == 0


def test_one_worker_serves_event_loops_one_after_another() -> None:
    painter = Painter(1)
    try:
        pids = {asyncio.run(painter.draw(os.getpid)) for _ in range(3)}
        assert len(pids) == 1 and os.getpid() not in pids
    finally:
        painter.close()


async def test_draws_are_told_to_watchers_with_their_own_time(painter: Painter) -> None:
    told: list[float] = []
    painter.watchers.append(told.append)
    await painter.draw(time.sleep, 0.05)
    assert len(told) == 1 and 45 <= told[0] < 1000


async def test_warmed_answers_once_the_caches_are_warm(painter: Painter) -> None:
    told: list[float] = []
    painter.watchers.append(told.append)
    await asyncio.wait_for(painter.warmed(), WAIT)
    await asyncio.wait_for(painter.warmed(), WAIT)  # and once warm, answered at once
    assert told == []  # warming up is no draw: bench's figure of a draw's time counts draws
    assert await painter.draw(operator.add, 2, 2) == 4
    assert len(told) == 1


async def test_no_process_draws_in_threads() -> None:
    painter = Painter(0)
    assert await painter.draw(os.getpid) == os.getpid()
    assert painter.processes_alive() == []


def test_the_setting_is_a_small_count() -> None:
    assert processes_setting({}) == 1
    assert processes_setting({"TABLERO_RENDER_PROCESSES": "0"}) == 0
    assert processes_setting({"TABLERO_RENDER_PROCESSES": " 2 "}) == 2
    for wrong in ("-1", "two", "99"):
        with pytest.raises(ValueError, match="TABLERO_RENDER_PROCESSES"):
            processes_setting({"TABLERO_RENDER_PROCESSES": wrong})
    assert Settings.from_env({"TABLERO_RENDER_PROCESSES": "0"}).render_processes == 0
    with pytest.raises(SettingsError, match="TABLERO_RENDER_PROCESSES"):
        Settings.from_env({"TABLERO_RENDER_PROCESSES": "many"})
