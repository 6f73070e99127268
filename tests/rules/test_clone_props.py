"""``clone()`` of every game: an independent copy that plays on exactly like the original.

Search clones positions constantly and clones copy field by field (sharing what never
changes), so these properties guard against a copy that shares too much or too little.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import get_game
from rules.base import State
from rules.islas import Skip

#: (game, players, options) to clone, variants included.
CASES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("stonehenge", 2, {}),
    ("stonehenge", 2, {"hidden": True}),
    ("kahuna", 2, {}),
    ("kahuna", 2, {"forbid_build_on_controlled": True, "no_bridges_ends_game": False}),
    ("islas", 2, {}),
    ("islas", 4, {}),
)


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything the rules tell about a position, for every seat and the public."""
    views = tuple(state.view(seat) for seat in (None, *range(state.players)))
    legal = sorted(state.format(move) for move in state.legal_moves())
    return (state.summary(), state.outcome(), state.turn, state.ply, views, legal)


def step(state: State, rng: random.Random) -> tuple[str, list[Any]]:
    """Play one random move (now and then an Islas skip, or mostly no Kahuna discard)."""
    if state.game.name == "islas" and rng.random() < 0.05:
        return state.format(Skip()), state.apply(Skip())
    texts = sorted(state.format(move) for move in state.legal_moves())
    active = [t for t in texts if not t.startswith("discard")]
    if state.game.name == "kahuna" and active and rng.random() < 0.85:
        texts = active
    text = rng.choice(texts)
    return text, state.apply(state.parse(text))


def play(state: State, rng: random.Random, plies: int) -> list[tuple[str, list[Any]]]:
    """Up to ``plies`` random moves (fewer if the game ends): their notation and events."""
    played = []
    while state.turn is not None and len(played) < plies:
        played.append(step(state, rng))
    return played


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[0]}-{case[1]}-{case[2]}")
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), before=st.integers(0, 160), after=st.integers(1, 160))
def test_clone_is_independent_and_plays_on_like_a_replay(
    case: tuple[str, int, dict[str, Any]], seed: int, before: int, after: int
) -> None:
    name, players, options = case
    game = get_game(name)
    rng = random.Random(seed)
    original = game.new(players, seed, options)
    history = [text for text, _ in play(original, rng, before)]
    kept = snapshot(original)

    copy = original.clone()
    assert snapshot(copy) == kept
    moves_rng = random.Random(seed + 1)
    continued = play(copy, moves_rng, after)
    # Playing on the copy (draws, reshuffles, scoring) leaves the original as it was.
    assert snapshot(original) == kept

    # The original, played on with the same moves, says and ends up exactly as the copy ...
    for text, events in continued:
        assert original.play(text) == events
    assert snapshot(original) == snapshot(copy)
    # ... and so does the record replayed from the seed.
    replayed = game.new(players, seed, options)
    for text in history:
        replayed.play(text)
    for text, events in continued:
        assert replayed.play(text) == events
    assert snapshot(replayed) == snapshot(copy)


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[0]}-{case[1]}-{case[2]}")
def test_a_clone_of_a_clone_is_independent(case: tuple[str, int, dict[str, Any]]) -> None:
    name, players, options = case
    rng = random.Random(7)
    state = get_game(name).new(players, 7, options)
    play(state, rng, 10)
    first = state.clone()
    second = first.clone()
    kept = snapshot(state)
    play(second, random.Random(8), 40)
    assert snapshot(first) == kept == snapshot(state)
