"""What /move's autocomplete offers for what was typed (the choices, without Discord)."""

from __future__ import annotations

from cogs.games import adapter_for
from cogs.turns import AUTOCOMPLETE_LIMIT, _choices
from rules import get_game


def _values(game: str, lang: str, typed: str, players: int = 2, seed: int = 3) -> list[str]:
    state = get_game(game).new(players, seed, {"first": 0})
    return [c.value for c in _choices(adapter_for(game), lang, state, typed)]


def test_digits_match_the_notation_only() -> None:
    values = _values("stonehenge", "en", "6")
    assert values and all("6" in v for v in values) and len(values) <= AUTOCOMPLETE_LIMIT


def test_a_complete_move_in_another_spelling_is_offered_alone() -> None:
    assert _values("stonehenge", "es", "l 5") == ["5L"]
    assert _values("kahuna", "es", "robar mazo") == ["draw deck"]


def test_words_of_the_users_language_find_moves() -> None:
    values = _values("kahuna", "es", "robar")
    assert values and all(v.startswith("draw ") for v in values)
    assert _values("kahuna", "en", "robar") == []


def test_an_islas_spot_label_stands_for_its_square() -> None:
    state = get_game("islas").new(2, 3, {"first": 0})
    spot = state.view(None).spots[1]
    typed = f"{spot.label} {spot.rotations[0]}"
    assert _values("islas", "en", typed) == [f"{spot.x},{spot.y} {spot.rotations[0]}"]
