"""Images checked by what they show, not only by their size: the last-move ring around the
point itself, the Kahuna hand naming each line's far end (whichever end the card is)."""

from __future__ import annotations

import io
import math
import random

import pytest
from PIL import Image

from render.common import HIGHLIGHT
from render.kahuna import geometry, render_kahuna_hand
from render.kahuna import hand as kahuna_hand
from render.stonehenge import DRUID_D, render_stonehenge, tag_centre
from render.stonehenge import geometry as stonehenge_geometry
from rules.kahuna_view import KahunaView
from rules.stonehenge_view import POINTS, Druid, StonehengeView

# --- Stonehenge: the last-move ring -------------------------------------------------------------

#: The ring's band (see render.stonehenge: a ring DRUID_D + 26 wide, 8 thick): its middle.
RING_R = (DRUID_D + 26) / 2 - 4


def _rgb(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def _ring_share(
    image: Image.Image, centre: tuple[float, float], avoid: tuple[float, float]
) -> float:
    """The share of points on a circle of radius RING_R round ``centre`` drawn in the
    highlight, leaving out those near ``avoid`` (whatever is drawn over the ring there)."""
    cx, cy = centre
    samples = []
    for step in range(72):
        a = step / 72 * math.tau
        x, y = cx + RING_R * math.cos(a), cy + RING_R * math.sin(a)
        if math.dist((x, y), avoid) < 40:
            continue
        samples.append(image.getpixel((round(x), round(y))) == HIGHLIGHT)
    return sum(samples) / len(samples)


def _view(point: str, seat: int) -> StonehengeView:
    points: dict[str, Druid | None] = dict.fromkeys(POINTS)
    points[point] = Druid(seat, 4)
    points["A" if point != "A" else "B"] = Druid(1 - seat, 2)
    return StonehengeView(
        viewer=None,
        hidden=False,
        points=points,
        line_owners=(None,) * 15,
        megaliths=(0, 0),
        hands=((1, 2, 3), (1, 3, 5)),
        hand_sizes=(3, 3),
        turn=1 - seat,
        ply=2,
        last_point=point,
        last_seat=seat,
        last_lines=(),
        winner=None,
    )


@pytest.mark.parametrize("point", ["L", "D", "J", "A"])
def test_the_last_move_ring_surrounds_the_point_not_its_letter_tag(point: str) -> None:
    image = _rgb(render_stonehenge(_view(point, seat=0)))
    centre = stonehenge_geometry()[0][point]
    tag = tag_centre(point)
    around_point = _ring_share(image, centre, avoid=tag)
    around_tag = _ring_share(image, tag, avoid=centre)
    assert around_point > 0.9, (point, around_point)
    assert around_tag < 0.2, (point, around_tag)


def test_only_the_last_point_has_a_ring() -> None:
    image = _rgb(render_stonehenge(_view("L", seat=1)))
    cells = stonehenge_geometry()[0]
    assert _ring_share(image, cells["L"], avoid=tag_centre("L")) > 0.9
    assert _ring_share(image, cells["A"], avoid=tag_centre("A")) < 0.2


# --- Kahuna: the hand's far ends ----------------------------------------------------------------

ISLANDS = tuple(geometry.board().islands)
LINES = tuple(geometry.board().lines)


def _hand_view(hand: tuple[str, ...], buildable: dict[str, tuple[str, ...]]) -> KahunaView:
    return KahunaView(
        viewer=0,
        islands=ISLANDS,
        bridges=dict.fromkeys(LINES),
        control=dict.fromkeys(ISLANDS),
        display=("Coco", "Elai", "Gola"),
        pile_size=15,
        discard_face_up=(),
        discard_face_down=0,
        hand=hand,
        hand_sizes=(len(hand), 3),
        bridges_left=(25, 25),
        round=1,
        scores=(0, 0),
        turn=0,
        ply=0,
        buildable=buildable,
    )


def _words(monkeypatch: pytest.MonkeyPatch, view: KahunaView) -> list[str]:
    """Every text the hand image centres (card names, then each card's far ends)."""
    said: list[str] = []
    draw = kahuna_hand.draw_centered

    def spy(ink, at, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        said.append(text)
        return draw(ink, at, text, *args, **kwargs)

    monkeypatch.setattr(kahuna_hand, "draw_centered", spy)
    render_kahuna_hand(view)
    return said


def test_the_hand_names_the_far_end_whichever_end_of_the_line_the_card_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert {"Aloa-Bari", "Bari-Coco", "Bari-Duda"} <= set(LINES)
    # Bari is the second island of Aloa-Bari and the first of the others.
    view = _hand_view(("Bari",), {"Bari": ("Aloa-Bari", "Bari-Coco", "Bari-Duda")})
    assert _words(monkeypatch, view) == ["Bari", "Aloa", "Coco", "Duda"]


def _list_area(png: bytes, card: int = 0) -> Image.Image:
    """The part of a hand card below its minimap: the far ends' names."""
    x = geometry.MARGIN + card * (kahuna_hand.COL_W + kahuna_hand.GAP)
    top = kahuna_hand.CARD_TOP + 62 + kahuna_hand.MAP_H + 6
    bottom = kahuna_hand.CARD_TOP + kahuna_hand.CARD_H - 6
    return _rgb(png).crop((x, top, x + kahuna_hand.COL_W, bottom))


def test_the_hand_image_shows_the_far_end_of_a_line_the_card_ends() -> None:
    # The same word at the same place draws the same pixels: Bari's card on Aloa-Bari and
    # Duda's on Aloa-Duda both list Aloa; Aloa's card on Aloa-Bari lists Bari.
    bari = render_kahuna_hand(_hand_view(("Bari",), {"Bari": ("Aloa-Bari",)}))
    duda = render_kahuna_hand(_hand_view(("Duda",), {"Duda": ("Aloa-Duda",)}))
    aloa = render_kahuna_hand(_hand_view(("Aloa",), {"Aloa": ("Aloa-Bari",)}))
    assert _list_area(bari).tobytes() == _list_area(duda).tobytes()
    assert _list_area(bari).tobytes() != _list_area(aloa).tobytes()


def test_the_hand_alt_text_names_the_far_end_whichever_end_of_the_line_the_card_is() -> None:
    # The hand's description lists what the image lists: for every card (Aloa is the first
    # island of all its lines, Lale the second of all of its), the other island of each line.
    from games.plugin import plugin_for
    from locales import join
    from rules.kahuna import KAHUNA as ENGINE

    words = plugin_for("kahuna").words
    state = ENGINE.new(2, 1, {"first": 0})
    seconds = 0
    for card in ISLANDS:
        state.hands[0] = [card]
        lines = state.view(0).buildable[card]
        assert lines, card  # an empty board: every card can build
        ends = [next(iter(set(line.split("-")) - {card})) for line in lines]
        seconds += sum(line.split("-")[1] == card for line in lines)
        text = words.private_alt_text("en", state, 0, ("Ana", "Luis"))
        assert f"{card} (can build towards {join('en', ends)})" in text, text
    assert seconds >= 10  # the card is the second island of many lines


# --- who owns what: in the owner's colour -------------------------------------------------------


def _counts(image: Image.Image, centre: tuple[float, float], radius: int) -> dict[tuple, int]:
    cx, cy = round(centre[0]), round(centre[1])
    seen: dict[tuple, int] = {}
    for x in range(cx - radius, cx + radius + 1):
        for y in range(cy - radius, cy + radius + 1):
            if math.dist((x, y), (cx, cy)) <= radius:
                colour = image.getpixel((x, y))
                seen[colour] = seen.get(colour, 0) + 1
    return seen


def test_kahuna_bridges_and_controlled_islands_are_drawn_in_their_owner_s_colour() -> None:
    from render.kahuna import render_kahuna
    from render.kahuna.art import SEAT

    geo = geometry.board()
    bridges = dict.fromkeys(LINES) | {"Aloa-Bari": 0, "Elai-Huna": 1, "Coco-Kahu": 0}
    bridges |= {"Faaa-Gola": 1}
    control = dict.fromkeys(ISLANDS) | {"Aloa": 0, "Huna": 1}
    view = KahunaView(
        viewer=None,
        islands=ISLANDS,
        bridges=bridges,
        control=control,
        display=("Coco", "Elai", "Gola"),
        pile_size=15,
        discard_face_up=(),
        discard_face_down=0,
        hand=None,
        hand_sizes=(3, 3),
        bridges_left=(23, 23),
        round=1,
        scores=(0, 0),
        turn=0,
        ply=8,
    )
    image = _rgb(render_kahuna(view))
    for line, owner in bridges.items():
        if owner is None:
            continue
        # The bridge's marker, a disc in the owner's colour, halfway along the plank.
        samples = geo.lines[line].path(geo.islands, -7)
        seen = _counts(image, samples[len(samples) // 2], 12)
        assert seen.get(SEAT[owner], 0) >= 30, (line, owner, seen)
        assert seen.get(SEAT[1 - owner], 0) == 0, (line, owner, seen)
    for name, owner in control.items():
        if owner is None:
            continue
        seen = _counts(image, geo.islands[name].stone, 22)  # the stone, round its mark
        assert seen.get(SEAT[owner], 0) >= 10, (name, owner, seen)
        assert seen.get(SEAT[1 - owner], 0) == 0, (name, owner, seen)


def test_stonehenge_owned_lines_and_megaliths_are_in_their_owner_s_colour() -> None:
    from render.stonehenge import LINE, LINE_OWNED, STONE

    owners = (0, 1, None, 1, None, 0, None, None, 1, None, None, None, None, None, None)
    view = StonehengeView(
        viewer=None,
        hidden=False,
        points=dict.fromkeys(POINTS),
        line_owners=owners,
        megaliths=(2, 3),
        hands=((1, 2), (3, 4)),
        hand_sizes=(2, 2),
        turn=0,
        ply=10,
        last_point=None,
        last_seat=None,
        last_lines=(),
        winner=None,
    )
    image = _rgb(render_stonehenge(view))
    cells, lines = stonehenge_geometry()
    for line, owner in zip(lines, owners, strict=True):
        # Halfway between the megalith and the point nearest to it: the line, bare.
        near = cells[line.cells[0]]
        half = ((near[0] + line.megalith[0]) / 2, (near[1] + line.megalith[1]) / 2)
        colour = image.getpixel((round(half[0]), round(half[1])))
        assert colour == (LINE if owner is None else LINE_OWNED[owner]), (line.index, colour)
        stone = _counts(image, line.megalith, 12)
        if owner is None:
            assert not stone.get(STONE[0]) and not stone.get(STONE[1]), line.index
        else:
            assert stone.get(STONE[owner], 0) >= 20, (line.index, stone)
            assert stone.get(STONE[1 - owner], 0) == 0, (line.index, stone)


# --- the Islas rotation picker: each panel shows its own rotation --------------------------------


def _choice_panels(png: bytes, count: int) -> list[bytes]:
    """Each panel of a rotation picker (its picture and its caption below), as pixels."""
    from render.islas import choices as c

    tile = min(c.T_MAX, (c.WIDTH - 2 * c.MARGIN - (count - 1) * c.GAP) // (3 * count))
    span = 3 * tile
    left = (c.WIDTH - (count * span + (count - 1) * c.GAP)) // 2
    image = _rgb(png)
    boxes = [(left + i * (span + c.GAP), c.HEADER) for i in range(count)]
    return [image.crop((x, y, x + span, y + span + c.FOOTER)).tobytes() for x, y in boxes]


def test_the_islas_rotation_picker_shows_each_rotation_in_its_own_panel() -> None:
    from render.islas import render_islas_choices
    from rules import get_game

    state = get_game("islas").new(3, 5, {"first": 0})
    rng = random.Random(5)
    checked = 0
    while state.turn is not None and checked < 6:
        view = state.view(None)
        for spot in view.spots:
            if len(spot.rotations) < 2:
                continue
            first, second = spot.rotations[:2]
            panels = _choice_panels(render_islas_choices(view, spot.label), len(spot.rotations))
            assert len(set(panels)) == len(panels), (spot.label, spot.rotations)
            # A rotation's panel (picture and caption) is the same wherever it stands.
            ab = _choice_panels(
                render_islas_choices(view, spot.label, rotations=(first, second)), 2
            )
            ba = _choice_panels(
                render_islas_choices(view, spot.label, rotations=(second, first)), 2
            )
            assert ab[0] == ba[1] and ab[1] == ba[0] and ab[0] != ab[1], spot.label
            checked += 1
            break
        state.apply(rng.choice(state.legal_moves()))
    assert checked >= 3
