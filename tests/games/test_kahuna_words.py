"""Kahuna in the player's words: typed Spanish read, stored moves echoed, the hand described."""

from __future__ import annotations

import random

import pytest

import locales
from games.plugin import plugin_for
from rules import RulesError
from rules.kahuna import DECK, Discard, Draw, KahunaState, Place, Remove
from rules.kahuna import KAHUNA as ENGINE
from rules.kahuna.moves import read_move
from table.table import read_typed

KAHUNA = plugin_for("kahuna")


def _positions(count: int) -> list[KahunaState]:
    """Positions along a random game, for moves of every kind."""
    state = ENGINE.new(2, 5, {"first": 0})
    rng = random.Random(5)
    seen = []
    while state.turn is not None and len(seen) < count:
        seen.append(state.clone())
        state.apply(rng.choice(state.legal_moves()))
    return seen


@pytest.mark.parametrize("lang", locales.LANGUAGES)
def test_every_move_in_the_players_words_reads_back_as_itself(lang: str) -> None:
    kinds = set()
    for state in _positions(60):
        for move in state.legal_moves():
            written = KAHUNA.words.move_words(lang, state.format(move))
            assert state.parse(KAHUNA.picker.expand(state, written)) == move, written
            kinds.add(type(move))
    assert kinds == {Place, Remove, Discard, Draw}


@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("poner Elai-Huna con Huna", Place("Elai-Huna", "Huna")),
        ("Poner un puente en Huna-Elai con la Huna", Place("Elai-Huna", "Huna")),
        ("colocar elai huna con huna", Place("Elai-Huna", "Huna")),
        ("construir Elai–Huna con Elai", Place("Elai-Huna", "Elai")),
        ("quitar Elai-Huna con Elai+Huna", Remove("Elai-Huna", ("Elai", "Huna"))),
        ("retirar el puente Elai-Huna con Elai y Huna", Remove("Elai-Huna", ("Elai", "Huna"))),
        ("eliminar Elai-Huna con Huna y Huna", Remove("Elai-Huna", ("Huna", "Huna"))),
        ("descartar Bari y Coco", Discard(("Bari", "Coco"))),
        ("descartar Coco", Discard(("Coco",))),
        ("robar mazo", Draw(DECK)),
        ("robar del mazo", Draw(DECK)),
        ("Robar del montón", Draw(DECK)),
        ("robar Coco", Draw("Coco")),
        ("coger la carta Coco", Draw("Coco")),
        ("place Elai-Huna with Huna", Place("Elai-Huna", "Huna")),
        ("draw pile", Draw(DECK)),
    ],
)
def test_the_verbs_a_spanish_player_would_guess_are_read(typed: str, move: object) -> None:
    state = ENGINE.new(2, 1, {"first": 0})
    assert read_move(KAHUNA.picker.expand(state, typed)) == move  # read only: no position to check


def test_text_not_made_readable_is_left_as_typed() -> None:
    state = ENGINE.new(2, 1, {"first": 0})
    for typed in ("6L", "", "   ", "de la", "poner Elai con"):
        # The table reads the text once as spelled out, and as typed only when that reads as
        # nothing: the error quotes the player's own words either way.
        with pytest.raises(RulesError) as as_typed:
            state.parse(typed)
        with pytest.raises(RulesError) as read:
            read_typed(state, typed, KAHUNA.picker.expand(state, typed))
        assert (read.value.key, read.value.params) == (as_typed.value.key, as_typed.value.params)
    assert KAHUNA.picker.expand(state, "place  Elai-Huna with Huna") == "place  Elai-Huna with Huna"


def test_moves_are_echoed_in_spanish_but_stored_canonical() -> None:
    assert (
        KAHUNA.words.move_words("es", "place Bari-Elai with Bari") == "colocar Bari-Elai con Bari"
    )
    assert KAHUNA.words.move_words("es", "remove Bari-Elai with Bari+Elai") == (
        "quitar Bari-Elai con Bari+Elai"
    )
    assert KAHUNA.words.move_words("es", "discard Bari Coco") == "descartar Bari Coco"
    assert KAHUNA.words.move_words("es", "draw deck") == "robar mazo"
    assert KAHUNA.words.move_words("es", "draw Coco") == "robar Coco"
    assert KAHUNA.words.move_words("en", "draw deck") == "draw deck"


def test_the_hand_alt_text_names_each_card_and_where_it_builds() -> None:
    state = ENGINE.new(2, 1, {"first": 0})
    text = KAHUNA.words.private_alt_text("en", state, 0, ("Ana", "Luis"))
    view = state.view(0)
    assert text.startswith("Your Kahuna hand, 3 cards: ")
    for card in view.hand or ():
        assert f"{card} (can build towards " in text
    state.hands[0] = ["Aloa"]
    one = KAHUNA.words.private_alt_text("es", state, 0, ("Ana", "Luis"))
    assert one == "Tu mano de Kahuna, 1 carta: Aloa (puede construir hacia Bari, Duda y Huna)."
    state.hands[0] = []
    assert (
        KAHUNA.words.private_alt_text("en", state, 0, ("Ana", "Luis"))
        == "Your Kahuna hand is empty."
    )


def test_only_a_pile_draw_is_told_privately_and_only_to_its_drawer() -> None:
    state = ENGINE.new(2, 1, {"first": 0})
    assert KAHUNA.words.private_after_turn("en", state, 0) is None
    top = state.pile[0]
    state.apply(Draw(DECK))
    assert KAHUNA.words.private_after_turn("en", state, 0) == (
        f"From the pile you drew **{top}**. Your hand now:"
    )
    assert KAHUNA.words.private_after_turn("en", state, 1) is None
    face_up = next(card for card in state.display if card is not None)
    state.apply(Draw(face_up))
    assert KAHUNA.words.private_after_turn("en", state, 1) is None


def test_controls_lost_in_a_turn_are_one_sentence_a_player() -> None:
    from rules import Event

    events = [
        Event("kahuna-placed", {"seat": 0, "line": "Aloa-Bari"}),
        Event("kahuna-lost-control", {"seat": 1, "island": "Aloa"}),
        Event("kahuna-lost-control", {"seat": 1, "island": "Lale"}),
        Event("kahuna-lost-control", {"seat": 0, "island": "Duda"}),
    ]
    text = KAHUNA.words.narrate("en", events, ["Ana", "Luis"])
    assert text.endswith("Luis lost control of Aloa and Lale. Ana lost control of Duda.")
    assert "Luis perdió el control de Aloa y Lale." in KAHUNA.words.narrate(
        "es", events, ["Ana", "Luis"]
    )
