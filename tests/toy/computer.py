"""Tic-tac-toe's computer player: all it takes for the bot to play a plugin game.

Nothing is secret, so a seat knows everything and the sampler replays the moves. The player
wins at once where it can, else blocks the other's three in a row, else takes a random
empty square; with the ``lose`` goal it merely avoids making a line where it can.
"""

from __future__ import annotations

import random
from typing import cast

from ai.knowledge import SeatInfo
from ai.player import ComputerPlayer
from ai.sample import replay_public
from ai.search import Budget
from tests.toy.game import LINES, TicTacToeState


def _makes_line(state: TicTacToeState, seat: int, square: int) -> bool:
    marks = [*state.marks]
    marks[square - 1] = seat
    return any(all(marks[n - 1] == seat for n in line) for line in LINES)


def choose(info: SeatInfo, level: str, budget: Budget, rng: random.Random) -> str:
    """A square for ``info.seat`` (every level plays alike: the game is too small to care)."""
    state = cast(TicTacToeState, replay_public(info, rng))  # the toy engine's own state
    moves = state.legal_moves()
    seat, other = info.seat, 1 - info.seat
    if state.misere:
        safe = [m for m in moves if not _makes_line(state, seat, m)]
        return str(rng.choice(safe or moves))
    for who in (seat, other):  # a win now, else the square the other would win on
        lines = [m for m in moves if _makes_line(state, who, m)]
        if lines:
            return str(lines[0])
    return str(rng.choice(moves))


PLAYER = ComputerPlayer(choose=choose, sample=replay_public, public_options=("goal",))
