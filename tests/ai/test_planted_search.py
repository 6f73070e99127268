"""The hard level plays what its search found best.

Every other AI test checks that moves are legal or blind to secrets; none would notice a
search whose result is read the wrong way round (fewest visits first, worst mean first):
the level would still play legal moves, only its worst ones.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai import Budget, choose_move, seat_info, stonehenge
from ai.search import Searcher, Tree, bandit, paired, search
from rules import get_game
from rules.record import Record

# --- a toy game: one move each for two seats, whose value is known ----------------------------

#: Seat 0's reward for each first move (seat 1 then moves once, and cannot change it).
VALUE = {"a": 0.2, "b": 0.9, "c": 0.5, "d": 0.0}


class _Toy:
    """Two plies: seat 0 picks a letter, seat 1 picks x or y (which changes nothing)."""

    def __init__(self) -> None:
        self.moves: list[str] = []

    @property
    def turn(self) -> int | None:
        return len(self.moves) if len(self.moves) < 2 else None

    def format(self, move: str) -> str:
        return move

    def apply(self, move: str) -> None:
        self.moves.append(move)


def _candidates(state: Any) -> list[str]:
    return list(VALUE) if state.turn == 0 else ["x", "y"]


def _rollout(state: Any, rng: random.Random) -> list[float]:
    # Noisy but centred on the move's value: the search must average to find the best.
    value = min(1.0, max(0.0, VALUE[state.moves[0]] + rng.uniform(-0.1, 0.1)))
    return [value, 1 - value]


def _toy_search(iterations: int = 400) -> Tree:
    searcher = Searcher(_candidates, _rollout)  # type: ignore[arg-type]
    return search(lambda i: _Toy(), searcher, Budget(iterations=iterations), random.Random(1))  # type: ignore[arg-type, return-value]


def test_the_search_result_puts_the_most_visited_move_first() -> None:
    tree = _toy_search()
    children = tree.root.children
    visits = {key: child.visits for key, child in children.items()}
    assert set(visits) == set(VALUE)
    stats = tree.stats()
    assert [v for _, v, _ in stats] == sorted(visits.values(), reverse=True)
    assert tree.best() == max(visits, key=lambda k: visits[k]) == "b"
    means = {key: mean for key, _, mean in stats}
    assert abs(means["b"] - VALUE["b"]) < 0.1  # the mean is the seat's own reward


def test_a_search_ties_on_visits_are_broken_by_the_better_mean() -> None:
    tree = _toy_search(iterations=4)  # each first move tried once
    assert [v for _, v, _ in tree.stats()] == [1, 1, 1, 1]
    assert tree.best() == "b"


def test_bandit_and_paired_put_the_best_mean_first() -> None:
    values = [0.3, 0.1, 0.8, 0.5]

    def pull(i: int, arm: int) -> float:
        return values[arm] + (0.05 if i % 2 else -0.05)

    for chooser in (bandit, paired):
        stats = chooser(len(values), pull, Budget(iterations=80))
        assert stats[0][0] == 2, (chooser.__name__, stats)
        means = [mean for _, _, mean in stats]
        assert means == sorted(means, reverse=True), (chooser.__name__, stats)


# --- the players: hard plays its search's choice ------------------------------------------------


def _record(game: str, moves: int, seed: int, options: dict[str, Any]) -> Record:
    options = {**options, "first": 0}
    state = get_game(game).new(2, seed, options)
    rng = random.Random(seed)
    played = []
    for _ in range(moves):
        move = rng.choice(state.legal_moves())
        played.append(state.format(move))
        state.apply(move)
    return Record(game, 2, seed, options, tuple(played))


@pytest.mark.parametrize("hidden", [False, True])
def test_stonehenge_hard_plays_the_move_its_search_visited_most(
    monkeypatch: pytest.MonkeyPatch, hidden: bool
) -> None:
    trees: list[Tree] = []

    def spy(*args: Any, **kwargs: Any) -> Tree:
        tree = search(*args, **kwargs)
        trees.append(tree)
        return tree

    monkeypatch.setattr(stonehenge, "search", spy)  # the search its player calls
    for seed in (1, 2, 3):
        record = _record("stonehenge", 4, seed, {"hidden": hidden})
        seat = len(record.moves) % 2
        chosen = choose_move(seat_info(record, seat), "hard", Budget(iterations=150), seed)
        tree = trees[-1]
        visits = {key: child.visits for key, child in tree.root.children.items()}
        most = max(visits.values())
        assert visits[chosen] == most, (seed, chosen, visits)


def test_kahuna_hard_plays_the_turn_its_bandit_rated_best(monkeypatch: pytest.MonkeyPatch) -> None:
    from ai import kahuna

    turns_seen: list[list[Any]] = []
    results: list[list[tuple[int, int, float]]] = []
    candidates = kahuna.turn_candidates

    def turns_spy(state: Any) -> list[Any]:
        turns = candidates(state)
        turns_seen.append(turns)
        return turns

    def bandit_spy(*args: Any, **kwargs: Any) -> list[tuple[int, int, float]]:
        stats = bandit(*args, **kwargs)
        results.append(stats)
        return stats

    monkeypatch.setattr(kahuna, "turn_candidates", turns_spy)
    monkeypatch.setattr(kahuna, "bandit", bandit_spy)  # the bandit its player calls
    checked = 0
    for seed in range(1, 12):
        record = _record("kahuna", 6, seed, {})
        state = get_game("kahuna").replay(2, record.seed, record.options, record.moves)
        if state.turn is None:
            continue
        before = len(results)
        chosen = choose_move(seat_info(record, state.turn), "hard", Budget(iterations=60), seed)
        if len(results) == before:
            continue  # a planned turn's next step: no search
        stats, turns = results[-1], turns_seen[-1]
        pulled = [s for s in stats if s[1]]
        best_mean = max(mean for _, _, mean in pulled)
        best_arm = min(arm for arm, _, mean in pulled if mean == best_mean)
        worst_mean = min(mean for _, _, mean in pulled)
        if best_mean == worst_mean:
            continue  # every turn alike: nothing to tell
        assert chosen == state.format(turns[best_arm][0]), (seed, chosen, stats)
        checked += 1
    assert checked >= 3
