"""The computer players (ai/): legal moves, blind to what their seat cannot see, exact endgames.

Budgets are iteration counts, so every result here is deterministic; they are small to keep
the file fast, which is enough for legality and for the seat-view property.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai import LEVELS, Budget, choose_move, players, seat_info
from ai.__main__ import main
from ai.arena import RANDOM, play
from ai.kahuna_deal import kahuna_hidden
from ai.reference import reference_move
from ai.sample import determinise
from ai.stonehenge import position_of, wins
from bench.endgame import brute_wins, endgame_positions, immediate_wins, wins_now_positions
from rules import get_game
from rules.islas import pile as islas_pile
from rules.kahuna import CARDS
from rules.record import Record
from rules.stonehenge import LINES, STONEHENGE

SMALL = Budget(iterations=12)
GAMES = [
    ("stonehenge", 2, {}),
    ("stonehenge", 2, {"hidden": True}),
    ("kahuna", 2, {}),
    ("islas", 2, {}),
    ("islas", 3, {}),
]


def random_record(game: str, players: int, options: dict, seed: int, plies: int) -> Record:
    """A record of ``plies`` random moves (fewer if the game ends), first seat fixed."""
    options = {**options, "first": seed % players}
    state = get_game(game).new(players, seed, options)
    rng = random.Random(seed)
    moves = []
    for _ in range(plies):
        if state.turn is None:
            break
        move = rng.choice(state.legal_moves())
        moves.append(state.format(move))
        state.apply(move)
    if state.turn is None:  # leave a position with a move to make
        moves.pop()
    return Record(game, players, seed, options, tuple(moves))


def mover(record: Record) -> int:
    state = get_game(record.game).replay(record.players, record.seed, record.options, record.moves)
    assert state.turn is not None
    return state.turn


def assert_legal(record: Record, move: str) -> None:
    state = get_game(record.game).replay(record.players, record.seed, record.options, record.moves)
    state.parse(move)  # raises when the move is not legal


# -- legality ----------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(range(len(GAMES))),
    seed=st.integers(0, 10_000),
    plies=st.integers(0, 120),
    level=st.sampled_from(LEVELS),
    player_seed=st.integers(0, 1000),
)
def test_every_level_plays_legal_moves(
    game: int, seed: int, plies: int, level: str, player_seed: int
) -> None:
    name, players, options = GAMES[game]
    record = random_record(name, players, options, seed, plies)
    seat = mover(record)
    move = choose_move(seat_info(record, seat), level, SMALL, player_seed)
    assert_legal(record, move)


def _kahuna_turn_start() -> Record:
    record = random_record("kahuna", 2, {}, 11, 40)
    while record.moves and mover(record) == mover(
        Record("kahuna", 2, 11, record.options, record.moves[:-1])
    ):
        record = Record("kahuna", 2, 11, record.options, record.moves[:-1])  # a turn's start
    return record


@pytest.mark.parametrize("level", ["normal"])
def test_a_kahuna_turn_is_planned_once_and_played_step_by_step(level: str) -> None:
    record = _kahuna_turn_start()
    seat = mover(record)
    moves = list(record.moves)
    plan: list[str] = []
    while True:
        current = Record("kahuna", 2, record.seed, record.options, tuple(moves))
        info = seat_info(current, seat)
        move = choose_move(info, level, Budget(iterations=40), 3)
        if not plan:
            plan = players._PLANS[(info.key(), seat)]
        assert move == plan[len(moves) - len(record.moves)]  # the plan, step by step
        assert_legal(current, move)
        moves.append(move)
        if move.startswith("draw "):
            break
    assert len(moves) - len(record.moves) == len(plan)


def test_kahuna_hard_thinks_again_at_each_action_with_its_plan_among_the_turns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ai import kahuna

    compared: list[tuple[list[str], list[str]]] = []  # (the plan's rest, the first turn compared)
    with_plan = kahuna._with_plan

    def spy(state, rest, turns):  # type: ignore[no-untyped-def]
        found = with_plan(state, rest, turns)
        compared.append((list(rest), [state.format(m) for m in found[0]]))
        return found

    monkeypatch.setattr(kahuna, "_with_plan", spy)
    record = _kahuna_turn_start()
    seat = mover(record)
    moves = list(record.moves)
    for _ in range(12):
        current = Record("kahuna", 2, record.seed, record.options, tuple(moves))
        info = seat_info(current, seat)
        move = choose_move(info, "hard", Budget(iterations=40), 3)
        assert move == players._PLANS[(info.key(), seat)][0]  # the plan it made now
        assert_legal(current, move)
        moves.append(move)
        if move.startswith("draw "):
            break
    assert moves[-1].startswith("draw ")
    actions = len(moves) - len(record.moves) - 1
    assert len(compared) == actions >= 1  # once for each step after the first
    assert all(rest == first for rest, first in compared)


# -- the seat sees only its own view -----------------------------------------------------------


def same_choices(a: Record, b: Record, seat: int) -> None:
    """Both records look the same to ``seat``, and every level picks the same move in both."""
    info_a, info_b = seat_info(a, seat), seat_info(b, seat)
    assert info_a.key() == info_b.key()
    assert info_a.view == info_b.view
    for level in LEVELS:
        for player_seed in (1, 2) if level != "hard" else (1,):
            assert choose_move(info_a, level, SMALL, player_seed) == choose_move(
                info_b, level, SMALL, player_seed
            ), (level, player_seed)
    # bench ai's reference player (plain UCT) is held to the same
    assert reference_move(info_a, 1, iterations=8) == reference_move(info_b, 1, iterations=8)


def stonehenge_variant(record: Record, seat: int, rng: random.Random) -> Record | None:
    """The same game with the other seat's face-down values (and hand) swapped around."""
    other = 1 - seat
    state = STONEHENGE.replay(2, record.seed, record.options, record.moves)
    view, theirs = state.view(seat), state.view(other)
    hidden = [
        i
        for i, text in enumerate(record.moves)
        if theirs.points[text[-1]].seat == other and view.points[text[-1]].value is None
    ]
    if not hidden:
        return None
    index = rng.choice(hidden)
    old = int(record.moves[index][:-1])
    pool = [int(record.moves[i][:-1]) for i in hidden] + list(theirs.hands[other] or ())
    choices = sorted(set(pool) - {old})
    if not choices:
        return None
    new = rng.choice(choices)
    moves = list(record.moves)
    moves[index] = f"{new}{moves[index][-1]}"
    # The value taken from elsewhere goes where it was: another face-down druid or the hand.
    swap = [i for i in hidden if i != index and int(record.moves[i][:-1]) == new]
    if swap:
        moves[swap[0]] = f"{old}{moves[swap[0]][-1]}"
    return Record("stonehenge", 2, record.seed + 1, record.options, tuple(moves))


