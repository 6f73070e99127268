"""Background draws (render/steps.py): a replay is drawn a frame at a time, and the live boards
that arrive meanwhile are drawn between its frames, never behind the whole of it; in the
drawing process it is drawn in a forked child (render/paint_forks.py) while the live boards
are drawn by the worker itself."""

from __future__ import annotations

import asyncio
import os
import pickle
import queue
import threading
from collections.abc import Generator
from typing import Any

import pytest

from bench.positions import random_game
from bench.replays import whole_game
from games.replays import replay_steps
from render import paint_draws, paint_worker
from render.paint_forks import MAX_CHILDREN, Forks, can_fork
from render.paint_process import read_frame
from render.paint_worker import run
from render.painter import Painter
from render.steps import background, is_background, to_the_end

NAMES = ("Ana", "Luis")
#: What the draws below did, in order (they run in this process, in ``run``'s loop).
EVENTS: list[str] = []
#: Where a draw puts a request that "arrives" while it is being made.
ARRIVING: list[tuple[queue.SimpleQueue[paint_worker.Request], paint_worker.Request]] = []


@background
def replay_like(name: str, steps: int) -> Generator[None, None, str]:
    """A background draw of ``steps`` steps; during its first, what ARRIVING holds arrives."""
    for step in range(steps):
        EVENTS.append(f"{name} {step}")
        if step == 0:
            for requests, request in ARRIVING:
                requests.put(request)
            ARRIVING.clear()
        yield
    return name


@background
def failing() -> Generator[None, None, str]:
    """A background draw whose second step fails."""
    yield
    raise ValueError("no such frame")


def live(name: str) -> str:
    """A live draw."""
    EVENTS.append(name)
    return name


def _request(job: int, fn: object, *args: object) -> tuple[int, bytes]:
    return job, pickle.dumps((fn, args))


def _served(*requests: paint_worker.Request) -> list[tuple[int, object]]:
    """``run`` over ``requests`` (then the input closes): the answers, in the order sent."""
    inbox: queue.SimpleQueue[paint_worker.Request] = queue.SimpleQueue()
    for request in (*requests, None):
        inbox.put(request)
    into, out = os.pipe()
    try:
        run(inbox, out, None)
        os.close(out)
        answers = []
        while (answer := read_frame(into)) is not None:
            job, body = answer
            ok, value, _ = pickle.loads(body)
            answers.append((job, value if ok else repr(value)))
        return answers
    finally:
        os.close(into)


@pytest.fixture(autouse=True)
def _clean() -> None:
    EVENTS.clear()
    ARRIVING.clear()


def test_a_live_draw_arriving_during_a_replay_is_drawn_before_its_next_frame() -> None:
    inbox: queue.SimpleQueue[paint_worker.Request] = queue.SimpleQueue()
    ARRIVING.append((inbox, _request(2, live, "board")))
    inbox.put(_request(1, replay_like, "replay", 4))
    inbox.put(None)
    into, out = os.pipe()
    run(inbox, out, None)
    os.close(out)
    jobs = []
    while (answer := read_frame(into)) is not None:
        jobs.append(answer[0])
    os.close(into)
    # The board arrived while the replay's first frame was drawn: it came right after it.
    assert EVENTS == ["replay 0", "board", "replay 1", "replay 2", "replay 3"]
    assert jobs == [2, 1]


def test_live_draws_waiting_go_first_and_replays_take_turns_a_step_each() -> None:
    answers = _served(
        _request(1, replay_like, "first", 3),
        _request(2, replay_like, "second", 2),
        _request(3, live, "board"),
    )
    # Round robin: the shorter replay, asked second, is not held until the first ends.
    assert EVENTS == ["board", "first 0", "second 0", "first 1", "second 1", "first 2"]
    assert answers == [(3, "board"), (2, "second"), (1, "first")]


def test_a_failing_replay_is_told_and_the_others_go_on() -> None:
    answers = _served(_request(1, failing), _request(2, replay_like, "next", 1))
    assert answers == [(1, "ValueError('no such frame')"), (2, "next")]


def test_only_generator_functions_are_background_draws() -> None:
    assert is_background(replay_steps) and is_background(replay_like)
    assert not is_background(paint_draws.board) and not is_background(live)
    with pytest.raises(TypeError, match="no steps"):
        background(live)
    assert to_the_end(replay_like("alone", 2)) == "alone"


