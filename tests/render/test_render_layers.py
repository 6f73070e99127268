"""Blocks drawn once and pasted (render.layers) are the pixels of drawing them in place, and
nothing a render keeps shows in another game's board.

Boards paste lit cards and panels, Islas's panel boxes and Kahuna's cards already drawn and
mapped; the whole-picture tests (test_render_indexed) compare a board's PNG with its picture,
which pastes the same blocks, so these tests compare the blocks with plain drawing.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bench.positions import random_game
from render import render
from render.common import BACKGROUND, HIGHLIGHT, PANEL, PANEL_EDGE
from render.islas import canvas as islas_canvas
from render.islas import panel as islas_panel
from render.kahuna import geometry as kahuna_geometry
from render.kahuna import layer as kahuna_layer
from render.kahuna.art import card, card_back
from render.pieces import paste_cut
from render.png import Rows
from render.stonehenge import layer as stonehenge
from render.stonehenge import palette as stonehenge_palette
from tests.render.test_render_caches import clear_caches


def test_a_lit_card_or_panel_covers_the_unlit_one_exactly() -> None:
    """The static layers hold the cards and panels unlit; a lit one pasted over must be the
    lit one drawn on the bare slate (the same outer shape, every pixel of it redrawn)."""
    shapes = [(stonehenge.card_shape, stonehenge.card_box(seat), seat) for seat in (0, 1)]
    shapes += [(kahuna_layer.panel_shape, kahuna_layer.panel_box(seat), seat) for seat in (0, 1)]
    for shape, box, seat in shapes:
        size = (box[2] + 10, box[3] + 10)
        bare, over = Image.new("RGB", size, BACKGROUND), Image.new("RGB", size, BACKGROUND)
        shape(ImageDraw.Draw(over), seat, False)
        shape(ImageDraw.Draw(over), seat, True)
        shape(ImageDraw.Draw(bare), seat, True)
        assert over.tobytes() == bare.tobytes()


def test_stonehenge_and_kahuna_blocks_are_their_layers_drawn_in_place() -> None:
    for seat in (0, 1):
        rgb, mapped, box = stonehenge.card_face(seat, True)
        whole = stonehenge.board_layer()
        stonehenge.card_shape(ImageDraw.Draw(whole), seat, True)
        assert rgb.tobytes() == whole.crop(box).tobytes()
        part = whole.crop(box).quantize(palette=stonehenge_palette(), dither=Image.Dither.NONE)
        assert mapped.tobytes() == part.tobytes()
        rgb, _, box = kahuna_layer.lit_panel(seat)
        whole = kahuna_layer.static_layer(False).copy()
        kahuna_layer.panel_shape(ImageDraw.Draw(whole), seat, True)
        assert rgb.tobytes() == whole.crop(box).tobytes()
    for private in (False, True):
        for name, back in (("Aloa", False), (None, False), (None, True)):
            centre = (300.5, kahuna_geometry.FOOTER_TOP + 14 + 40 + kahuna_layer.CARD_H / 2)
            rgb, _, box = kahuna_layer.card_block(private, name, back, centre)
            whole = kahuna_layer.static_layer(private).copy()
            sprite = card_back(136, 150) if back else card(name, 136, 150)
            whole.paste(sprite, box[:2], sprite)
            assert rgb.tobytes() == whole.crop(box).tobytes()


def test_islas_panel_boxes_are_drawn_in_place_on_every_canvas() -> None:
    """The panel's boxes are drawn on a slate as wide as the panel; on a real canvas (any
    size the map grows to) the same call draws the same pixels."""
    for size in ((1200, 912), (1412, 1272), (2000, 1600)):
        canvas = islas_canvas.canvas(*size)
        draw = ImageDraw.Draw(canvas)
        x0, y0 = islas_panel.MARGIN, islas_panel.MAP_Y
        tile_box = (x0, y0, x0 + islas_panel.PANEL_W, y0 + islas_panel.TILE_BOX_H)
        draw.rounded_rectangle(tile_box, radius=18, fill=PANEL)
        rgb, _, box = islas_panel._tile_box()
        assert rgb.tobytes() == canvas.crop(box).tobytes()
        for seat in range(5):
            for active in (False, True):
                rgb, _, box = islas_panel._row(seat, active)
                whole = islas_canvas.canvas(*size)
                edge, width = (HIGHLIGHT, 5) if active else (PANEL_EDGE, 2)
                ImageDraw.Draw(whole).rounded_rectangle(
                    (box[0], box[1], box[2] - 1, box[3] - 1),
                    radius=16,
                    fill=PANEL,
                    outline=edge,
                    width=width,
                )
                assert rgb.tobytes() == whole.crop(box).tobytes(), (size, seat, active)


def test_games_drawn_in_turn_equal_each_drawn_alone() -> None:
    """Every game's boards (public, a seat's, Kahuna's hand strip, other names and words)
    drawn one after another, games interleaved, equal each drawn from cold caches alone."""
    calls = []
    for game in ("stonehenge", "kahuna", "islas"):
        positions = random_game(game, seed=6)
        for state in (positions[3], positions[len(positions) // 2], positions[-1]):
            calls.append((state.view(None), {}))
            calls.append(
                (state.view(1), {"names": ("Ñandú", "Zoë"), "labels": {"to_move": "mueve"}})
            )
    alone = []
    for view, kwargs in calls:
        clear_caches()
        alone.append(render(view, **kwargs))
    clear_caches()
    order = [i for pair in zip(range(0, 6), range(6, 12), range(12, 18), strict=True) for i in pair]
    order += list(reversed(order))
    for i in order:
        view, kwargs = calls[i]
        assert render(view, **kwargs) == alone[i], i


def test_rows_paste_one_column_right_and_keep_the_filter_bytes() -> None:
    indexed = Image.new("P", (5, 3), 7)
    rows = Rows.of(indexed)
    rows.paste(Image.new("P", (2, 2), 9), (3, 1))
    assert rows.size == (5, 3)
    assert rows.image.tobytes() == bytes([0, 7, 7, 7, 7, 7, 0, 7, 7, 7, 9, 9, 0, 7, 7, 7, 9, 9])
    assert rows.indexed().tobytes() == bytes([7] * 5 + [7, 7, 7, 9, 9] * 2)


def test_opaque_pieces_on_other_modes_fall_back_to_plain_pastes() -> None:
    sprite = card("Aloa", 136, 150)
    for mode in ("RGBA", "L"):
        base = Image.new(mode, (200, 200), 40)
        theirs = base.copy()
        paste_cut(base, sprite if mode == "RGBA" else sprite.convert("L"), (10, 20))
        other = sprite if mode == "RGBA" else sprite.convert("L")
        theirs.paste(other, (10, 20), other)
        assert base.tobytes() == theirs.tobytes()
