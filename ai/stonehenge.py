"""Stonehenge players: an evaluation, the greedy player, the search's pieces and hard's use of
the exact solver (``ai.stonehenge_solve``).

All of them play on a small copy of the rules (tuples, no events), read from the rules'
views: the solver looks at every line of play from 8 empty points in well under a second,
and the search runs many times faster than on the engine. The tests check the copy move for
move against the rules' own engine.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ai.knowledge import UNSEEN, SeatInfo
from ai.player import ComputerPlayer
from ai.players import EASY_GREEDY
from ai.sample import determinise, new_state
from ai.sample import pool as sample_pool
from ai.search import Budget, Searcher, search
from ai.stonehenge_solve import (
    _LINES,
    SOLVE_EMPTY,
    Position,
    _moves,
    _play,
    _tally,
    empty_points,
    margin,
    position_of,
    resisting_move,
    winning_move,
    wins,
    wins_now,
)
from rules.base import State
from rules.stonehenge import HAND, POINTS, StonehengeState

__all__ = ["SOLVE_EMPTY", "position_of", "winning_move", "wins"]
EXACT_LEAVES = 7  # the search scores a leaf with this many empty points or fewer exactly
#: whether a leaf's value is half the evaluation, half a random play-out (open variant): the
#: evaluation alone lost 6 of 20 games to plain UCT (bench ai --reference), with the play-out
#: 3 of 20 (300 iterations, the same seeds) and 3 of 20 more (240, other seeds); against normal
#: 56 of 60 at 240 iterations (the evaluation alone: 100 of 100 at 300)
LEAF_PLAYOUT = True


def greedy(state: StonehengeState, rng: random.Random) -> str:
    """The move that wins at once, or whose position evaluates best (one ply)."""
    return best_of([Fast.of(state)], rng)


def best_of(samples: Sequence[Fast], rng: random.Random) -> str:
    """The move whose position evaluates best on average over ``samples`` (one ply)."""
    first = samples[0]
    seat = first.position[3]
    moves = first.legal_moves()
    rng.shuffle(moves)
    best, best_value = moves[0], -1.0
    for move in moves:
        value = 0.0
        for sample in samples:
            after = sample.clone()
            after.apply(move)
            value += after.value(seat)
        if value > best_value:
            best, best_value = move, value
    return first.format(best)


# -- a fast copy of the rules for the search ------------------------------------------------------


class Fast:
    """A Stonehenge position on the solver's tuples, with the few methods the search uses.

    Both variants: in the hidden one (a determinisation, every value known) lines are decided
    only when full, as the rules say.
    """

    players = 2

    def __init__(self, position: Position, hidden: bool, winner: int | None = None) -> None:
        self.position, self.hidden, self.winner = position, hidden, winner

    @classmethod
    def of(cls, state: StonehengeState) -> Fast:
        """The fast copy of a rules state."""
        return cls(position_of(state), state.view(None).hidden)

    @property
    def turn(self) -> int | None:
        return None if self.winner is not None else self.position[3]

    @property
    def ply(self) -> int:
        return sum(c is not None for c in self.position[0])

    def legal_moves(self) -> list[tuple[int, int]]:
        return _moves(self.position)

    def apply(self, move: tuple[int, int]) -> None:
        self.position, self.winner = _play(self.position, move[0], move[1], self.hidden)

    def format(self, move: tuple[int, int]) -> str:
        return f"{move[0]}{POINTS[move[1]]}"

    def clone(self) -> Fast:
        return Fast(self.position, self.hidden, self.winner)

    def value(self, seat: int) -> float:
        """``evaluate`` on the tuples: how good the position is for ``seat``, in [0, 1]."""
        if self.winner is not None:
            return 1.0 if self.winner == seat else 0.0
        cells, hands, owners, _ = self.position
        score = 3.0 * (owners.count(seat) - owners.count(1 - seat))
        for n, line in enumerate(_LINES):
            if owners[n] is not None:
                continue
            totals, empty = _tally(cells, line)
            reach = [totals[s] + sum(hands[s][:empty]) for s in (0, 1)]
            lead = (totals[seat] - totals[1 - seat]) + 0.5 * (reach[seat] - reach[1 - seat])
            score += math.tanh(lead / (3.0 + 2 * empty))
        return 1 / (1 + math.exp(-score / 4))


class FastSearch:
    """Candidates (the best few by the evaluation, remembered per position) and leaf values."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.memo: dict[tuple[Position, bool], list[tuple[int, int]]] = {}

    def candidates(self, state: Fast) -> list[tuple[int, int]]:
        key = (state.position, state.hidden)
        found = self.memo.get(key)
        if found is None:
            seat = state.position[3]
            scored = []
            for move in state.legal_moves():
                after = state.clone()
                after.apply(move)
                scored.append((-after.value(seat), move))
            scored.sort()
            found = [move for _, move in scored[: self.width]]
            self.memo[key] = found
        return found

    def rollout(self, state: Fast, rng: random.Random) -> Sequence[float]:
        """The evaluation; in the hidden variant, where lines wait until full and the
        evaluation knows less, random placements to the end."""
        if state.hidden:
            return _random_finish(state, rng)
        if state.winner is None and state.position[0].count(None) <= EXACT_LEAVES:
            # Solved (and remembered): a leaf this close to the end needs no guess.
            mover = state.position[3]
            won = 1.0 if wins(state.position) else 0.0
            return [won, 1 - won] if mover == 0 else [1 - won, won]
        value = state.value(0)
        if LEAF_PLAYOUT:
            # half the evaluation, half a random finish: the play-out sees what the evaluation
            # misses (a line that only one order of placements wins)
            value = 0.5 * value + 0.5 * _random_finish(state, rng)[0]
        return [value, 1 - value]


