"""Islas in words and clicks: narration, alt texts, Spanish notation, the picker's steps."""

from __future__ import annotations

import random
import re

import pytest

from cogs.utils import picker
from games.plugin import plugin_for
from locales import t
from rules import Event, get_game
from rules.islas import TILES, IslasState, Placement, notation_in, pile, read_move, same_look

ISLAS = plugin_for("islas")
NAMES = ("Ana", "Luis", "Eve")


def _start(first_tile: str, players: int = 3) -> IslasState:
    deck = pile()
    deck.remove(first_tile)
    state = get_game("islas").new(players, 0, {"deck": [first_tile, *deck], "first": 0})
    assert isinstance(state, IslasState)
    return state


def _random_game(seed: int, plies: int) -> IslasState:
    state = get_game("islas").new(3, seed, {})
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_moves()))
    assert isinstance(state, IslasState)
    return state


# -- tiles, rotations, spots -------------------------------------------------------------------
def test_rotations_that_look_alike() -> None:
    assert [same_look("U", r) for r in (0, 90, 180, 270)] == [0, 90, 0, 90]
    assert [same_look("B", r) for r in (0, 90, 180, 270)] == [0, 0, 0, 0]
    assert [same_look("D", r) for r in (0, 90, 180, 270)] == [0, 90, 180, 270]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_tile_has_words_and_no_letter(lang: str) -> None:
    words = {t(lang, f"islas-tile-{name}") for name in TILES}
    assert len(words) == len(TILES)  # no two types described alike
    assert not any(re.search(r"\b[A-X]\b", w) for w in words)


def test_the_placed_event_names_the_spot_shown_before_the_move() -> None:
    state = _random_game(11, 0)
    rng = random.Random(11)
    for _ in range(25):
        before = {(s.x, s.y): s.label for s in state.view(None).spots}
        move = rng.choice(state.legal_moves())
        placed = state.apply(move)[0]
        assert placed.params["spot"] == before[(move.x, move.y)]


# -- narration ---------------------------------------------------------------------------------
def test_a_turn_in_words_names_the_tile_spot_rotation_follower_points_and_next_tile() -> None:
    state = _start("A")  # a lighthouse at the end of a bridge
    events = state.apply(state.parse("1,0 90 bridge W"))
    assert ISLAS.words.narrate("en", events, NAMES) == (
        "**Ana** placed a lighthouse at the end of a bridge on spot B (1,0), turned 90°, "
        f"with a follower on the bridge (W). Next tile: {t('en', f'islas-tile-{state.current}')}."
    )
    spanish = ISLAS.words.narrate("es", events, NAMES)
    assert spanish.startswith(
        "**Ana** colocó un faro al final de un puente en el sitio B (1,0), con giro 90°, "
        "y un seguidor en el puente (O). Siguiente ficha: "
    )


def test_points_scored_during_the_game_are_told() -> None:
    scored = Event(
        "islas-scored",
        {
            "kind": "island",
            "seats": [0, 2],
            "points": 10,
            "tiles": 3,
            "anchors": 2,
            "islands": 0,
            "final": False,
        },
    )
    assert ISLAS.words.narrate("en", [scored], NAMES) == (
        "Island completed (3 tiles, 2 anchors): Ana and Eve +10."
    )
    one = Event("islas-scored", {**scored.params, "tiles": 1, "anchors": 1, "seats": [1]})
    assert (
        ISLAS.words.narrate("es", [one], NAMES) == "Isla completada (1 ficha, 1 ancla): Luis +10."
    )


def test_followers_going_home_are_told() -> None:
    home = [Event("islas-follower-returned", {"seat": 0, "count": 2})]
    home.append(Event("islas-follower-returned", {"seat": 2, "count": 1}))
    assert ISLAS.words.narrate("en", home, NAMES) == (
        "Ana gets 2 followers back. Eve gets a follower back."
    )
    assert ISLAS.words.narrate("es", home[1:], NAMES) == "Eve recupera un seguidor."


def _final(kind: str, **extra: int) -> Event:
    params = {"kind": kind, "seats": [0], "points": 3, "tiles": 3, "anchors": 0, "islands": 0}
    return Event("islas-scored", {**params, **extra, "final": True})


def test_the_final_count_is_one_line_per_feature_in_sentence_case() -> None:
    events = [
        _final("bridge", tiles=1),
        _final("island", anchors=1),
        _final("lighthouse", tiles=4),
        _final("water", islands=1),
    ]
    assert ISLAS.words.narrate("en", events, NAMES).split("\n") == [
        "",
        "**Final count** of what is unfinished:",
        "• Bridge (1 tile): Ana +3",
        "• Island (3 tiles, 1 anchor): Ana +3",
        "• Lighthouse (3 neighbours): Ana +3",
        "• Water (1 closed island): Ana +3",
    ]
    spanish = ISLAS.words.narrate("es", events, NAMES).split("\n")
    assert spanish[2:] == [
        "• Puente (1 ficha): Ana +3",
        "• Isla (3 fichas, 1 ancla): Ana +3",
        "• Faro (3 vecinas): Ana +3",
        "• Agua (1 isla cerrada): Ana +3",
    ]


