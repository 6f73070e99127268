"""Properties of Kahuna over random games: conservation, control, replay, secrecy, parsing."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RulesError
from rules.base import Event
from rules.kahuna import (
    CARDS,
    DECK,
    ENDS,
    ISLANDS,
    KAHUNA,
    LINES,
    LINES_OF,
    Discard,
    Draw,
    KahunaMove,
    KahunaState,
    Place,
    Remove,
)
from rules.kahuna_view import KahunaView
from rules.replay import replay

Chooser = Callable[[KahunaState, list[KahunaMove]], KahunaMove]
# Every action spends a card from a hand of at most 5 and every turn ends with a draw that
# takes one of the round's cards (18, then at most 24 twice), so no game can be longer.
MAX_PLIES = (18 + 24 + 24) * 6


def sensible(rng: random.Random) -> Chooser:
    """A random player that builds and removes often, draws often and seldom discards."""

    def choose(state: KahunaState, moves: list[KahunaMove]) -> KahunaMove:
        draws = [m for m in moves if isinstance(m, Draw)]
        plays = [m for m in moves if isinstance(m, Place | Remove)]
        if draws and (not plays or rng.random() < 0.35):
            return rng.choice(draws)
        if plays and rng.random() < 0.9:
            return rng.choice(plays)
        return rng.choice(moves)

    return choose


def uniform(rng: random.Random) -> Chooser:
    """A random player choosing uniformly among legal moves (mostly discards)."""
    return lambda state, moves: rng.choice(moves)


def playout(
    seed: int, options: dict[str, Any], choose: Chooser
) -> Iterator[tuple[KahunaState, KahunaView, KahunaMove, list[Event]]]:
    """Play a game to its end; yield the state, the public view before, the move and events."""
    state = KAHUNA.new(2, seed, options)
    while state.turn is not None:
        before = state.view()
        move = choose(state, state.legal_moves())
        events = state.apply(move)
        yield state, before, move, events
        assert state.ply <= MAX_PLIES


def game_options(draw: Callable[[st.SearchStrategy[Any]], Any]) -> dict[str, Any]:
    """Options drawn by hypothesis."""
    return {
        "forbid_build_on_controlled": draw(st.booleans()),
        "no_bridges_ends_game": draw(st.booleans()),
    }


def check_position(state: KahunaState) -> None:
    """Conservation of cards and bridges, the majority rule, hand limits."""
    display = [card for card in state.display if card is not None]
    everywhere = [*state.hands[0], *state.hands[1], *display, *state.pile]
    assert Counter([*everywhere, *state.face_up, *state.face_down]) == Counter(CARDS)
    summary = state.summary()
    assert list(summary["bridges"]) == list(LINES)  # one entry a line: at most one bridge
    assert set(summary["bridges"].values()) <= {None, 0, 1}
    for seat in (0, 1):
        on_board = list(summary["bridges"].values()).count(seat)
        assert on_board + state.supply[seat] == 25 and state.supply[seat] >= 0
        assert len(state.hands[seat]) <= 5
    for island in ISLANDS:
        lines = LINES_OF[island]
        owners = [summary["bridges"][line] for line in lines]
        majority = [s for s in (0, 1) if 2 * owners.count(s) > len(lines)]
        assert summary["control"][island] == (majority[0] if majority else None)
    assert summary["hand_sizes"] == [len(hand) for hand in state.hands]
    assert summary["pile"] == len(state.pile) and 1 <= summary["round"] <= 3


def check_events(state: KahunaState, before: KahunaView, events: list[Event]) -> None:
    """Events name only public cards: played ones, or the face-up card taken."""
    for event in events:
        params = event.params
        if event.key == "kahuna-drew-pile":
            assert set(params) == {"seat"}
        elif event.key == "kahuna-discarded":
            assert set(params) == {"seat", "count"}
        elif event.key == "kahuna-drew-display":
            assert params["card"] in before.display
        elif event.key == "kahuna-placed":
            assert state.face_up[-1] == params["card"]
        elif event.key == "kahuna-removed":
            assert state.face_up[-2:] == params["cards"]
        elif event.key == "kahuna-took":
            opponent = 1 - params["seat"]
            assert all(state.bridges[line] != opponent for line in LINES_OF[params["island"]])
        else:
            assert not {"card", "cards"} & set(params)


def check_moves(state: KahunaState) -> None:
    """Legal moves are distinct and exactly the moves the rules accept."""
    moves = state.legal_moves()
    assert len(moves) == len(set(moves))
    assert (state.turn is None) == (not moves)
    if state.turn is None:
        return
    hand = sorted(state.hands[state.turn])
    universe: set[KahunaMove] = {Draw(DECK), *(Draw(island) for island in ISLANDS)}
    for line, (a, b) in ENDS.items():
        universe |= {Place(line, a), Place(line, b)}
        universe |= {Remove(line, pair) for pair in ((a, a), (a, b), (b, b))}
    universe |= {Discard(tuple(sorted(random.sample(hand, k)))) for k in range(1, len(hand) + 1)}
    universe |= {Discard((island,)) for island in ISLANDS}
    universe |= set(moves)
    for move in universe:
        try:
            parsed = state.parse(state.format(move))
        except RulesError:
            assert move not in moves
        else:
            assert parsed == move and move in moves


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), sensible_player=st.booleans(), data=st.data())
def test_random_games_keep_the_invariants(
    seed: int, sensible_player: bool, data: st.DataObject
) -> None:
    options = game_options(data.draw)
    rng = random.Random(seed)
    choose = (sensible if sensible_player else uniform)(rng)
    scores = (0, 0)
    for state, before, _, events in playout(seed, options, choose):
        check_position(state)
        check_events(state, before, events)
        outcome = state.outcome()
        assert all(new >= old for new, old in zip(outcome.scores, scores, strict=True))
        scores = outcome.scores
        if rng.random() < 0.1:
            check_moves(state)
    assert outcome.finished and outcome.winners
    check_moves(state)
    if state.reason == "rounds":
        assert state.round == 3 and not state.pile and not any(state.display)


def test_many_seeded_games_end() -> None:
    reasons: Counter[str | None] = Counter()
    for seed in range(150):
        rng = random.Random(seed)
        choose = (sensible if seed % 3 else uniform)(rng)
        options = {"no_bridges_ends_game": seed % 5 != 0}
        *_, (state, _, _, _) = playout(seed, options, choose)
        outcome = state.outcome()
        assert outcome.finished and state.turn is None and state.legal_moves() == []
        best = max(outcome.scores)
        if state.reason == "rounds":
            assert outcome.winners == tuple(s for s in (0, 1) if outcome.scores[s] == best)
        reasons[state.reason] += 1
    assert reasons["rounds"] > 0 and reasons["no-bridges"] > 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(1, 400), data=st.data())
def test_replaying_the_formatted_moves_rebuilds_the_game(
    seed: int, stop: int, data: st.DataObject
) -> None:
    options = game_options(data.draw)
    texts = []
    for state, _, move, _ in playout(seed, options, sensible(random.Random(seed))):
        texts.append(state.format(move))
        if len(texts) == stop:
            break
    rebuilt = KAHUNA.replay(2, seed, options, texts)
    assert rebuilt.summary() == state.summary()
    assert all(rebuilt.view(seat) == state.view(seat) for seat in (None, 0, 1))
    assert rebuilt.legal_moves() == state.legal_moves()
    assert rebuilt.clone().view(0) == state.view(0)
    record = {"game": "kahuna", "players": 2, "seed": seed, "options": options, "moves": texts}
    result = replay(record)
    assert result["summary"] == state.summary() and result["ply"] == len(texts)
    assert (result["finished"], result["scores"]) == (state.turn is None, list(state.scores))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 200))
def test_views_do_not_depend_on_other_players_secrets(seed: int, stop: int) -> None:
    rng = random.Random(seed)
    state = KAHUNA.new(2, seed)
    for state, _, _, _ in playout(seed, {}, sensible(rng)):
        if state.ply >= stop:
            break
    for seat in (0, 1):
        view = state.view(seat)
        assert view.hand == tuple(sorted(state.hands[seat]))
        assert state.view(None).hand is None
        # Deal seat's hand, the pile and the face-down discards anew: what the other seat and
        # the public see must not change.
        other = state.clone()
        secret = [*other.hands[seat], *other.pile, *other.face_down]
        rng.shuffle(secret)
        sizes = (len(other.hands[seat]), len(other.pile))
        other.hands[seat] = secret[: sizes[0]]
        other.pile = secret[sizes[0] : sizes[0] + sizes[1]]
        other.face_down = secret[sizes[0] + sizes[1] :]
        assert other.view(1 - seat) == state.view(1 - seat)
        assert other.view(None) == state.view(None)


def test_a_replayed_record_with_the_seeded_reshuffles_is_the_same_game() -> None:
    # A record may fix the new piles; fixing them to the ones the seed made changes nothing.
    for seed in range(20):
        states = list(playout(seed, {}, sensible(random.Random(seed))))
        texts = [states[i][0].format(states[i][2]) for i in range(len(states))]
        state = states[-1][0]
        piles = []
        probe = KAHUNA.new(2, seed)
        for text in texts:
            round_before = probe.round
            probe.play(text)
            if probe.round != round_before:
                piles.append([*probe.display, *probe.pile])
        first = KAHUNA.new(2, seed).turn
        options = {"deck": list(deck_of(seed)), "first": first, "reshuffles": piles}
        rebuilt = KAHUNA.replay(2, seed + 1, options, texts)
        assert rebuilt.summary() == state.summary() and rebuilt.outcome() == state.outcome()


def deck_of(seed: int) -> list[str]:
    """The deck a seed deals, top first."""
    state = KAHUNA.new(2, seed)
    return [*state.hands[0], *state.hands[1], *(c for c in state.display if c), *state.pile]


@settings(max_examples=400, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=40),
        st.lists(
            st.sampled_from(
                [
                    *("place", "remove", "discard", "draw", "with", "deck", "pile", "Drawx"),
                    *ISLANDS,
                    *(island.lower() for island in ISLANDS),
                    *("Elai-Huna", "Huna–Elai", "Aloa-Lale", "Aloa+Aloa", "+", "-", ",", " "),
                    *("\u212aahu", "\u00a0", "\u200b", "Hüna", "Mu"),
                ]
            ),
            max_size=7,
        ).map(" ".join),
    ),
    plies=st.integers(0, 60),
)
def test_parse_raises_only_rules_errors(text: str, plies: int) -> None:
    state = KAHUNA.new(2, plies)
    rng = random.Random(plies)
    choose = sensible(rng)
    while state.ply < plies and state.turn is not None:
        state.apply(choose(state, state.legal_moves()))
    try:
        move = state.parse(text)
    except RulesError:
        return
    assert move in state.legal_moves()