@pytest.mark.parametrize("seed", range(6))
def test_stonehenge_hidden_values_and_seed_do_not_change_the_move(seed: int) -> None:
    rng = random.Random(seed)
    for game_seed in range(seed, seed + 100, 6):  # a position with a face-down druid to swap
        record = random_record("stonehenge", 2, {"hidden": True}, game_seed, 4 + seed * 2)
        seat = mover(record)
        variant = stonehenge_variant(record, seat, rng)
        if variant is not None:
            break
    assert variant is not None
    a = STONEHENGE.replay(2, record.seed, record.options, record.moves)
    b = STONEHENGE.replay(2, variant.seed, variant.options, variant.moves)
    assert a.view(1 - seat) != b.view(1 - seat)  # the hidden part did change
    same_choices(record, variant, seat)


@pytest.mark.parametrize("seed", range(3))
def test_stonehenge_open_seed_does_not_change_the_move(seed: int) -> None:
    record = random_record("stonehenge", 2, {}, seed, 6 + seed)
    other = Record("stonehenge", 2, seed + 99, record.options, record.moves)
    same_choices(record, other, mover(record))


def with_deck(record: Record, deck: list[str], reshuffles: list[list[str]] | None = None) -> Record:
    options = {**record.options, "deck": deck}
    if reshuffles is not None:
        options["reshuffles"] = reshuffles
    return Record(record.game, record.players, record.seed + 7, options, record.moves)


def pile_order(state) -> list[str]:
    """The draw pile, top first, read by drawing it out of a copy."""
    copy, cards = state.clone(), []
    while copy.summary()["pile"] and copy.turn is not None:
        before = copy.view(copy.turn).hand
        for move in copy.legal_moves():  # make room, then draw the top
            if move.__class__.__name__ == "Discard" and len(before) >= 5:
                copy.apply(move)
                break
        copy.apply(copy.parse("draw deck"))
        after = copy.view(1 - copy.turn).hand if copy.turn is not None else ()
        cards.append(sorted(Counter(after) - Counter(before)))
    return cards


