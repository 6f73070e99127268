"""Kahuna scenarios from spec/kahuna.md, each built from legal moves on an explicit deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rules import IllegalMove, InvalidMove, InvalidRecord, Outcome, get_game
from rules.base import Event
from rules.kahuna import (
    CARDS,
    DECK,
    ENDS,
    ISLANDS,
    KAHUNA,
    LINES,
    LINES_OF,
    TO_CONTROL,
    Discard,
    Draw,
    KahunaState,
    Place,
    Remove,
)
from rules.kahuna_view import TurnChanges

Keep = dict[int, Sequence[str]]


def deck(*front: str) -> list[str]:
    """The 24 cards with ``front`` on top (hands 1–3 and 4–6, display 7–9, then the pile)."""
    rest = Counter(CARDS)
    rest.subtract(front)
    assert min(rest.values()) >= 0, "more than two cards of an island"
    return [*front, *sorted(rest.elements())]


def start(*front: str, first: int = 0, seed: int = 0, **options: Any) -> KahunaState:
    """A game on ``deck(*front)`` started by ``first``."""
    return KAHUNA.new(2, seed, {"deck": deck(*front), "first": first, **options})


def turn(state: KahunaState, *moves: str) -> list[Event]:
    """Play ``moves`` in notation; the events of them all."""
    return [event for text in moves for event in state.play(text)]


def make_room(state: KahunaState, keep: Keep | None = None) -> list[Event]:
    """If the player to move holds 5, discard their lowest card not kept, so they may draw."""
    seat = state.turn
    assert seat is not None
    hand = Counter(state.hands[seat])
    if hand.total() < 5:
        return []
    spare = hand - Counter((keep or {}).get(seat, ()))
    return state.play(f"discard {min(spare.elements())}")


def idle_turn(state: KahunaState, keep: Keep | None = None) -> list[Event]:
    """A turn that builds nothing: make room, then draw from the pile while it has cards."""
    events = make_room(state, keep)
    source = "deck" if state.pile else next(card for card in state.display if card)
    return events + state.play(f"draw {source}")


def idle_until(
    state: KahunaState, done: Callable[[KahunaState], bool], keep: Keep | None = None
) -> list[Event]:
    """Idle turns until ``done`` or the end of the game; the events of the last turn."""
    events: list[Event] = []
    while not done(state) and state.turn is not None:
        events = idle_turn(state, keep)
    return events


def cards_left(state: KahunaState) -> int:
    """Cards still to be taken this round (pile and display)."""
    return len(state.pile) + sum(card is not None for card in state.display)


def keys(events: list[Event]) -> list[str]:
    """The keys of ``events``."""
    return [event.key for event in events]


def all_cards(state: KahunaState) -> Counter[str]:
    """Every card wherever it is."""
    display = [card for card in state.display if card]
    return Counter([*state.hands[0], *state.hands[1], *display, *state.pile])


# -- the board and the deal ------------------------------------------------------------------


def test_board_matches_the_spec() -> None:
    assert len(ISLANDS) == 12 and len(LINES) == 27 and len(CARDS) == 24
    lines_per_island = [3, 5, 4, 4, 6, 5, 4, 5, 5, 5, 5, 3]
    assert [len(LINES_OF[island]) for island in ISLANDS] == lines_per_island
    assert all(TO_CONTROL[i] == len(LINES_OF[i]) // 2 + 1 for i in ISLANDS)
    assert all(a < b and f"{a}-{b}" == line for line, (a, b) in ENDS.items())


def test_the_deal_follows_the_records_spec() -> None:
    cards = deck("Aloa", "Bari", "Coco", "Duda", "Elai", "Faaa", "Gola", "Huna", "Iffi", "Jojo")
    state = KAHUNA.new(2, 5, {"deck": cards, "first": 1})
    assert state.game is KAHUNA and get_game("kahuna") is KAHUNA
    assert state.hands == [["Aloa", "Bari", "Coco"], ["Duda", "Elai", "Faaa"]]
    assert state.display == ["Gola", "Huna", "Iffi"] and state.pile == cards[9:]
    assert state.turn == 1 and state.round == 1 and state.ply == 0
    assert state.outcome().scores == (0, 0) and not state.outcome().finished
    assert state.summary() == {
        "round": 1,
        "control": dict.fromkeys(ISLANDS),
        "bridges": dict.fromkeys(LINES),
        "hand_sizes": [3, 3],
        "pile": 15,
    }


def test_the_seed_shuffles_and_picks_the_first_player() -> None:
    games = [KAHUNA.new(2, seed) for seed in range(30)]
    assert {state.turn for state in games} == {0, 1}
    assert len({tuple(state.pile) for state in games}) == 30
    # Naming the first player does not change the cards a seed deals.
    again = KAHUNA.new(2, 7, {"first": 0})
    assert again.hands == games[7].hands and again.pile == games[7].pile
    assert all_cards(games[3]) == Counter(CARDS)


def test_the_deck_option_ignores_case() -> None:
    state = KAHUNA.new(2, 0, {"deck": [card.upper() for card in deck()]})
    assert state.hands[0] == ["Aloa", "Aloa", "Bari"]


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"deck": deck()[:-1]}, "deck"),
        ({"deck": [*deck()[:-1], "Aloa"]}, "deck"),  # three Aloa, one Lale
        ({"deck": [*deck()[:-1], "Atlantis"]}, "deck"),
        ({"deck": [*deck()[:-1], 7]}, "deck"),
        ({"deck": "Aloa"}, "deck"),
        ({"reshuffles": [[], [], []]}, "reshuffles"),
        ({"reshuffles": ["Aloa"]}, "reshuffles"),
        ({"reshuffles": [["Mu"]]}, "reshuffles"),
        ({"reshuffles": {"2": []}}, "reshuffles"),
        ({"forbid_build_on_controlled": 1}, "forbid_build_on_controlled"),
        ({"no_bridges_ends_game": "yes"}, "no_bridges_ends_game"),
        ({"first": 2}, "first"),
    ],
)
def test_bad_options(options: dict[str, Any], option: str) -> None:
    with pytest.raises(InvalidRecord) as caught:
        KAHUNA.new(2, 0, options)
    assert (caught.value.key, caught.value.params) == ("record-bad-option", {"option": option})


def test_unknown_option_and_player_count() -> None:
    with pytest.raises(InvalidRecord) as caught:
        KAHUNA.new(2, 0, {"hidden": True})
    assert caught.value.key == "record-unknown-option"
    with pytest.raises(InvalidRecord) as caught:
        KAHUNA.new(3, 0)
    assert caught.value.key == "record-bad-players"


# -- control ---------------------------------------------------------------------------------

# Seat 1 holds Aloa (Aloa-Bari, Aloa-Huna) and Lale (Huna-Lale, Iffi-Lale); seat 0's third
# bridge on Huna takes it, clears Aloa-Huna and Huna-Lale, and so breaks both of seat 1's stones.
CASCADE_DECK = ("Duda", "Elai", "Iffi", "Bari", "Aloa", "Lale", "Lale", "Coco", "Gola")
CASCADE = [
    ["place Duda-Huna with Duda", "place Elai-Huna with Elai", "draw deck"],
    ["place Aloa-Bari with Bari", "place Aloa-Huna with Aloa", "place Huna-Lale with Lale"],
    ["draw Lale"],
    ["draw deck"],
    ["place Iffi-Lale with Lale", "draw deck"],
]


def test_a_capture_clears_bridges_and_breaks_neighbouring_control() -> None:
    state = start(*CASCADE_DECK)
    for moves in CASCADE:
        turn(state, *moves)
    assert state.control()["Aloa"] == 1 and state.control()["Lale"] == 1
    assert state.turn == 0 and state.supply == [23, 21]
    events = state.play("place Huna-Iffi with Iffi")
    assert events == [
        Event("kahuna-placed", {"seat": 0, "line": "Huna-Iffi", "card": "Iffi"}),
        Event("kahuna-took", {"seat": 0, "island": "Huna", "cleared": ["Aloa-Huna", "Huna-Lale"]}),
        Event("kahuna-lost-control", {"seat": 1, "island": "Aloa"}),
        Event("kahuna-lost-control", {"seat": 1, "island": "Lale"}),
    ]
    control = state.control()
    assert (control["Huna"], control["Aloa"], control["Lale"]) == (0, None, None)
    # Their other bridges stay; the cleared ones are back in the supply.
    assert state.bridges["Aloa-Bari"] == state.bridges["Iffi-Lale"] == 1
    assert state.bridges["Aloa-Huna"] is None and state.supply == [22, 23]
    assert state.view().current == TurnChanges(
        seat=0,
        placed=("Huna-Iffi",),
        removed=(("Aloa-Huna", 1), ("Huna-Lale", 1)),
        taken=("Huna",),
        lost=(("Aloa", 1), ("Lale", 1)),
    )
    state.play("draw deck")
    changes = state.view().changes
    assert changes.seat == 0 and changes.drew_from == "pile" and changes.taken == ("Huna",)
    assert state.view().current == TurnChanges(seat=1)


def test_a_lost_stone_comes_back_only_by_building() -> None:
    state = start(*CASCADE_DECK)
    for moves in [*CASCADE, ["place Huna-Iffi with Iffi", "draw deck"]]:
        turn(state, *moves)
    # Removals never give control: seat 1 has 1 of Aloa's 2 needed and must build.
    assert state.controller("Aloa") is None and state.bridges_on("Aloa", 1) == 1


def test_one_bridge_takes_both_its_ends() -> None:
    state = start("Bari", "Duda", "Elai", "Duda", "Lale", "Coco", "Aloa", "Gola", "Jojo")
    turn(state, "place Aloa-Bari with Bari", "place Duda-Huna with Duda")
    turn(state, "place Elai-Huna with Elai", "draw Aloa")
    turn(state, "place Aloa-Duda with Duda", "place Huna-Lale with Lale", "draw deck")
    events = state.play("place Aloa-Huna with Aloa")
    assert events[1:] == [
        Event("kahuna-took", {"seat": 0, "island": "Aloa", "cleared": ["Aloa-Duda"]}),
        Event("kahuna-took", {"seat": 0, "island": "Huna", "cleared": ["Huna-Lale"]}),
    ]
    assert state.control()["Aloa"] == state.control()["Huna"] == 0
    assert 1 not in state.bridges.values() and state.supply == [21, 25]


def test_building_on_an_island_already_held_changes_nothing() -> None:
    # Seat 0 holds Bari; seat 1 builds Bari-Elai anyway; seat 0's fourth Bari bridge leaves it.
    state = start("Aloa", "Coco", "Duda", "Elai", "Gola", "Jojo", "Faaa", "Kahu", "Lale")
    turn(state, "place Aloa-Bari with Aloa", "place Bari-Coco with Coco")
    assert keys(turn(state, "place Bari-Duda with Duda", "draw Faaa")) == [
        "kahuna-placed",
        "kahuna-took",
        "kahuna-drew-display",
    ]
    turn(state, "place Bari-Elai with Elai", "draw deck")
    assert state.controller("Bari") == 0 and state.bridges["Bari-Elai"] == 1
    assert keys(state.play("place Bari-Faaa with Faaa")) == ["kahuna-placed"]
    assert state.bridges["Bari-Elai"] == 1 and state.view().current.taken == ()


def test_a_two_card_removal_breaks_control_of_both_ends() -> None:
    state = start("Aloa", "Duda", "Coco", "Bari", "Bari", "Aloa", "Elai", "Gola", "Jojo", first=1)
    turn(state, "place Aloa-Bari with Bari", "place Aloa-Duda with Aloa")
    turn(state, "place Bari-Duda with Bari", "draw Elai")
    turn(state, "draw deck")
    events = turn(state, "place Duda-Elai with Elai")
    assert keys(events) == ["kahuna-placed", "kahuna-took"]
    turn(state, "draw deck")
    assert state.controller("Aloa") == state.controller("Duda") == 1
    events = state.play("remove Aloa-Duda with Aloa+Duda")
    assert events == [
        Event(
            "kahuna-removed",
            {"seat": 0, "line": "Aloa-Duda", "owner": 1, "cards": ["Aloa", "Duda"]},
        ),
        Event("kahuna-lost-control", {"seat": 1, "island": "Aloa"}),
        Event("kahuna-lost-control", {"seat": 1, "island": "Duda"}),
    ]
    assert state.control() == dict.fromkeys(ISLANDS) and state.supply == [25, 22]
    assert state.face_up[-2:] == ["Aloa", "Duda"]
    assert state.view().current.removed == (("Aloa-Duda", 1),)


def test_removal_needs_cards_naming_only_the_ends() -> None:
    state = start("Huna", "Huna", "Coco", "Elai", "Gola", "Jojo", "Kahu", "Lale", "Aloa", first=1)
    turn(state, "place Elai-Huna with Elai", "draw deck")
    moves = state.legal_moves()
    assert Remove("Elai-Huna", ("Huna", "Huna")) in moves
    assert [m for m in moves if isinstance(m, Remove)] == [Remove("Elai-Huna", ("Huna", "Huna"))]
    for text, key in [
        ("remove Elai-Huna with Coco+Huna", "kahuna-card-not-on-line"),
        ("remove Elai-Huna with Elai+Huna", "kahuna-card-not-in-hand"),
        ("remove Aloa-Huna with Huna+Huna", "kahuna-no-opponent-bridge"),
    ]:
        with pytest.raises(IllegalMove) as caught:
            state.parse(text)
        assert caught.value.key == key
    assert state.play("remove Huna-Elai with huna + HUNA")[0].params["cards"] == ["Huna", "Huna"]


def test_forbid_build_on_controlled() -> None:
    front = ("Huna", "Aloa", "Coco", "Bari", "Duda", "Gola", "Jojo", "Kahu", "Lale")
    for forbid in (False, True):
        state = start(*front, first=1, forbid_build_on_controlled=forbid)
        turn(state, "place Aloa-Bari with Bari", "place Aloa-Duda with Duda", "draw deck")
        place = Place("Aloa-Huna", "Huna")  # its other end, Aloa, is seat 1's
        assert (place in state.legal_moves()) is not forbid
        assert ("Aloa-Huna" in state.view(0).buildable["Huna"]) is not forbid
        # Played with an Aloa card, the far end is Huna, which nobody controls.
        assert Place("Aloa-Huna", "Aloa") in state.legal_moves()
        if forbid:
            with pytest.raises(IllegalMove) as caught:
                state.parse("place Aloa-Huna with Huna")
            assert caught.value.params == {"island": "Aloa"}
            assert caught.value.key == "kahuna-build-on-controlled"
        else:
            assert state.play("place Aloa-Huna with Huna")[1:] == []


# -- the hand and the draw --------------------------------------------------------------------


def test_hand_limit() -> None:
    state = start("Aloa", "Bari", "Coco", first=0)
    for _ in range(4):
        turn(state, "draw deck")
    assert len(state.hands[0]) == 5 and state.turn == 0
    assert not any(isinstance(m, Draw) for m in state.legal_moves())
    for text in ("draw deck", "draw Gola"):
        with pytest.raises(IllegalMove) as caught:
            state.parse(text)
        assert caught.value.key == "kahuna-hand-full"
    before = state.clone()
    assert state.play("discard Bari Aloa") == [Event("kahuna-discarded", {"seat": 0, "count": 2})]
    assert state.face_down == ["Aloa", "Bari"] and state.view().discard_face_down == 2
    assert Draw(DECK) in state.legal_moves()
    # Playing a card down to 4 is as good as discarding.
    before.play("place Aloa-Bari with Aloa")
    assert before.play("draw deck")[0] == Event("kahuna-drew-pile", {"seat": 0})


def test_drawing_a_face_up_card_refills_its_slot() -> None:
    state = start("Aloa", "Bari", "Coco", "Duda", "Elai", "Faaa", "Gola", "Huna", "Iffi", "Jojo")
    assert state.play("draw Huna") == [Event("kahuna-drew-display", {"seat": 0, "card": "Huna"})]
    assert state.display == ["Gola", "Jojo", "Iffi"] and len(state.pile) == 14
    assert state.view().changes == TurnChanges(seat=0, drew_from="Huna")
    with pytest.raises(IllegalMove) as caught:
        state.parse("draw Huna")
    assert (caught.value.key, caught.value.params) == ("kahuna-not-in-display", {"card": "Huna"})


def test_a_round_ends_on_the_last_face_up_card() -> None:
    state = start("Aloa", "Bari", "Coco", "Duda", "Elai", "Faaa", first=0)
    turn(state, "place Aloa-Bari with Aloa", "draw deck")
    turn(state, "place Duda-Elai with Duda", "draw deck")
    idle_until(state, lambda s: not s.pile)
    assert None not in state.display
    make_room(state)
    with pytest.raises(IllegalMove) as caught:
        state.parse("draw deck")
    assert caught.value.key == "kahuna-pile-empty"
    idle_until(state, lambda s: cards_left(s) == 1)
    assert state.round == 1 and sum(c is not None for c in state.display) == 1
    make_room(state)
    discards = Counter(state.face_up + state.face_down)
    last = idle_turn(state)
    assert keys(last)[-3:] == ["kahuna-drew-display", "kahuna-round-scored", "kahuna-round-started"]
    assert last[-2:] == [
        Event("kahuna-round-scored", {"round": 1, "points": [0, 0], "islands": [0, 0]}),
        Event("kahuna-round-started", {"round": 2}),
    ]
    # A record that stops here already shows round 2, its display and its pile.
    assert state.summary()["round"] == 2 and state.face_up == state.face_down == []
    assert Counter([*state.display, *state.pile]) == discards
    assert state.summary()["pile"] == discards.total() - 3
    assert all_cards(state) == Counter(CARDS)


def test_reshuffle_uses_the_records_order_or_the_seed() -> None:
    front = ("Aloa", "Bari", "Coco", "Duda", "Elai", "Faaa")
    opening = [["place Aloa-Bari with Aloa", "draw deck"], ["place Duda-Elai with Duda"]]

    def to_last_card(**options: Any) -> KahunaState:
        state = start(*front, **options)
        for moves in opening:
            turn(state, *moves)
        idle_until(state, lambda s: cards_left(s) == 1)
        make_room(state)
        return state

    seeded = [to_last_card(seed=seed) for seed in (1, 1, 2)]
    discards = sorted(seeded[0].face_up + seeded[0].face_down)
    for state in seeded:
        idle_turn(state)
    assert seeded[0].display == seeded[1].display and seeded[0].pile == seeded[1].pile
    assert (seeded[0].display, seeded[0].pile) != (seeded[2].display, seeded[2].pile)
    assert sorted([*seeded[0].display, *seeded[0].pile]) == discards
    order = discards[::-1]
    given = to_last_card(reshuffles=[order])
    idle_turn(given)
    assert given.display == order[:3] and given.pile == order[3:]
    # A wrong order is the record's fault, found before the round-ending draw changes anything.
    bad = to_last_card(reshuffles=[order[1:]])
    before = bad.view(0)
    with pytest.raises(InvalidRecord) as caught:
        idle_turn(bad)
    assert caught.value.params == {"option": "reshuffles", "round": 2}
    assert bad.view(0) == before


# -- scoring and the end ------------------------------------------------------------------------

# Seat 0 takes Aloa in round 1 and keeps Coco, Duda and Elai; seat 1 builds Huna-Lale and keeps
# Huna, Kahu and Lale for later rounds.
SCORING_DECK = ("Aloa", "Bari", "Duda", "Lale", "Lale", "Huna", "Elai", "Duda", "Kahu", "Coco")
SCORING_OPENING = [
    ["place Aloa-Bari with Bari", "place Aloa-Duda with Duda", "draw Duda"],
    ["place Huna-Lale with Lale", "draw Kahu"],
    ["draw Elai"],
    ["draw deck"],
    ["draw Coco"],
]
SCORING_KEEP: Keep = {0: ("Coco", "Duda", "Elai"), 1: ("Huna", "Kahu", "Lale")}
TAKE_LALE = (1, ["place Iffi-Lale with Lale"])
TAKE_BARI_DUDA = (0, ["place Bari-Duda with Duda", "place Bari-Coco with Coco"])
TAKE_BARI_DUDA_2 = (0, ["place Duda-Elai with Elai"])
TAKE_IFFI = (1, ["place Huna-Iffi with Huna", "place Iffi-Kahu with Kahu"])


def play_rounds(
    round2: list[tuple[int, list[str]]], round3: list[tuple[int, list[str]]]
) -> tuple[KahunaState, list[list[Event]]]:
    """The scoring game: round 1 as above, then each (seat, actions) at seat's next turn."""
    state = start(*SCORING_DECK)
    for moves in SCORING_OPENING:
        turn(state, *moves)
    ends = [idle_until(state, lambda s: s.round == 2, SCORING_KEEP)]
    for number, plan in ((2, round2), (3, round3)):
        for seat, actions in plan:
            idle_until(state, lambda s, seat=seat: s.turn == seat, SCORING_KEEP)
            turn(state, *actions)
        ends.append(idle_until(state, lambda s, n=number: s.round > n, SCORING_KEEP))
    return state, ends


