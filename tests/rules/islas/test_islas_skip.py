"""A skipped turn (the table's vote once a player's time ran out) in the Islas rules."""

from __future__ import annotations

import pytest

from rules import IllegalMove, get_game
from rules.islas import Skip
from rules.replay import replay


def test_a_skip_passes_the_turn_and_keeps_the_tile() -> None:
    state = get_game("islas").new(3, 5, {"first": 2})
    tile, placed = state.current, len(state.view(None).tiles)
    events = state.play("Saltar")
    assert [e.key for e in events] == ["islas-skipped", "islas-drew"]
    assert events[0].params == {"seat": 2} and events[1].params == {"seat": 0, "tile": tile}
    assert state.turn == 0 and state.current == tile
    assert len(state.view(None).tiles) == placed and state.summary()["tiles_left"] == 71
    assert state.format(Skip()) == "skip" and not state.move_reveals(Skip())


def test_a_skip_is_never_a_legal_move_but_replays() -> None:
    state = get_game("islas").new(2, 9, {})
    assert all(not isinstance(m, Skip) for m in state.legal_moves())
    first = state.format(state.legal_moves()[0])
    record = {"game": "islas", "players": 2, "seed": 9, "options": {}, "moves": ["skip", first]}
    result = replay(record)
    assert result["ok"] and result["ply"] == 2 and result["summary"]["placed"] == 2


def test_no_skip_once_the_game_is_over() -> None:
    state = get_game("islas").new(2, 4, {})
    while state.turn is not None:
        state.apply(state.legal_moves()[0])
    with pytest.raises(IllegalMove):
        state.parse("skip")
