"""The Kahuna board and hand images: valid, small, stable, and silent about hidden cards."""

from __future__ import annotations

import io
import json
import math
import random
from pathlib import Path

import pytest
from PIL import Image

from render import render
from render.__main__ import main
from render.kahuna import (
    LABELS,
    art,
    bridges,
    geometry,
    layer,
    pieces,
    render_kahuna,
    render_kahuna_hand,
)
from rules import get_game
from rules.kahuna.board import CARDS
from rules.kahuna.moves import Draw, Place, Remove
from rules.kahuna_view import KahunaView, TurnChanges

KAHUNA = get_game("kahuna")
ISLANDS = tuple(geometry.board().islands)
LINES = tuple(geometry.board().lines)
SPANISH = {
    "orange": "Naranja",
    "blue": "Azul",
    "to_move": "juega",
    "winner": "gana",
    "draw": "empate",
    "no_bridges": "sin puentes",
    "islands": "islas",
    "bridges": "puentes",
    "score": "puntos",
    "round": "Ronda",
    "pile": "Mazo",
    "discards": "Descartes",
    "hand": "Tu mano",
}


def _view(**changes) -> KahunaView:
    """An empty round-1 board (public, orange to move), with ``changes`` applied."""
    fields = {
        "viewer": None,
        "islands": ISLANDS,
        "bridges": dict.fromkeys(LINES),
        "control": dict.fromkeys(ISLANDS),
        "display": ("Coco", "Elai", "Aloa"),
        "pile_size": 15,
        "discard_face_up": (),
        "discard_face_down": 0,
        "hand": None,
        "hand_sizes": (3, 3),
        "bridges_left": (25, 25),
        "round": 1,
        "scores": (0, 0),
        "turn": 0,
        "ply": 0,
    }
    fields.update(changes)
    return KahunaView(**fields)


MIDDLE_BRIDGES = {
    "Aloa-Bari": 0,
    "Aloa-Duda": 0,
    "Bari-Duda": 1,
    "Elai-Huna": 1,
    "Elai-Iffi": 1,
    "Duda-Elai": 1,
    "Elai-Jojo": 1,
    "Coco-Kahu": 0,
    "Gola-Kahu": 0,
    "Jojo-Kahu": 0,
    "Iffi-Kahu": 1,
    "Faaa-Gola": 1,
    "Huna-Lale": 0,
}


def _middle(**changes) -> KahunaView:
    fields = {
        "bridges": dict.fromkeys(LINES) | MIDDLE_BRIDGES,
        "control": dict.fromkeys(ISLANDS) | {"Aloa": 0, "Elai": 1, "Kahu": 0},
        "display": ("Gola", "Faaa", None),
        "pile_size": 6,
        "discard_face_up": ("Bari", "Duda", "Elai", "Kahu"),
        "discard_face_down": 2,
        "hand_sizes": (5, 4),
        "bridges_left": (20, 19),
        "round": 2,
        "scores": (1, 0),
        "turn": 1,
        "ply": 41,
        "changes": TurnChanges(
            seat=0,
            placed=("Jojo-Kahu", "Gola-Kahu"),
            removed=(("Gola-Jojo", 1), ("Coco-Gola", 1)),
            taken=("Kahu",),
            lost=(("Gola", 1),),
            drew_from="pile",
        ),
    }
    fields.update(changes)
    return _view(**fields)


def _image(png: bytes, width: tuple[int, int] = (1000, 1200), limit: int = 300_000) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    assert image.mode == "P"
    assert width[0] <= image.width <= width[1]
    assert len(png) < limit
    return image


def _random_game(seed: int, stop: int | None = None, build: float = 0.8):
    """A random game that prefers building and removing to drawing, so boards fill up."""
    state = KAHUNA.new(2, seed, {})
    rng = random.Random(seed)
    while state.turn is not None and (stop is None or state.ply < stop):
        moves = state.legal_moves()
        actions = [m for m in moves if isinstance(m, Place | Remove)]
        draws = [m for m in moves if isinstance(m, Draw)]
        if actions and rng.random() < build:
            state.apply(rng.choice(actions))
        else:
            state.apply(rng.choice(draws or moves))
    return state


