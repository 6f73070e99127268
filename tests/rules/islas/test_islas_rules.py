"""Islas scenarios from spec/islas.md, each built from legal moves on an explicit pile.

Coordinates: y grows to the north. The start tile D at (0,0) shows an island to the north, a
bridge running west-east and water to the south.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import pytest

from rules import IllegalMove, InvalidMove, InvalidRecord, games, get_game
from rules.base import Event
from rules.islas import (
    ISLAS,
    SHAPES,
    TILES,
    IslasState,
    Placement,
    pile,
    spot_label,
)
from rules.islas.tiles import HALF_SIDE, HALVES, SIDES, oriented
from rules.islas_view import Scored

#: The arm: a cap closing the start tile's island, from which ``finish`` grows the map north.
ARM = "0,1 180"


def deck(*front: str) -> list[str]:
    """The 71-tile pile with ``front`` on top; the rest water-rich tiles first (they fit early)."""
    rest = Counter(pile())
    rest.subtract(front)
    assert min(rest.values()) >= 0, "more tiles of a type than the set has"
    return [*front, *sorted(rest.elements(), key=lambda n: (-TILES[n].edges.count("w"), n))]


def start(*front: str, players: int = 2) -> IslasState:
    """A game on ``deck(*front)``, seat 0 first."""
    return ISLAS.new(players, 0, {"deck": deck(*front), "first": 0})


def play(state: IslasState, *moves: str) -> list[Event]:
    """Play ``moves`` in notation; the events of them all."""
    return [event for text in moves for event in state.play(text)]


def scored(events: Iterable[Event]) -> list[dict[str, Any]]:
    """The params of the scoring events."""
    return [dict(e.params) for e in events if e.key == "islas-scored"]


def score(kind: str, seats: list[int], points: int, tiles: int, **extra: Any) -> dict[str, Any]:
    """An ``islas-scored`` params dict."""
    base = {"anchors": 0, "islands": 0, "final": False}
    return {"kind": kind, "seats": seats, "points": points, "tiles": tiles, **base, **extra}


def refused(state: IslasState, text: str) -> tuple[str, dict[str, Any]]:
    """The key and params of the error ``text`` raises; checks that nothing changed."""
    before = state.view()
    with pytest.raises((IllegalMove, InvalidMove)) as caught:
        state.play(text)
    assert state.view() == before
    return caught.value.key, caught.value.params


def finish(state: IslasState) -> list[Event]:
    """Play out the pile far from the scripted tiles (off their 8 neighbours), no followers.

    Only the arm at (0,1) is left open to the rest of the game, so the scripted features end
    the game exactly as the scenario left them.
    """
    kept = {(t.x, t.y) for t in state.view().tiles} - {(0, 1)}
    events = []
    while state.turn is not None:
        moves = [
            m
            for m in state.legal_moves()
            if m.follower is None
            and not any((m.x + dx, m.y + dy) in kept for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        ]
        assert moves, f"{state.current} fits only beside the scenario"
        events += state.apply(moves[0])
    return events


# -- the tile set ----------------------------------------------------------------------------------
def test_the_tile_set_is_consistent() -> None:
    assert len(pile()) == 71 and sum(1 for _ in TILES) == 24
    for name in TILES:
        for rotation in (0, 90, 180, 270):
            tile, shape = oriented(name, rotation), SHAPES[name, rotation]
            for side in SIDES:
                edge = tile.edge(side)
                halves = [h for h in HALVES if HALF_SIDE[h] == side]
                in_water = [h for h in halves if h in shape.half_segment]
                assert in_water == ([] if edge == "i" else halves), (name, rotation, side)
                kind = shape.segments[shape.side_segment[side]].kind if edge != "w" else None
                assert kind == {"i": "island", "b": "bridge", "w": None}[edge]
                if edge == "b" and not tile.lighthouse:  # a bridge parts its edge's water
                    assert shape.half_segment[halves[0]] != shape.half_segment[halves[1]]


# -- scoring during the game -------------------------------------------------------------------
def test_a_completed_bridge_scores_and_its_follower_returns() -> None:
    state = start("A", "L")
    play(state, "1,0 90 bridge W")  # a lighthouse ends the bridge east of the start tile
    assert state.followers_left == [6, 7]
    assert refused(state, "-1,0 0 bridge E") == (
        "islas-feature-taken",
        {"kind": "bridge", "where": "E"},
    )
    events = play(state, "-1,0 0")  # a junction ends it to the west
    assert scored(events) == [score("bridge", [0], 3, 3)]
    assert [e.key for e in events] == [
        "islas-placed",
        "islas-scored",
        "islas-follower-returned",
        "islas-drew",
    ]
    assert events[2].params == {"seat": 0, "count": 1}
    assert state.scores == [3, 0] and state.followers_left == [7, 7]
    assert state.view().followers == ()
    assert state.view().scored == (Scored("bridge", ((0, 0), (1, 0), (-1, 0)), (0,), 3),)


def test_a_bridge_loop_is_complete() -> None:
    state = start("V", "V", "V", "V")
    play(state, "0,-1 270 bridge E", "1,-1 0", "0,-2 180")
    assert state.scores == [0, 0]
    assert scored(play(state, "1,-2 90")) == [score("bridge", [0], 4, 4)]


def test_a_completed_island_scores_its_anchors() -> None:
    state = start("M", "F", "E")
    play(state, "0,1 180 island S", "-1,1 0")
    events = play(state, "-2,1 90")
    # Start tile, M and F (both with an anchor) and the cap: 2 × (4 tiles + 2 anchors).
    assert scored(events) == [score("island", [0], 12, 4, anchors=2)]


def test_a_tie_on_an_island_scores_in_full_for_both() -> None:
    state = start("N", "L", "N")
    play(state, "0,1 180 island S", "-1,0 0 island N")
    events = play(state, "-1,1 90")  # joins the two islands and closes them
    assert scored(events) == [score("island", [0, 1], 8, 4)]
    assert state.scores == [8, 8] and state.followers_left == [7, 7]


def test_two_followers_beat_one_on_a_merged_island() -> None:
    state = start("U", "U", "E", "E", "B", "B", "E", "C")
    play(state, "-1,0 90", "1,0 90", "-1,1 90 island E", "1,1 270 island W", "1,2 0", "2,2 0")
    play(state, "0,2 180 island S")
    assert state.followers_left == [5, 6]
    # C joins the three caps and the start tile's island: no follower may go on it.
    assert refused(state, "0,1 0 island N")[0] == "islas-feature-taken"
    events = play(state, "0,1 0")
    assert scored(events) == [score("island", [0], 12, 5, anchors=1)]
    returned = [e.params for e in events if e.key == "islas-follower-returned"]
    assert returned == [{"seat": 0, "count": 2}, {"seat": 1, "count": 1}]
    assert state.scores == [12, 0] and state.followers_left == [7, 7]


def test_one_tile_completes_an_island_and_a_bridge() -> None:
    state = start("V", "A", "V", "L")
    play(state, "1,0 90 bridge N", "-1,0 270", "1,1 0")
    # The junction closes the start tile's island (with the follower put on it now) and ends
    # the bridge that runs lighthouse - start - two curves.
    events = play(state, "0,1 180 island S")
    assert scored(events) == [score("island", [1], 4, 2), score("bridge", [0], 5, 5)]
    assert state.scores == [5, 4] and state.followers_left == [7, 7]


def test_a_tile_counts_once_in_a_feature_it_holds_twice() -> None:
    state = start("I", "N", "N", "N")
    play(state, "0,-1 180 island S", "-1,-1 90", "-1,-2 0")
    # I's two caps end up in one ring of an island over four tiles: 8 points, not 10.
    assert scored(play(state, "0,-2 270")) == [score("island", [0], 8, 4)]


def test_a_completed_lighthouse_scores_nine() -> None:
    state = lighthouse_game()
    assert state.scores == [0, 9] and state.followers_left == [5, 6]


def lighthouse_game() -> IslasState:
    """A lighthouse at (0,-1) surrounded on the 8th placement, another at (0,-2) left open."""
    state = start("E", "B", "U", "U", "V", "V", "B", "V", "V", "O")
    play(state, ARM, "0,-1 0 lighthouse", "-1,0 90", "1,0 90", "-1,-1 0 bridge S", "1,-1 270")
    play(state, "0,-2 0 lighthouse", "-1,-2 90")
    events = play(state, "1,-2 180")
    assert scored(events) == [score("lighthouse", [1], 9, 9)]
    play(state, "2,-1 180 island E")  # an anchored island, left open
    return state


# -- the end of the game -------------------------------------------------------------------------
def test_open_features_score_at_the_end() -> None:
    state = lighthouse_game()
    events = finish(state)
    assert scored(events) == [
        score("bridge", [0], 2, 2, final=True),
        score("lighthouse", [0], 6, 6, final=True),  # itself and 5 neighbours
        score("island", [1], 2, 1, anchors=1, final=True),
    ]
    assert state.outcome().scores == (8, 11) and state.outcome().winners == (1,)
    view = state.view()
    assert [s.final for s in view.scored] == [True] * 3
    assert view.scored[1].tiles[0] == (0, -2)
    assert len(view.followers) == 3  # followers stay on the map at the end


def test_water_scores_completed_islands_it_borders() -> None:
    state = start("E", "V", "T", "E", "E", "E", "E")
    play(state, ARM, "1,0 0")  # the arm closes the start tile's island; a curve turns south
    # T's island, its bridge running north, parts two waters: seat 0 takes the western one.
    play(state, "1,-1 180 water NNW", "0,-1 90", "2,-1 270")
    # A cap whose island stays open joins the eastern water; seat 1 takes it.
    play(state, "2,0 0 water ENE")
    events = play(state, "1,-2 0")  # closes T's island
    assert scored(events) == []  # nobody on it
    final = scored(finish(state))
    # West: T's island only. East: T's island again and the start tile's; not the open cap.
    assert final == [
        score("water", [0], 3, 4, islands=1, final=True),
        score("water", [1], 6, 5, islands=2, final=True),
    ]
    assert state.outcome().scores == (3, 6)


def test_the_last_tile_ends_the_game() -> None:
    state = start()
    while state.turn is not None:
        events = state.apply(state.legal_moves()[0])
    assert events[-1].key == "islas-game-over"
    assert events[-1].params == {"winners": [0, 1], "scores": [0, 0]}
    view = state.view()
    assert (view.current, view.spots, view.turn, view.tiles_left) == (None, (), None, 0)
    assert view.finished and view.winners == (0, 1)
    assert len(view.tiles) + len(view.put_out) == 72
    assert state.legal_moves() == [] and not state.move_reveals(Placement(0, 1, 0))
    assert state.summary() == {"followers_left": [7, 7], "tiles_left": 0, "placed": len(view.tiles)}
    assert refused(state, "9,9 0") == ("game-over", {})


def test_a_tile_that_fits_nowhere_is_put_out() -> None:
    state = start("E", "C")
    events = play(state, ARM)  # every open edge is now water or bridge: C (all island) is out
    assert [(e.key, dict(e.params)) for e in events[1:]] == [
        ("islas-put-out", {"tile": "C"}),
        ("islas-drew", {"seat": 1, "tile": deck()[0]}),
    ]
    view = state.view()
    assert view.put_out == ("C",) and view.current == deck()[0]
    assert state.summary() == {"followers_left": [7, 7], "tiles_left": 69, "placed": 2}


# -- legality --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "key", "params"),
    [
        ("0,0 0", "islas-occupied", {"x": 0, "y": 0}),
        ("5,5 0", "islas-not-adjacent", {"x": 5, "y": 5}),
        ("1,1 0", "islas-not-adjacent", {"x": 1, "y": 1}),  # a corner is not an edge
        ("0,-1 0", "islas-edges-mismatch", {"x": 0, "y": -1, "rotation": 0}),
        ("0,-1 45", "islas-bad-rotation", {"rotation": 45}),
        ("0,-1 90 island N", "islas-no-such-segment", {"kind": "island", "where": "N"}),
        ("0,-1 90 bridge E", "islas-no-such-segment", {"kind": "bridge", "where": "E"}),
        ("0,-1 90 lighthouse", "islas-no-such-segment", {"kind": "lighthouse", "where": ""}),
        ("0,-1 90 water N", "islas-bad-where", {"kind": "water", "where": "N"}),
        ("0,-1 90 island NNE", "islas-bad-where", {"kind": "island", "where": "NNE"}),
        ("0,-1 90 island", "islas-bad-where", {"kind": "island", "where": ""}),
        ("0,-1 90 faro N", "islas-bad-where", {"kind": "lighthouse", "where": "N"}),
        ("0,-1 90 boat N", "move-unreadable", {"text": "0,-1 90 boat N"}),
        ("0 -1 90", "move-unreadable", {"text": "0 -1 90"}),
        ("", "move-unreadable", {"text": ""}),
    ],
)
def test_refused_moves(text: str, key: str, params: dict[str, Any]) -> None:
    state = start("E")  # E turned 90 (island east) fits south of the start tile
    assert refused(state, text) == (key, params)


def test_no_follower_without_one_in_hand() -> None:
    state = start()
    while state.followers_left[0]:
        moves = state.legal_moves()
        with_follower = [m for m in moves if m.follower is not None]
        state.apply(with_follower[0] if state.turn == 0 else moves[0])
    while state.turn != 0:
        state.apply(state.legal_moves()[0])
    moves = state.legal_moves()
    assert moves and all(m.follower is None for m in moves)
    spot = moves[0]
    key, _ = refused(state, f"{spot.x},{spot.y} {spot.rotation} water NNW")
    assert key == "islas-no-followers-left"


# -- notation --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("0,-1 90", Placement(0, -1, 90)),
        ("0,-1 90 island E", Placement(0, -1, 90, ("island", "E"))),
        ("  0 , -1   90°  ISLA e ", Placement(0, -1, 90, ("island", "E"))),
        ("0,\u22121 90 agua nno", Placement(0, -1, 90, ("water", "NNW"))),
        # Any half of the water segment names it; the canonical one comes first from NNW.
        ("0,-1 90 water SSE", Placement(0, -1, 90, ("water", "NNW"))),
        ("0,-1 90 Agua OSO", Placement(0, -1, 90, ("water", "NNW"))),
        ("0,-1 90 water ono", Placement(0, -1, 90, ("water", "NNW"))),
        ("0,-1 90 water SSO", Placement(0, -1, 90, ("water", "NNW"))),
        ("+0,-01 90", Placement(0, -1, 90)),
    ],
)
def test_notation_is_forgiving_and_canonical(text: str, move: Placement) -> None:
    state = start("E")
    assert state.parse(text) == move
    assert state.parse(state.format(move)) == move


def test_any_side_names_an_island_or_a_bridge() -> None:
    state = start("P")  # island N+W, bridge E+S; turned 90: island N+E, bridge S+W
    assert state.parse("1,0 90 isla e") == Placement(1, 0, 90, ("island", "N"))
    assert state.parse("1,0 90 puente O") == Placement(1, 0, 90, ("bridge", "S"))
    assert state.format(Placement(1, 0, 90, ("bridge", "S"))) == "1,0 90 bridge S"


def test_lighthouse_notation() -> None:
    state = start("A")
    move = state.parse("-1,0 270 faro")
    assert move == Placement(-1, 0, 270, ("lighthouse", ""))
    assert state.format(move) == "-1,0 270 lighthouse"
    assert state.parse("-1,0 270 lighthouse") == move


def test_every_legal_move_round_trips_and_is_unique() -> None:
    state = start("P", "A", "L", "H")
    for _ in range(4):
        moves = state.legal_moves()
        assert len(moves) == len(set(moves))
        assert all(state.parse(state.format(m)) == m for m in moves)
        state.apply(moves[len(moves) // 2])


# -- the view and the game ---------------------------------------------------------------------
def test_the_opening_view() -> None:
    state = start("E", players=3)
    view = state.view(1)
    assert view.viewer == 1 and view.players == 3 and view.turn == 0 and view.ply == 0
    assert [(t.name, t.x, t.y, t.rotation) for t in view.tiles] == [("D", 0, 0, 0)]
    assert view.current == "E" and view.tiles_left == 71 and view.last is None
    assert view.followers_left == (7, 7, 7) and view.scores == (0, 0, 0)
    # E has no bridge, so only the island side (north) and the water side (south) take it.
    assert [(s.label, s.x, s.y, s.rotations) for s in view.spots] == [
        ("A", 0, 1, (180,)),
        ("B", 0, -1, (90, 180, 270)),
    ]
    assert state.view(None) == replace(view, viewer=None)


def test_spot_labels() -> None:
    assert [spot_label(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]


def test_the_events_of_a_move() -> None:
    state = start("E", "P")
    events = play(state, "0,-1 90 water SSW")
    assert [(e.key, dict(e.params)) for e in events] == [
        (
            "islas-placed",
            {
                "seat": 0,
                "tile": "E",
                "x": 0,
                "y": -1,
                "rotation": 90,
                "follower": "water",
                "where": "NNW",
                "spot": "B",  # A is north of the start tile
            },
        ),
        ("islas-drew", {"seat": 1, "tile": "P"}),
    ]
    assert state.move_reveals(Placement(0, 1, 90))
    view = state.view()
    assert view.last is not None and (view.last.name, view.last.x, view.last.y) == ("E", 0, -1)
    assert [(f.seat, f.x, f.y, f.kind, f.where) for f in view.followers] == [
        (0, 0, -1, "water", "NNW")
    ]


def test_clone_is_independent() -> None:
    state = start("E", "P")
    copy = state.clone()
    play(copy, "0,-1 90 water NNW")
    assert state.view().tiles != copy.view().tiles and state.followers_left == [7, 7]
    assert state.legal_moves() != copy.legal_moves()


def test_registration_options_and_seeds() -> None:
    assert ISLAS in games() and get_game("islas") is ISLAS
    assert (ISLAS.min_players, ISLAS.max_players) == (2, 5)
    assert dict(ISLAS.option_defaults) == {"deck": None}
    one, two = ISLAS.new(4, 3), ISLAS.new(4, 3)
    assert one.pile == two.pile and one.turn == two.turn
    assert Counter(one.pile) == Counter(pile())
    fixed = ISLAS.new(4, 3, {"first": 2})
    assert fixed.turn == 2 and fixed.pile == one.pile  # ``first`` does not change the shuffle
    assert ISLAS.new(2, 0, {"deck": "".join(deck())}).pile == tuple(deck())
    assert {ISLAS.new(5, seed).turn for seed in range(40)} == set(range(5))


@pytest.mark.parametrize(
    ("players", "options", "key", "params"),
    [
        (2, {"deck": deck()[:-1]}, "record-bad-option", {"option": "deck"}),
        (2, {"deck": ["D", *deck()[1:]]}, "record-bad-option", {"option": "deck"}),
        (2, {"deck": [*deck()[:-1], "Z"]}, "record-bad-option", {"option": "deck"}),
        (2, {"deck": 71}, "record-bad-option", {"option": "deck"}),
        (2, {"deck": [1] * 71}, "record-bad-option", {"option": "deck"}),
        (2, {"hidden": True}, "record-unknown-option", {"option": "hidden"}),
        (6, {}, "record-bad-players", {"game": "islas", "players": 6}),
        (1, {}, "record-bad-players", {"game": "islas", "players": 1}),
    ],
)
def test_bad_options(
    players: int, options: dict[str, Any], key: str, params: dict[str, Any]
) -> None:
    with pytest.raises(InvalidRecord) as caught:
        ISLAS.new(players, 0, options)
    assert (caught.value.key, caught.value.params) == (key, params)


def test_a_follower_cannot_join_a_feature_the_tile_itself_ties_to_an_occupied_one() -> None:
    # Found by the oracle property test (seed 57811, four players): tile K's small water
    # corner meets only a free water area, but the tile's other water joins that area to one
    # a follower already holds, so once the tile is down the corner is part of it.
    from tests.rules.islas.test_islas_props import playout

    for state, _, _, _ in playout(57811, 4):
        if state.ply == 21:
            break
    corner = Placement(2, -1, 90, ("water", "NNW"))
    assert state.view().current == "K"
    assert Placement(2, -1, 90, None) in state.legal_moves()
    assert corner not in state.legal_moves()
    with pytest.raises(IllegalMove):
        state.apply(corner)