def test_a_long_final_count_stays_inside_a_message() -> None:
    long_names = tuple("N" * 32 for _ in range(5))
    events = [_final("bridge", seats=list(range(5))) for _ in range(35)]
    text = ISLAS.words.narrate("en", events, long_names)
    assert len(text) < 1500
    assert re.search(r"• …and \d+ more features$", text)


def test_a_whole_game_reads_in_sentence_case() -> None:
    state = get_game("islas").new(3, 5, {})
    rng = random.Random(5)
    while state.turn is not None:
        events = state.apply(rng.choice(state.legal_moves()))
        for lang in ("en", "es"):
            text = ISLAS.words.narrate(lang, events, NAMES)
            assert not re.search(r"[.!] [a-zñ]", text), text
            assert all(not line or not line[0].islower() for line in text.split("\n")), text
    result = ISLAS.words.result("en", state, NAMES).split("\n")
    assert result[0].startswith("🏆 ") and len(result) == 4
    totals = [int(re.search(r": (\d+) points?$", line)[1]) for line in result[1:]]
    assert totals == sorted(state.outcome().scores, reverse=True)


# -- alt texts ---------------------------------------------------------------------------------
def test_alt_text_counts_with_plurals() -> None:
    state = _start("E")
    assert ISLAS.words.alt_text("en", state, NAMES).startswith("Islas map: 1 tile placed, 71 left.")
    assert ISLAS.words.alt_text("es", state, NAMES).startswith(
        "Mapa de Islas: 1 ficha colocada, quedan 71."
    )
    state.scores[1], state.followers_left[1] = 1, 1
    assert "Luis 1 point, 1 follower left;" in ISLAS.words.alt_text("en", state, NAMES)
    assert "Luis 1 punto, le queda 1 seguidor;" in ISLAS.words.alt_text("es", state, NAMES)
    assert "Ana to place an island edge: 2 spots fit, labelled A to B on the map." in (
        ISLAS.words.alt_text("en", state, NAMES)
    )


# -- Spanish notation --------------------------------------------------------------------------
def test_spanish_players_read_and_write_spanish_notation() -> None:
    state = _start("U")
    water = next(
        m for m in state.legal_moves() if m.follower == ("water", "NNW") and m.rotation == 90
    )
    spot = next(s for s in state.view(None).spots if (s.x, s.y) == (water.x, water.y))
    assert ISLAS.picker.choice_name("es", state, water) == f"{spot.label} 90 agua NNO · -1,0"
    assert ISLAS.picker.choice_name("en", state, water) == f"{spot.label} 90 water NNW · -1,0"
    assert ISLAS.words.move_words("es", "-1,0 90 water WSW") == "-1,0 90 agua OSO"
    assert ISLAS.words.move_words("en", "-1,0 90 water WSW") == "-1,0 90 water WSW"
    typed = ISLAS.picker.expand(state, f"{spot.label.lower()} 90º agua nno")
    assert state.parse(typed) == water
    for text in ("0,-1 180 water WSW", "2,1 270 lighthouse", "1,0 0 island W", "skip"):
        assert read_move(notation_in("es", text)) == read_move(text)
    assert t("es", "islas-no-such-segment", kind="island", where="W") == (
        "Esta ficha no tiene isla en O."
    )


# -- the picker --------------------------------------------------------------------------------
def _follow(state: IslasState, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every complete picker path from ``path``."""
    here = picker.step(ISLAS.picker, state, path)
    if here.move is not None:
        return [path]
    return [p for token in here.tokens for p in _follow(state, (*path, token))]


def test_the_picker_asks_no_rotation_where_the_tile_fits_one_way() -> None:
    state = _start("U")  # a straight bridge: 90° and 270° look the same
    for spot in state.view(None).spots:
        tokens = picker.step(ISLAS.picker, state, (spot.label,)).tokens
        assert tokens[0] == "none" and not any(tok.isdigit() for tok in tokens)
        assert "fits only one way" in ISLAS.picker.prompt("en", state, (spot.label,))
        assert ISLAS.picker.picker_image("en", state, (spot.label,)) is not None
        assert ISLAS.picker.picker_alt_text("en", state, (spot.label,)).startswith(
            f"Spot {spot.label}"
        )
    state = _start("E")
    south = state.view(None).spots[1]
    assert picker.step(ISLAS.picker, state, (south.label,)).tokens == ("90", "180", "270")
    assert ISLAS.picker.picker_image("en", state, (south.label, "90")) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_picker_offers_each_look_once_and_reaches_every_position(seed: int) -> None:
    state = _random_game(seed, 12)
    paths = _follow(state)
    assert len(paths) == len(set(paths))
    moves = [picker.step(ISLAS.picker, state, path).move for path in paths]
    assert all(move in state.legal_moves() for move in moves)

    def outcome(move: Placement) -> tuple:
        after = state.clone()
        after.apply(move)
        view = after.view(None)
        return tuple(sorted((f.x, f.y, f.kind, f.where) for f in view.followers)), same_look(
            state.current, move.rotation
        )

    reached = {(m.x, m.y, *outcome(m)) for m in moves}
    assert reached == {(m.x, m.y, *outcome(m)) for m in state.legal_moves()}
    assert len(reached) == len(moves)  # no two paths to the same map
