"""The move pipeline's own costs: what it reads, writes and replays for one move."""

from __future__ import annotations

import asyncio
import os
import random
from typing import Any

import pytest

from loopback.timing import WAIT
from render import paint_draws, painter
from rules import get_game
from rules.history import History
from rules.kahuna import Draw, KahunaState, Place
from rules.stonehenge import StonehengeState
from table.table import Table
from tests.e2e import World, accept, boards, challenge, move, settled, stored_game, wait_boards


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every whole-game replay made from now on, by whom."""
    made: list[str] = []
    history_replay = History.replay.__func__  # type: ignore[attr-defined]
    engine = type(get_game("kahuna"))
    engine_replay = engine.replay

    def counted_history(cls: type[History], *args: Any) -> History:
        made.append("history")
        return history_replay(cls, *args)

    def counted_engine(self: Any, *args: Any) -> Any:
        made.append("engine")
        return engine_replay(self, *args)

    monkeypatch.setattr(History, "replay", classmethod(counted_history))
    monkeypatch.setattr(engine, "replay", counted_engine)
    return made


@pytest.fixture
def writes(tablero: World, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every write transaction from now on (``transaction``, or ``write``'s statements in
    one, which an engine may run without ``transaction``)."""
    made: list[str] = []
    database = type(tablero.bot.store.db)
    transaction, write = database.transaction, database.write
    inside: list[bool] = []

    def counted(self: Any, **kwargs: Any) -> Any:
        if not inside:
            made.append("transaction")
        return transaction(self, **kwargs)

    async def counted_write(self: Any, steps: Any, **kwargs: Any) -> bool:
        made.append("transaction")
        inside.append(True)
        try:
            return await write(self, steps, **kwargs)
        finally:
            inside.pop()

    monkeypatch.setattr(database, "transaction", counted)
    monkeypatch.setattr(database, "write", counted_write)
    return made


async def test_a_kahuna_turn_is_never_replayed_while_it_is_played(
    tablero: World, replays: list[str], writes: list[str]
) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, game="kahuna", first="me")
    place = await accept(world, world.luis, message)
    await wait_boards(world, place, 1)
    await settled(world)  # the opening board's post recorded
    game = await stored_game(world)
    state = get_game("kahuna").new(2, game.seed, game.options)
    assert isinstance(state, KahunaState)
    rng = random.Random(2)
    replays.clear()  # the opening board built the game's history once
    for _ in range(3):  # three whole turns, each looked at by the other player mid-way
        seat = state.turn
        assert seat is not None
        user, other = (world.ana, world.luis)[seat], (world.luis, world.ana)[seat]
        while state.turn == seat:
            moves = state.legal_moves()
            places = [m for m in moves if isinstance(m, Place)]
            draws = [m for m in moves if isinstance(m, Draw)]
            chosen = rng.choice(places) if places and rng.random() < 0.7 else None
            chosen = chosen or (draws[0] if draws else rng.choice(moves))
            notation = state.format(chosen)
            state.apply(chosen)
            writes.clear()
            assert "✅" in (await move(world, user, place, notation)).text
            # An action inside a turn is one write; the last also records its post.
            assert len(writes) == (1 if state.turn == seat else 2)
            await (await world.fake.slash(other, place, "board", {})).done()
    await settled(world)
    assert len(boards(world, place)) == 4
    assert replays == []


async def test_a_move_reads_its_game_once_and_writes_twice_at_most(
    tablero: World, monkeypatch: pytest.MonkeyPatch, writes: list[str]
) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await wait_boards(world, place, 1)
    await settled(world)  # the opening board's post recorded
    store = world.bot.store
    loads: list[str] = []
    many = type(store.games)._many

    async def counted_many(self: Any, where: str, params: tuple) -> Any:
        loads.append(where)
        return await many(self, where, params)

    monkeypatch.setattr(type(store.games), "_many", counted_many)
    for user, notation in ((world.ana, "6L"), (world.luis, "5D")):
        loads.clear()
        writes.clear()
        assert "✅" in (await move(world, user, place, notation)).text
        # The game is read once; the move is stored, then its post recorded with the
        # next turn's start and timers (the post lies between: it cannot be one write).
        assert len(loads) == 1, loads
        assert writes == ["transaction"] * 2


