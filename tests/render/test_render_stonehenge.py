"""The Stonehenge board image: valid, small, stable, and silent about hidden druids."""

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
from render.stonehenge import DRUID_D, POINT_INK, geometry, render_stonehenge
from rules.stonehenge import STONEHENGE
from rules.stonehenge_view import POINTS, Druid, StonehengeView

FULL_HAND = (1, 1, 2, 2, 3, 3, 4, 5, 6)
SPANISH = {
    "light": "Claro",
    "dark": "Oscuro",
    "to_move": "juega",
    "winner": "gana",
    "megaliths": "megalitos",
    "druids": "druidas",
    "move": "Jugada",
    "last": "Última",
}


def _state(moves: list[str], hidden: bool = False):
    state = STONEHENGE.new(2, 7, {"first": 0, "hidden": hidden})
    for text in moves:
        state.play(text)
    return state


def _finished(seed: int, hidden: bool = False):
    state = STONEHENGE.new(2, seed, {"first": 0, "hidden": hidden})
    rng = random.Random(seed)
    while state.turn is not None:
        state.apply(rng.choice(state.legal_moves()))
    return state


def _image(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    assert image.mode == "P"
    assert 1000 <= image.width <= 1200
    assert len(png) < 300_000
    return image


def test_empty_board_by_hand() -> None:
    view = StonehengeView(
        viewer=None,
        hidden=False,
        points=dict.fromkeys(POINTS),
        line_owners=(None,) * 15,
        megaliths=(0, 0),
        hands=(FULL_HAND, FULL_HAND),
        hand_sizes=(9, 9),
        turn=0,
        ply=0,
        last_point=None,
        last_seat=None,
        last_lines=(),
        winner=None,
    )
    png = render_stonehenge(view)
    _image(png)
    assert render(view) == png


def test_middle_position_with_names_and_spanish_labels() -> None:
    view = _state(["6L", "5D", "4H", "3G", "1A", "6M", "2R"]).view()
    english = render_stonehenge(view, names=("Ana", "Luis Fernández"))
    spanish = render_stonehenge(view, names=("Ana", "Luis Fernández"), labels=SPANISH)
    _image(english)
    _image(spanish)
    assert english != spanish
    assert render(view, names=("Ana", "Luis Fernández")) == english


def test_long_names_are_shortened_not_overflowing() -> None:
    view = _state(["6L"]).view()
    _image(render_stonehenge(view, names=("W" * 60, "Ñandú ¿¡áéíóúü!?" * 4)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_finished_game(seed: int) -> None:
    state = _finished(seed)
    view = state.view()
    assert view.winner is not None
    _image(render_stonehenge(view, names=("Ana", "Luis")))


def test_rendering_is_deterministic() -> None:
    view = _state(["6L", "5D", "4H"]).view()
    assert render_stonehenge(view) == render_stonehenge(view)


def test_hidden_public_view_differs_from_owners_private_view() -> None:
    state = _state(["6L", "5D", "4H"], hidden=True)
    public = _image(render_stonehenge(state.view(None)))
    own = _image(render_stonehenge(state.view(0)))
    other = _image(render_stonehenge(state.view(1)))
    assert public.tobytes() != own.tobytes()
    assert own.tobytes() != other.tobytes()


def test_hidden_values_do_not_leak_into_the_public_image() -> None:
    # Same places, same seats; only the face-down values (and so the secret hands) differ.
    first = _state(["6L", "5D", "4H"], hidden=True)
    second = _state(["1L", "2D", "3H"], hidden=True)
    assert render_stonehenge(first.view(None)) == render_stonehenge(second.view(None))
    assert render_stonehenge(first.view(0)) != render_stonehenge(second.view(0))


def test_hidden_finished_game() -> None:
    state = _finished(4, hidden=True)
    _image(render_stonehenge(state.view(None)))
    _image(render_stonehenge(state.view(1)))


def test_hand_built_face_down_druids() -> None:
    points: dict[str, Druid | None] = dict.fromkeys(POINTS)
    points["L"] = Druid(0, None, face_down=True)
    points["D"] = Druid(1, 5, face_down=True)
    view = StonehengeView(
        viewer=1,
        hidden=True,
        points=points,
        line_owners=(None,) * 15,
        megaliths=(0, 0),
        hands=(None, (1, 1, 2, 2, 3, 3, 4, 6)),
        hand_sizes=(8, 8),
        turn=0,
        ply=2,
        last_point="D",
        last_seat=1,
        last_lines=(),
        winner=None,
    )
    _image(render_stonehenge(view))


def test_unknown_view_type_is_refused() -> None:
    with pytest.raises(TypeError):
        render(object())


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = {
        "game": "stonehenge",
        "players": 2,
        "seed": 7,
        "options": {"first": 0, "hidden": True},
        "moves": ["6L", "5D", "4H"],
    }
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    out = tmp_path / "board.png"
    assert main([str(path), "-o", str(out), "--seat", "1"]) == 0
    png = out.read_bytes()
    _image(png)
    assert png == render_stonehenge(_state(record["moves"], hidden=True).view(1))
    assert f"{len(png)} bytes" in capsys.readouterr().out
    assert main([str(tmp_path / "missing.json"), "-o", str(out)]) == 2


def test_every_point_keeps_its_letter_readable_under_a_druid() -> None:
    # A full board: every letter would be hidden under its druid unless it is drawn beside it.
    points = {p: Druid(i % 2, 1 + i % 6) for i, p in enumerate(POINTS)}
    view = StonehengeView(
        viewer=None,
        hidden=False,
        points=points,
        line_owners=(None,) * 15,
        megaliths=(0, 0),
        hands=((), ()),
        hand_sizes=(0, 0),
        turn=None,
        ply=18,
        last_point="L",
        last_seat=1,
        last_lines=(),
        winner=0,
    )
    image = _image(render_stonehenge(view)).convert("RGB")
    cells, _ = geometry()
    ink = POINT_INK
    for label, (cx, cy) in cells.items():
        # Letter ink outside the druid disc (and its last-move ring), close to the point.
        near = [
            (x, y)
            for x in range(round(cx) - 100, round(cx) + 101)
            for y in range(round(cy) - 100, round(cy) + 101)
            if DRUID_D / 2 + 2 < math.dist((x, y), (cx, cy)) < 100 and image.getpixel((x, y)) == ink
        ]
        assert len(near) >= 40, (label, len(near))