def scored(events: list[Event]) -> list[dict[str, Any]]:
    """The params of the round-scored events."""
    return [dict(e.params) for e in events if e.key == "kahuna-round-scored"]


def test_scoring_a_won_round_1_a_tied_round_2_and_the_difference_in_round_3() -> None:
    state, ends = play_rounds([TAKE_LALE], [TAKE_BARI_DUDA, TAKE_BARI_DUDA_2])
    assert scored(ends[0]) == [{"round": 1, "points": [1, 0], "islands": [1, 0]}]
    assert scored(ends[1]) == [{"round": 2, "points": [0, 0], "islands": [1, 1]}]
    assert scored(ends[2]) == [{"round": 3, "points": [2, 0], "islands": [3, 1]}]
    assert ends[2][-1] == Event(
        "kahuna-game-over", {"winners": [0], "reason": "rounds", "scores": [3, 0]}
    )
    assert state.outcome() == Outcome(True, (3, 0), (0,)) and state.turn is None
    assert state.summary()["round"] == 3 and state.summary()["pile"] == 0
    view = state.view(0)
    assert view.finished and view.reason == "rounds" and view.winners == (0,)
    assert view.buildable == {} and view.current == TurnChanges()
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove) as caught:
        state.parse("draw Atlantis")
    assert caught.value.key == "game-over"


