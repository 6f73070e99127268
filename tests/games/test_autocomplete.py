"""What /move's autocomplete offers for what was typed (the choices, without Discord)."""

from __future__ import annotations

from discord import app_commands

from cogs.utils.choices import AUTOCOMPLETE_LIMIT, HINT, move_choices
from games.plugin import plugin_for
from rules import get_game


def _values(game: str, lang: str, typed: str, players: int = 2, seed: int = 3) -> list[str]:
    state = get_game(game).new(players, seed, {"first": 0})
    return [c.value for c in move_choices(plugin_for(game).picker, lang, state, typed)]


def test_digits_match_the_notation_only() -> None:
    values = _values("stonehenge", "en", "6")
    assert values and all("6" in v for v in values) and len(values) <= AUTOCOMPLETE_LIMIT


def test_a_complete_move_in_another_spelling_is_offered_alone() -> None:
    assert _values("stonehenge", "es", "l 5") == ["5L"]
    assert _values("kahuna", "es", "robar mazo") == ["draw deck"]


def test_words_of_the_users_language_find_moves() -> None:
    values = _values("kahuna", "es", "robar")
    assert values and all(v.startswith("draw ") for v in values)
    assert _values("kahuna", "en", "robar") == [HINT]  # nothing matches: a hint says so


def test_an_islas_spot_label_stands_for_its_square() -> None:
    state = get_game("islas").new(2, 3, {"first": 0})
    spot = state.view(None).spots[1]
    typed = f"{spot.label} {spot.rotations[0]}"
    assert _values("islas", "en", typed) == [f"{spot.x},{spot.y} {spot.rotations[0]}"]


def _choices_for(
    game: str, typed: str, lang: str = "en", moves: tuple[str, ...] = ()
) -> list[app_commands.Choice[str]]:
    state = get_game(game).new(2, 3, {"first": 0})
    for notation in moves:
        state.play(notation)
    return move_choices(plugin_for(game).picker, lang, state, typed)


def test_nothing_typed_shows_every_druid_value_on_points_all_over() -> None:
    values = _values("stonehenge", "en", "")
    assert len(values) == AUTOCOMPLETE_LIMIT
    assert {v[0] for v in values} == set("123456")
    assert len({v[1] for v in values}) >= 12


def test_a_typed_digit_is_a_druid_value() -> None:
    assert all(v.startswith("3") for v in _values("stonehenge", "en", "3"))
    assert len(_values("stonehenge", "en", "3")) == 18
    for typed in ("0", "7", "8", "9", "10"):
        (hint,) = _choices_for("stonehenge", typed)
        assert hint.value == HINT and f"“{typed}”" in hint.name


def test_a_typed_letter_is_a_point() -> None:
    assert _values("stonehenge", "en", "l") == [f"{v}L" for v in range(1, 7)]
    assert _values("stonehenge", "es", "3 l") == ["3L"]


def test_a_whole_move_the_rules_refuse_says_why() -> None:
    (hint,) = _choices_for("stonehenge", "5L", moves=("6L",))
    assert hint.value == HINT and "already taken" in hint.name


def test_an_islas_spot_letter_ranks_before_words_holding_it() -> None:
    state = get_game("islas").new(2, 3, {"first": 0})
    spot = state.view(None).spots[0]
    assert spot.label == "A"
    on_a = [m for m in state.legal_moves() if (m.x, m.y) == (spot.x, spot.y)]
    values = _values("islas", "en", "a")
    assert set(values[: len(on_a)]) == {state.format(m) for m in on_a}
    assert len(values) > len(on_a)  # "island" and "water" still follow


def test_every_choice_fits_discord() -> None:
    for game in ("stonehenge", "kahuna", "islas"):
        for lang in ("en", "es"):
            for typed in ("", "a", "1", "x" * 100, "robar", "water"):
                choices = _choices_for(game, typed, lang)
                assert 0 < len(choices) <= AUTOCOMPLETE_LIMIT
                assert all(0 < len(c.name) <= 100 and len(c.value) <= 100 for c in choices)


def test_islas_offers_each_look_of_a_placement_once() -> None:
    from rules.islas import same_look

    for seed in range(40):  # a game whose first tile looks alike turned half round
        state = get_game("islas").new(2, seed, {"first": 0})
        name = state.view(None).current
        if same_look(name, 180) == 0:
            break
    else:
        raise AssertionError("no game opens with a symmetric tile")
    spot = state.view(None).spots[0]
    typed = spot.label.lower()
    values = _values("islas", "en", typed, seed=seed)
    looks = [
        (m.x, m.y, same_look(name, m.rotation), m.follower)
        for m in (state.parse(v) for v in values)
    ]
    assert len(looks) == len(set(looks))  # the same map is never offered twice
    legal = {(m.x, m.y, same_look(name, m.rotation), m.follower) for m in state.legal_moves()}
    on_spot = {look for look in legal if look[:2] == (spot.x, spot.y)}
    assert on_spot <= set(looks) or len(values) == AUTOCOMPLETE_LIMIT
