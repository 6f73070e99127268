"""Post-game reviews (ai/review.py, games/review.py): figures that add up, key moments where a
player's own move cost them, nothing hidden in the public review, the same figures from the
command line. Budgets are tiny: every figure here is deterministic, and the file is quick."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from PIL import Image

from ai.__main__ import main
from ai.review import (
    MIN_DROP,
    MOMENTS,
    Review,
    ReviewBudget,
    public_review,
    seat_review,
)
from games.review import draw_review
from rules import get_game
from rules.public import public_record
from rules.record import Record

TINY = ReviewBudget(worlds=2, search=6)
KINDS = [
    ("stonehenge", 2, {}, 60),
    ("stonehenge", 2, {"hidden": True}, 60),
    ("kahuna", 2, {}, 40),
    ("islas", 2, {}, 24),
    ("islas", 3, {}, 18),
]


def played(game: str, players: int, options: dict, seed: int, plies: int) -> Record:
    """Up to ``plies`` moves (the game may end first), each the best of a few random ones for
    the mover by nothing in particular: a game with ups and downs."""
    options = {**options, "first": 0}
    state = get_game(game).new(players, seed, options)
    rng = random.Random(seed)
    moves = []
    while state.turn is not None and len(moves) < plies:
        move = rng.choice(state.legal_moves())
        moves.append(state.format(move))
        state.apply(move)
    return Record(game, players, seed, options, tuple(moves))


@pytest.mark.parametrize(("game", "players", "options", "plies"), KINDS)
def test_a_review_has_a_chance_per_turn_and_key_moments_of_own_turns(
    game: str, players: int, options: dict, plies: int
) -> None:
    record = played(game, players, options, 3, plies)
    review = public_review(record, TINY)
    chances = review.chances()
    assert review.seat is None and len(review.turns) >= 2
    assert len(chances) == len(review.turns) + 1
    for row in chances:
        assert len(row) == players and abs(sum(row) - 1) < 0.01
        assert all(0 <= c <= 1 for c in row)
    finished = get_game(game).replay(players, 3, record.options, record.moves).outcome()
    if finished.finished:  # the end is the result
        assert all(chances[-1][s] > 0.99 for s in finished.winners if len(finished.winners) == 1)
    for seat in range(players):
        mine = [m for m in review.moments if m.seat == seat]
        assert len(mine) <= MOMENTS
        for moment in mine:
            turn = review.turns[moment.turn - 1]
            assert turn.seat == seat and moment.played == turn.moves
            assert moment.before - moment.after >= MIN_DROP
            assert moment.played_chance == turn.chances[seat]
    # The same figures again, and through JSON (stored, and printed by the command line).
    assert public_review(record, TINY) == review
    assert Review.from_json(json.loads(json.dumps(review.to_json()))) == review


@pytest.mark.parametrize(("game", "players", "options", "plies"), KINDS)
def test_the_public_review_reads_the_public_record_only(
    game: str, players: int, options: dict, plies: int
) -> None:
    record = played(game, players, options, 5, plies)
    assert public_review(public_record(record), TINY) == public_review(record, TINY)


def _hidden_game(seed: int) -> tuple[Record, Record, list[str]]:
    """A face-down Stonehenge game cut short, and the same game with two of a seat's druids
    that were never turned up swapped (nobody but their owner can tell the two apart); the
    hidden druids' notations."""
    for attempt in range(200):
        record = played("stonehenge", 2, {"hidden": True}, seed + attempt, 12)
        state = get_game("stonehenge").replay(2, record.seed, record.options, record.moves)
        hidden = [
            (i, text)
            for i, text in enumerate(record.moves)
            if text[-1] not in state.revealed  # type: ignore[attr-defined]
        ]
        for i, a in hidden:
            for j, b in hidden:
                if i < j and (i - j) % 2 == 0 and a[:-1] != b[:-1]:
                    moves = list(record.moves)
                    moves[i], moves[j] = b[:-1] + a[-1], a[:-1] + b[-1]
                    other = Record("stonehenge", 2, record.seed, record.options, tuple(moves))
                    return record, other, [text for _, text in hidden]
    raise AssertionError("no game with two hidden druids of one seat")


def test_two_games_nobody_can_tell_apart_get_the_same_public_review() -> None:
    record, other, hidden = _hidden_game(11)
    assert public_record(record) == public_record(other)
    review = public_review(record, TINY)
    assert public_review(other, TINY) == review
    drawn = draw_review(record, review, "en", ["Ana", "Luis"])
    words = [drawn.story, *drawn.lines, *(p.alt for p in drawn.pictures)]
    words += [m.preferred or "" for m in review.moments]
    words += [" ".join(t.moves) for t in review.turns]
    for text in hidden:  # "4F": a value face down nobody saw, on its point
        assert all(text not in said for said in words), text
    # Its owner's own review names them.
    owner = get_game("stonehenge").new(2, record.seed, record.options).turn
    mine = seat_review(record, owner or 0, TINY)
    assert {text for t in mine.turns for text in t.moves} & set(hidden)


def test_a_kahuna_public_review_names_no_face_down_discard() -> None:
    record = played("kahuna", 2, {}, 9, 120)
    discards = [m for m in record.moves if m.startswith("discard ")]
    assert discards, "a game with face-down discards"
    review = public_review(record, TINY)
    drawn = draw_review(record, review, "es", ["Ana", "Luis"])
    words = " ".join([drawn.story, *drawn.lines, *(p.alt for p in drawn.pictures)])
    assert all(d not in words for d in discards)
    # A hand nobody saw: the bot names a draw there, never a card to play from it.
    assert all((m.preferred or "draw ").startswith("draw ") for m in review.moments)


def test_the_pictures_are_a_chart_and_a_board_per_key_moment(tmp_path: Path) -> None:
    record = played("stonehenge", 2, {}, 3, 60)
    review = public_review(record, TINY)
    assert review.moments
    drawn = draw_review(record, review, "en", ["Ana", "Luis"])
    chart, *moments = drawn.pictures
    assert len(moments) == len(review.moments) == len(drawn.lines)
    assert "chance" in chart.alt and "Ana" in chart.alt and "%" in chart.alt
    for picture in drawn.pictures:
        image = Image.open(io.BytesIO(picture.png))
        assert image.width >= 600 and image.height >= 300
        assert picture.alt and len(picture.alt) <= 1000
    with_bot = [m for m in review.moments if m.preferred]
    for moment in with_bot:
        assert moment.preferred_chance is not None
        assert moment.preferred_chance > moment.played_chance


def test_a_seat_review_is_its_seats_and_the_same_from_the_command_line(tmp_path: Path) -> None:
    record = played("kahuna", 2, {}, 4, 30)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record.to_json()))
    for seat in (None, 1):
        review = (
            public_review(record, TINY, 3) if seat is None else seat_review(record, seat, TINY, 3)
        )
        assert all(m.seat == seat for m in review.moments) or seat is None
        out = io.StringIO()
        argv = ["review", str(path), "--worlds", "2", "--search", "6", "--seed", "3"]
        with redirect_stdout(out):
            assert main(argv + ([] if seat is None else ["--seat", str(seat)])) == 0
        printed = json.loads(out.getvalue())
        assert printed.pop("ok") is True
        assert Review.from_json(printed) == review