def test_round_2_scores_two_points() -> None:
    state, ends = play_rounds([], [])
    assert scored(ends[1]) == [{"round": 2, "points": [2, 0], "islands": [1, 0]}]
    assert scored(ends[2]) == [{"round": 3, "points": [1, 0], "islands": [1, 0]}]
    assert state.outcome() == Outcome(True, (4, 0), (0,))


def test_equal_totals_are_a_draw() -> None:
    state, ends = play_rounds([TAKE_LALE], [TAKE_IFFI])
    assert scored(ends[2]) == [{"round": 3, "points": [0, 1], "islands": [1, 2]}]
    assert state.outcome() == Outcome(True, (1, 1), (0, 1))
    assert ends[2][-1].params["winners"] == [0, 1]


# Each seat has one bridge and keeps the two cards that remove the other's.
LONE_DECK = ("Bari", "Kahu", "Lale", "Lale", "Aloa", "Bari")
LONE_OPENING = [["place Aloa-Bari with Bari", "draw deck"], ["place Kahu-Lale with Lale"]]
LONE_KEEP: Keep = {0: ("Kahu", "Lale"), 1: ("Aloa", "Bari")}
REMOVE_OTHER = {0: "remove Kahu-Lale with Kahu+Lale", 1: "remove Aloa-Bari with Aloa+Bari"}


