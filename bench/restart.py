"""The first /move of a long game after the bot restarts, against a warm /move of that game.

Several games are played to ``plies`` moves (60 by default, or as far as the game's length
allows: a Stonehenge game is over in under 20) on one temporary database. Then, once per
game, the bot is stopped and a new Tablero started on the same file and the same loopback
Discord; once it is ready and warmed up (as before a player's first command), the game's
next move is timed (nothing of that game is in memory), then the move after it (warm).

A new Tablero in the same process keeps what Python caches per process (compiled Fluent
messages, the rules' and renderers' caches); ``process=True`` starts the new Tablero in a
new process instead (bench/child.py), as a real restart does, and both timed moves then
cross a process boundary alike.

Both timed moves pass the turn where the game allows it (a Kahuna action in the middle of
a turn is answered differently), so the two cost the same work but for what a restart
forgets. Medians over the games.
"""

from __future__ import annotations

import asyncio
import random
import statistics
from typing import Any

from bench.session import Game, table
from rules import State


def plan_game(state: State, seed: int) -> tuple[list[str], list[bool]]:
    """A random game from ``state`` on: its moves, and whether each passed the turn."""
    rng, state = random.Random(seed), state.clone()
    moves, passes = [], []
    while state.turn is not None:
        before = state.turn
        notation = state.format(rng.choice(state.legal_moves()))
        state.play(notation)
        moves.append(notation)
        passes.append(state.turn is not None and state.turn != before)
    return moves, passes


def timed_ply(passes: list[bool], plies: int) -> int:
    """The ply to time after a restart: the last at most ``plies`` such that it and the next
    move pass the turn without ending the game (failing that, any two moves that don't end it)."""
    last = min(plies, len(passes) - 3)  # moves last and last + 1 exist and do not end the game
    for ply in range(last, -1, -1):
        if passes[ply] and passes[ply + 1]:
            return ply
    return max(last, 0)


async def long_games(
    t: Any, game: str, count: int, plies: int
) -> list[tuple[Game, list[str], int]]:
    """``count`` games played on ``t`` up to their ply to time: each with its planned moves
    and that ply."""
    games: list[tuple[Game, list[str], int]] = []
    for seed in range(count):
        g = await t.open_game(game)
        moves, passes = plan_game(g.state, seed)
        ply = timed_ply(passes, plies)
        for notation in moves[:ply]:
            await t.move(g, notation)
        games.append((g, moves, ply))
    return games


async def _measure(game: str, restarts: int, plies: int, process: bool) -> dict[str, Any]:
    first: list[float] = []
    warm: list[float] = []
    timed_plies: list[int] = []
    async with table() as t:
        games = await long_games(t, game, restarts, plies)
        for g, moves, ply in games:
            await t.stop_bot()
            await (t.start_process() if process else t.start_bot())
            first.append(await t.move(g, moves[ply]))
            warm.append(await t.move(g, moves[ply + 1]))
            timed_plies.append(ply)
    first_ms, warm_ms = statistics.median(first), statistics.median(warm)
    return {
        "first_after_restart_ms": round(first_ms, 2),
        "warm_ms": round(warm_ms, 2),
        "ratio": round(first_ms / warm_ms, 2),
        "plies": min(timed_plies),
        "restarts": restarts,
    }


def restart_figures(
    game: str, restarts: int = 5, plies: int = 60, *, process: bool = False
) -> dict[str, Any]:
    """first_after_restart_ms, warm_ms (medians over ``restarts``) and their ratio; with
    ``process``, each restart is a new process instead of a new Tablero in this one."""
    return asyncio.run(_measure(game, restarts, plies, process))