async def test_a_live_board_is_not_drawn_behind_replays_in_the_drawing_process() -> None:
    painter = Painter(1)
    try:
        await painter.warmed()
        told: list[float] = []
        painter.watchers.append(told.append)
        state = random_game("islas", 3)[20]
        replays = [
            asyncio.ensure_future(
                painter.draw(replay_steps, whole_game("islas", seed), NAMES, "en", None)
            )
            for seed in (3, 40)
        ]
        board = asyncio.ensure_future(
            painter.draw(paint_draws.board, "islas", "games", state, None, "en", NAMES)
        )
        done, _ = await asyncio.wait([board, *replays], return_when=asyncio.FIRST_COMPLETED)
        assert done == {board}  # the board came first: the replays were still being drawn
        assert await board == paint_draws.board("islas", "games", state, None, "en", NAMES)
        first, second = await asyncio.gather(*replays)
        assert first[0].startswith(b"GIF89a") and second[0] != first[0]
        assert len(told) == 1  # the board: a replay is no board (bench's figure of draws)
    finally:
        painter.close()


async def test_without_a_drawing_process_a_replay_is_drawn_whole_in_a_thread() -> None:
    painter = Painter(0)
    told: list[float] = []
    painter.watchers.append(told.append)
    record = whole_game("stonehenge", 3)
    data, alt = await painter.draw(replay_steps, record, NAMES, "en", None)
    assert (data, alt) == to_the_end(replay_steps(record, NAMES, "en", None))
    assert data.startswith(b"GIF89a") and "Stonehenge" in alt and told == []


@background
def waiting_for(fd: int, name: str) -> Generator[None, None, str]:
    """A background draw that ends once a byte can be read on ``fd`` (in a forked child)."""
    yield
    os.read(fd, 1)
    return name


@background
def dying() -> Generator[None, None, str]:
    """A background draw whose process ends without answering (killed, out of memory)."""
    yield
    os._exit(3)


def _forked(*requests: paint_worker.Request) -> tuple[queue.SimpleQueue[Any], int]:
    """``run`` with forks, in a thread: its requests, and the read end of its answers."""
    inbox: queue.SimpleQueue[paint_worker.Request] = queue.SimpleQueue()
    for request in requests:
        inbox.put(request)
    into, out = os.pipe()
    forks = Forks(inbox, (out,))
    thread = threading.Thread(target=_run_and_close, args=(inbox, out, forks), daemon=True)
    thread.start()
    return inbox, into


def _run_and_close(inbox: queue.SimpleQueue[Any], out: int, forks: Forks) -> None:
    try:
        run(inbox, out, None, forks)
    finally:
        os.close(out)


def _answer(into: int) -> tuple[int, object]:
    answer = read_frame(into)
    assert answer is not None
    job, body = answer
    ok, value, _ = pickle.loads(body)
    return job, value if ok else repr(value)


@pytest.mark.skipif(not can_fork(), reason="no fork here")
def test_a_forked_replay_leaves_the_worker_drawing_live_boards_meanwhile() -> None:
    release_read, release = os.pipe()
    try:
        inbox, into = _forked(
            _request(1, waiting_for, release_read, "replay"), _request(2, live, "board")
        )
        # The replay's child waits: the board is answered all the same.
        assert _answer(into) == (2, "board")
        os.write(release, b"x")
        assert _answer(into) == (1, "replay")
        inbox.put(None)
        assert read_frame(into) is None  # everything answered: the worker ended
    finally:
        os.close(release_read)
        os.close(release)
        os.close(into)


@pytest.mark.skipif(not can_fork(), reason="no fork here")
def test_forked_replays_beyond_the_children_at_once_wait_and_a_dying_one_is_told() -> None:
    count = MAX_CHILDREN + 2
    requests = [_request(job, replay_like, f"replay {job}", 3) for job in range(1, count + 1)]
    _, into = _forked(*requests, _request(99, dying), None)
    try:
        answers = dict(_answer(into) for _ in range(count + 1))
        assert read_frame(into) is None
    finally:
        os.close(into)
    assert answers.pop(99).startswith("RuntimeError('drawing failed: its process ended")
    assert answers == {job: f"replay {job}" for job in range(1, count + 1)}
    assert EVENTS == []  # each was drawn in a child, none in this process