@pytest.mark.parametrize(("left", "reason"), [(1, "rounds"), (2, "no-bridges")])
def test_round_3_scoring_stands_whatever_the_bridges(left: int, reason: str) -> None:
    state = start(*LONE_DECK)
    for moves in LONE_OPENING:
        turn(state, *moves)
    idle_until(state, lambda s: s.round == 3 and cards_left(s) == left, LONE_KEEP)
    seat = state.turn
    assert seat is not None and state.round == 3
    events = turn(state, REMOVE_OTHER[seat])
    events += idle_turn(state)
    # Both end on 0 points: a draw by rounds, a win for the remover by no-bridges.
    winners = (seat,) if reason == "no-bridges" else (0, 1)
    assert state.outcome() == Outcome(True, (0, 0), winners) and state.reason == reason
    assert events[-1].params["reason"] == reason


def test_no_bridges_ends_the_game_from_round_2() -> None:
    state = start("Aloa", "Bari", "Coco")
    turn(state, "place Aloa-Bari with Aloa", "draw deck")
    last = idle_until(state, lambda s: s.round == 2)
    assert not state.outcome().finished  # the turn that ended round 1 is not checked
    assert "kahuna-game-over" not in keys(last)
    events = idle_turn(state)
    assert events[-1] == Event(
        "kahuna-game-over", {"winners": [0], "reason": "no-bridges", "scores": [0, 0]}
    )
    assert state.outcome() == Outcome(True, (0, 0), (0,)) and state.view().reason == "no-bridges"