# --- the board -------------------------------------------------------------------------------


def test_empty_board_by_hand() -> None:
    view = _view()
    png = render_kahuna(view)
    image = _image(png)
    assert image.size == (geometry.WIDTH, geometry.HEIGHT)
    assert render(view) == png


def test_middle_position_with_names_and_spanish_labels() -> None:
    view = _middle()
    english = render_kahuna(view, names=("Ana", "Luis Fernández"))
    spanish = render_kahuna(view, names=("Ana", "Luis Fernández"), labels=SPANISH)
    _image(english)
    _image(spanish)
    assert english != spanish
    assert render(view, names=("Ana", "Luis Fernández")) == english
    assert set(SPANISH) == set(LABELS)


def test_last_turn_is_highlighted() -> None:
    plain = render_kahuna(_middle(changes=TurnChanges()))
    assert plain != render_kahuna(_middle())
    # A turn in progress that did something is highlighted instead of the last one.
    now = TurnChanges(seat=1, placed=("Elai-Jojo",))
    assert pieces.recent(_middle(current=now)) == now
    assert pieces.recent(_middle(current=TurnChanges(seat=1))) == _middle().changes
    _image(render_kahuna(_middle(current=now)))


def test_long_names_are_shortened_not_overflowing() -> None:
    view = _middle()
    _image(render_kahuna(view, names=("W" * 60, "Ñandú ¿¡áéíóúü!?" * 4)))


@pytest.mark.parametrize(
    ("winners", "reason"), [((0,), "rounds"), ((0, 1), "rounds"), ((1,), "no-bridges")]
)
def test_finished_by_hand(winners: tuple[int, ...], reason: str) -> None:
    view = _middle(
        turn=None,
        finished=True,
        winners=winners,
        reason=reason,
        round=3,
        display=(None, None, None),
        pile_size=0,
    )
    _image(render_kahuna(view, names=("Ana", "Luis")))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_real_random_games(seed: int) -> None:
    state = KAHUNA.new(2, seed, {})
    rng = random.Random(seed)
    seen = 0
    while state.turn is not None:
        moves = state.legal_moves()
        actions = [m for m in moves if isinstance(m, Place | Remove)]
        draws = [m for m in moves if isinstance(m, Draw)]
        move = rng.choice(actions) if actions and rng.random() < 0.7 else rng.choice(draws or moves)
        state.apply(move)
        if isinstance(move, Draw) and state.ply % 9 == 0:
            _image(render_kahuna(state.view(None)))
            seen += 1
    view = state.view(None)
    assert view.finished
    _image(render_kahuna(view, names=("Ana", "Luis")))
    _image(render_kahuna(state.view(0)))
    assert seen


def test_rendering_is_deterministic() -> None:
    view = _middle()
    first = render_kahuna(view)
    assert render_kahuna(view) == first
    # Rebuilding every cached layer and sprite (a fresh process) gives the same bytes.
    for cached in (
        geometry.board,
        layer.static_layer,
        bridges.plank,
        bridges.glow,
        bridges.ghost,
        art.card,
    ):
        cached.cache_clear()
    assert render_kahuna(view) == first


# --- public and private ----------------------------------------------------------------------


def _deck_with_seat0_hand(hand_from_pile: bool) -> list[str]:
    deck = list(CARDS)
    random.Random(5).shuffle(deck)
    if hand_from_pile:  # swap seat 0's first card with a card deep in the pile
        deck[0], deck[20] = deck[20], deck[0]
    return deck


def test_public_view_never_shows_a_hand() -> None:
    # Two games whose only difference is a card in seat 0's hand (and one deep in the pile).
    states = [
        KAHUNA.new(2, 1, {"first": 0, "deck": _deck_with_seat0_hand(swap)})
        for swap in (False, True)
    ]
    for state in states:
        for text in ("draw deck", "draw deck", "draw deck"):
            state.play(text)
    first, second = (state.view(None) for state in states)
    assert first.hand is None
    assert render_kahuna(first) == render_kahuna(second)
    assert render_kahuna(states[0].view(0)) != render_kahuna(states[1].view(0))


