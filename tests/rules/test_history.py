"""A game's history: the position plus, per move, its mover, notation, events and reveals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import get_game
from rules.history import History
from rules.kahuna import Place

#: The built-in games and their players (a game registered by a test module imported earlier
#: is in GAMES too, depending on the order the tests are collected in: not these tests' game).
PLAYERS = {"stonehenge": 2, "kahuna": 2, "islas": 3}


def _played(game: str, seed: int, plies: int) -> History:
    engine = get_game(game)
    history = History(engine, PLAYERS[game], seed, {})
    rng = random.Random(seed)
    while len(history.plies) < plies and history.state.turn is not None:
        state = history.state
        history.push(state.format(rng.choice(state.legal_moves())))
    return history


@pytest.mark.parametrize("game", sorted(PLAYERS))
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), plies=st.integers(0, 60))
def test_a_history_is_its_moves_replayed(game: str, seed: int, plies: int) -> None:
    history = _played(game, seed, plies)
    engine = get_game(game)
    again = engine.new(PLAYERS[game], seed, {})
    events, movers = [], []
    for text in history.moves:
        movers.append(again.turn)
        events.append(tuple(again.play(text)))
    assert again.summary() == history.state.summary()
    assert [p.seat for p in history.plies] == movers
    assert [p.events for p in history.plies] == events
    # The last turn: the trailing moves of the last mover, their events in order.
    start = len(movers)
    while start and movers[start - 1] == movers[-1]:
        start -= 1
    assert history.turn_start() == start
    assert history.last_turn_events() == [e for ev in events[start:] for e in ev]
    assert history.mid_turn() == (bool(movers) and movers[-1] == again.turn)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_pop_takes_back_the_last_move_and_clone_is_independent(game: str) -> None:
    history = _played(game, 3, 12)
    before = History.replay(
        get_game(game), PLAYERS[game], 3, {}, history.moves[:-1]
    ).state.summary()
    copy = history.clone()
    last = history.pop()
    assert last == copy.plies[-1]
    assert history.state.summary() == before and len(history.plies) == len(copy.plies) - 1
    assert copy.state.summary() != before or copy.moves != history.moves


def test_a_reveal_is_recorded_with_its_move() -> None:
    history = _played("islas", 5, 1)  # a tile placed draws the next one: it reveals
    assert history.plies[-1].revealed
    hidden = History(get_game("stonehenge"), 2, 1, {"hidden": True, "first": 0})
    assert not hidden.push("1A").revealed


def test_others_see_the_moves_before_a_turn_under_way() -> None:
    history = History(get_game("kahuna"), 2, 8, {"first": 0})
    build = next(m for m in history.state.legal_moves() if isinstance(m, Place))
    history.apply(build)
    assert history.mid_turn() and history.public_ply() == 0