def test_no_bridges_for_both_is_a_draw_and_the_option_turns_it_off() -> None:
    state = start()
    idle_until(state, lambda s: s.round == 2)
    idle_turn(state)
    assert state.outcome() == Outcome(True, (0, 0), (0, 1)) and state.reason == "no-bridges"
    free = start(no_bridges_ends_game=False)
    last = idle_until(free, lambda s: s.round == 3 and cards_left(s) == 1)
    assert not free.outcome().finished and "kahuna-game-over" not in keys(last)
    idle_turn(free)
    assert free.outcome() == Outcome(True, (0, 0), (0, 1)) and free.reason == "rounds"


def test_a_round_with_nothing_to_lay_out_ends_at_once() -> None:
    # Unreachable with 24 cards (hands hold at most 10), so the guard is tested on a doctored
    # position whose discard pile is emptied by hand.
    state = start("Aloa", "Bari", "Coco")
    turn(state, "place Aloa-Bari with Bari", "place Aloa-Huna with Aloa", "draw deck")
    idle_until(state, lambda s: cards_left(s) == 1)
    make_room(state)
    state.face_up.clear()
    state.face_down.clear()
    events = idle_turn(state)
    assert [e.params.get("round") for e in events[-6:-1]] == [1, 2, 2, 3, 3]
    assert state.outcome() == Outcome(True, (1 + 2 + 1, 0), (0,))