def test_public_renderer_ignores_private_fields() -> None:
    view = _middle()
    leaky = _middle(buildable={"Bari": ("Bari-Coco",)}, viewer=None)
    assert render_kahuna(view) == render_kahuna(leaky)


def test_private_view_adds_the_hand_strip() -> None:
    state = _random_game(4, stop=30)
    public = _image(render_kahuna(state.view(None)))
    own = _image(render_kahuna(state.view(0)))
    other = _image(render_kahuna(state.view(1)))
    assert public.size == (geometry.WIDTH, geometry.HEIGHT)
    assert own.size == other.size == (geometry.WIDTH, geometry.PRIVATE_HEIGHT)
    assert own.tobytes() != other.tobytes()
    # Above the strip, the private image is the public one.
    top = (0, 0, geometry.WIDTH, geometry.FOOTER_TOP + geometry.FOOTER_H)
    assert own.convert("RGB").crop(top).tobytes() == public.convert("RGB").crop(top).tobytes()


# --- the hand image --------------------------------------------------------------------------


def test_hand_image() -> None:
    view = _middle(
        viewer=1,
        hand=("Bari", "Coco", "Elai", "Huna", "Huna"),
        buildable={
            "Bari": ("Bari-Coco", "Bari-Elai", "Bari-Faaa"),
            "Coco": ("Bari-Coco", "Coco-Faaa", "Coco-Gola"),
            "Elai": (),
            "Huna": ("Aloa-Huna", "Duda-Huna", "Huna-Iffi"),
        },
    )
    png = render_kahuna_hand(view)
    image = _image(png, width=(1000, 1100), limit=150_000)
    assert image.height <= 500
    assert render_kahuna_hand(view, labels=SPANISH) != png
    assert render_kahuna_hand(view) == png


def test_hand_image_of_real_positions() -> None:
    for seed in (6, 7):
        state = _random_game(seed, stop=45)
        for seat in (0, 1):
            _image(render_kahuna_hand(state.view(seat)), width=(1000, 1100), limit=150_000)


def test_empty_hand_image() -> None:
    _image(render_kahuna_hand(_view(viewer=0, hand=())), width=(1000, 1100), limit=150_000)


def test_hand_image_refuses_the_public_view() -> None:
    with pytest.raises(ValueError):
        render_kahuna_hand(_view())


# --- geometry --------------------------------------------------------------------------------


def test_geometry_keeps_paths_clear_of_other_islands() -> None:
    geo = geometry.board()
    assert len(geo.islands) == 12
    assert len(geo.lines) == 27
    assert geo.lines["Coco-Kahu"].curved
    for line in geo.lines.values():
        for name, island in geo.islands.items():
            if name not in line.ends:
                assert min(island.depth(p) for p in line.samples) >= geometry.CLEARANCE - 1


def test_badges_and_stones_sit_on_the_board_apart() -> None:
    geo = geometry.board()
    spots = [p for island in geo.islands.values() for p in (island.badge, island.stone)]
    for x, y in spots:
        assert geometry.MARGIN < x < geometry.WIDTH - geometry.MARGIN
        assert geometry.BOARD_TOP < y < geometry.BOARD_BOTTOM
    for island in geo.islands.values():
        apart = (geometry.BADGE_D + geometry.STONE_D) / 2
        assert math.dist(island.badge, island.stone) >= apart


# --- the command line ------------------------------------------------------------------------


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = KAHUNA.new(2, 9, {})
    rng = random.Random(9)
    moves: list[str] = []
    while len(moves) < 40:
        legal = state.legal_moves()
        actions = [m for m in legal if isinstance(m, Place)]
        move = actions[0] if actions and rng.random() < 0.6 else rng.choice(legal)
        moves.append(state.format(move))
        state.apply(move)
    record = {"game": "kahuna", "players": 2, "seed": 9, "options": {}, "moves": moves}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    out = tmp_path / "board.png"
    assert main([str(path), "-o", str(out)]) == 0
    _image(out.read_bytes())
    assert out.read_bytes() == render_kahuna(state.view(None))
    assert main([str(path), "-o", str(out), "--seat", "1"]) == 0
    assert out.read_bytes() == render_kahuna(state.view(1))
    assert "bytes" in capsys.readouterr().out
