"""Pairing and standings of tournaments (table/pairing.py): scenarios worked by hand, then
properties over random results (small fields checked against every possible pairing)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from table.pairing import (
    Played,
    Standing,
    round_robin,
    round_robin_rounds,
    standings,
    swiss,
    table_points,
    table_sizes,
    tables,
    two_player_points,
)
from table.pairing import _swiss as swiss_in_blocks

SETTINGS = settings(max_examples=60, deadline=None)
RESULTS = st.sampled_from(((1, 2), (2, 1), (1, 1)))
#: First seat wins, loses, or a draw: the results of a hand-worked round, board by board.
OUTCOME = {"w": (1.0, 0.0), "l": (0.0, 1.0), "d": (0.5, 0.5)}


def test_two_player_points_are_one_half_and_nothing() -> None:
    assert two_player_points([1, 2]) == (1.0, 0.0)
    assert two_player_points([2, 1]) == (0.0, 1.0)
    assert two_player_points([1, 1]) == (0.5, 0.5)
    with pytest.raises(ValueError):
        two_player_points([1, 2, 3])


def test_table_points_are_4_2_1_0_and_4_2_0_shared_on_ties() -> None:
    assert table_points([1, 2, 3, 4]) == (4.0, 2.0, 1.0, 0.0)
    assert table_points([3, 1, 4, 2]) == (1.0, 4.0, 0.0, 2.0)
    assert table_points([1, 1, 3, 4]) == (3.0, 3.0, 1.0, 0.0)  # (4 + 2) / 2 each
    assert table_points([1, 2, 2, 4]) == (4.0, 1.5, 1.5, 0.0)
    assert table_points([1, 2, 3, 3]) == (4.0, 2.0, 0.5, 0.5)
    assert table_points([1, 1, 1, 4]) == pytest.approx((7 / 3, 7 / 3, 7 / 3, 0.0))
    assert table_points([1, 1, 1, 1]) == (1.75, 1.75, 1.75, 1.75)
    assert table_points([1, 2, 3]) == (4.0, 2.0, 0.0)
    assert table_points([2, 2, 1]) == (1.0, 1.0, 4.0)
    assert table_points([1, 1, 1]) == (2.0, 2.0, 2.0)
    for wrong in ([1, 2], [1, 2, 3, 4, 5], [1, 3, 3], [2, 2, 3]):
        with pytest.raises(ValueError):
            table_points(wrong)


def test_table_sizes_use_as_few_tables_of_three_as_the_count_needs() -> None:
    assert {n: table_sizes(n) for n in range(14)} == {
        0: [], 1: [], 2: [], 3: [3], 4: [4], 5: [], 6: [3, 3], 7: [4, 3], 8: [4, 4],
        9: [3, 3, 3], 10: [4, 3, 3], 11: [4, 4, 3], 12: [4, 4, 4], 13: [4, 3, 3, 3],
    }  # fmt: skip
    assert sum(table_sizes(1001)) == 1001


def test_a_round_robin_of_four_plays_three_berger_rounds() -> None:
    players = [11, 12, 13, 14]
    assert round_robin_rounds(4) == 3
    assert [round_robin(players, r) for r in (1, 2, 3)] == [
        [(11, 14), (12, 13)],
        [(14, 12), (13, 11)],
        [(13, 14), (11, 12)],
    ]
    assert round_robin_rounds(5) == 5
    assert round_robin_rounds(1) == 0
    assert round_robin([1, 2, 3], 1)[-1] == (1,)  # the one paired with Berger's dummy sits out
    with pytest.raises(ValueError):
        round_robin(players, 4)


def _play_rounds(
    players: Sequence[int], outcomes: Sequence[str], pair: Callable = swiss
) -> tuple[list[list[tuple[int, ...]]], list[Played]]:
    """Rounds paired by ``pair``, each board's result from ``outcomes`` (one letter a board)."""
    history: list[Played] = []
    rounds = []
    for number, letters in enumerate(outcomes, start=1):
        paired = pair(players, history)
        rounds.append(paired)
        boards = iter(letters)
        for table in paired:
            points = (1.0,) if len(table) == 1 else OUTCOME[next(boards)]
            history.append(Played(number, table, points))
    return rounds, history