async def test_boards_are_drawn_in_the_drawing_process(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The opening board and a move's are drawn by the drawing process (not the bot's), and
    they are the images the same draw gives in the bot's own process."""
    world = tablero
    drawing = painter.shared()
    monkeypatch.setattr(drawing, "processes", 1)  # the default, whatever the environment says
    told: list[float] = []
    drawing.watchers.append(told.append)
    try:
        place = await accept(
            world, world.luis, await challenge(world, world.ana, world.luis, first="me")
        )
        await wait_boards(world, place, 1)
        assert "✅" in (await move(world, world.ana, place, "6L")).text
        posted = await wait_boards(world, place, 2)
    finally:
        drawing.watchers.remove(told.append)
    workers = drawing.processes_alive()
    assert workers and all(w.pid != os.getpid() for w in workers)
    assert len(told) == 2  # two boards, each told once by the process that drew it
    game = await stored_game(world)
    state = get_game("stonehenge").new(2, game.seed, game.options)
    state.play("6L")
    here = paint_draws.board("stonehenge", "games", state, None, game.lang, game.names())
    assert posted[-1].attachments[0].data == here[0]


async def test_after_a_restart_the_games_played_last_are_followed_before_players_come(
    tablero: World, replays: list[str]
) -> None:
    """A new process follows the games played last (their histories replayed once, their
    boards drawn once): the first move after the restart replays nothing."""
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await wait_boards(world, place, 1)
    assert "✅" in (await move(world, world.ana, place, "6L")).text
    await wait_boards(world, place, 2)
    bot = await world.restart()
    assert bot.recovery is not None
    await asyncio.wait_for(asyncio.shield(bot.recovery), WAIT)  # warmed up
    assert replays.count("history") >= 1  # the game, followed during the warm-up
    replays.clear()
    assert "✅" in (await move(world, world.luis, place, "5D")).text
    await wait_boards(world, place, 3)
    assert replays == []


async def test_a_move_is_checked_once_and_read_once(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Typed in a player's own words (Kahuna's shortcuts spell it out) or picked with buttons
    (Stonehenge), a move's turn is checked once and its text read once, or not at all when
    the picker found the move itself (issue 21: both ran twice)."""
    world = tablero
    checks: list[int] = []
    reads: list[str] = []
    check = Table.check_turn
    kahuna_parse, stonehenge_parse = KahunaState.parse, StonehengeState.parse

    def counted_check(self: Table, *args: Any, **kwargs: Any) -> Any:
        checks.append(1)
        return check(self, *args, **kwargs)

    def counted(parse: Any) -> Any:
        def read(self: Any, text: str) -> Any:
            reads.append(text)
            return parse(self, text)

        return read

    monkeypatch.setattr(Table, "check_turn", counted_check)
    monkeypatch.setattr(KahunaState, "parse", counted(kahuna_parse))
    monkeypatch.setattr(StonehengeState, "parse", counted(stonehenge_parse))

    message = await challenge(world, world.ana, world.luis, game="kahuna", first="me")
    place = await accept(world, world.luis, message)
    await settled(world)
    game = await stored_game(world)
    state = get_game("kahuna").new(2, game.seed, game.options)
    bridge = next(m for m in state.legal_moves() if isinstance(m, Place))
    checks.clear()
    reads.clear()
    typed = f"poner un puente en {bridge.line} con {bridge.card}"
    assert "✅" in (await move(world, world.ana, place, typed)).text
    assert (checks, reads) == ([1], [f"place {bridge.line} with {bridge.card}"])

    message = await challenge(world, world.ana, world.luis, first="me")
    place = await accept(world, world.luis, message)
    await settled(world)
    game = await stored_game(world, 2)
    opened = await (await world.fake.click(world.ana, boards(world, place)[-1], "tg:2:play")).done()
    step = await (await world.fake.click(world.ana, opened.message, "pk:2:0::6")).done()
    checks.clear()
    reads.clear()
    done = await (await world.fake.click(world.ana, step.message, "pk:2:0:6:L")).done()
    assert "✅" in done.text, done.text
    assert (checks, reads) == ([1], [])
    assert (await stored_game(world, 2)).moves == ("6L",)
