"""Information-set Monte Carlo tree search (single observer), the same for every game.

Each iteration takes one determinisation (a full state sampled from what the seat knows,
see ``ai.sample``), walks the tree choosing only among moves legal in that state (UCB1 with
availability counts, so a move seen in few samples is not starved), adds one node, finishes
the game or a few moves of it with the game's rollout and scores the result for every seat.
With nothing hidden (Stonehenge's open game) it is plain UCT.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.base import State


@dataclass(frozen=True)
class Budget:
    """How long a search may think: a number of iterations (deterministic) or milliseconds."""

    iterations: int | None = None
    ms: float | None = None
    #: when the move's thinking began (``time.perf_counter()``): the milliseconds count from
    #: there, so that what a player does before its search is inside the budget too
    started: float | None = None

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.ms is None):
            raise ValueError("a budget is either iterations or milliseconds")


class _Node:
    __slots__ = ("avail", "children", "move", "total", "visits")

    def __init__(self, move: Any = None) -> None:
        self.move = move
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # reward of the seat that made ``move``


@dataclass
class Searcher:
    """What a game gives the search: its moves to try and how to score a leaf.

    ``candidates(state)`` lists the moves the tree tries at a position (all legal moves, or
    a good subset, best first); ``rollout(state, rng)`` plays on a copy as far as it likes
    and returns a value in [0, 1] per seat.
    """

    candidates: Callable[[State], Sequence[Any]]
    rollout: Callable[[State, random.Random], Sequence[float]]
    exploration: float = 0.7


class Tree:
    """The result of a search: statistics of the root's moves."""

    def __init__(self, root: _Node) -> None:
        self.root = root

    def stats(self) -> list[tuple[str, int, float]]:
        """(move notation, visits, mean reward) of the root's moves, most visited first."""
        stats = [
            (key, child.visits, child.total / child.visits if child.visits else 0.0)
            for key, child in self.root.children.items()
        ]
        stats.sort(key=lambda s: (-s[1], -s[2], s[0]))
        return stats

    def best(self) -> str:
        """The most visited move at the root."""
        return self.stats()[0][0]


def search(
    samples: Callable[[int], State],
    searcher: Searcher,
    budget: Budget,
    rng: random.Random,
) -> Tree:
    """Search from the determinisations ``samples(i)`` (a fresh copy for iteration ``i``)."""
    root = _Node()
    started = time.perf_counter() if budget.started is None else budget.started
    deadline = None if budget.ms is None else started + budget.ms / 1000
    iteration = 0
    while True:
        if budget.iterations is not None and iteration >= budget.iterations:
            break
        if deadline is not None and iteration and time.perf_counter() >= deadline:
            break
        _iterate(root, samples(iteration), searcher, rng)
        iteration += 1
    return Tree(root)


def _iterate(root: _Node, state: State, searcher: Searcher, rng: random.Random) -> None:
    path: list[tuple[_Node, int]] = []  # node and the seat that moved into it
    node = root
    while state.turn is not None:
        moves = searcher.candidates(state)
        keyed = [(state.format(m), m) for m in moves]
        for key, _ in keyed:
            if key in node.children:
                node.children[key].avail += 1
        untried = [(k, m) for k, m in keyed if k not in node.children]
        seat = state.turn
        if untried:
            key, move = untried[0]
            child = _Node(move)
            child.avail = 1
            node.children[key] = child
            state.apply(move)
            path.append((child, seat))
            break
        best, best_key, best_move = -1.0, "", None
        for key, move in keyed:
            child = node.children[key]
            score = (
                child.total / child.visits
                + searcher.exploration * math.sqrt(math.log(max(child.avail, 1)) / child.visits)
                if child.visits
                else 1e9
            )
            if score > best:
                best, best_key, best_move = score, key, move
        node = node.children[best_key]
        state.apply(best_move)
        path.append((node, seat))
    rewards = searcher.rollout(state, rng)
    for child, seat in path:
        child.visits += 1
        child.total += rewards[seat]


def bandit(
    arms: int, pull: Callable[[int, int], float], budget: Budget
) -> list[tuple[int, int, float]]:
    """Flat Monte Carlo search over ``arms`` choices (UCB1): ``pull(i, arm)`` plays choice
    ``arm`` on determinisation ``i`` and returns its value. (arm, pulls, mean), best first."""
    started = time.perf_counter() if budget.started is None else budget.started
    deadline = None if budget.ms is None else started + budget.ms / 1000
    pulls, totals = [0] * arms, [0.0] * arms
    iteration = 0
    longest = 0.0  # the longest pull yet: one that would end past the deadline is not begun
    while arms:
        if budget.iterations is not None and iteration >= budget.iterations:
            break
        now = time.perf_counter()
        if deadline is not None and iteration and now + longest >= deadline:
            break
        if iteration < arms:
            arm = iteration
        else:
            log_n = math.log(iteration)
            arm = max(
                range(arms),
                key=lambda a: totals[a] / pulls[a] + 0.5 * math.sqrt(log_n / pulls[a]),
            )
        totals[arm] += pull(iteration, arm)
        longest = max(longest, time.perf_counter() - now)
        pulls[arm] += 1
        iteration += 1
    stats = [(a, pulls[a], totals[a] / pulls[a] if pulls[a] else 0.0) for a in range(arms)]
    stats.sort(key=lambda s: (-s[2] if s[1] else 1.0, s[0]))
    return stats


def paired(
    arms: int, pull: Callable[[int, int], float], budget: Budget
) -> list[tuple[int, int, float]]:
    """Every choice on the same determinisations in turn: ``pull(i, arm)`` for i = 0, 1, …
    with ``i // arms`` the determinisation; (arm, pulls, mean), best first. Comparing on
    the same samples cancels the luck of the draws that the choices share; a round cut
    short by the clock is dropped, so that the choices stay paired (the first one too: with
    no round done, the choices keep their order, so the caller's first is chosen)."""
    started = time.perf_counter() if budget.started is None else budget.started
    deadline = None if budget.ms is None else started + budget.ms / 1000
    rounds, totals = 0, [0.0] * arms
    limit = None if budget.iterations is None else max(1, budget.iterations // max(arms, 1))
    longest = 0.0  # the longest pull yet: one that would end past the deadline is not begun
    while arms and (limit is None or rounds < limit):
        values = []
        for arm in range(arms):
            now = time.perf_counter()
            if deadline is not None and now + longest >= deadline:
                break
            values.append(pull(rounds * arms + arm, arm))
            longest = max(longest, time.perf_counter() - now)
        if len(values) < arms:
            break
        totals = [t + v for t, v in zip(totals, values, strict=True)]
        rounds += 1
    stats = [(a, rounds, totals[a] / rounds if rounds else 0.0) for a in range(arms)]
    stats.sort(key=lambda s: (-s[2], s[0]))
    return stats


def outcome_rewards(state: State) -> list[float]:
    """1 for a sole winner, shared for a draw, 0 for the others, of a finished game."""
    outcome = state.outcome()
    winners = outcome.winners
    return [(1.0 / len(winners)) if s in winners else 0.0 for s in range(state.players)]
