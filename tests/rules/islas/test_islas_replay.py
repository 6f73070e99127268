"""``python -m rules replay`` on Islas records (spec/records.md), run as a subprocess."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from rules.islas import ISLAS
from rules.replay import replay
from tests.rules.islas.test_islas_rules import deck
from tests.rules.test_replay_cli import run

# The bridge scenario of test_islas_rules.py: seat 0's bridge is completed by seat 1's junction.
BRIDGE = ["1,0 90 bridge W", "-1,0 0"]


def record(moves: list[str], players: int = 2, **options: Any) -> dict[str, Any]:
    """An Islas record on the pile A, L, …, seat 0 first, with ``options`` added."""
    options = {"deck": deck("A", "L"), "first": 0, **options}
    return {"game": "islas", "players": players, "seed": 5, "options": options, "moves": moves}


def seeded_game(seed: int, players: int) -> list[str]:
    """The moves of a seeded random game, in notation."""
    state = ISLAS.new(players, seed)
    rng = random.Random(seed)
    moves = []
    while state.turn is not None:
        move = rng.choice(state.legal_moves())
        moves.append(state.format(move))
        state.apply(move)
    return moves


def test_unfinished_game(tmp_path: Path) -> None:
    code, out = run(tmp_path, record(BRIDGE, players=3))
    assert code == 0
    assert out == {
        "ok": True,
        "game": "islas",
        "ply": 2,
        "finished": False,
        "scores": [3, 0, 0],
        "winners": [],
        "summary": {"followers_left": [7, 7, 7], "tiles_left": 69, "placed": 3},
    }


def test_no_move_yet(tmp_path: Path) -> None:
    code, out = run(tmp_path, record([]), stdin=True)
    assert code == 0 and out["ply"] == 0 and out["scores"] == [0, 0]
    assert out["summary"] == {"followers_left": [7, 7], "tiles_left": 71, "placed": 1}


def test_finished_game_with_deck(tmp_path: Path) -> None:
    moves = seeded_game(8, 4)
    state = ISLAS.new(4, 8)
    # Another seed, but the record fixes the pile and the first player.
    options = {"deck": list(state.pile), "first": state.turn}
    content = {"game": "islas", "players": 4, "seed": 1234, "options": options, "moves": moves}
    code, out = run(tmp_path, content)
    expected = ISLAS.replay(4, 8, {}, moves)
    assert code == 0 and out["finished"] and out["ply"] == len(moves)
    assert out["scores"] == list(expected.outcome().scores)
    assert out["winners"] == list(expected.outcome().winners) and out["winners"]
    assert out["summary"] == expected.summary() and out["summary"]["tiles_left"] == 0
    assert out == replay(content)


@pytest.mark.parametrize(
    ("moves", "ply", "error"),
    [
        (["1,0 90 bridge W", "-1,0 0 bridge E"], 1, "islas-feature-taken(kind=bridge, where=E)"),
        (["1,0 90", "5,5 0"], 1, "islas-not-adjacent(x=5, y=5)"),
        (["0,0 0"], 0, "islas-occupied(x=0, y=0)"),
        (["1,0 0"], 0, "islas-edges-mismatch(rotation=0, x=1, y=0)"),
        (["1,0 90 water N"], 0, "islas-bad-where(kind=water, where=N)"),
        (["1,0 90 island W"], 0, "islas-no-such-segment(kind=island, where=W)"),
        (["1,0 80"], 0, "islas-bad-rotation(rotation=80)"),
        (["pass"], 0, "move-unreadable(text=pass)"),
    ],
)
def test_bad_move(tmp_path: Path, moves: list[str], ply: int, error: str) -> None:
    code, out = run(tmp_path, record(moves))
    assert code == 1
    assert out == {"ok": False, "ply": ply, "move": moves[ply], "error": error}


def test_a_move_after_the_end(tmp_path: Path) -> None:
    moves = seeded_game(3, 2)
    content = {"game": "islas", "players": 2, "seed": 3, "moves": [*moves, "0,1 0"]}
    code, out = run(tmp_path, content)
    assert code == 1 and out["ply"] == len(moves) and out["error"] == "game-over"


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"deck": deck()[:-1]}, "record-bad-option(option=deck)"),
        ({"deck": [*deck()[:-1], "D"]}, "record-bad-option(option=deck)"),
        ({"deck": ["a"] * 71}, "record-bad-option(option=deck)"),
        ({"deck": {"A": 2}}, "record-bad-option(option=deck)"),
        ({"first": 2}, "record-bad-option(option=first)"),
        ({"hidden": True}, "record-unknown-option(option=hidden)"),
    ],
)
def test_invalid_record(tmp_path: Path, changes: dict[str, Any], error: str) -> None:
    code, out = run(tmp_path, record(BRIDGE, **changes))
    assert (code, out) == (2, {"ok": False, "error": error})


def test_too_many_players(tmp_path: Path) -> None:
    code, out = run(tmp_path, record([], players=6))
    assert (code, out) == (2, {"ok": False, "error": "record-bad-players(game=islas, players=6)"})
