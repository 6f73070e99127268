"""A pickled Islas position (one sent to the drawing process) plays on as the original and
stays small: the board's per-process caches of placements are not part of it."""

from __future__ import annotations

import pickle
import random

from bench.positions import random_game


def test_a_pickled_position_lists_the_same_moves_and_stays_small() -> None:
    positions = random_game("islas", 3)
    for state in positions:
        again = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
        assert again.legal_moves() == state.legal_moves()
        assert again.view(None) == state.view(None)
        assert again.board.spots(again.current or "A") == state.board.spots(state.current or "A")
    # The last position: about 10 KB (its shared placements would make it 70 KB).
    assert len(pickle.dumps(positions[-1], pickle.HIGHEST_PROTOCOL)) < 20_000


def test_a_pickled_position_plays_on_as_the_original() -> None:
    original = random_game("islas", 8)[30]
    again = pickle.loads(pickle.dumps(original, pickle.HIGHEST_PROTOCOL))
    rng = random.Random(8)
    while original.turn is not None:
        moves = original.legal_moves()
        assert again.legal_moves() == moves
        move = rng.choice(moves)
        assert again.apply(move) == original.apply(move)
    assert again.outcome() == original.outcome()