def test_a_swiss_of_nine_over_four_rounds_matches_the_standings_worked_by_hand() -> None:
    rounds, history = _play_rounds(range(1, 10), ["wdlw", "lwdw", "wwld", "dlww"])
    # Round 1: top half v bottom half, the lowest gets the bye. Round 2: 2 and 6 drew each
    # other, so both float to the 0-point group; the bye goes to 8 (the lowest). Round 3: the
    # bye to 3; 6 (alone on 1½) meets the top of the 1-point group. Round 4: 4 has the bye;
    # 1 cannot meet 6 (both had one first seat more) nor 5, 7 or 9 again: 2, who sits first.
    assert rounds == [
        [(1, 5), (2, 6), (3, 7), (4, 8), (9,)],
        [(7, 1), (9, 4), (5, 2), (6, 3), (8,)],
        [(1, 9), (6, 4), (8, 2), (7, 5), (3,)],
        [(2, 1), (9, 6), (8, 7), (5, 3), (4,)],
    ]
    # Buchholz: the opponents' final points (a bye: 0); Sonneborn–Berger: beaten opponents'
    # points and half the drawn ones'. E.g. 1 beat 5 (2), 7 (1½), 9 (2), drew 2 (2½):
    # Buchholz 8, SB 5½ + 1¼ = 6¾.
    assert standings(range(1, 10), history, "swiss") == [
        Standing(1, 1, 3.5, (8.0, 6.75), 4),
        Standing(2, 6, 3.5, (7.5, 6.25), 4),
        Standing(3, 2, 2.5, (11.0, 6.5), 4),
        Standing(4, 9, 2.0, (9.0, 2.0), 3),
        Standing(5, 5, 2.0, (8.5, 3.0), 4),
        Standing(6, 4, 2.0, (7.5, 2.0), 3),
        Standing(7, 8, 2.0, (6.0, 1.5), 3),
        Standing(8, 7, 1.5, (8.5, 2.0), 4),
        Standing(9, 3, 1.0, (7.0, 0.0), 3),
    ]


def test_players_level_on_points_and_tiebreaks_share_a_rank() -> None:
    history = [Played(r, pair, (0.5, 0.5)) for r, pair in enumerate([(1, 2), (3, 1), (2, 3)], 1)]
    assert [(s.rank, s.player) for s in standings([1, 2, 3], history, "round-robin")] == [
        (1, 1), (1, 2), (1, 3),
    ]  # fmt: skip
    with pytest.raises(ValueError):
        standings([1], [], "knockout")


def test_withdrawn_players_are_not_paired_but_count_for_their_opponents() -> None:
    history = [Played(1, (1, 2), (1.0, 0.0)), Played(1, (4, 3), (1.0, 0.0))]
    # 4 won and withdrew. 3 lost to someone with one point: Buchholz 1. Of 1, 2, 3 the bye
    # would go to 3 (the lowest), but then 1 would meet 2 again: 2 (next lowest) gets it.
    lines = {s.player: s for s in standings([1, 2, 3], history, "swiss")}
    assert lines[3].tiebreaks == (1.0, 0.0)
    assert 4 not in lines
    assert swiss([1, 2, 3], history) == [(3, 1), (2,)]


def test_tables_of_seven_are_a_four_and_a_three_from_the_top_of_the_standings() -> None:
    assert tables(range(1, 8), []) == [(1, 2, 3, 4), (5, 6, 7)]
    with pytest.raises(ValueError):
        tables(range(1, 6), [])


def test_tables_swap_neighbours_to_avoid_meeting_again() -> None:
    history = [
        Played(1, (1, 2, 3, 4), table_points([1, 1, 1, 4]), (30, 30, 30, 10)),
        Played(1, (5, 6, 7), table_points([1, 1, 1]), (20, 20, 20)),
    ]
    lines = standings(range(1, 8), history, "tables")
    assert [(s.rank, s.player, s.tiebreaks) for s in lines] == [
        (1, 1, (30.0,)), (1, 2, (30.0,)), (1, 3, (30.0,)),
        (4, 5, (20.0,)), (4, 6, (20.0,)), (4, 7, (20.0,)), (7, 4, (10.0,)),
    ]  # fmt: skip
    # Filled from the top: 1 2 3 5 | 6 7 4 would repeat four meetings; swapping 3 and 6 (the
    # closest in the standings of the swaps that help) leaves three, the fewest possible.
    # Seats: nobody who sat first last time sits first, the latest seats go early.
    assert tables(range(1, 8), history) == [(6, 2, 1, 5), (7, 4, 3)]


