"""Stonehenge scenarios from spec/stonehenge.md and the seed, each built from legal moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from rules import IllegalMove, InvalidMove, InvalidRecord, get_game
from rules.base import Event
from rules.stonehenge import (
    LINES,
    LINES_THROUGH,
    POINTS,
    STONEHENGE,
    Placement,
    SeriesStanding,
    StonehengeState,
    series_first,
    series_standing,
)
from rules.stonehenge_view import Druid

# The seed's worked example, light (seat 0) first: light 6F and dark 1G on line L2 (FGHI);
# dark then spends 2, 6, 5, 4 and finally its second 3 elsewhere, keeping only 3, 2 and 1.
WORKED = ["6F", "1G", "1A", "2C", "2B", "6D", "2E", "5J", "3K", "4L", "3M", "3N"]
# Found by random search: light holds 7 lines and its 11th-ply 2I gives it two more at once.
SEVEN_TO_NINE = ["4C", "4Q", "5E", "3M", "2J", "3F", "3A", "5N", "6G", "6R", "2I"]
# The same for the hidden variant: dark's last druid fills lines that both go to light.
HIDDEN_SEVEN_TO_NINE = [
    *("3Q", "3A", "3L", "2I", "2P", "6F", "6D", "1M"),
    *("4J", "3C", "2R", "4H", "1N", "1E", "5K", "2O"),
]


def play(
    moves: Sequence[str], first: int = 0, hidden: bool = False
) -> tuple[StonehengeState, list[list[Event]]]:
    """A game from ``first`` after ``moves``, and the events of each move."""
    state = STONEHENGE.new(2, 0, {"first": first, "hidden": hidden})
    return state, [state.play(move) for move in moves]


def won(events: list[Event]) -> dict[int, int]:
    """Line -> seat for the lines these events report as won."""
    return {e.params["line"]: e.params["seat"] for e in events if e.key == "stonehenge-line-won"}


def test_geometry_matches_the_spec() -> None:
    assert POINTS == "ABCDEFGHIJKLMNOPQR"
    assert [len(cells) for cells in LINES] == [2, 3, 4, 5, 4, 4, 5, 4, 3, 2, 4, 5, 4, 3, 2]
    assert all(len(LINES_THROUGH[p]) == 3 for p in POINTS)
    assert sorted("".join(LINES)) == sorted(POINTS * 3)
    # Two different ley lines cross at most once.
    assert all(len(set(a) & set(b)) <= 1 for i, a in enumerate(LINES) for b in LINES[i + 1 :])
    assert (LINES[0], LINES[3], LINES[11], LINES[14]) == ("AB", "JKLMN", "ADHMR", "JO")


def test_new_game() -> None:
    state = STONEHENGE.new(2, 7, {"first": 1})
    assert get_game("stonehenge") is STONEHENGE and state.game is STONEHENGE
    assert state.turn == 1 and state.ply == 0 and not state.hidden
    view = state.view()
    assert view.hands == ((1, 1, 2, 2, 3, 3, 4, 5, 6),) * 2 and view.hand_sizes == (9, 9)
    assert view.megaliths == (0, 0) and view.line_owners == (None,) * 15
    assert state.outcome().scores == (0, 0) and not state.outcome().finished
    assert len(state.legal_moves()) == 6 * 18


def test_first_player_comes_from_the_seed() -> None:
    firsts = [STONEHENGE.new(2, seed).turn for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [STONEHENGE.new(2, seed, {}).turn for seed in range(40)]


@pytest.mark.parametrize(
    ("players", "options", "key", "param"),
    [
        (2, {"hidden": 1}, "record-bad-option", "hidden"),
        (2, {"hidden": "yes"}, "record-bad-option", "hidden"),
        (2, {"first": 2}, "record-bad-option", "first"),
        (2, {"first": True}, "record-bad-option", "first"),
        (2, {"deck": []}, "record-unknown-option", "deck"),
        (3, {}, "record-bad-players", None),
    ],
)
def test_bad_options(players: int, options: dict, key: str, param: str | None) -> None:
    with pytest.raises(InvalidRecord) as caught:
        STONEHENGE.new(players, 0, options)
    assert caught.value.key == key
    assert param is None or caught.value.params["option"] == param


def test_seed_worked_example_light_dominates_at_once() -> None:
    state, _ = play(WORKED[:-1])
    assert state.owners[2] is None
    assert state.hands[1] == [3, 3, 2, 1]  # 1 + 3 + 3 = 7 would still beat light's 6
    last = state.play(WORKED[-1])
    view = state.view()
    assert (view.points["F"], view.points["G"]) == (Druid(0, 6), Druid(1, 1))
    assert view.points["H"] is None and view.points["I"] is None
    assert view.hands[1] == (1, 2, 3)  # 1 + 3 + 2 = 6: at best a tie, which dark would lose
    assert won(last)[2] == 0 and view.line_owners[2] == 0
    assert view.last_seat == 1 and view.last_point == "N"


def test_a_placement_hands_a_line_to_the_opponent() -> None:
    # Dark's 6D goes elsewhere; on L5 (ACFJ) light has 1 + 6, dark 2 and J is empty, and
    # without its 6 dark can reach only 2 + 5.
    state, events = play(WORKED[:6])
    assert events[5][0] == Event("stonehenge-placed", {"seat": 1, "value": 6, "point": "D"})
    assert won(events[5]) == {1: 1, 5: 0}
    assert state.view().last_lines == (1, 5)


def test_one_placement_decides_lines_for_both_seats() -> None:
    state, events = play(WORKED)
    assert won(events[-1]) == {2: 0, 3: 1}  # L3 (JKLMN) is full: dark 12, light 6
    assert state.view().last_lines == (2, 3)


@pytest.mark.parametrize("first", [0, 1])
def test_full_line_tie_is_lost_by_the_last_placer(first: int) -> None:
    state, events = play(["3A"], first=first)
    assert state.owners[0] is None  # the other player can still beat 3 with a 6
    events = state.play("3B")
    assert won(events) == {0: first}


def test_megaliths_stop_at_eight_when_two_lines_come_at_once() -> None:
    state, events = play(SEVEN_TO_NINE[:-1])
    assert state.owners.count(0) == 7 and state.turn == 0
    events = state.play(SEVEN_TO_NINE[-1])
    assert state.owners.count(0) == 9 and len(won(events)) >= 2
    assert state.outcome().scores == (8, 5) and state.outcome().winners == (0,)
    assert state.summary() == {"lines": state.owners, "megaliths": [8, 5]}
    assert events[-1] == Event("stonehenge-won", {"seat": 0})
    assert state.turn is None and state.legal_moves() == [] and state.view().winner == 0


def test_nothing_is_playable_after_the_end() -> None:
    state, _ = play(SEVEN_TO_NINE)
    empty = next(p for p in POINTS if p not in state.board)
    for text in (f"1{empty}", f"6{empty}", "1A"):
        with pytest.raises(IllegalMove) as caught:
            state.parse(text)
        assert caught.value.key == "game-over"
    with pytest.raises(IllegalMove):
        state.apply(Placement(1, empty))


@pytest.mark.parametrize(
    "text", ["6L", "6l", "L6", "l6", "6 L", "6@L", " 6@l\n", "6 @ L", "L 6", "\u00a06L\u3000"]
)
def test_parse_accepts_every_spelling(text: str) -> None:
    state = STONEHENGE.new(2, 0, {"first": 0})
    assert state.parse(text) == Placement(6, "L")
    assert state.format(state.parse(text)) == "6L"


@pytest.mark.parametrize(
    "text", ["", "L", "6", "666L", "6LL", "6-L", "@6L", "L@", "六L", "6K\u200b"]
)
def test_parse_rejects_garbage(text: str) -> None:
    with pytest.raises(InvalidMove) as caught:
        STONEHENGE.new(2, 0).parse(text)
    assert caught.value.key == "move-unreadable" and caught.value.params == {"text": text}


@pytest.mark.parametrize(
    ("moves", "text", "key", "params"),
    [
        ([], "7L", "stonehenge-no-such-druid", {"value": 7}),
        ([], "0A", "stonehenge-no-such-druid", {"value": 0}),
        ([], "66L", "stonehenge-no-such-druid", {"value": 66}),
        (["1A", "2B", "1C", "2D"], "1E", "stonehenge-no-such-druid", {"value": 1}),
        ([], "6S", "stonehenge-no-such-point", {"point": "S"}),
        (["6L"], "5l", "stonehenge-point-taken", {"point": "L"}),
    ],
)
def test_parse_refuses_illegal_moves(moves: list[str], text: str, key: str, params: dict) -> None:
    state, _ = play(moves)
    with pytest.raises(IllegalMove) as caught:
        state.parse(text)
    assert (caught.value.key, caught.value.params) == (key, params)


def test_apply_refuses_an_illegal_move_and_changes_nothing() -> None:
    state, _ = play(["6L"])
    before = state.clone()
    for move in (Placement(5, "L"), Placement(7, "A"), Placement(1, "Z")):
        with pytest.raises(IllegalMove):
            state.apply(move)
    assert state.view() == before.view()
    assert state.hands == before.hands


def test_clone_is_independent() -> None:
    state, _ = play(WORKED[:4])
    copy = state.clone()
    copy.play(WORKED[4])
    assert state.ply == 4 and copy.ply == 5 and "B" not in state.board
    assert state.view() == play(WORKED[:4])[0].view()


def test_hidden_variant_has_no_early_domination() -> None:
    state, events = play(WORKED, hidden=True)
    assert won(events[5]) == {}  # the normal game gives away L1 and L5 here
    assert won(events[-1]) == {3: 1}  # only the full line L3; L2 waits for H and I
    assert won(events[7]) == {5: 0}  # 5J fills L5 (ACFJ) to a 7–7 tie that dark loses
    assert state.owners[2] is None


def test_hidden_variant_reveals_full_lines() -> None:
    state, events = play(["1A"], hidden=True)
    assert not state.move_reveals(Placement(6, "C"))
    assert state.move_reveals(Placement(2, "B"))  # B completes L0 (AB)
    events = state.play("2B")
    revealed = {"line": 0, "druids": "1A 2B", "light_total": 1, "dark_total": 2}
    assert events == [
        Event("stonehenge-placed-hidden", {"seat": 1, "point": "B"}),
        Event("stonehenge-revealed", revealed),
        Event("stonehenge-line-won", {"seat": 1, "line": 0}),
    ]
    assert state.view(None).points["A"] == Druid(0, 1, face_down=False)


def test_hidden_variant_tie_is_lost_by_the_last_placer() -> None:
    _, events = play(["3A", "3B"], first=1, hidden=True)
    assert won(events[1]) == {0: 1}


def test_hidden_view_shows_values_only_to_their_owner() -> None:
    state, events = play(["6F", "1G"], hidden=True)
    assert events[0] == [Event("stonehenge-placed-hidden", {"seat": 0, "point": "F"})]
    light, dark, public = state.view(0), state.view(1), state.view(None)
    assert light.points["F"] == Druid(0, 6, face_down=True)
    assert dark.points["G"] == Druid(1, 1, face_down=True)
    assert dark.points["F"] == public.points["F"] == Druid(0, None, face_down=True)
    assert light.points["G"] == public.points["G"] == Druid(1, None, face_down=True)
    assert light.hands == ((1, 1, 2, 2, 3, 3, 4, 5), None)
    assert dark.hands == (None, (1, 2, 2, 3, 3, 4, 5, 6))
    assert public.hands == (None, None)
    assert light.hand_sizes == dark.hand_sizes == public.hand_sizes == (8, 8)


def test_hidden_variant_megaliths_stop_at_eight() -> None:
    state, _ = play(HIDDEN_SEVEN_TO_NINE[:-1], hidden=True)
    assert state.owners.count(0) == 7 and state.turn == 1
    state.play(HIDDEN_SEVEN_TO_NINE[-1])
    assert state.owners.count(0) == 9 and state.outcome().scores == (8, 1)
    assert state.outcome().winners == (0,)


def test_normal_variant_hides_nothing() -> None:
    state, _ = play(["6F", "1G"])
    assert state.view(None).points["F"] == Druid(0, 6)
    hands = ((1, 1, 2, 2, 3, 3, 4, 5), (1, 2, 2, 3, 3, 4, 5, 6))
    assert state.view(0).hands == state.view(1).hands == state.view(None).hands == hands
    assert not state.move_reveals(Placement(2, "H"))


def test_legal_moves_are_distinct_values_on_empty_points() -> None:
    state, _ = play(["1A", "6B", "1C"])
    moves = state.legal_moves()
    assert len(moves) == len(set(moves)) == 5 * 15  # dark has no 6 left
    light_moves = play(["1A", "6B", "1C", "5D"])[0].legal_moves()
    assert Counter(m.value for m in light_moves) == dict.fromkeys((2, 3, 4, 5, 6), 14)


def test_series_standing() -> None:
    # Game 1: light wins 8–5 (dark leaves 3); game 2: dark wins, light had 6 (leaves 2).
    assert series_standing([(0, (8, 5)), (1, (6, 8))]) == SeriesStanding((2, 3), (0,))
    assert series_standing([(0, (8, 5)), (1, (5, 8))]) == SeriesStanding((3, 3), (0, 1))
    assert series_standing([]) == SeriesStanding((0, 0), (0, 1))


def test_series_start_alternates() -> None:
    assert [series_first(i, 1) for i in range(5)] == [1, 0, 1, 0, 1]
