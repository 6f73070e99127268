"""Properties of Stonehenge over random games (hypothesis and plain seeded playouts)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RulesError
from rules.base import Event
from rules.replay import replay
from rules.stonehenge import HAND, LINES, POINTS, STONEHENGE, Placement, StonehengeState

SETTINGS = settings(max_examples=150, deadline=None)
Chooser = Callable[[list[Placement]], Placement]


def playout(
    first: int, hidden: bool, choose: Chooser
) -> Iterator[tuple[StonehengeState, Placement, list[Event]]]:
    """Play a game to its end with ``choose``; yield the state, move and events of each ply."""
    state = STONEHENGE.new(2, 0, {"first": first, "hidden": hidden})
    while state.turn is not None:
        move = choose(state.legal_moves())
        events = state.apply(move)
        yield state, move, events


def drawn(data: st.DataObject) -> Chooser:
    """A chooser whose choices hypothesis makes (and shrinks)."""
    return lambda moves: data.draw(st.sampled_from(moves))


def check_finished(state: StonehengeState) -> None:
    """A finished game: by the 18th placement, one winner with 8 megaliths, the other fewer."""
    outcome = state.outcome()
    assert outcome.finished and state.turn is None and state.ply <= 18
    assert len(outcome.winners) == 1
    winner = outcome.winners[0]
    assert outcome.scores[winner] == 8 > outcome.scores[1 - winner]
    assert state.owners.count(winner) >= 8 > state.owners.count(1 - winner)
    assert state.view().winner == winner


@SETTINGS
@given(first=st.integers(0, 1), hidden=st.booleans(), data=st.data())
def test_random_games_keep_the_invariants(first: int, hidden: bool, data: st.DataObject) -> None:
    previous: list[int | None] = [None] * len(LINES)
    for state, _, _ in playout(first, hidden, drawn(data)):
        # A decided line never changes hands.
        assert all(
            old is None or old == new for old, new in zip(previous, state.owners, strict=True)
        )
        previous = list(state.owners)
        empty = [p for p in POINTS if p not in state.board]
        assert len(empty) == sum(len(hand) for hand in state.hands)
        moves = state.legal_moves()
        assert len(moves) == len(set(moves))
        if state.turn is not None:
            assert len(moves) == len(set(state.hands[state.turn])) * len(empty) > 0
        assert all(state.parse(state.format(m)) == m for m in moves)
        assert all(state.parse(f" {m.point.lower()}@{m.value}") == m for m in moves)
    check_finished(state)


def test_many_seeded_games_end_with_one_winner() -> None:
    rng = random.Random(20240601)
    for game in range(4000):
        plies = list(playout(game % 2, game % 4 >= 2, rng.choice))
        check_finished(plies[-1][0])


def full_board_owners(placements: list[tuple[int, int, str]]) -> list[int]:
    """Owners of all 15 lines once (seat, value, point) placements, in order, fill the board."""
    where = {point: (seat, value, ply) for ply, (seat, value, point) in enumerate(placements)}
    owners = []
    for cells in LINES:
        totals = [0, 0]
        for p in cells:
            totals[where[p][0]] += where[p][1]
        last_seat = max((where[p] for p in cells), key=lambda druid: druid[2])[0]
        owners.append(int(totals[1] > totals[0]) if totals[0] != totals[1] else 1 - last_seat)
    return owners


@settings(max_examples=400, deadline=None)
@given(
    first=st.integers(0, 1),
    hidden=st.booleans(),
    hands=st.tuples(st.permutations(HAND), st.permutations(HAND)),
    points=st.permutations(POINTS),
)
def test_lines_go_where_the_full_board_would_send_them(
    first: int, hidden: bool, hands: tuple, points: list[str]
) -> None:
    # Early domination only decides sooner: every line goes to whoever would win it on the full
    # board, so the winner is the seat holding 8+ lines of the full board.
    seats = [(first + ply) % 2 for ply in range(18)]
    placements = [(s, hands[s][ply // 2], points[ply]) for ply, s in enumerate(seats)]
    final = full_board_owners(placements)
    state = STONEHENGE.new(2, 0, {"first": first, "hidden": hidden})
    for _, value, point in placements:
        if state.turn is None:
            break
        state.apply(Placement(value, point))
    check_finished(state)
    assert all(owner in (None, final[n]) for n, owner in enumerate(state.owners))
    assert final.count(state.outcome().winners[0]) >= 8


@SETTINGS
@given(first=st.integers(0, 1), hidden=st.booleans(), data=st.data())
def test_replaying_the_formatted_moves_rebuilds_the_game(
    first: int, hidden: bool, data: st.DataObject
) -> None:
    texts = []
    stop = data.draw(st.integers(1, 18), label="stop after")
    for state, move, _ in playout(first, hidden, drawn(data)):
        texts.append(state.format(move))
        if len(texts) == stop:
            break
    options = {"first": first, "hidden": hidden}
    rebuilt = STONEHENGE.replay(2, 0, options, texts)
    assert rebuilt.summary() == state.summary()
    assert all(rebuilt.view(seat) == state.view(seat) for seat in (None, 0, 1))
    assert rebuilt.clone().view() == state.view()
    record = {"game": "stonehenge", "players": 2, "seed": 0, "options": options, "moves": texts}
    result = replay(record)
    assert result["summary"] == state.summary() and result["ply"] == len(texts)
    assert result["finished"] == (state.turn is None)


@SETTINGS
@given(first=st.integers(0, 1), data=st.data())
def test_hidden_values_stay_private(first: int, data: st.DataObject) -> None:
    for state, _, events in playout(first, True, drawn(data)):
        assert state.view(None).hands == (None, None)
        for viewer in (None, 0, 1):
            view = state.view(viewer)
            for point, druid in view.points.items():
                if druid is None:
                    continue
                assert druid.face_down == (point not in state.revealed)
                visible = not druid.face_down or druid.seat == viewer
                assert druid.value == (state.board[point].value if visible else None)
        for event in events:
            assert "value" not in event.params
            if event.key == "stonehenge-revealed":
                assert all(p in state.revealed for p in LINES[event.params["line"]])


@settings(max_examples=500, deadline=None)
@given(
    text=st.one_of(
        st.text(),
        st.text(alphabet="0123456789 @\t\nabcdeklrsxyzKLRSZ\u212a\u0131\u0663\u00a0", max_size=8),
    ),
    moves=st.integers(0, 18),
)
def test_parse_raises_only_rules_errors(text: str, moves: int) -> None:
    state = STONEHENGE.new(2, 1)
    rng = random.Random(moves)
    while state.ply < moves and state.turn is not None:
        state.apply(rng.choice(state.legal_moves()))
    try:
        move = state.parse(text)
    except RulesError:
        return
    assert move in state.legal_moves()