def _random_finish(state: Fast, rng: random.Random) -> list[float]:
    """Random placements to the end; 1 for the winner."""
    while state.turn is not None:
        cells, hands, _, mover = state.position
        empty = [p for p, c in enumerate(cells) if c is None]
        state.apply((rng.choice(hands[mover]), rng.choice(empty)))
    return [1.0 if state.winner == s else 0.0 for s in (0, 1)]


# -- the computer player: what a seat knows, its samples, its levels ------------------------------

SEARCH_WIDTH = 10  # hard searches the best moves by the evaluation, this many a node
POOL = 24  # determinisations kept per search in the hidden variant (each iteration copies one)


def _shown(seat: int, plies: Sequence[Any], view: Any) -> list[str]:
    """Moves of others in the hidden variant keep their point; the value only once revealed."""
    shown = []
    for ply in plies:
        point = ply.notation[-1]
        druid = view.points[point]
        if ply.seat == seat or (druid is not None and druid.value is not None):
            shown.append(ply.notation)
        else:
            shown.append(UNSEEN + point)
    return shown


def _sample(info: SeatInfo, rng: random.Random) -> State:
    """Unrevealed druids of the other seat get values from what it has not shown yet."""
    other = 1 - info.seat
    known = Counter(
        int(text[:-1])
        for text, mover in zip(info.moves, info.movers, strict=True)
        if mover == other and not text.startswith(UNSEEN)
    )
    unknown = list((Counter(HAND) - known).elements())
    rng.shuffle(unknown)
    state = new_state(info, rng)
    for text in info.moves:
        state.play(f"{unknown.pop()}{text[1:]}" if text.startswith(UNSEEN) else text)
    return state


def _choose(info: SeatInfo, level: str, budget: Budget, rng: random.Random) -> str:
    state = determinise(info, rng)
    hidden = bool(dict(info.options).get("hidden"))
    if level == "easy":
        if rng.random() < EASY_GREEDY:
            return greedy(state, rng)
        return state.format(rng.choice(state.legal_moves()))
    if level == "normal":
        if not hidden:
            return greedy(state, rng)
        # Averaged over a few guesses of the face-down druids.
        samples = [state] + [determinise(info, rng) for _ in range(7)]
        return best_of([Fast.of(s) for s in samples], rng)  # type: ignore[arg-type]
    pool = sample_pool(info, rng, POOL if hidden else 1, state)
    now = _win_now(pool, POOL if hidden else 1)
    if now is not None:
        return now
    if not hidden and empty_points(state) <= SOLVE_EMPTY:
        started = time.perf_counter() if budget.started is None else budget.started
        deadline = None if budget.ms is None else started + budget.ms / 1000
        move = winning_move(state) or resisting_move(state, deadline)
        if move is not None:
            return state.format(move)
    fast = FastSearch(SEARCH_WIDTH)
    searcher = Searcher(fast.candidates, fast.rollout)  # type: ignore[arg-type]

    def sample(i: int) -> State:
        return Fast.of(pool(i))  # type: ignore[return-value]

    return search(sample, searcher, budget, rng).best()


def _win_now(pool: Callable[[int], State], samples: int) -> str | None:
    """A move that wins at once in every sampled determinisation (face-down values that the
    seat cannot see may decide a full line), the largest mean margin first; None if none."""
    fast = [Fast.of(pool(i)) for i in range(samples)]  # type: ignore[arg-type]
    seat = fast[0].position[3]
    margins: dict[tuple[int, int], int] = {}
    for move in wins_now(fast[0].position, fast[0].hidden):
        total = 0
        for sample in fast:
            after, winner = _play(sample.position, move[0], move[1], sample.hidden)
            if winner != seat:
                break
            total += margin(after, seat)
        else:
            margins[move] = total
    if not margins:
        return None
    return fast[0].format(max(margins, key=lambda m: margins[m]))


#: Stonehenge's computer player: its registration (cogs/games/stonehenge.py) makes it the game's.
PLAYER = ComputerPlayer(choose=_choose, sample=_sample, public_options=("hidden",), shown=_shown)