@pytest.mark.parametrize("seed", range(4))
def test_kahuna_other_hand_pile_and_seed_do_not_change_the_move(seed: int) -> None:
    # A game in round 1, with its deck written out so that its hidden parts can be changed.
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    base = random_record("kahuna", 2, {"deck": deck}, seed, 10 + 3 * seed)
    seat = mover(base)
    info = seat_info(base, seat)
    # 1. The cards nobody has seen yet, still in the pile, in another order.
    state = get_game("kahuna").replay(2, base.seed, base.options, base.moves)
    drawn = len(CARDS) - state.summary()["pile"]
    rest = deck[drawn:]
    random.Random(seed + 50).shuffle(rest)
    same_choices(base, with_deck(base, deck[:drawn] + rest), seat)
    # 2. Whole other deals that this seat cannot tell apart: another hand, pile, discards.
    changed = 0
    for attempt in range(3):
        found = kahuna_hidden(info, random.Random(attempt))
        assert found is not None
        new_deck, reshuffles, moves = found
        options = {"deck": new_deck, "reshuffles": reshuffles, "first": base.options["first"]}
        variant = Record("kahuna", 2, seed + 1000, options, tuple(moves))
        other = get_game("kahuna").replay(2, variant.seed, variant.options, variant.moves)
        # What only the other seat sees (its hand) or nobody does (the pile, drawn in turn).
        hand_changed = other.view(1 - seat).hand != state.view(1 - seat).hand
        if hand_changed or pile_order(other) != pile_order(state):
            changed += 1
            same_choices(base, variant, seat)
    assert changed


@pytest.mark.parametrize("players", [2, 3])
def test_islas_pile_order_and_seed_do_not_change_the_move(players: int) -> None:
    rng = random.Random(players)
    deck = islas_pile()
    rng.shuffle(deck)
    base = random_record("islas", players, {"deck": deck}, players, 9)
    state = get_game("islas").replay(players, base.seed, base.options, base.moves)
    seen = 72 - state.summary()["tiles_left"]  # the tiles drawn: all but those left, + start
    for attempt in range(2):
        rest = deck[seen:]
        random.Random(attempt).shuffle(rest)
        assert rest != deck[seen:]
        same_choices(base, with_deck(base, deck[:seen] + rest), mover(base))


def test_determinisation_keeps_what_the_seat_sees() -> None:
    for name, seats, options in GAMES:
        record = random_record(name, seats, options, 5, 30)
        seat = mover(record)
        info = seat_info(record, seat)
        sample = determinise(info, random.Random(0))
        assert sample.view(seat) == info.view


# -- Stonehenge: exact endgames ----------------------------------------------------------------


def test_stonehenge_hard_never_misses_a_forced_win() -> None:
    forced = 0
    for record in endgame_positions(14, 6):
        state = STONEHENGE.replay(2, record.seed, record.options, record.moves)
        can_win = brute_wins(state)
        assert wins(position_of(state)) == can_win
        if not can_win:
            continue
        forced += 1
        seat = state.turn
        move = choose_move(seat_info(record, seat), "hard", Budget(iterations=5), 0)
        state.play(move)
        assert state.winner == seat or not brute_wins(state), (record.moves, move)
    assert forced >= 3
    assert len(LINES) == 15


def test_the_random_player_moves_where_no_sampled_deal_fits_its_history() -> None:
    # A game (found by bench ai) where, at one turn, no deal that the seat's sampler draws
    # fits what it saw: the random player still moves, among the moves its hand allows.
    record, times = play("kahuna", [RANDOM, "normal"], 300_031, Budget(iterations=1))
    state = get_game("kahuna").replay(2, record.seed, record.options, record.moves)
    assert state.turn is None and len(times[0]) > 20


# -- the command line --------------------------------------------------------------------------


def test_cli_move_prints_a_legal_move(tmp_path, capsys) -> None:
    record = random_record("kahuna", 2, {}, 3, 25)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    seat = mover(record)
    assert (
        main(["move", str(path), "--seat", str(seat), "--level", "hard", "--iterations", "10"]) == 0
    )
    assert_legal(record, capsys.readouterr().out.strip())
    assert main(["move", str(path), "--seat", str(1 - seat)]) == 1
    capsys.readouterr()


