"""The reference player of ``bench ai``: plain UCT as the common libraries ship it.

1,000 iterations a move, uniformly random play-outs to the end of the game, exploration
constant √2 and a reward of 1 for a win (shared for a draw): the defaults of boardgame.io's
MCTS bot and OpenSpiel's ``MCTSBot`` with its random rollout evaluator. It knows no more
than any player (a ``SeatInfo``): where something is hidden, each iteration plays on one of
a few determinisations drawn from what the seat knows, so it is the same tree search
(``ai.search``) with nothing of the games' knowledge in it. It is not a level people meet:
it gives the levels a fixed yardstick that others can rebuild.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ai.knowledge import SeatInfo
from ai.sample import pool as sample_pool
from ai.search import Budget, Searcher, outcome_rewards, search
from rules.base import State

REFERENCE = "reference"
ITERATIONS = 1000
EXPLORATION = math.sqrt(2)
POOL = 20  # determinisations a move (in a game with nothing hidden every one is the same)


def _candidates(state: State) -> Sequence[Any]:
    return state.legal_moves()


def random_rollout(state: State, rng: random.Random) -> list[float]:
    """Uniformly random legal moves to the end; 1 for the winner, shared for a draw."""
    while state.turn is not None:
        state.apply(rng.choice(state.legal_moves()))
    return outcome_rewards(state)


def reference_move(info: SeatInfo, seed: int, iterations: int = ITERATIONS) -> str:
    """The move plain UCT plays for ``info.seat`` after ``iterations`` iterations."""
    rng = random.Random(seed)
    samples = sample_pool(info, rng, POOL)
    searcher = Searcher(_candidates, random_rollout, exploration=EXPLORATION)
    return search(samples, searcher, Budget(iterations=iterations), rng).best()