# -- notation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("place Elai-Huna with Huna", Place("Elai-Huna", "Huna")),
        ("PLACE huna-elai WITH huna", Place("Elai-Huna", "Huna")),
        ("  place  Huna – Elai   with Huna ", Place("Elai-Huna", "Huna")),
        ("place Huna\u2014Elai with Huna", Place("Elai-Huna", "Huna")),
        ("place Huna Elai with Huna", Place("Elai-Huna", "Huna")),
        ("place\u00a0Elai/Huna\u3000with Huna", Place("Elai-Huna", "Huna")),
        ("discard Huna", Discard(("Huna",))),
        ("discard huna, Elai", Discard(("Elai", "Huna"))),
        ("Discard Kahu Elai+Huna", Discard(("Elai", "Huna", "Kahu"))),
        ("draw deck", Draw(DECK)),
        ("draw PILE", Draw(DECK)),
        ("draw coco", Draw("Coco")),
    ],
)
def test_parse_accepts_variants(text: str, move: Any) -> None:
    state = start("Huna", "Elai", "Kahu", "Aloa", "Aloa", "Bari", "Coco", "Gola", "Jojo")
    assert state.parse(text) == move
    assert state.parse(state.format(move)) == move


def test_format_is_canonical() -> None:
    state = start()
    assert Discard(("Coco", "Bari")) == Discard(("Bari", "Coco"))
    assert Remove("Elai-Huna", ("Huna", "Elai")).cards == ("Elai", "Huna")
    assert state.format(Place("Elai-Huna", "Huna")) == "place Elai-Huna with Huna"
    assert state.format(Remove("Elai-Huna", ("Elai", "Huna"))) == "remove Elai-Huna with Elai+Huna"
    assert state.format(Discard(("Bari", "Coco"))) == "discard Bari Coco"
    assert state.format(Draw(DECK)) == "draw deck" and state.format(Draw("Coco")) == "draw Coco"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place Elai-Huna",
        "place Elai-Huna with",
        "place Elai--Huna with Huna",
        "remove Elai-Huna with Huna",
        "discard",
        "draw",
        "draw deck now",
        "pass",
        "place Elai-Huna with Hüna",
        "draw \u212aahu",  # the Kelvin sign is not a K
        "draw Coco\u200b",
    ],
)
def test_parse_rejects_garbage(text: str) -> None:
    with pytest.raises(InvalidMove) as caught:
        start().parse(text)
    assert (caught.value.key, caught.value.params) == ("move-unreadable", {"text": text})


