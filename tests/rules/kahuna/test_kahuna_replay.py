"""``python -m rules replay`` on Kahuna records (spec/records.md), run as a subprocess."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from rules.kahuna import ISLANDS, KAHUNA, LINES
from rules.replay import replay
from tests.rules.kahuna.test_kahuna_props import sensible
from tests.rules.kahuna.test_kahuna_rules import CASCADE, CASCADE_DECK, deck
from tests.rules.test_replay_cli import run

CASCADE_MOVES = [*(move for moves in CASCADE for move in moves), "place Huna-Iffi with Iffi"]


def record(moves: list[str], **options: Any) -> dict[str, Any]:
    """A Kahuna record on the cascade deck, seat 0 first, with ``options`` added."""
    options = {"deck": deck(*CASCADE_DECK), "first": 0, **options}
    return {"game": "kahuna", "players": 2, "seed": 11, "options": options, "moves": moves}


def seeded_game(seed: int) -> tuple[list[str], list[list[str]]]:
    """The moves of a seeded random game and the piles its seed laid for rounds 2 and 3."""
    state = KAHUNA.new(2, seed)
    choose = sensible(random.Random(seed))
    moves, piles = [], []
    while state.turn is not None:
        move = choose(state, state.legal_moves())
        moves.append(state.format(move))
        before = state.round
        state.apply(move)
        if state.round != before:
            piles.append([*(card for card in state.display if card), *state.pile])
    return moves, piles


def test_unfinished_game(tmp_path: Path) -> None:
    code, out = run(tmp_path, record(CASCADE_MOVES))
    owners = {"Duda-Huna": 0, "Elai-Huna": 0, "Huna-Iffi": 0, "Aloa-Bari": 1, "Iffi-Lale": 1}
    assert code == 0
    assert out == {
        "ok": True,
        "game": "kahuna",
        "ply": len(CASCADE_MOVES),
        "finished": False,
        "scores": [0, 0],
        "winners": [],
        "summary": {
            "round": 1,
            "control": {island: 0 if island == "Huna" else None for island in ISLANDS},
            "bridges": {line: owners.get(line) for line in LINES},
            "hand_sizes": [2, 1],
            "pile": 11,
        },
    }


def test_finished_game_with_deck_and_reshuffles(tmp_path: Path) -> None:
    moves, piles = seeded_game(4)
    state = KAHUNA.new(2, 4)
    cards = [*state.hands[0], *state.hands[1], *state.display, *state.pile]
    # Another seed, but the record fixes the deck, the first player and both new piles.
    options = {"deck": cards, "first": state.turn, "reshuffles": piles}
    content = {"game": "kahuna", "players": 2, "seed": 99, "options": options, "moves": moves}
    code, out = run(tmp_path, content, stdin=True)
    expected = KAHUNA.replay(2, 4, {}, moves)
    assert code == 0 and out["finished"] and out["ply"] == len(moves)
    assert out["winners"] == list(expected.outcome().winners)
    assert out["scores"] == list(expected.outcome().scores)
    assert out["summary"] == expected.summary() and out == replay(content)


@pytest.mark.parametrize(
    ("moves", "ply", "error"),
    [
        (["draw deck", "place Aloa-Lale with Aloa"], 1, "kahuna-no-such-line(line=Aloa-Lale)"),
        (["place Duda-Huna with Huna"], 0, "kahuna-card-not-in-hand(card=Huna)"),
        (["draw deck", "draw deck", "draw deck", "draw deck", "draw Coco"], 4, "kahuna-hand-full"),
        (
            [*CASCADE_MOVES, "place Aloa-Duda with Duda"],
            len(CASCADE_MOVES),
            "kahuna-card-not-in-hand(card=Duda)",
        ),
        (["draw Bogus"], 0, "kahuna-no-such-island(name=Bogus)"),
        (["pass"], 0, "move-unreadable(text=pass)"),
    ],
)
def test_bad_move(tmp_path: Path, moves: list[str], ply: int, error: str) -> None:
    code, out = run(tmp_path, record(moves))
    assert code == 1
    assert out == {"ok": False, "ply": ply, "move": moves[ply], "error": error}


def test_a_move_after_the_end(tmp_path: Path) -> None:
    moves, _ = seeded_game(5)
    content = {"game": "kahuna", "players": 2, "seed": 5, "moves": [*moves, "draw deck"]}
    code, out = run(tmp_path, content)
    assert code == 1 and out["ply"] == len(moves) and out["error"] == "game-over"


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"deck": deck()[:-1]}, "record-bad-option(option=deck)"),
        ({"deck": ["Aloa"] * 24}, "record-bad-option(option=deck)"),
        ({"reshuffles": [[], [], []]}, "record-bad-option(option=reshuffles)"),
        ({"no_bridges_ends_game": None}, "record-bad-option(option=no_bridges_ends_game)"),
        ({"islands": 12}, "record-unknown-option(option=islands)"),
    ],
)
def test_invalid_record(tmp_path: Path, options: dict[str, Any], error: str) -> None:
    code, out = run(tmp_path, record([], **options))
    assert (code, out) == (2, {"ok": False, "error": error})


def test_a_reshuffle_that_does_not_match_the_discards(tmp_path: Path) -> None:
    moves, piles = seeded_game(6)
    piles[0] = piles[0][1:]  # one card short
    content = {
        "game": "kahuna",
        "players": 2,
        "seed": 6,
        "options": {"reshuffles": piles},
        "moves": moves,
    }
    code, out = run(tmp_path, content)
    assert (code, out) == (
        2,
        {"ok": False, "error": "record-bad-option(option=reshuffles, round=2)"},
    )
