"""Stonehenge players: an evaluation, the greedy player, the search's pieces, an exact solver.

All of them play on a small copy of the rules (tuples, no events), read from the rules'
views: the solver looks at every line of play from 8 empty points in well under a second,
and the search runs many times faster than on the engine. The tests check the copy move for
move against the rules' own engine.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ai.knowledge import UNSEEN, SeatInfo
from ai.player import ComputerPlayer
from ai.players import EASY_GREEDY
from ai.sample import determinise, new_state
from ai.sample import pool as sample_pool
from ai.search import Budget, Searcher, search
from rules.base import State
from rules.stonehenge import HAND, LINES, MEGALITHS, POINTS, Placement, StonehengeState

#: Lines as tuples of point indices.
_LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(POINTS.index(p) for p in cells) for cells in LINES
)
SOLVE_EMPTY = 8  # at this many empty points or fewer, hard solves the game exactly
EXACT_LEAVES = 7  # the search scores a leaf with this many empty points or fewer exactly


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


# -- the exact endgame solver ----------------------------------------------------------------------

Position = tuple[
    tuple[tuple[int, int] | None, ...],
    tuple[tuple[int, ...], tuple[int, ...]],
    tuple[int | None, ...],
    int,
]


def position_of(state: StonehengeState) -> Position:
    """The solver's copy of a position, read from the rules' views of both seats.

    Both views, because a determinisation's face-down values are known to the player that
    sampled them; the views are the rules' public door, whatever the engine keeps inside.
    """
    views = [state.view(seat) for seat in (0, 1)]
    cells = []
    for p in POINTS:
        druid = views[0].points[p]
        if druid is None:
            cells.append(None)
        else:
            value = views[druid.seat].points[p].value  # type: ignore[union-attr]
            if value is None:  # its owner's own view shows every value of theirs
                raise ValueError(f"point {p}: its owner does not see its value")
            cells.append((druid.seat, value))
    hand = [tuple(sorted(views[s].hands[s] or (), reverse=True)) for s in (0, 1)]
    if views[0].turn is None:
        raise ValueError("no turn to search: the game is over")
    return tuple(cells), (hand[0], hand[1]), tuple(views[0].line_owners), views[0].turn


def _play(
    position: Position, value: int, point: int, hidden: bool = False
) -> tuple[Position, int | None]:
    """The position after the mover places ``value`` on ``point``, and the winner if any.

    ``hidden``: the face-down variant, where lines are decided only when full."""
    cells, hands, owners, mover = position
    cell_list = list(cells)
    cell_list[point] = (mover, value)
    hand = list(hands[mover])
    hand.remove(value)
    new_hands = (tuple(hand), hands[1]) if mover == 0 else (hands[0], tuple(hand))
    new_owners = list(owners)
    for n, line in enumerate(_LINES):
        if new_owners[n] is not None:
            continue
        totals, empty = _tally(cell_list, line)
        if empty == 0:
            new_owners[n] = (
                (0 if totals[0] > totals[1] else 1) if totals[0] != totals[1] else 1 - mover
            )
            continue
        if hidden:
            continue
        for seat in (0, 1):
            other = new_hands[1 - seat]
            if totals[1 - seat] + sum(other[: min(empty, len(other))]) <= totals[seat]:
                new_owners[n] = seat
                break
    winner = None
    for seat in (0, 1):
        if new_owners.count(seat) >= MEGALITHS:
            winner = seat
    return (tuple(cell_list), new_hands, tuple(new_owners), 1 - mover), winner


def _tally(cells: Sequence[tuple[int, int] | None], line: Sequence[int]) -> tuple[list[int], int]:
    """Each seat's total on ``line`` and how many of its points are empty."""
    totals, empty = [0, 0], 0
    for point in line:
        cell = cells[point]
        if cell is None:
            empty += 1
        else:
            totals[cell[0]] += cell[1]
    return totals, empty


def _moves(position: Position) -> list[tuple[int, int]]:
    cells, hands, _, mover = position
    return [
        (v, p)
        for v in sorted(set(hands[mover]), reverse=True)
        for p in range(len(cells))
        if cells[p] is None
    ]


@lru_cache(maxsize=200_000)
def wins(position: Position) -> bool:
    """Whether the player to move can force a win."""
    following = []
    for value, point in _moves(position):
        after, winner = _play(position, value, point)
        if winner == position[3]:
            return True
        if winner is None:
            following.append(after)
    return any(not wins(after) for after in following)


def winning_move(state: StonehengeState) -> Placement | None:
    """A move that keeps a forced win for the player to move, or None when there is none."""
    position = position_of(state)
    for value, point in _moves(position):
        after, winner = _play(position, value, point)
        if winner == position[3] or (winner is None and not wins(after)):
            return Placement(value, POINTS[point])
    return None


def empty_points(state: StonehengeState) -> int:
    """How many intersections are still free."""
    return sum(druid is None for druid in state.view(None).points.values())


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
            while state.turn is not None:
                cells, hands, _, mover = state.position
                empty = [p for p, c in enumerate(cells) if c is None]
                state.apply((rng.choice(hands[mover]), rng.choice(empty)))
            return [1.0 if state.winner == s else 0.0 for s in (0, 1)]
        if state.winner is None and state.position[0].count(None) <= EXACT_LEAVES:
            # Solved (and remembered): a leaf this close to the end needs no guess.
            mover = state.position[3]
            won = 1.0 if wins(state.position) else 0.0
            return [won, 1 - won] if mover == 0 else [1 - won, won]
        value = state.value(0)
        return [value, 1 - value]


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
    if not hidden and empty_points(state) <= SOLVE_EMPTY:
        move = winning_move(state)
        if move is not None:
            return state.format(move)
    pool = sample_pool(info, rng, POOL if hidden else 1)
    fast = FastSearch(SEARCH_WIDTH)
    searcher = Searcher(fast.candidates, fast.rollout)  # type: ignore[arg-type]

    def sample(i: int) -> State:
        return Fast.of(pool(i))  # type: ignore[return-value]

    return search(sample, searcher, budget, rng).best()


#: Stonehenge's computer player: its registration (cogs/games/stonehenge.py) makes it the game's.
PLAYER = ComputerPlayer(choose=_choose, sample=_sample, public_options=("hidden",), shown=_shown)