@pytest.mark.parametrize(
    ("text", "key", "params"),
    [
        ("place Elai-Atlantis with Elai", "kahuna-no-such-island", {"name": "Atlantis"}),
        ("draw Mu", "kahuna-no-such-island", {"name": "Mu"}),
        ("discard Aloa Mu", "kahuna-no-such-island", {"name": "Mu"}),
        ("place Lale-Aloa with Aloa", "kahuna-no-such-line", {"line": "Aloa-Lale"}),
        ("place Aloa-Aloa with Aloa", "kahuna-no-such-line", {"line": "Aloa-Aloa"}),
        (
            "place Aloa-Bari with Coco",
            "kahuna-card-not-on-line",
            {"card": "Coco", "line": "Aloa-Bari"},
        ),
        ("place Elai-Huna with Huna", "kahuna-card-not-in-hand", {"card": "Huna"}),
        ("discard Aloa Aloa", "kahuna-card-not-in-hand", {"card": "Aloa"}),
        ("remove Aloa-Bari with Aloa+Bari", "kahuna-no-opponent-bridge", {"line": "Aloa-Bari"}),
        ("draw Aloa", "kahuna-not-in-display", {"card": "Aloa"}),
    ],
)
def test_parse_refuses_illegal_moves(text: str, key: str, params: dict[str, Any]) -> None:
    state = start("Aloa", "Bari", "Coco", "Duda", "Elai", "Faaa", "Gola", "Huna", "Iffi")
    with pytest.raises(IllegalMove) as caught:
        state.parse(text)
    assert (caught.value.key, caught.value.params) == (key, params)