def _pairings(players: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to pair ``players`` (with a bye when odd)."""
    if len(players) % 2:
        for i, bye in enumerate(players):
            for rest in _pairings(players[:i] + players[i + 1 :]):
                yield [*rest, (bye,)]
        return
    if not players:
        yield []
        return
    first = players[0]
    for i in range(1, len(players)):
        for rest in _pairings(players[1:i] + players[i + 1 :]):
            yield [(first, players[i]), *rest]


def _excess(balance: int, seat: int) -> int:
    """How far past one a player's first seats would go (seat 0: first)."""
    return max(0, abs(balance + (1 if seat == 0 else -1)) - 1)


def _faults(
    round_: Sequence[tuple[int, ...]], history: Sequence[Played], *, best_seats: bool
) -> tuple[int, int, int]:
    """(second byes, repeat meetings, first-seat excess) of a round; ``best_seats``: each pair
    seated the better way round rather than as given."""
    met = Counter(frozenset(t.players) for t in history if len(t.players) == 2)
    byes = Counter(t.players[0] for t in history if len(t.players) == 1)
    balance: Counter[int] = Counter()
    for t in history:
        if len(t.players) == 2:
            balance[t.players[0]] += 1
            balance[t.players[1]] -= 1
    second_byes = sum(byes[t[0]] for t in round_ if len(t) == 1)
    pairs = [t for t in round_ if len(t) == 2]
    repeats = sum(met[frozenset(p)] for p in pairs)

    def seat_cost(a: int, b: int) -> int:
        return _excess(balance[a], 0) + _excess(balance[b], 1)

    seats = sum(
        min(seat_cost(a, b), seat_cost(b, a)) if best_seats else seat_cost(a, b) for a, b in pairs
    )
    return second_byes, repeats, seats


def _random_round(
    round_: Sequence[tuple[int, ...]], number: int, data: st.DataObject
) -> Iterator[Played]:
    for table in round_:
        if len(table) == 1:
            yield Played(number, table, (1.0,))
        else:
            yield Played(number, table, two_player_points(data.draw(RESULTS)))


def _once_each(round_: Sequence[tuple[int, ...]], players: Sequence[int]) -> bool:
    return sorted(p for t in round_ for p in t) == sorted(players)


@SETTINGS
@given(count=st.integers(1, 9), rounds=st.integers(1, 7), data=st.data())
def test_swiss_repeats_byes_and_seat_imbalance_only_when_every_pairing_has_them(
    count: int, rounds: int, data: st.DataObject
) -> None:
    # Checked against every possible pairing: no second bye while one can be avoided, then
    # no repeat meeting while one can be avoided, then first seats within one.
    players = list(range(101, 101 + count))
    history: list[Played] = []
    for number in range(1, rounds + 1):
        paired = swiss(players, history)
        assert _once_each(paired, players)
        assert sum(len(t) == 1 for t in paired) == count % 2
        best = min(_faults(p, history, best_seats=True) for p in _pairings(players))
        assert _faults(paired, history, best_seats=False) == best
        assert swiss(players, history) == paired  # the same input, the same pairing
        history.extend(_random_round(paired, number, data))


@SETTINGS
@given(count=st.integers(2, 24), rounds=st.integers(1, 6), data=st.data())
def test_swiss_gives_one_bye_at_most_and_keeps_first_seats_within_two(
    count: int, rounds: int, data: st.DataObject
) -> None:
    # Within one while a pairing without a repeat allows it: that order is checked against
    # every possible pairing above (fields up to 9). Late in a long Swiss the only pairings
    # without a repeat may seat a player first twice more than second (8 players, round 6,
    # found by this test), and a repeat is the worse of the two: never past two, as FIDE's
    # absolute colour rule has it.
    rounds = min(rounds, count - 1)  # a field of n has repeat-free rounds for n - 1 rounds
    players = list(range(1, count + 1))
    history: list[Played] = []
    for number in range(1, rounds + 1):
        paired = swiss(players, history)
        assert _once_each(paired, players)
        history.extend(_random_round(paired, number, data))
    byes = Counter(t.players[0] for t in history if len(t.players) == 1)
    assert max(byes.values(), default=0) <= 1
    assert _seat_spread(history) <= 2


def _seat_spread(history: Sequence[Played]) -> int:
    balance: Counter[int] = Counter()
    for t in history:
        if len(t.players) == 2:
            balance[t.players[0]] += 1
            balance[t.players[1]] -= 1
    return max((abs(b) for b in balance.values()), default=0)


@SETTINGS
@given(
    count=st.integers(4, 26),
    block=st.sampled_from((4, 6, 10)),
    rounds=st.integers(1, 6),
    data=st.data(),
)
def test_a_field_paired_in_blocks_avoids_what_the_whole_field_in_one_matching_avoids(
    count: int, block: int, rounds: int, data: st.DataObject
) -> None:
    # Big fields are paired block by block (for speed); small blocks here make that happen.
    players = list(range(1, count + 1))
    history: list[Played] = []
    for number in range(1, rounds + 1):
        paired = swiss_in_blocks(players, history, block)
        whole = swiss_in_blocks(players, history, count + 1)
        assert _once_each(paired, players)
        assert _faults(paired, history, best_seats=False) == _faults(
            whole, history, best_seats=False
        )
        history.extend(_random_round(paired, number, data))


@settings(max_examples=40, deadline=None)
@given(count=st.integers(2, 40))
def test_a_round_robin_meets_everyone_once_with_first_seats_within_one(count: int) -> None:
    players = [1000 + 7 * i for i in range(count)]
    met: Counter[frozenset[int]] = Counter()
    sat_out: Counter[int] = Counter()
    history: list[Played] = []
    for number in range(1, round_robin_rounds(count) + 1):
        paired = round_robin(players, number)
        assert _once_each(paired, players)
        for table in paired:
            if len(table) == 1:
                sat_out[table[0]] += 1
            else:
                met[frozenset(table)] += 1
            history.append(Played(number, table, (0.0,) * len(table)))
        assert _seat_spread(history) <= 1  # after every round, not only at the end
    assert set(met) == {frozenset(p) for p in combinations(players, 2)}
    assert set(met.values()) == {1}
    assert sat_out == (Counter(players) if count % 2 else Counter())


def _repeats(groups: Sequence[Sequence[int]], met: Counter[frozenset[int]]) -> int:
    return sum(met[frozenset(p)] for g in groups for p in combinations(g, 2))


@SETTINGS
@given(
    count=st.sampled_from((3, 4, 6, 7, 8, 9, 10, 11, 13, 16)),
    rounds=st.integers(1, 5),
    data=st.data(),
)
def test_tables_seat_everyone_once_rotate_first_seats_and_no_neighbour_swap_avoids_more_meetings(
    count: int, rounds: int, data: st.DataObject
) -> None:
    players = list(range(1, count + 1))
    history: list[Played] = []
    for number in range(1, rounds + 1):
        groups = tables(players, history)
        assert _once_each(groups, players)
        assert [len(g) for g in groups] == table_sizes(count)
        met = Counter(frozenset(p) for t in history for p in combinations(t.players, 2))
        repeats = _repeats(groups, met)
        for t in range(len(groups) - 1):
            for a in groups[t]:
                for b in groups[t + 1]:
                    swapped = [
                        [b if p == a else p for p in groups[t]],
                        [a if p == b else p for p in groups[t + 1]],
                    ]
                    assert _repeats([*groups[:t], *swapped, *groups[t + 2 :]], met) >= repeats
        firsts = Counter(t.players[0] for t in history)
        for g in groups:
            # Seats rotate: nobody at the table had fewer first seats than who sits first.
            assert firsts[g[0]] == min(firsts[p] for p in g)
            ranks = data.draw(st.permutations(range(1, len(g) + 1)))
            history.append(Played(number, g, table_points(ranks), tuple(ranks)))


def test_bench_tournament_prints_the_swiss_pairing_time(tmp_path: Path) -> None:
    # The shape only (no timed tests); the real figure: `python -m bench tournament --json`.
    args = ["tournament", "--json", "--players", "60", "--rounds", "3", "--repeat", "1"]
    args.append("--no-event")  # the whole event through the bot: tests/ops/test_bench.py
    done = subprocess.run(
        [sys.executable, "-m", "bench", *args], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["swiss_pair_1000_s"] > 0
    assert (figures["players"], figures["rounds_before"]) == (60, 3)
