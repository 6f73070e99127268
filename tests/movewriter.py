"""Games of all three kinds stored move after move, as the bot stores them: a writer to run
in another process (``python -m tests.movewriter DATABASE``) while a backup or a check
reads the file. Prints "ready" once every game has moves; stops when stdin closes."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import rules
from data import Result, Store
from loopback.timing import WAIT
from rules import State, get_game

BUILT_IN = ("stonehenge", "kahuna", "islas")


@contextlib.asynccontextmanager
async def writing(database: Path) -> AsyncIterator[asyncio.subprocess.Process]:
    """This module writing to ``database`` in a process of its own, ready (every game has
    moves); asked to stop after, and waited for (the caller may check its return code)."""
    writer = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.movewriter",
        str(database),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert writer.stdin is not None and writer.stdout is not None
    try:
        line = await asyncio.wait_for(writer.stdout.readline(), WAIT)
        assert line.strip() == b"ready"
        yield writer
    finally:
        writer.stdin.close()
        await asyncio.wait_for(writer.wait(), WAIT)


async def new_game(store: Store, name: str, seed: int) -> tuple[int, State, int]:
    """A stored game of ``name`` with the fewest players: (id, position, version)."""
    engine = get_game(name)
    players = engine.min_players
    seats = [(100 + seat, f"P{seat}") for seat in range(players)]
    game_id = await store.games.create_game(
        game=name, seats=seats, seed=seed, options={}, lang="en", guild_id=1, channel_id=1
    )
    return game_id, engine.new(players, seed, {}), 0


async def play_one(store: Store, game: tuple[int, State, int], rng: random.Random) -> tuple:
    """Store one random legal move of ``game``; the game after it."""
    game_id, state, version = game
    seat = state.turn
    assert seat is not None
    notation = state.format(rng.choice(state.legal_moves()))
    state.play(notation)
    outcome = state.outcome()
    result = Result.by_rules(outcome) if outcome.finished else None
    version = await store.games.append_move(
        game_id, version, seat=seat, user_id=100 + seat, move=notation, result=result
    )
    return game_id, state, version


async def fill(store: Store, rng: random.Random, games: int = 3, plies: int = 8) -> None:
    """``games`` games of each built-in kind, ``plies`` moves into each (or to their end)."""
    for name in BUILT_IN:
        for _ in range(games):
            game = await new_game(store, name, rng.randrange(2**32))
            for _ in range(plies):
                if game[1].turn is None:
                    break
                game = await play_one(store, game, rng)


async def write(database: Path) -> None:
    """Keep storing moves until stdin closes."""
    assert set(BUILT_IN) <= {game.name for game in rules.games()}
    rng = random.Random(7)
    store = await Store(database).open()
    games = [await new_game(store, name, rng.randrange(2**32)) for name in BUILT_IN]
    for index in range(len(games)):
        games[index] = await play_one(store, games[index], rng)
    print("ready", flush=True)
    stop = asyncio.ensure_future(asyncio.to_thread(sys.stdin.read))
    try:
        while not stop.done():
            index = rng.randrange(len(games))
            if games[index][1].turn is None:  # over: another of its kind
                name = BUILT_IN[index]
                games[index] = await new_game(store, name, rng.randrange(2**32))
            games[index] = await play_one(store, games[index], rng)
            await asyncio.sleep(0)
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(write(Path(sys.argv[1])))