def test_apply_refuses_illegal_and_malformed_moves_and_changes_nothing() -> None:
    state = start("Aloa", "Bari", "Coco")
    turn(state, "place Aloa-Bari with Bari", "draw deck")
    before = state.view(1)
    for move, error in [
        (Place("Aloa-Bari", "Aloa"), IllegalMove),
        (Place("Bari-Aloa", "Aloa"), IllegalMove),
        (Place("Aloa-Duda", "Atlantis"), IllegalMove),
        (Remove("Aloa-Bari", ("Aloa",)), InvalidMove),  # type: ignore[arg-type]
        (Discard(()), InvalidMove),
        (Draw("Atlantis"), IllegalMove),
        ("draw deck", InvalidMove),
    ]:
        with pytest.raises(error):
            state.apply(move)  # type: ignore[arg-type]
    assert state.view(1) == before


def test_no_bridges_left() -> None:
    state = start("Aloa", "Bari", "Coco")
    state.supply[0] = 0  # 25 bridges take too long to spend by hand
    assert not any(isinstance(m, Place) for m in state.legal_moves())
    assert state.view(0).buildable == {"Aloa": (), "Bari": (), "Coco": ()}
    with pytest.raises(IllegalMove) as caught:
        state.parse("place Aloa-Bari with Aloa")
    assert caught.value.key == "kahuna-no-bridges-left"


# -- views and the rest of the contract ---------------------------------------------------------


def test_views_show_a_hand_only_to_its_owner() -> None:
    state = start("Huna", "Elai", "Kahu", "Aloa", "Aloa", "Bari", "Coco", "Gola", "Jojo")
    turn(state, "place Elai-Huna with Huna", "discard Kahu")
    public, mine, theirs = state.view(None), state.view(0), state.view(1)
    assert public.hand is None and public.buildable == {}
    assert mine.hand == ("Elai",) and theirs.hand == ("Aloa", "Aloa", "Bari")
    assert mine.buildable == {
        "Elai": ("Bari-Elai", "Duda-Elai", "Elai-Faaa", "Elai-Iffi", "Elai-Jojo")
    }
    assert set(theirs.buildable) == {"Aloa", "Bari"}
    for view in (public, mine, theirs):
        assert view.hand_sizes == (1, 3) and view.discard_face_up == ("Huna",)
        assert view.discard_face_down == 1 and view.bridges["Elai-Huna"] == 0
        assert view.display == ("Coco", "Gola", "Jojo") and view.pile_size == 15
        assert view.bridges_left == (24, 25) and view.turn == 0 and view.ply == 2
        assert view.current == TurnChanges(seat=0, placed=("Elai-Huna",))


def test_move_reveals_hidden_cards() -> None:
    state = start("Aloa", "Bari", "Coco")
    assert state.move_reveals(Draw(DECK))
    assert state.move_reveals(Draw(state.display[0] or ""))  # its slot is refilled from the pile
    assert not state.move_reveals(Discard(("Aloa",)))
    assert not state.move_reveals(Place("Aloa-Bari", "Aloa"))
    idle_until(state, lambda s: not s.pile)
    assert not state.move_reveals(Draw(state.display[0] or ""))  # two more remain face up
    idle_until(state, lambda s: cards_left(s) == 1)
    last = next(card for card in state.display if card)
    assert state.move_reveals(Draw(last))  # the next round is laid out


def test_clone_is_independent() -> None:
    state = start(*CASCADE_DECK)
    turn(state, *CASCADE[0])
    copy = state.clone()
    copy.play("place Aloa-Bari with Bari")
    assert state.bridges["Aloa-Bari"] is None and state.ply == 3 and copy.ply == 4
    a, b = state.clone(), state.clone()
    idle_until(a, lambda s: s.round == 2)
    idle_until(b, lambda s: s.round == 2)
    assert a.pile == b.pile  # the random generator is copied too


def test_spanish_verbs_read_as_the_canonical_moves() -> None:
    from rules.kahuna.moves import format_move, read_move

    assert format_move(read_move("robar mazo")) == "draw deck"
    assert format_move(read_move("Colocar huna–elai con Huna")) == "place Elai-Huna with Huna"
    assert format_move(read_move("quitar Elai-Huna con Huna+Elai")) == (
        "remove Elai-Huna with Elai+Huna"
    )
    assert format_move(read_move("descartar Coco, Bari")) == "discard Bari Coco"
