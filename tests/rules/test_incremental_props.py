"""What the engines keep up to date move by move equals what a full recount finds.

Stonehenge keeps line totals, Kahuna bridges per island, Islas the patterns of the frontier
and where each tile fits, so that search runs fast; a recount from the board itself, after
every move of random games (clones included), must agree.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import get_game
from rules.islas import TILES, IslasState
from rules.islas.shapes import FREE, rotations_fitting
from rules.kahuna import ISLANDS, LINES_OF, KahunaState
from rules.stonehenge import LINES, StonehengeState


def check_stonehenge(state: StonehengeState) -> None:
    for n, cells in enumerate(LINES):
        totals = [0, 0]
        for p in cells:
            if p in state.board:
                totals[state.board[p].seat] += state.board[p].value
        assert state.line_totals[n] == totals
        assert state.line_empty[n] == sum(p not in state.board for p in cells)


def check_kahuna(state: KahunaState) -> None:
    for seat in range(2):
        for island in ISLANDS:
            on = sum(state.bridges[line] == seat for line in LINES_OF[island])
            assert state.touching[seat][island] == on


def check_islas(state: IslasState) -> None:
    board = state.board
    assert set(board.patterns) == board.frontier
    for x, y in board.frontier:
        assert board.patterns[x, y] == board.pattern(x, y)
        assert board.pattern(x, y) != FREE * 4  # a frontier square touches a tile
    for name in TILES:
        squares = sorted(board.frontier, key=lambda square: (-square[1], square[0]))
        spots = [(x, y, rotations_fitting(name, board.pattern(x, y))) for x, y in squares]
        assert board.spots(name) == [spot for spot in spots if spot[2]]


CHECKS = {"stonehenge": check_stonehenge, "kahuna": check_kahuna, "islas": check_islas}


@settings(max_examples=20, deadline=None)
@given(
    game=st.sampled_from(sorted(CHECKS)),
    seed=st.integers(0, 10**6),
    hidden=st.booleans(),
)
def test_kept_counts_match_a_recount(game: str, seed: int, hidden: bool) -> None:
    options = {"hidden": hidden} if game == "stonehenge" else {}
    rng = random.Random(seed)
    state = get_game(game).new(2, seed, options)
    check = CHECKS[game]
    check(state)
    while state.turn is not None:
        if rng.random() < 0.1:
            state = state.clone()
        state.apply(rng.choice(state.legal_moves()))
        check(state)