def test_cli_arena_reports_wins_and_think_times(capsys) -> None:
    assert (
        main(
            [
                "arena",
                "stonehenge",
                "normal",
                "random",
                "--games",
                "2",
                "--iterations",
                "5",
                "--json",
            ]
        )
        == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2
    assert summary["wins_a"] + summary["wins_b"] + summary["draws"] == 2
    assert set(summary["think_ms"]["a"]) == {"p50", "p99", "moves"}
    assert main(["arena", "islas", "easy", "random", "--games", "1", "--iterations", "3"]) == 0
    assert "islas: easy" in capsys.readouterr().out


# -- Islas: the evaluation that ``ranked`` shares between sibling positions ---------------------


def test_islas_scores_remembered_between_siblings_equal_those_counted_afresh() -> None:
    from ai import islas

    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = get_game("islas").new(2 + seed % 2, seed, {})
        while state.turn is not None:
            moves = state.legal_moves()
            if state.ply % 7 == 3:
                for hopeful in (False, True):
                    memo: islas.Memo = {}
                    for move in moves:
                        after = state.clone()
                        after.apply(move)
                        assert islas.virtual_scores(after, hopeful, memo) == pytest.approx(
                            islas.virtual_scores(after, hopeful)
                        )
                        checked += 1
            # Followers on half of the moves, so that many features are held.
            held = [m for m in moves if m.follower] if rng.random() < 0.5 else moves
            state.apply(rng.choice(held or moves))
    assert checked > 1000


# -- a win that is there now is taken ------------------------------------------------------------

#: Issue 24's position: seat 0 (first) to move; 6G wins two moves later, 6Q wins now.
WINS_NOW = ("4F", "5K", "3O", "2M", "1E", "4A", "2N", "6B", "2R", "1I", "5D", "3P", "1H", "1L")


def test_stonehenge_hard_takes_the_win_that_is_there_now() -> None:
    record = Record("stonehenge", 2, 1, {"first": 0}, WINS_NOW)
    state = STONEHENGE.replay(2, record.seed, record.options, record.moves)
    winning = immediate_wins(state)
    assert "6Q" in winning and "6G" not in winning
    for seed in range(3):
        assert choose_move(seat_info(record, 0), "hard", Budget(iterations=50), seed) == "6Q"


def test_stonehenge_hard_wins_at_once_by_the_largest_margin_wherever_it_can() -> None:
    margins = set()
    for record in wins_now_positions(12):
        state = STONEHENGE.replay(2, record.seed, record.options, record.moves)
        winning = immediate_wins(state)
        margins.add(tuple(sorted(winning.values())))
        move = choose_move(seat_info(record, state.turn), "hard", Budget(iterations=20), 0)
        assert winning.get(move) == max(winning.values()), (record.moves, move, winning)
    assert any(len(set(m)) > 1 for m in margins)  # some position offers a smaller win too


def _winning_share(state, move) -> float:
    """The share of the opponent's replies after ``move`` that keep its forced win (engine)."""
    after = state.clone()
    after.play(move)
    replies = after.legal_moves()
    winning = 0
    for reply in replies:
        then = after.clone()
        then.apply(reply)
        winning += then.winner == after.turn or (then.turn is not None and not brute_wins(then))
    return winning / len(replies)


def test_stonehenge_hard_in_a_lost_endgame_leaves_the_fewest_winning_replies() -> None:
    lost = 0
    for record in endgame_positions(30, 6):
        state = STONEHENGE.replay(2, record.seed, record.options, record.moves)
        if brute_wins(state):
            continue
        lost += 1
        move = choose_move(seat_info(record, state.turn), "hard", Budget(iterations=5), 0)
        shares = {
            state.format(m): _winning_share(state, state.format(m))
            for m in state.legal_moves()
            if not _hands_over(state, m)
        }
        if not shares:
            continue  # every move ends the game: nothing to choose
        assert shares[move] == min(shares.values()), (record.moves, move, shares)
    assert lost >= 3


def _hands_over(state, move) -> bool:
    """Whether ``move`` ends the game at once (handing the other seat its 8th megalith)."""
    after = state.clone()
    after.apply(move)
    return after.turn is None
