"""Background draws (render/steps.py): a replay is drawn a frame at a time, and the live boards
that arrive meanwhile are drawn between its frames, never behind the whole of it."""

from __future__ import annotations

import asyncio
import os
import pickle
import queue
from collections.abc import Generator

import pytest

from bench.positions import random_game
from bench.replays import whole_game
from games.replays import replay_steps
from render import paint_draws, paint_worker
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


def test_live_draws_waiting_go_first_and_replays_one_after_another() -> None:
    answers = _served(
        _request(1, replay_like, "first", 3),
        _request(2, replay_like, "second", 2),
        _request(3, live, "board"),
    )
    assert EVENTS == ["board", "first 0", "first 1", "first 2", "second 0", "second 1"]
    assert answers == [(3, "board"), (1, "first"), (2, "second")]


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
